// The letter A by its layout, in any font: a narrow apex at the top, centred over two feet
// standing apart at the bottom, the ink widening from the one to the other. German and other
// decks print the A in a high-contrast serif font whose thin left leg and crossbar fade to grey
// at index size; the print mask keeps only the thick stroke, and no template fits what is left.
// The layout is read on the fainter print round the rank line, where the thin strokes still show.
// A Т or a Д has a bar across its top, a 4 a single stem at its foot, a K a stem and an arm
// apart at its top: none of them has an apex.
import { growMask, type GrayImage } from '../raster.ts'
import { heightOf, type Box } from './box.ts'

/** The apex (the glyph's top sixth) is at most this share of the glyph's width at its feet. */
const APEX_WIDTH = 0.3
/** Halfway down, an A has widened from its apex but not yet reached its feet's width. */
const HALFWAY_WIDTH = [0.3, 0.85] as const
/** The apex stands over the feet's middle, within this share of their width. */
const APEX_OFFSET = 0.2
/** The feet stand apart: paper at least this share of their span wide right under the apex, … */
const FEET_GAP = 0.2
/** … in at least this share of the bottom rows. */
const FEET_ROWS = 0.5
/** An A is wide: its feet span at least this share of its height. */
const FEET_SPAN = 0.55

interface RowExtent {
  left: number
  right: number
}

/**
 * The A drawn in the rank line `line`, read on `ink` (0 paper … 1 the print's median) at
 * `faintLevel` and above: the print joined to the line's own, within the line's rows and up to
 * a height to its left (a thin leg lost from the print mask lies outside the line's box, on the
 * left in serif fonts) or half a height to its right. Its box when it is laid out as an A; null
 * when it is not.
 */
export function apexLayout(ink: GrayImage, line: Box, faintLevel: number): Box | null {
  const height = heightOf(line)
  if (height < 8) return null
  const minX = Math.max(0, Math.round(line.minX - height))
  const maxX = Math.min(ink.width - 1, Math.round(line.maxX + 0.5 * height))
  const w = maxX - minX + 1
  const joined = new Uint8Array(w * height)
  const inked = (x: number, y: number) => ink.data[y * ink.width + x]! >= faintLevel
  for (let y = line.minY; y <= line.maxY; y++)
    for (let x = line.minX; x <= line.maxX; x++) if (inked(x, y)) joined[(y - line.minY) * w + x - minX] = 1
  growMask(joined, w, height, (x, y) => inked(x + minX, y + line.minY))
  const isJoined = (x: number, y: number) => joined[(y - line.minY) * w + x - minX] === 1
  const extents: (RowExtent | null)[] = []
  for (let y = line.minY; y <= line.maxY; y++) {
    let left = -1
    let right = -1
    for (let x = minX; x <= maxX; x++)
      if (isJoined(x, y)) {
        if (left < 0) left = x
        right = x
      }
    extents.push(left < 0 ? null : { left, right })
  }
  const band = (from: number, to: number) => extents.slice(Math.round(from * (height - 1)), Math.round(to * (height - 1)) + 1)
  const union = (rows: (RowExtent | null)[]): RowExtent | null =>
    rows.reduce<RowExtent | null>(
      (sum, row) => (!row ? sum : !sum ? { ...row } : { left: Math.min(sum.left, row.left), right: Math.max(sum.right, row.right) }),
      null,
    )
  const widthOf = (extent: RowExtent) => extent.right - extent.left + 1

  const feetRows = band(0.85, 1)
  const feet = union(feetRows)
  const apex = union(band(0, 1 / 6))
  const halfway = union(band(0.45, 0.55))
  const whole = union(extents)
  if (!feet || !apex || !halfway || !whole) return null
  const span = widthOf(feet)
  if (span < FEET_SPAN * height) return null
  if (widthOf(apex) > APEX_WIDTH * span) return null
  if (Math.abs((apex.left + apex.right) / 2 - (feet.left + feet.right) / 2) > APEX_OFFSET * span) return null
  const halfwayShare = widthOf(halfway) / span
  if (halfwayShare < HALFWAY_WIDTH[0] || halfwayShare > HALFWAY_WIDTH[1]) return null
  // Two feet: paper between them right under the apex, in most bottom rows.
  const underApex = Math.round((apex.left + apex.right) / 2)
  const apart = feetRows.filter((row, i) => {
    const y = line.minY + Math.round(0.85 * (height - 1)) + i
    if (!row || isJoined(underApex, y)) return false
    let left = underApex
    while (left > feet.left && !isJoined(left - 1, y)) left--
    let right = underApex
    while (right < feet.right && !isJoined(right + 1, y)) right++
    return left > feet.left && right < feet.right && right - left + 1 >= FEET_GAP * span
  })
  if (apart.length < FEET_ROWS * feetRows.length) return null
  return { minX: whole.left, minY: line.minY, maxX: whole.right, maxY: line.maxY }
}
