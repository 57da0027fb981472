// The "10", the one rank printed as two glyphs: a "1", a narrow upright bar, and a "0", a ring
// round one tall counter, side by side and of one height. That layout holds in any font,
// however narrow (where the whole line looks more like a В or a 9 than like the templates'
// wide "10"), so it is looked for as such: cornerIndex.ts finds the rank line, this says
// whether it is a ten.
import { connectedComponents, type Component } from '../raster.ts'
import { boxOf, heightOf, widthOf, type Box } from './box.ts'

/** The print of a card's corner region, as cornerIndex.ts cut it. */
export interface CornerPrint {
  /** Labels of the print mask's 8-connected components, row by row, `width` pixels across. */
  labels: Int32Array
  width: number
  /**
   * Print however faint (ink ≥ FAINT_PRINT, or in the mask): the thin top of a "0" blurred to
   * grey falls below the mask's cut, yet still closes the counter.
   */
  faint: Uint8Array
}

/** Ink (0 paper … 1 the print's median) that still closes a counter. */
export const FAINT_PRINT = 0.3
/**
 * Ink that closes a counter only as a hairline: a high-contrast serif font's "0" is two thick
 * arcs joined by a top and a bottom thinner than a pixel of the rectified card, grey at best.
 * So faint is also paper's own shading, so a "10" seen so must be confirmed by tesseract.
 */
export const HAIRLINE_PRINT = 0.15

/**
 * A ten as seen: both glyphs drawn apart or touching at a point ('drawn'); its "0" closed only by
 * hairline print ('hairline', to be confirmed surely by tesseract); or its "0" fused with a large
 * pip beside it and carved out of it round its counter ('carved': the "0" is a guess at where
 * the pip begins, so the reading must be confirmed by tesseract).
 */
export type TenReading = { shape: 'drawn' } | { shape: 'hairline' } | { shape: 'carved'; zero: Box }

/** Width / height below which a glyph is the "1" of a "10" (serifs and flag included). */
const ONE_ASPECT = 0.5
/** The "0" is at least this wide for its height (the narrowest fonts' oval). */
const ZERO_ASPECT = 0.35
/** The "1" and the "0" are of one height, within this ratio either way. */
const SAME_HEIGHT = 1.25
/** A "1" touching its "0" (tight print, blur) joins them at a point: the cut column carries at most this share of the line's height. */
const TOUCH_INK = 0.2

type Inside = (x: number, y: number) => boolean

interface Counter {
  box: Box
  area: number
}

/**
 * The background regions that `inside` encloses within `box` (4-connected, one pixel of open
 * background assumed round the box): the counters of the glyph drawn there.
 */
