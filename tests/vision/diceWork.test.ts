// @vitest-environment node
// Issue 10, CPU: the dice reader does no work twice and passes over what cannot count, with the
// same readings. The copy read is chosen by the sure faces its grey pips make (readDice's
// sureLayouts), and those faces are the ones read: they are found once. Pips out of a face's
// reach along x or y are passed over before their distance is measured, which is exact only as
// long as a distance is never shorter than either of its legs. The pips linked as one face's are
// held as pairs (Links), not as a table of every pair of thousands of specks. The pips that size
// the roll (typicalPipRadius) find their partners in the cells around them, not among every pip.
import { describe, expect, it, vi } from 'vitest'
import { readDice, typicalPipRadius } from '../../vision/dice.ts'
import { Links, findFaces, groupIntoFaces, mayMeet, pipCells, pipsExtent, within } from '../../vision/dice/faces.ts'
import { MAX_LINK, alikePips } from '../../vision/dice/pips.ts'
import { PipGrid, nthLevel, ringAround, withoutWholeDice, type Pip } from '../../vision/dice/pips.ts'
import { hypot, median, type GrayImage } from '../../vision/raster.ts'
import { seededRandom } from '../../scripts/seededRandom.ts'
import { draw, type Look } from './diceScenes.ts'

vi.mock('../../vision/dice/faces.ts', async (importOriginal) => {
  const faces = await importOriginal<typeof import('../../vision/dice/faces.ts')>()
  return { ...faces, findFaces: vi.fn(faces.findFaces), groupIntoFaces: vi.fn(faces.groupIntoFaces) }
})

const ivory: Look = { side: 60, pip: 0.085, step: 0.27, pipColour: [25, 25, 25], body: () => [236, 226, 200] }

