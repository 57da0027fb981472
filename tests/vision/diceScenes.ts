// Dice drawn for tests (issue 10): square dice with rounded corners and printed pips, on a plain
// or given table, each pixel the mean of 2×2 samples with a little sensor noise.
import { createRgbaImage, type Rgb, type RgbaImage } from '../../vision/raster.ts'
import { seededRandom } from '../../scripts/seededRandom.ts'
import type { Face } from '../../vision/dice/faces.ts'
import type { Pip } from '../../vision/dice/pips.ts'

/** Where each value's pips sit, in steps from the face's centre. */
export const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [-1, 1], [1, 1], [0, 0]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
}

export interface Die {
  x: number
  y: number
  value: number
  /** Turn of the face, radians. */
  angle: number
  /** Pips (indices into PIPS[value]) left unprinted: a pip worn off, or lost in a glint. */
  missing?: number[]
  /** The pips' colour of a die of another set in the tray (the look's unless given). */
  pipColour?: Rgb
  /** Pips (indices into PIPS[value]) printed at half the radius: too small for the pip finder's scales, yet darkening their spot. */
  shrunk?: number[]
  /** Pips (indices into PIPS[value]) cut into by a streak of the face: an ellipse of a round pip's area, twice as long as wide. */
  streaked?: number[]
  /** Seen from low down: the face foreshortened to this share of its height along the photo's y (1 unless given). */
  squash?: number
  /**
   * Seen at a slant, square to the camera: its front face of `value`, foreshortened to `squash`
   * of its height, shows below its top in the shade of FRONT_SHADE (drawn for an unturned die).
   */
  front?: { value: number; squash: number }
}

/** A die's front face turned from the light: its body and pips this share as light as its top's. */
const FRONT_SHADE = 0.8

export interface Look {
  side: number
  /** Pip radius and the step between pip rows, as shares of the side. */
  pip: number
  step: number
  /** A six's columns lie this share of the side either side of its middle (`step` unless given): some dice print them as close as its rows. */
  sixColumns?: number
  pipColour: Rgb
  /** The face's colour at a point of the face (dx, dy from its centre, in sides). */
  body: (dx: number, dy: number, die: Die) => Rgb
  /** What lies around the dice at a point of the photo (a plain pale tray unless given). */
  table?: (x: number, y: number) => Rgb
}

/** Dice on a pale tray with a little sensor noise; each pixel the mean of 2×2 samples, as a lens softens edges. */
export function draw(width: number, height: number, dice: Die[], look: Look, seed: number): RgbaImage {
  const image = createRgbaImage(width, height)
  const random = seededRandom(seed)
  const corner = 0.14
  const colourAt = (x: number, y: number): Rgb => {
    for (const die of dice) {
      const ox = (x - die.x) / look.side
      const oy = (y - die.y) / look.side / (die.squash ?? 1)
      const front = die.front && frontFaceAt(ox, oy * (die.squash ?? 1) - 0.5 * (die.squash ?? 1), die, die.front, look)
      if (front) return front
      if (Math.abs(ox) > 0.75 || Math.abs(oy) > 0.75) continue
      const dx = ox * Math.cos(die.angle) + oy * Math.sin(die.angle)
      const dy = -ox * Math.sin(die.angle) + oy * Math.cos(die.angle)
      const qx = Math.max(Math.abs(dx) - (0.5 - corner), 0)
      const qy = Math.max(Math.abs(dy) - (0.5 - corner), 0)
      if (Math.hypot(qx, qy) > corner) continue
      for (const [k, [i, j]] of PIPS[die.value]!.entries()) {
        const [along, across] = die.streaked?.includes(k) ? [Math.SQRT2, Math.SQRT1_2] : [1, 1]
        const column = die.value === 6 ? (look.sixColumns ?? look.step) : look.step
        const off = Math.hypot((dx - i * column) / along, (dy - j * look.step) / across)
        const radius = die.shrunk?.includes(k) ? look.pip / 2 : look.pip
        if (!die.missing?.includes(k) && off < radius) return die.pipColour ?? look.pipColour
      }
      return look.body(dx, dy, die)
    }
    return look.table?.(x, y) ?? [206, 206, 200]
  }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sum = [0, 0, 0]
      for (const [sx, sy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
        const c = colourAt(x + sx, y + sy)
        for (let k = 0; k < 3; k++) sum[k]! += c[k]! / 4
      }
      const noise = (random() - 0.5) * 6
      image.data.set([sum[0]! + noise, sum[1]! + noise, sum[2]! + noise, 255], (y * width + x) * 4)
    }
  return image
}