function countersOf(inside: Inside, box: Box): Counter[] {
  const w = widthOf(box) + 2
  const h = heightOf(box) + 2
  const open = new Uint8Array(w * h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      open[y * w + x] = x >= 1 && y >= 1 && x <= w - 2 && y <= h - 2 && inside(box.minX + x - 1, box.minY + y - 1) ? 0 : 1
  const { labels, components } = connectedComponents(open, w, h, 4)
  // The region holding the open margin is the outside; every other one is closed by ink.
  const outside = labels[0]
  return components
    .filter((c) => c.label !== outside)
    .map((c) => ({
      box: { minX: box.minX + c.minX - 1, minY: box.minY + c.minY - 1, maxX: box.minX + c.maxX - 1, maxY: box.minY + c.maxY - 1 },
      area: c.area,
    }))
    .sort((a, b) => b.area - a.area)
}

/**
 * A "0" in `box`: one counter, tall (≥ 40 % of the glyph) and about halfway down, that fills a
 * fair share of the box (≥ 15 %). An 8 or a B holds two small counters one above the other,
 * a 6 or a 9 one off the middle, a D's bowl broken from its stem none.
 */
function holdsZero(inside: Inside, box: Box): boolean {
  // Looked for a pixel beyond the box, where the faint print round it may still close it.
  const counter = countersOf(inside, { minX: box.minX - 1, minY: box.minY - 1, maxX: box.maxX + 1, maxY: box.maxY + 1 })[0]
  if (!counter) return false
  const height = heightOf(box)
  const middle = (counter.box.minY + counter.box.maxY) / 2 - (box.minY + box.maxY) / 2
  return heightOf(counter.box) >= 0.4 * height && Math.abs(middle) <= 0.2 * height && counter.area > 0.15 * widthOf(box) * height
}

function members(line: readonly Component[], print: CornerPrint): Inside {
  const labels = new Set(line.map((c) => c.label))
  return (x, y) => x >= 0 && y >= 0 && x < print.width && labels.has(print.labels[y * print.width + x]!)
}

function faintAt(print: CornerPrint): Inside {
  return (x, y) => x >= 0 && y >= 0 && x < print.width && print.faint[y * print.width + x] === 1
}

/** A "1" and a "0" of one height, given their boxes; `zeroInside` draws the "0" for its counter. */
function oneAndZero(one: Box, zero: Box, zeroInside: Inside): boolean {
  const heights = heightOf(one) / heightOf(zero)
  return (
    heights > 1 / SAME_HEIGHT &&
    heights < SAME_HEIGHT &&
    widthOf(one) / heightOf(one) < ONE_ASPECT &&
    widthOf(zero) / heightOf(zero) > ZERO_ASPECT &&
    holdsZero(zeroInside, zero)
  )
}

/**
 * Glyphs apart: the leftmost (with whatever overlaps it across, a broken serif) is the "1", all
 * the rest the "0" — which blur may break in two at its thin top and bottom, closed again by
 * its faint print.
 */
function tenApart(line: readonly Component[], print: CornerPrint): boolean {
  const one = leftmost(line)
  const zero = line.filter((c) => !one.includes(c))
  if (zero.length === 0) return false
  const inZero = members(zero, print)
  const faint = faintAt(print)
  return oneAndZero(boxOf(one), boxOf(zero), (x, y) => inZero(x, y) || faint(x, y))
}

/**
 * A "10" printed as one blob, its "1" touching its "0": cut at the thinnest column of the line's
 * left half, the left part must be a narrow bar as tall as the line and the right part a glyph
 * of the same height round a closed counter. (An A or a K cut so leaves no such pair.)
 */
function tenTouching(line: readonly Component[], print: CornerPrint): boolean {
  const box = boxOf(line)
  const height = heightOf(box)
  if (widthOf(box) / height < 0.7) return false
  const inGlyphs = members(line, print)
  const inLine = (x: number, y: number) => x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY && inGlyphs(x, y)
  const columnInk = (x: number) => {
    let count = 0
    for (let y = box.minY; y <= box.maxY; y++) if (inLine(x, y)) count++
    return count
  }
  let cut = -1
  for (let x = box.minX + Math.round(widthOf(box) * 0.15); x <= box.minX + Math.round(widthOf(box) * 0.55); x++)
    if (cut < 0 || columnInk(x) < columnInk(cut)) cut = x
  if (cut < 0 || columnInk(cut) > height * TOUCH_INK) return false
  const partBox = (minX: number, maxX: number): Box | null => {
    let found: Box | null = null
    for (let x = minX; x <= maxX; x++)
      for (let y = box.minY; y <= box.maxY; y++)
        if (inLine(x, y)) found = found ? boxOf([found, { minX: x, minY: y, maxX: x, maxY: y }]) : { minX: x, minY: y, maxX: x, maxY: y }
    return found
  }
  const one = partBox(box.minX, cut - 1)
  const zero = partBox(cut + 1, box.maxX)
  if (!one || !zero || heightOf(one) < height * 0.85) return false
  const faint = faintAt(print)
  return oneAndZero(one, zero, (x, y) => x > cut && (inLine(x, y) || faint(x, y)))
}

/**
 * A lone "1" whose "0" has run into the large pip printed right beside it (German and many
 * other decks), so the "0" is no glyph of its own: it is found by its counter, a tall hole
 * in the print just right of the bar, about halfway down it. The ring round the counter is as
 * wide on the right as on the left, where it shows; as tall as the bar. Returns the "0"'s box.
 */
function zeroBesideBar(bar: Box, print: CornerPrint): Box | null {
  const height = heightOf(bar)
  const regionHeight = print.faint.length / print.width
  const faint = faintAt(print)
  const window: Box = {
    minX: bar.maxX + 1,
    minY: Math.max(0, Math.round(bar.minY - 0.25 * height)),
    maxX: Math.min(print.width - 1, Math.round(bar.maxX + 1.3 * height)),
    maxY: Math.min(regionHeight - 1, Math.round(bar.maxY + 0.25 * height)),
  }
  if (window.maxX <= window.minX) return null
  const middle = (bar.minY + bar.maxY) / 2
  const counter = countersOf(faint, window)
    .filter(
      ({ box }) =>
        heightOf(box) >= 0.4 * height &&
        heightOf(box) < height &&
        widthOf(box) >= 0.1 * height &&
        widthOf(box) <= 0.7 * height &&
        Math.abs((box.minY + box.maxY) / 2 - middle) <= 0.2 * height &&
        box.minX - bar.maxX <= 0.7 * height,
    )
    .sort((a, b) => a.box.minX - b.box.minX)[0]
  if (!counter) return null
  // The ring's strokes, measured through the counter's middle: left (clear of the "1"), top, bottom.
  const cx = Math.round((counter.box.minX + counter.box.maxX) / 2)
  const cy = Math.round((counter.box.minY + counter.box.maxY) / 2)
  // (The "1"'s foot serif may reach under the "0": paper between them is looked for on the counter's row only.)
  let left = counter.box.minX
  while (left - 1 > bar.minX && faint(left - 1, cy)) left--
  let top = counter.box.minY
  while (top - 1 >= 0 && faint(cx, top - 1)) top--
  let bottom = counter.box.maxY
  while (bottom + 1 < regionHeight && faint(cx, bottom + 1)) bottom++
  const side = counter.box.minX - left
  if (side === 0 || side > 0.35 * height || left - 1 <= bar.minX || top === counter.box.minY || bottom === counter.box.maxY) return null
  const zero: Box = { minX: left, minY: top, maxX: Math.min(print.width - 1, counter.box.maxX + side), maxY: bottom }
  const heights = heightOf(bar) / heightOf(zero)
  const zeroAspect = widthOf(zero) / heightOf(zero)
  if (heights <= 1 / SAME_HEIGHT || heights >= SAME_HEIGHT || zeroAspect <= ZERO_ASPECT || zeroAspect > 1.1) return null
  return widthOf(bar) / height < ONE_ASPECT ? zero : null
}

/** The leftmost glyph of the line, with whatever overlaps it across (a broken serif). */
function leftmost(line: readonly Component[]): Component[] {
  const one: Component[] = []
  for (const c of [...line].sort((a, b) => a.minX - b.minX)) if (one.length === 0 || c.minX <= boxOf(one).maxX) one.push(c)
  return one
}

/**
 * Whether the rank line is a "10", and how it was seen; null when it is not. A "0" is carved
 * beside the line's "1" when the line holds no whole one: the "1" alone, or with the part of
 * the "0" that the pip did not take.
 */
export function readTen(line: readonly Component[], print: CornerPrint, hairline: Uint8Array): TenReading | null {
  if (tenApart(line, print) || tenTouching(line, print)) return { shape: 'drawn' }
  const closedByHairlines = { ...print, faint: hairline }
  if (tenApart(line, closedByHairlines) || tenTouching(line, closedByHairlines)) return { shape: 'hairline' }
  const bar = boxOf(leftmost(line))
  if (widthOf(bar) / heightOf(bar) >= ONE_ASPECT) return null
  const zero = zeroBesideBar(bar, print)
  return zero ? { shape: 'carved', zero } : null
}