describe('the dice reader’s work (generated here)', { timeout: 60_000 }, () => {
  it('finds the grey faces of the copy it reads once, and reads the roll all the same', () => {
    const dice = [1, 2, 3, 4, 5].map((value, k) => ({ x: 90 + k * 130, y: 160 + (k % 2) * 120, value, angle: 0.15 * k }))
    const photo = draw(760, 440, dice, ivory, 7)
    const found = vi.mocked(findFaces)
    const grouped = vi.mocked(groupIntoFaces)
    found.mockClear()
    grouped.mockClear()
    const reading = readDice(photo)
    expect(reading.values).toEqual([1, 3, 5, 2, 4])
    expect(reading.uncertain).toEqual([])
    // Each grey (the working copy's, a finer copy's, a colour channel's) is grouped into faces once.
    const greys = [...found.mock.calls, ...grouped.mock.calls].map(([image]) => image.gray)
    expect(greys.length).toBeGreaterThan(0)
    expect(new Set(greys).size).toBe(greys.length)
  })

  it('reads small dice in a large photo off the finer copy without grouping the working copy’s pips, none of which is large', () => {
    // A phone held high over small dice: their pips are at the edge of what the working copy shows.
    const small: Look = { ...ivory, side: 46 }
    const dice = [1, 4, 1, 6, 2].map((value, k) => ({ x: 200 + k * 210, y: 380 + (k % 2) * 200, value, angle: 0.1 * k }))
    const photo = draw(1280, 960, dice, small, 5)
    const grouped = vi.mocked(groupIntoFaces)
    grouped.mockClear()
    const reading = readDice(photo)
    expect(reading.dice.map((die) => die.value).sort()).toEqual([1, 1, 2, 4, 6])
    // Only the finer copy's greys (its grey and colour channels, at the photo's 1280 px) are grouped.
    expect(new Set(grouped.mock.calls.map(([image]) => image.gray.width))).toEqual(new Set([1280]))
  })

  it('measures no distance shorter than either of its legs (hypot and Math.hypot), so a pip out of reach along x or y is out of reach', () => {
    const random = seededRandom(11)
    const legs: [number, number][] = [[0, 0], [3, 0], [0, -2.5], [1e-300, 1e-300], [1e300, 1e300], [0.1, 0.2], [1600, 1e-9]]
    for (let k = 0; k < 20_000; k++) {
      const scale = 10 ** Math.floor(random() * 8 - 3)
      legs.push([(random() - 0.5) * scale, (random() - 0.5) * scale * (random() < 0.1 ? 1e-7 : 1)])
    }
    for (const [x, y] of legs) {
      const longer = Math.max(Math.abs(x), Math.abs(y))
      expect(hypot(x, y)).toBeGreaterThanOrEqual(longer)
      expect(Math.hypot(x, y)).toBeGreaterThanOrEqual(longer)
    }
  })
  it('passes over no two groups of pips that hold a pip of each within a face’s reach of each other', () => {
    const random = seededRandom(17)
    const pipAt = (x: number, y: number, radius: number) => ({ x, y, radius })
    for (let k = 0; k < 4000; k++) {
      const spread = 10 ** (random() * 3)
      const group = () =>
        Array.from({ length: 1 + Math.floor(random() * 5) }, () => pipAt(random() * spread, random() * spread, 0.5 + random() * random() * 12))
      const one = group()
      const other = group()
      // What joinAcrossSlants's near measures, pair by pair.
      const near = one.some((p) =>
        other.some((q) => {
          const reach = MAX_LINK * (p.radius + q.radius) * 0.5
          return Math.abs(p.x - q.x) <= reach && Math.abs(p.y - q.y) <= reach && Math.hypot(p.x - q.x, p.y - q.y) <= reach
        }),
      )
      const may = mayMeet(pipsExtent(one as never), pipsExtent(other as never))
      if (near) expect(may).toBe(true)
    }
  })

  it('finds in a box every pip whose centre lies in it, and no other, in the pips’ order, wherever the box lies and however large', () => {
    const random = seededRandom(29)
    for (let k = 0; k < 300; k++) {
      const spread = 10 ** (1 + random() * 2.5)
      const count = Math.floor(random() * 400)
      // Specks of a few sizes, some on top of each other, some sharing a row or a column.
      const pips = Array.from({ length: count }, (_, i) => {
        const twin = i > 0 && random() < 0.1
        return {
          x: twin ? (random() < 0.5 ? 0 : 1) : random() * spread - 0.5,
          y: random() * spread - 0.5,
          radius: 0.8 + random() * random() * 20,
        }
      })
      pips.forEach((p, i) => {
        if (i > 0 && p.x <= 1) p.x = pips[i - 1]!.x
      })
      const cells = pipCells(pips as never)
      expect(cells.largest).toBe(Math.max(0, ...pips.map((p) => p.radius)))
      for (let b = 0; b < 20; b++) {
        const x0 = random() * 1.4 * spread - 0.2 * spread
        const y0 = random() * 1.4 * spread - 0.2 * spread
        const x1 = x0 + random() * random() * spread
        const y1 = y0 + random() * random() * spread
        // A box through a pip's very centre takes it in.
        const edge = pips[Math.floor(random() * pips.length)]
        const box = b % 4 === 0 && edge ? [edge.x, edge.y, edge.x, y1] : [x0, y0, x1, y1]
        const [left, top, right, bottom] = box as [number, number, number, number]
        const expected = pips.flatMap((p, i) => (p.x >= left && p.x <= right && p.y >= top && p.y <= bottom ? [i] : []))
        expect(cells.inBox(left, top, right, bottom)).toEqual(expected)
      }
    }
  })

  it('holds the pips linked as one face’s both ways, and no other pair, however many pips there are', () => {
    const random = seededRandom(41)
    for (const count of [1, 2, 7, 300, 5000]) {
      const links = new Links(count)
      const joined = new Set<string>()
      for (let k = 0; k < 3 * count; k++) {
        const i = Math.floor(random() * count)
        const j = Math.floor(random() * count)
        links.join(i, j)
        joined.add(`${i} ${j}`).add(`${j} ${i}`)
      }
      const wrong: string[] = []
      for (let k = 0; k < 20_000; k++) {
        const i = Math.floor(random() * count)
        const j = Math.floor(random() * count)
        if (links.has(i, j) !== joined.has(`${i} ${j}`)) wrong.push(`${i} ${j}`)
      }
      for (const pair of joined) {
        const [i, j] = pair.split(' ').map(Number) as [number, number]
        if (!links.has(i, j)) wrong.push(pair)
      }
      expect(wrong).toEqual([])
    }
  })

  it('finds in the cells around a point every pip nearer than a cell’s side along x and y, each once', () => {
    const random = seededRandom(43)
    for (let k = 0; k < 300; k++) {
      const side = 0.5 + random() * 30
      const spread = 10 ** (1 + random() * 2.5)
      const pips = Array.from({ length: Math.floor(random() * 300) }, () => ({ x: random() * spread - 1, y: random() * spread - 1, radius: 1 }) as Pip)
      const grid = new PipGrid(side)
      for (const pip of pips) grid.add(pip)
      for (let q = 0; q < 20; q++) {
        const point = random() < 0.3 && pips.length > 0 ? pips[Math.floor(random() * pips.length)]! : { x: random() * spread, y: random() * spread }
        const around = new Set(grid.around(point))
        expect(around.size).toBe(grid.around(point).length)
        expect(pips.filter((pip) => Math.abs(pip.x - point.x) < side && Math.abs(pip.y - point.y) < side && !around.has(pip))).toEqual([])
      }
    }
  })

  it('drops the same whole dice looking only in the cells around each pip as looking among every pip', () => {
    const random = seededRandom(47)
    for (let k = 0; k < 200; k++) {
      // Dark dice seen whole holding light pips, pips holding glints, specks: some inside others.
      const pips: Pip[] = []
      const spread = 30 + random() * 400
      for (let n = Math.floor(random() * 60); n > 0; n--) {
        const outer = pip(random() * spread, random() * spread, 1 + random() * random() * 25, random() < 0.5 ? 1 : -1, 20 + random() * 100)
        pips.push(outer)
        for (let m = Math.floor(random() * 4); m > 0; m--)
          pips.push(pip(outer.x + (random() - 0.5) * 1.6 * outer.radius, outer.y + (random() - 0.5) * 1.6 * outer.radius, outer.radius * random() * 0.4, -outer.polarity as 1 | -1, random() * 120))
      }
      expect(withoutWholeDice(pips)).toEqual(withoutWholeDiceAmongEvery(pips))
    }
  })

  it('sizes the roll’s pips looking only in the cells around each pip as looking among every pip', () => {
    const random = seededRandom(59)
    for (let k = 0; k < 300; k++) {
      // Specks by the hundred, a few pips far larger among them, some alike in size and near each other.
      const spread = 20 + random() * 600
      const pips = Array.from({ length: Math.floor(random() * (k % 10 === 0 ? 800 : 80)) }, () => ({
        ...pip(random() * spread, random() * spread, 1 + random() * random() * random() * 30, random() < 0.8 ? 1 : -1, 40),
        roundness: 0.6 + 0.4 * random(),
      }))
      const paired = pips.filter((p) =>
        pips.some((q) => q !== p && alikePips(p, q) && Math.hypot(p.x - q.x, p.y - q.y) < (MAX_LINK * (p.radius + q.radius)) / 2),
      )
      expect(typicalPipRadius(pips)).toBe(paired.length === 0 ? 0 : median(paired.map((p) => p.radius)))
    }
  })

  it('tells a point nearer than a distance as measuring the distance would, though it passes over points off by as much along x or y', () => {
    const random = seededRandom(23)
    for (let k = 0; k < 20_000; k++) {
      const scale = 10 ** Math.floor(random() * 6 - 2)
      const a = { x: (random() - 0.5) * scale, y: (random() - 0.5) * scale }
      const b = k % 3 === 0 ? { x: a.x + (random() - 0.5) * scale, y: a.y } : { x: (random() - 0.5) * scale, y: (random() - 0.5) * scale }
      const distance = k % 5 === 0 ? hypot(b.x - a.x, b.y - a.y) : random() * scale
      expect(within(a, b, distance)).toBe(hypot(b.x - a.x, b.y - a.y) < distance)
    }
  })

  it('finds a ring’s middle level by quickselect as sorting its levels would, ties and all', () => {
    const random = seededRandom(5)
    for (let k = 0; k < 3000; k++) {
      const levels = Float32Array.from({ length: 1 + Math.floor(random() * 200) }, () => (k % 2 ? Math.floor(random() * 6) : random() * 255))
      const n = Math.floor(random() * levels.length)
      const sorted = Float32Array.from(levels).sort()
      expect(nthLevel(levels, n)).toBe(sorted[n])
    }
  })

  it('measures only the pixels that can lie on a pip’s ring, and takes every one of them in order', () => {
    const random = seededRandom(9)
    const gray: GrayImage = { width: 90, height: 70, data: Float32Array.from({ length: 90 * 70 }, (_, p) => p % 251) }
    for (let k = 0; k < 600; k++) {
      const radius = 0.8 + random() * 12
      const inner = 1.6 * radius
      const outer = Math.max(2.3 * radius, inner + 2)
      const cx = random() * 100 - 5
      const cy = random() * 80 - 5
      const near = random() < 0.3 ? [{ x: cx + (random() - 0.5) * 4 * outer, y: cy + (random() - 0.5) * 4 * outer, radius }] : []
      // Every pixel of the ring's box, measured one by one.
      const expected: number[] = []
      for (let y = Math.max(0, Math.floor(cy - outer)); y <= Math.min(gray.height - 1, Math.ceil(cy + outer)); y++)
        for (let x = Math.max(0, Math.floor(cx - outer)); x <= Math.min(gray.width - 1, Math.ceil(cx + outer)); x++) {
          const d = hypot(x - cx, y - cy)
          if (d < inner || d > outer || near.some((other) => hypot(x - other.x, y - other.y) < 1.5 * other.radius)) continue
          expected.push(y * gray.width + x)
        }
      const ring = ringAround(gray, cx, cy, inner, outer, near)
      expect(Array.from(ring.pixels)).toEqual(expected)
      expect(Array.from(ring.levels)).toEqual(expected.map((p) => gray.data[p]))
    }
  })
})

