// @vitest-environment node
// Issue 10, CPU: the body finder (vision/dice/bodies.ts) does no work twice and none that cannot
// count, with the same bodies. The working copy's shapes off the table are found once, though
// both lone blobs (blobsAsBodies) and the roll's dice (withBodies) are looked for among them; a
// rectangle is fitted to a shape's rows' ends, not to every pixel; a shape is opened within its
// bounding box, not over the whole photo; a body's region is read in Lab pixel by pixel, with no
// tuple for each.
import { describe, expect, it, vi } from 'vitest'
import { DIE_SEEN_WHOLE, readDice } from '../../vision/dice.ts'
import { BODY_AGREES, bodyRegion, openedParts, rowEnds } from '../../vision/dice/bodies.ts'
import { surfaceModel } from '../../vision/dice/surface.ts'
import { connectedComponents, createRgbaImage, rgbToLab, sampleBilinear, type Component, type Rgb } from '../../vision/raster.ts'
import { seededRandom } from '../../scripts/seededRandom.ts'
import { draw, type Look } from './diceScenes.ts'

vi.mock('../../vision/dice/surface.ts', async (importOriginal) => {
  const surface = await importOriginal<typeof import('../../vision/dice/surface.ts')>()
  return { ...surface, surfaceModel: vi.fn(surface.surfaceModel) }
})

const white = (): Rgb => [200, 200, 198]
const smoky = (): Rgb => [55, 52, 54]
/** Small smoky dice with dull red pips under three pixels across, on a white tray: each die a blob to the pip finder. */
const tiny: Look = { side: 24, pip: 0.06, step: 0.27, pipColour: [170, 40, 45], body: smoky, table: white }

describe('the body finder’s work (generated here)', { timeout: 60_000 }, () => {
  it('finds the working copy’s shapes off the table once, for the blobs seen whole and the roll’s dice alike', () => {
    const dice = [1, 2, 3, 4, 5].map((value, k) => ({ x: 70 + k * 110, y: 120 + (k % 2) * 90, value, angle: 0.2 * k }))
    const photo = draw(640, 340, dice, tiny, 41)
    const modelled = vi.mocked(surfaceModel)
    modelled.mockClear()
    const reading = readDice(photo)
    // Four dice seen whole are read by their bodies (blobsAsBodies), the roll's bodies agree (withBodies).
    expect(reading.values).toEqual([1, 2, 3, 4, 5])
    expect(reading.dice.filter((die) => die.doubts?.includes(DIE_SEEN_WHOLE))).toHaveLength(4)
    expect(reading.dice.filter((die) => die.doubts?.includes(BODY_AGREES))).toHaveLength(4)
    const onWorking = modelled.mock.calls.filter(([width, height]) => width === photo.width && height === photo.height)
    expect(onWorking).toHaveLength(1)
  })

  it('fits a turned rectangle to the ends of a shape’s rows as to all its pixels: the same extremes at every turn', () => {
    const random = seededRandom(31)
    const width = 97
    for (let k = 0; k < 400; k++) {
      // Scattered pixels, runs with gaps, rows left empty: any set of pixels.
      const pixels: number[] = []
      const rows = 1 + Math.floor(random() * 40)
      const top = Math.floor(random() * 50)
      for (let y = top; y < top + rows; y++) {
        if (random() < 0.2) continue
        for (let x = 0; x < width; x++) if (random() < 0.15) pixels.push(y * width + x)
      }
      const ends = rowEnds(pixels, width)
      for (let degrees = 0; degrees < 90; degrees += 2) {
        const angle = (degrees * Math.PI) / 180
        const cos = Math.cos(angle)
        const sin = Math.sin(angle)
        const extremes = (points: [number, number][]) => {
          const a = points.map(([x, y]) => x * cos + y * sin)
          const b = points.map(([x, y]) => y * cos - x * sin)
          return [Math.min(...a), Math.max(...a), Math.min(...b), Math.max(...b)]
        }
        const all = pixels.map((p): [number, number] => [p % width, Math.floor(p / width)])
        const atEnds = Array.from(ends.x, (x, i): [number, number] => [x, ends.y[i]!])
        expect(extremes(atEnds)).toEqual(extremes(all))
      }
    }
  })

  it('opens a shape within its bounding box into the very parts the whole photo gives, wherever it lies', () => {
    const random = seededRandom(37)
    for (let k = 0; k < 60; k++) {
      const width = 60 + Math.floor(random() * 90)
      const height = 50 + Math.floor(random() * 90)
      // Squares and discs, touching or overlapping, some against the photo's edge, joined by necks.
      const mask = new Uint8Array(width * height)
      const shapes = 1 + Math.floor(random() * 5)
      for (let s = 0; s < shapes; s++) {
        const cx = random() * width
        const cy = random() * height
        const r = 3 + random() * 14
        const round = random() < 0.5
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++)
            if (round ? Math.hypot(x - cx, y - cy) < r : Math.abs(x - cx) < r && Math.abs(y - cy) < r) mask[y * width + x] = 1
        if (random() < 0.5) for (let x = Math.floor(cx); x < Math.min(width, cx + 3 * r); x++) mask[Math.floor(cy) * width + x] = 1
      }
      const radius = 1 + random() * 8
      const parts = openedParts(mask, width, height, radius)
      const expected = openedOverTheWholePhoto(mask, width, height, radius)
      expect(parts.components).toEqual(expected.components)
      expect(Array.from(parts.labels)).toEqual(Array.from(expected.labels))
    }
  })

  it('reads a body’s region in Lab as the colour between pixels at each of its pixels, off the photo’s edge too', () => {
    const random = seededRandom(61)
    const photo = createRgbaImage(37, 29)
    for (let i = 0; i < photo.data.length; i++) photo.data[i] = i % 4 === 3 ? 255 : Math.floor(random() * 256)
    for (let k = 0; k < 60; k++) {
      const n = 1 + Math.floor(random() * 30)
      const x0 = Math.floor(random() * 60) - 20
      const y0 = Math.floor(random() * 50) - 15
      const region = bodyRegion(photo, x0, y0, n)
      const expected: number[] = []
      for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) expected.push(...rgbToLab(...sampleBilinear(photo, x0 + i, y0 + j)))
      expect({ ...region, lab: Array.from(region.lab) }).toEqual({ x0, y0, n, lab: expected })
    }
  })
})

