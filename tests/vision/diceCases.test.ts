// @vitest-environment node
// Issue 10: the cases real tables bring, on images drawn here: touching dice, coloured dice
// with white pips, a side face seen at a slant, a textured table.
import { describe, expect, it } from 'vitest'
import { readDice, reconcile, type DieReading } from '../../vision/dice.ts'
import { createRgbaImage, gaussianBlur, mapChannels, type Rgb, type RgbaImage } from '../../vision/raster.ts'
import { seededRandom } from '../../scripts/seededRandom.ts'
import { PIPS } from './diceScenes.ts'

interface Scene {
  width: number
  height: number
  table: (x: number, y: number) => Rgb
}

function paint(scene: Scene, draw: (x: number, y: number) => Rgb | null): RgbaImage {
  const image = createRgbaImage(scene.width, scene.height)
  for (let y = 0; y < scene.height; y++)
    for (let x = 0; x < scene.width; x++) {
      const c = draw(x, y) ?? scene.table(x, y)
      image.data.set([c[0], c[1], c[2], 255], (y * scene.width + x) * 4)
    }
  return image
}

/** A die's top face: a square of side `side` at (cx, cy), pips of `pip` colour. */
function topFace(cx: number, cy: number, side: number, value: number, body: Rgb, pip: Rgb, pipSize = 0.09) {
  return (x: number, y: number): Rgb | null => {
    const dx = x - cx
    const dy = y - cy
    if (Math.abs(dx) > side / 2 || Math.abs(dy) > side / 2) return null
    for (const [i, j] of PIPS[value]!) if (Math.hypot(dx - i * side * 0.27, dy - j * side * 0.27) < side * pipSize) return pip
    return body
  }
}

/** A die's top face turned by `angle`, with rounded corners as real dice have. */
function roundedFace(cx: number, cy: number, side: number, angle: number, value: number, body: Rgb, pip: Rgb) {
  const corner = 0.14 * side
  return (x: number, y: number): Rgb | null => {
    const dx = (x - cx) * Math.cos(angle) + (y - cy) * Math.sin(angle)
    const dy = -(x - cx) * Math.sin(angle) + (y - cy) * Math.cos(angle)
    const qx = Math.max(Math.abs(dx) - (side / 2 - corner), 0)
    const qy = Math.max(Math.abs(dy) - (side / 2 - corner), 0)
    if (Math.hypot(qx, qy) > corner) return null
    for (const [i, j] of PIPS[value]!) if (Math.hypot(dx - i * side * 0.27, dy - j * side * 0.27) < side * 0.085) return pip
    return body
  }
}

/**
 * A die seen from a low camera: its top face (centre cx, cy) foreshortened to 0.65 of its
 * height, and below it, in a little shade, the face towards the camera foreshortened to 0.8.
 */
function slantedDie(cx: number, cy: number, side: number, top: number, front: number, squash = { top: 0.65, front: 0.8 }) {
  const face = (centreY: number, squash: number, value: number, body: Rgb) => (x: number, y: number): Rgb | null => {
    const dx = x - cx
    const dy = (y - centreY) / squash
    if (Math.abs(dx) > side / 2 || Math.abs(dy) > side / 2) return null
    for (const [i, j] of PIPS[value]!) if (Math.hypot(dx - i * side * 0.27, dy - j * side * 0.27) < side * 0.085) return BLACK
    return body
  }
  const below = cy + (side * (squash.top + squash.front)) / 2
  return layers(face(cy, squash.top, top, IVORY), face(below, squash.front, front, [214, 208, 188]))
}

/**
 * A small die's top face turned by `angle`, its pips 0.15 of the side across and 0.25 apart, drawn
 * at a quarter pixel and averaged: edges a pixel or two across fall between pixels, as in a photo.
 */