function pip(x: number, y: number, radius: number, polarity: 1 | -1, contrast: number): Pip {
  return { x, y, radius, roundness: 0.9, angle: 0, face: 200, level: 200 - polarity * contrast, faceColour: [80, 0, 0], contrast, polarity }
}

/** withoutWholeDice as it was, every pip tested against every other: the reference the cells' must equal. */
function withoutWholeDiceAmongEvery(pips: Pip[]): Pip[] {
  const heldBy = new Map(
    pips.map((outer) => [
      outer,
      pips.filter(
        (inner) =>
          inner.polarity !== outer.polarity &&
          inner.radius < 0.3 * outer.radius &&
          Math.hypot(inner.x - outer.x, inner.y - outer.y) + inner.radius < 0.9 * outer.radius,
      ),
    ]),
  )
  const plainSibling = (outer: Pip) =>
    pips.some(
      (other) =>
        other !== outer &&
        heldBy.get(other)!.length === 0 &&
        other.polarity === outer.polarity &&
        other.channel === outer.channel &&
        Math.max(other.radius, outer.radius) / Math.min(other.radius, outer.radius) < 1.6 &&
        Math.max(other.roundness, outer.roundness) / Math.min(other.roundness, outer.roundness) < 1.22 &&
        Math.hypot(other.x - outer.x, other.y - outer.y) < (MAX_LINK * (other.radius + outer.radius)) / 2,
    )
  return pips.filter((outer) => {
    const held = heldBy.get(outer)!
    if (held.length !== 1) return held.length === 0
    const [spot] = held as [Pip]
    if (spot.contrast > 0.5 * outer.contrast) return false
    return Math.hypot(spot.x - outer.x, spot.y - outer.y) >= 0.2 * outer.radius || plainSibling(outer)
  })
}
