// Suit symbols of other designs than the fixtures' fonts, drawn in code: a club of three round
// leaves on a stem, and a spade (a heart upside down on a stem). Coordinates: x across and y
// down, both −1 … 1 over the symbol's box.
import { type RgbaImage } from '../../vision/raster.ts'
import { cloth, PAPER, type Colour } from './cardScenes.ts'

export type SuitShape = (x: number, y: number) => boolean

const inCircle = (x: number, y: number, cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r
/** A stem from `top` to the symbol's foot, widening from `topHalf` to `footHalf` either side. */
const inStem = (x: number, y: number, top: number, topHalf: number, footHalf: number) =>
  y >= top && y <= 0.95 && Math.abs(x) <= topHalf + ((y - top) / (0.95 - top)) * (footHalf - topHalf)

/** Three round leaves, the side ones overlapping the top one, on a stem. */
export const roundClub: SuitShape = (x, y) =>
  inCircle(x, y, 0, -0.5, 0.42) || inCircle(x, y, -0.5, 0.12, 0.42) || inCircle(x, y, 0.5, 0.12, 0.42) || inStem(x, y, 0, 0.1, 0.35)

/**
 * A club of some French decks: a tall top leaf whose sides run straight down to where the side
 * leaves stand out from it, with no waist under it; the fixtures' club fonts fit it worse than
 * their spade.
 */
export const tallLeafClub: SuitShape = (x, y) =>
  (x / 0.36) ** 2 + ((y + 0.45) / 0.55) ** 2 <= 1 || inCircle(x, y, -0.5, 0.15, 0.45) || inCircle(x, y, 0.5, 0.15, 0.45) || inStem(x, y, 0.3, 0.08, 0.35)

/** A broad spade: a point at the top, straight sides to two round lobes, a stem. */
export const broadSpade: SuitShape = (x, y) => {
  const side = (1 + y) * 0.93 / 1.05
  const body = y >= -1 && y <= 0.05 && Math.abs(x) <= side
  return body || inCircle(x, y, -0.45, 0.2, 0.5) || inCircle(x, y, 0.45, 0.2, 0.5) || inStem(x, y, 0.3, 0.08, 0.4)
}

/** The symbol reduced to a `width` × `height` ink map, as a glyph is (each cell the share of it inked). */
export function symbolInk(shape: SuitShape, width: number, height: number): Float32Array {
  const ink = new Float32Array(width * height)
  const samples = 8
  for (let ty = 0; ty < height; ty++)
    for (let tx = 0; tx < width; tx++) {
      let inked = 0
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++)
          if (shape(-1 + (2 * (tx + (sx + 0.5) / samples)) / width, -1 + (2 * (ty + (sy + 0.5) / samples)) / height)) inked++
      ink[ty * width + tx] = inked / samples ** 2
    }
  return ink
}

/**
 * A six of that suit lying upright on cloth, `width` pixels across: a "6" and the symbol in two
 * opposite corners, six large symbols between (the lower ones upside down), in `print`.
 */
export function sixOf(shape: SuitShape, width: number, print: Colour = [30, 30, 35]): RgbaImage {
  const photo = cloth(480, 400)
  const height = width * 1.4
  const centre = { x: 240, y: 200 }
  const pips: [number, number][] = [[0.32, 0.2], [0.68, 0.2], [0.32, 0.5], [0.68, 0.5], [0.32, 0.8], [0.68, 0.8]]
  // u across, v down the card, 0–1; a symbol `half` of the card's width wide either side, as tall as it is wide.
  const symbolAt = (u: number, v: number, pu: number, pv: number, half: number) => shape((u - pu) / half, ((v - pv) * 1.4) / half)
  const printed = (u: number, v: number) => {
    const ring = Math.hypot((u - 0.1) / 0.04, (v - 0.12) / 0.045)
    const six = (ring <= 1 && ring >= 0.55) || (Math.abs(u - 0.075) <= 0.012 && v >= 0.05 && v <= 0.12)
    // The lower half's pips are printed upside down, as on a real card.
    const pipAt = ([pu, pv]: [number, number]) => (pv > 0.5 ? symbolAt(1 - u, 1 - v, 1 - pu, 1 - pv, 0.08) : symbolAt(u, v, pu, pv, 0.08))
    return six || symbolAt(u, v, 0.1, 0.235, 0.045) || pips.some(pipAt)
  }
  for (let y = 0; y < photo.height; y++)
    for (let x = 0; x < photo.width; x++) {
      const across = x + 0.5 - centre.x
      const down = y + 0.5 - centre.y
      if (Math.abs(across) > width / 2 || Math.abs(down) > height / 2) continue
      const edge = Math.min(width / 2 - Math.abs(across), height / 2 - Math.abs(down))
      const u = across / width + 0.5
      const v = down / height + 0.5
      const colour: Colour = edge < 1.2 ? [150, 150, 148] : printed(u, v) || printed(1 - u, 1 - v) ? print : PAPER
      photo.data.set([...colour, 255], (y * photo.width + x) * 4)
    }
  return photo
}