function smallFace(cx: number, cy: number, side: number, angle: number, value: number) {
  const colourAt = (x: number, y: number): Rgb | null => {
    const dx = (x - cx) * Math.cos(angle) + (y - cy) * Math.sin(angle)
    const dy = -(x - cx) * Math.sin(angle) + (y - cy) * Math.cos(angle)
    if (Math.abs(dx) > side / 2 || Math.abs(dy) > side / 2) return null
    return PIPS[value]!.some(([i, j]) => Math.hypot(dx - i * side * 0.25, dy - j * side * 0.25) < side * 0.075) ? [35, 35, 29] : [240, 240, 234]
  }
  return (x: number, y: number): Rgb | null => {
    const samples = [0.25, 0.75].flatMap((sx) => [0.25, 0.75].map((sy) => colourAt(x + sx, y + sy)))
    if (samples.every((c) => c === null)) return null
    const colours = samples.map((c) => c ?? WHITE_TRAY)
    return [0, 1, 2].map((k) => colours.reduce((sum, c) => sum + c[k]!, 0) / 4) as Rgb
  }
}

function layers(...faces: ((x: number, y: number) => Rgb | null)[]) {
  return (x: number, y: number) => {
    for (const face of faces) {
      const c = face(x, y)
      if (c) return c
    }
    return null
  }
}

/** The image as a camera moving `length` px along (dx, dy) during the exposure sees it. */
function motionBlur(image: RgbaImage, dx: number, dy: number, length: number): RgbaImage {
  const out = createRgbaImage(image.width, image.height)
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const sum = [0, 0, 0]
      for (let k = 0; k <= length; k++) {
        const sx = Math.min(image.width - 1, Math.max(0, Math.round(x + dx * (k - length / 2))))
        const sy = Math.min(image.height - 1, Math.max(0, Math.round(y + dy * (k - length / 2))))
        for (let c = 0; c < 3; c++) sum[c]! += image.data[(sy * image.width + sx) * 4 + c]!
      }
      out.data.set([sum[0]! / (length + 1), sum[1]! / (length + 1), sum[2]! / (length + 1), 255], (y * image.width + x) * 4)
    }
  return out
}

const IVORY: Rgb = [238, 232, 210]
const BLACK: Rgb = [25, 25, 25]
const WHITE_TRAY: Rgb = [205, 205, 199]
const plain = (colour: Rgb) => () => colour
function wood(seed: number): (x: number, y: number) => Rgb {
  const random = seededRandom(seed)
  const noise = Float32Array.from({ length: 640 * 480 }, () => random() * 16 - 8)
  return (x, y) => {
    const grain = 14 * Math.sin(y / 7 + Math.sin(x / 60) * 2) + noise[(y * 640 + x) % noise.length]!
    return [190 + grain, 150 + grain, 105 + grain]
  }
}