/** openedParts as it was, its distances measured over the whole photo: the reference the bounding box's must equal. */
function openedOverTheWholePhoto(mask: Uint8Array, width: number, height: number, radius: number) {
  const inside = new Float32Array(mask.length)
  for (let p = 0; p < mask.length; p++) inside[p] = mask[p] ? width + height : 0
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? 0 : inside[y * width + x]!)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (inside[y * width + x]) inside[y * width + x] = Math.min(inside[y * width + x]!, at(x - 1, y) + 1, at(x, y - 1) + 1, at(x - 1, y - 1) + Math.SQRT2, at(x + 1, y - 1) + Math.SQRT2)
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--)
      if (inside[y * width + x]) inside[y * width + x] = Math.min(inside[y * width + x]!, at(x + 1, y) + 1, at(x, y + 1) + 1, at(x + 1, y + 1) + Math.SQRT2, at(x - 1, y + 1) + Math.SQRT2)
  const cores = connectedComponents(Uint8Array.from(inside, (d) => (d > radius ? 1 : 0)), width, height, 8)
  const distance = Float32Array.from(cores.labels, (l) => (l ? 0 : width + height))
  const label = Int32Array.from(cores.labels)
  const take = (p: number, q: number, cost: number) => {
    if (distance[q]! + cost < distance[p]!) {
      distance[p] = distance[q]! + cost
      label[p] = label[q]!
    }
  }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x
      if (x > 0) take(p, p - 1, 1)
      if (y > 0) {
        take(p, p - width, 1)
        if (x > 0) take(p, p - width - 1, Math.SQRT2)
        if (x < width - 1) take(p, p - width + 1, Math.SQRT2)
      }
    }
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const p = y * width + x
      if (x < width - 1) take(p, p + 1, 1)
      if (y < height - 1) {
        take(p, p + width, 1)
        if (x < width - 1) take(p, p + width + 1, Math.SQRT2)
        if (x > 0) take(p, p + width - 1, Math.SQRT2)
      }
    }
  const labels = new Int32Array(mask.length)
  const components: Component[] = cores.components.map((c) => ({ label: c.label, area: 0, minX: width, minY: height, maxX: -1, maxY: -1, centroidX: 0, centroidY: 0 }))
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p] || distance[p]! > radius + 1) continue
    const part = components[label[p]! - 1]!
    const x = p % width
    const y = (p - x) / width
    labels[p] = part.label
    part.area++
    part.centroidX += x
    part.centroidY += y
    part.minX = Math.min(part.minX, x)
    part.maxX = Math.max(part.maxX, x)
    part.minY = Math.min(part.minY, y)
    part.maxY = Math.max(part.maxY, y)
  }
  for (const part of components) {
    part.centroidX /= Math.max(1, part.area)
    part.centroidY /= Math.max(1, part.area)
  }
  return { labels, components: components.filter((part) => part.area > 0) }
}