/**
 * The colour of a die's front face at (ox, below) sides from the middle of its top's near edge
 * (`below` down the photo), or null off that face: a square foreshortened along the photo's y,
 * its lower corners rounded, its pips printed as the top's are.
 */
function frontFaceAt(ox: number, below: number, die: Die, front: { value: number; squash: number }, look: Look): Rgb | null {
  const dy = below / front.squash - 0.5
  if (Math.abs(ox) > 0.5 || Math.abs(dy) > 0.5) return null
  const corner = 0.14
  const qx = Math.max(Math.abs(ox) - (0.5 - corner), 0)
  const qy = Math.max(dy - (0.5 - corner), 0)
  if (Math.hypot(qx, qy) > corner) return null
  const onPip = PIPS[front.value]!.some(([i, j]) => Math.hypot(ox - i * look.step, dy - j * look.step) < look.pip)
  const colour = onPip ? (die.pipColour ?? look.pipColour) : look.body(ox, dy, die)
  return colour.map((c) => c * FRONT_SHADE) as Rgb
}

/**
 * Blue plastic marbled with swirls, light shining through it from one side: one end of a face
 * is far lighter than the other.
 */
export const marbled = (dx: number, dy: number, die: Die): Rgb => {
  const swirl = Math.sin(9 * dx + 5 * Math.sin(6 * dy + die.x) + die.y)
  const k = 1 + 1.1 * dx + 0.15 * swirl
  return [40 * k, 95 * k, 165 * k]
}

/** `colour` painted in a disc of `radius` pixels at the middle of each listed pip of `die` (a lamp's glint). */
export function paintGlints(image: RgbaImage, die: Die, look: Look, pips: number[], radius: number, colour: Rgb): RgbaImage {
  for (const k of pips) {
    const [i, j] = PIPS[die.value]![k]!
    const cx = die.x + look.side * look.step * (i * Math.cos(die.angle) - j * Math.sin(die.angle))
    const cy = die.y + look.side * look.step * (i * Math.sin(die.angle) + j * Math.cos(die.angle))
    for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++)
      for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++)
        if (Math.hypot(x - cx, y - cy) <= radius) image.data.set(colour, (y * image.width + x) * 4)
  }
  return image
}

/**
 * `colour` painted in a disc of `radius` pixels whose middle lies `offset` (sides, along the
 * face's own axes) from the middle of pip `k` of `die`: a chip in the paint, a printing flaw.
 */
export function paintMark(image: RgbaImage, die: Die, look: Look, k: number, offset: [number, number], radius: number, colour: Rgb): RgbaImage {
  const [i, j] = PIPS[die.value]![k]!
  const dx = i * look.step + offset[0]
  const dy = j * look.step + offset[1]
  const cx = die.x + look.side * (dx * Math.cos(die.angle) - dy * Math.sin(die.angle))
  const cy = die.y + look.side * (dx * Math.sin(die.angle) + dy * Math.cos(die.angle))
  for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++)
    for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++)
      if (Math.hypot(x - cx, y - cy) <= radius) image.data.set(colour, (y * image.width + x) * 4)
  return image
}

/** A dark round pip as findPips reports it, at (x, y), with `more` changed. */
export const pip = (x: number, y: number, more: Partial<Pip> = {}): Pip => ({
  x,
  y,
  radius: 3,
  roundness: 0.95,
  angle: 0,
  face: 60,
  level: 110,
  faceColour: [25, -12, 4],
  contrast: 50,
  polarity: -1,
  ...more,
})

/**
 * A two as faces.ts reports it: two pips on the diagonal of a grid of `step` at (x, y), with its
 * confidence and its side, `sideSteps` steps (faces.ts reckons 4.2 for pips of radius 3).
 */
export function twoFace(x: number, y: number, step: number, confidence = 1, sideSteps = 4.2): Face {
  return {
    pips: [pip(x - step, y - step), pip(x + step, y + step)],
    value: 2,
    centre: { x, y },
    u: { x: step, y: 0 },
    v: { x: 0, y: step },
    side: sideSteps * step,
    confidence,
    doubts: [],
  }
}