// A photo takes a second or two on a busy machine; the default 5 s is too tight.
describe('dice on real-table cases (generated here)', { timeout: 60_000 }, () => {
  it('reads two touching dice as two, each with its own pips', () => {
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    const seam = (x: number, y: number): Rgb | null => (x >= 319 && x <= 320 && y > 200 && y < 280 ? [120, 115, 100] : null)
    const image = paint(scene, layers(seam, topFace(280, 240, 80, 5, IVORY, BLACK), topFace(360, 240, 80, 6, IVORY, BLACK)))
    const reading = readDice(image)
    expect(reading.dice.map((d) => Math.round(d.centre.x / 10) * 10)).toEqual([280, 360])
    expect(reading.values).toEqual([5, 6])
  })

  it('reads a 6 smeared by motion blur, its pips run together in two streaks, as 6', () => {
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    const sharp = paint(scene, layers(topFace(240, 240, 110, 6, IVORY, BLACK), topFace(420, 240, 110, 5, IVORY, BLACK)))
    // The hand (or the die) moved along y during the exposure: every pip is smeared the same way.
    const image = motionBlur(sharp, 0, 1, 15)
    const reading = readDice(image)
    expect(reading.values).toEqual([6, 5])
    expect(reading.uncertain).toEqual([])
  })

  it('reads coloured dice with white pips', () => {
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    const white: Rgb = [245, 245, 245]
    const image = paint(
      scene,
      layers(topFace(160, 200, 80, 3, [200, 30, 40], white), topFace(400, 260, 80, 4, [30, 60, 170], white)),
    )
    const reading = readDice(image)
    expect(reading.values).toEqual([3, 4])
    expect(reading.uncertain).toEqual([])
  })

  it('reads red dice with white pips on a pale table: a red die is no dark pip of the table', () => {
    // Each red die is a dark round blob ringed by plain table, like a pip; its white pips say it is a die.
    const scene = { width: 480, height: 360, table: plain([235, 205, 200]) }
    const red: Rgb = [205, 30, 40]
    const white: Rgb = [250, 250, 250]
    const dice = [
      { x: 72, y: 61, value: 2, angle: 0.5 },
      { x: 418, y: 79, value: 1, angle: 0.1 },
      { x: 110, y: 180, value: 3, angle: 0.3 },
      { x: 336, y: 216, value: 1, angle: 0.7 },
      { x: 72, y: 306, value: 2, angle: 0.2 },
    ]
    const image = paint(scene, layers(...dice.map((d) => roundedFace(d.x, d.y, 56, d.angle, d.value, red, white))))
    const reading = readDice(image)
    expect(reading.values).toEqual([2, 1, 3, 1, 2])
    expect(reading.uncertain).toEqual([])
  })

  it('counts only the top face when a side face shows at a slant', () => {
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    const side = (x: number, y: number): Rgb | null => {
      // The side under the top face, foreshortened to a third: its pips are flat ellipses.
      const dx = x - 320
      const dy = y - 293
      if (Math.abs(dx) > 40 || Math.abs(dy) > 13) return null
      for (const i of [-1, 0, 1]) for (const j of [-1, 1]) if (Math.hypot(dx - i * 21, (dy - j * 6) * 3) < 7) return BLACK
      return [190, 184, 165]
    }
    const image = paint(scene, layers(topFace(320, 240, 80, 2, IVORY, BLACK), side))
    const reading = readDice(image)
    expect(reading.dice).toHaveLength(1)
    expect(reading.values).toEqual([2])
  })

  it('parts a top face from its die’s side face by roundness when no edge shows between them', () => {
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    // The side under the top face, of the same ivory (no edge between), its six pips flattened to 0.8, round enough to link with the top’s.
    const side = (x: number, y: number): Rgb | null => {
      const dx = x - 320
      const dy = y - 298
      if (Math.abs(dx) > 40 || Math.abs(dy) > 18) return null
      for (const i of [-1, 0, 1]) for (const j of [-1, 1]) if (Math.hypot(dx - i * 21, (dy - j * 8) / 0.8) < 6.5) return BLACK
      return IVORY
    }
    const image = paint(scene, layers(topFace(320, 240, 80, 2, IVORY, BLACK), side))
    const reading = readDice(image)
    expect(reading.values).toEqual([2])
    expect(reading.uncertain).toEqual([])
  })

  it('takes a faint round pip beside a clear face for that die’s shaded side, not for a second top face', () => {
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    // The die's right side in shade: a faint grey pip on a darker ivory.
    const side = (x: number, y: number): Rgb | null => {
      const dx = x - 372
      const dy = y - 240
      if (dx < 0 || dx > 14 || Math.abs(dy) > 40) return null
      return Math.hypot(dx - 7, dy) < 5 ? [150, 146, 132] : [200, 195, 178]
    }
    const image = paint(scene, layers(topFace(320, 240, 80, 6, IVORY, BLACK), side))
    const reading = readDice(image)
    expect(reading.values).toEqual([6])
    expect(reading.uncertain).toEqual([])
  })

  it('reads dice on a grained, noisy wooden table', () => {
    const scene = { width: 640, height: 480, table: wood(7) }
    const values = [1, 2, 3, 4, 6]
    const image = paint(scene, layers(...values.map((v, i) => topFace(90 + i * 115, 150 + (i % 2) * 160, 70, v, IVORY, BLACK))))
    const reading = readDice(image)
    expect(reading.values).toEqual([1, 3, 6, 2, 4])
    expect(reading.complete).toBe(true)
  })

  it('asks about a lone pip smaller than the other dice’s pips (the one pip found of a face), not about a large one', () => {
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    const image = paint(
      scene,
      layers(
        topFace(90, 150, 70, 4, IVORY, BLACK),
        topFace(205, 310, 70, 6, IVORY, BLACK),
        topFace(320, 150, 70, 1, IVORY, BLACK, 0.05),
        topFace(435, 310, 70, 5, IVORY, BLACK),
        topFace(550, 150, 70, 1, IVORY, BLACK, 0.13),
      ),
    )
    const reading = readDice(image)
    expect(reading.values).toEqual([4, 1, 1, 6, 5])
    const small = reading.dice.findIndex((d) => Math.abs(d.centre.x - 320) < 20)
    const large = reading.dice.findIndex((d) => Math.abs(d.centre.x - 550) < 20)
    expect(reading.uncertain).toContain(small)
    expect(reading.uncertain).not.toContain(large)
  })

  it('takes the upper of two faces for the top when a low camera shows the die’s front face rounder than its top', () => {
    // Seen from low down the top is squashed to 0.65 and the front, below it, only to 0.8: its
    // pips are the rounder ones, yet a camera above the table never sees a side above the top.
    // A far die’s front face lies just above the top of the die in front of it, too.
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    // Dice nearer the camera are seen from higher up: their fronts are clearly the flatter faces.
    const dice = layers(
      slantedDie(200, 130, 90, 1, 3),
      slantedDie(200, 270, 90, 4, 2),
      slantedDie(440, 100, 90, 3, 1, { top: 0.85, front: 0.5 }),
      slantedDie(440, 270, 90, 2, 5, { top: 0.85, front: 0.5 }),
    )
    expect([...readDice(paint(scene, dice)).values].sort()).toEqual([1, 2, 3, 4])
    // The same photo turned a quarter: which way is down is read from the photo, not assumed.
    const turned = { width: scene.height, height: scene.width, table: scene.table }
    const reading = readDice(paint(turned, (x, y) => dice(y, scene.height - 1 - x)))
    expect([...reading.values].sort()).toEqual([1, 2, 3, 4])
  })

  it('in a roll of ones, asks about a light glint on a dark key and leaves out a tiny dark dot', () => {
    // No face of two pips says which kind and size the dice are: the sure lone pips of the roll
    // do. The glint is of the other kind but round on a square body, as a die of a mixed set
    // would be: it is asked about. The dot is three times smaller than the dice's pips and
    // doubted besides: no die of this roll. Its row stays empty, and the player is asked for it.
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    const key = (cx: number, cy: number, mark: Rgb, radius: number) => (x: number, y: number): Rgb | null => {
      if (Math.abs(x - cx) > 22 || Math.abs(y - cy) > 22) return null
      return Math.hypot(x - cx, y - cy) < radius ? mark : [40, 40, 45]
    }
    const image = paint(
      scene,
      layers(
        topFace(120, 150, 80, 1, IVORY, BLACK),
        topFace(320, 150, 80, 1, IVORY, BLACK),
        topFace(220, 330, 80, 1, IVORY, BLACK),
        key(520, 120, [235, 235, 235], 6),
        topFace(520, 330, 80, 1, IVORY, BLACK, 0.03),
      ),
    )
    const reading = readDice(image)
    const at = (x: number, y: number) => reading.dice.findIndex((d) => Math.hypot(d.centre.x - x, d.centre.y - y) < 20)
    expect(at(520, 120)).toBeGreaterThanOrEqual(0)
    expect(reading.uncertain).toEqual([at(520, 120)])
    expect(at(520, 330)).toBe(-1)
    expect(reading.complete).toBe(false)
  })

  it('drops a lone light mark on a dark key beside dark-pipped dice, but asks about a red die’s lone white pip', () => {
    // The roll's sure dice have dark pips: a light, oblong letter on a laptop key is doubted
    // twice (other kind, not round) and is no die; a red one with a round white pip on a square
    // body is doubted only for its kind: a die of a mixed set, asked about.
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    const key = (cx: number, cy: number) => (x: number, y: number): Rgb | null => {
      if (Math.abs(x - cx) > 22 || Math.abs(y - cy) > 22) return null
      return Math.hypot((x - cx) / 4, (y - cy) / 7) < 1 ? [235, 235, 235] : [40, 40, 45]
    }
    const image = paint(
      scene,
      layers(
        topFace(110, 150, 80, 4, IVORY, BLACK),
        topFace(320, 150, 80, 6, IVORY, BLACK),
        topFace(220, 330, 80, 3, IVORY, BLACK),
        key(540, 80),
        topFace(470, 330, 80, 1, [190, 30, 40], [245, 245, 245]),
      ),
    )
    const reading = readDice(image)
    const at = (x: number, y: number) => reading.dice.findIndex((d) => Math.hypot(d.centre.x - x, d.centre.y - y) < 20)
    expect(at(540, 80)).toBe(-1)
    expect(reading.values).toEqual([4, 6, 3, 1])
    expect(reading.uncertain).toEqual([at(470, 330)])
  })

  it('drops two light specks on a dark bar beside dark-pipped dice: no two, though they fit its diagonal', () => {
    // Two specks smaller than the dice's pips and of the other kind, on a bar that is no die's
    // square face, read as a two doubted three times over: nothing of this roll.
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    const bar = (x: number, y: number): Rgb | null => {
      if (x < 440 || x > 620 || Math.abs(y - 400) > 14) return null
      return [528, 540].some((cx) => Math.hypot(x - cx, y - (cx === 528 ? 396 : 408)) < 2.5) ? [235, 235, 235] : [40, 40, 45]
    }
    const image = paint(
      scene,
      layers(topFace(110, 150, 80, 4, IVORY, BLACK), topFace(320, 150, 80, 6, IVORY, BLACK), topFace(220, 330, 80, 5, IVORY, BLACK), bar),
    )
    const reading = readDice(image)
    expect(reading.values).toEqual([4, 6, 5])
    expect(reading.uncertain).toEqual([])
  })

  it('drops a round hole far larger than the dice’s pips with no die around it, a screw hole in a tray’s bar', () => {
    // A "one" read from it would be no die's reading; left out, its row is asked about all the same.
    const scene = { width: 640, height: 480, table: plain([215, 213, 208]) }
    const hole = (x: number, y: number): Rgb | null => (Math.hypot(x - 560, y - 390) < 32 ? [120, 120, 122] : null)
    const image = paint(
      scene,
      layers(topFace(110, 150, 80, 4, IVORY, BLACK), topFace(320, 150, 80, 6, IVORY, BLACK), topFace(220, 330, 80, 5, IVORY, BLACK), hole),
    )
    const reading = readDice(image)
    expect(reading.values).toEqual([4, 6, 5])
  })

  it('asks about two faces nearer than two dice can stand: the left and right faces of one die seen corner-on', () => {
    // The die's top is lost (seen edge-on); its two side faces, each squashed across, read as
    // a sure four and a sure two whose centres lie less than a side apart on the table.
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    const side = 80
    const squashed = (cx: number, value: number, body: Rgb) => (x: number, y: number): Rgb | null => {
      const dx = (x - cx) / 0.72
      const dy = y - 300
      if (Math.abs(dx) > side / 2 || Math.abs(dy) > side / 2) return null
      for (const [i, j] of PIPS[value]!) if (Math.hypot(dx - i * side * 0.27, dy - j * side * 0.27) < side * 0.085) return BLACK
      return body
    }
    const seam = (x: number, y: number): Rgb | null => (Math.abs(x - 320) < 1.5 && Math.abs(y - 300) <= side / 2 ? [120, 115, 100] : null)
    const image = paint(
      scene,
      layers(
        topFace(110, 120, side, 5, IVORY, BLACK),
        topFace(320, 120, side, 3, IVORY, BLACK),
        topFace(530, 120, side, 6, IVORY, BLACK),
        seam,
        squashed(320 - 0.36 * side, 4, IVORY),
        squashed(320 + 0.36 * side, 2, [215, 210, 190]),
      ),
    )
    const reading = readDice(image)
    const at = (x: number) => reading.dice.findIndex((d) => Math.hypot(d.centre.x - x, d.centre.y - 300) < 20)
    expect(reading.uncertain).toContain(at(320 - 0.36 * side))
    expect(reading.uncertain).toContain(at(320 + 0.36 * side))
    expect(reading.uncertain).toHaveLength(2)
  })

  it('asks about a face that runs past the photo’s edge: one column of a four shows, like a two', () => {
    const scene = { width: 640, height: 480, table: plain([200, 190, 170]) }
    const image = paint(
      scene,
      layers(
        topFace(110, 150, 80, 5, IVORY, BLACK),
        topFace(300, 150, 80, 3, IVORY, BLACK),
        topFace(200, 330, 80, 6, IVORY, BLACK),
        topFace(632, 300, 80, 4, IVORY, BLACK),
      ),
    )
    const reading = readDice(image)
    const cut = reading.dice.findIndex((d) => d.centre.x > 560)
    expect(reading.uncertain).toEqual([cut])
  })

  it('reads small dice on a small photo of a white tray, their pips a few pixels across', () => {
    // A 640-px photo of a tray from a phone held high: dice 28 px across, pips 4 px across and 7 px
    // apart, softened by the lens. At the photo's own pixels the six's pips run together.
    const scene = { width: 640, height: 640, table: plain(WHITE_TRAY) }
    const dice = [
      { x: 160, y: 200, value: 6, angle: 0.3 },
      { x: 420, y: 170, value: 5, angle: 0.9 },
      { x: 300, y: 330, value: 4, angle: 0.1 },
      { x: 180, y: 470, value: 3, angle: 1.2 },
      { x: 470, y: 450, value: 2, angle: 0.6 },
    ]
    const sharp = paint(scene, layers(...dice.map((d) => smallFace(d.x, d.y, 28, d.angle, d.value))))
    const reading = readDice(mapChannels(sharp, (channel) => gaussianBlur(channel, 0.6)))
    expect(reading.values).toEqual([5, 6, 4, 3, 2])
    expect(reading.uncertain).toEqual([])
  })

  it('asks about a die the two readers both read surely but differently', () => {
    const at = (x: number, value: number, confidence = 1) => ({ value, confidence, centre: { x, y: 100 }, side: 60 })
    const bySurface = [at(100, 1), at(200, 2), at(300, 3), at(400, 4), at(500, 5)]
    const byPips: DieReading[] = [at(100, 2), at(200, 2), at(300, 3), at(400, 4), at(500, 5, 0.4)]
    const dice = reconcile(byPips, bySurface)
    expect(dice.map((d) => d.value)).toEqual([2, 2, 3, 4, 5])
    expect(dice.map((d) => d.confidence < 0.7)).toEqual([true, false, false, false, true])
    expect(reconcile(byPips.slice(1), bySurface).map((d) => d.value)).toEqual([1, 2, 3, 4, 5])
  })
})
