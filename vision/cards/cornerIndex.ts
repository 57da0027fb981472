// The corner index of an upright card: the rank (one or two glyphs on one line) with the
// suit symbol under it — or, on a joker, the word JOKER written downwards. Found as ink
// blobs in the card's top-left corner; everything is measured on the 200 × 280 rectified card.
import {
  connectedComponents,
  createGrayImage,
  growMask,
  homographyFromPoints,
  otsuThreshold,
  rectangle,
  warpPerspective,
  type Point,
  type Component,
  type GrayImage,
  type RgbaImage,
} from '../raster.ts'
import { boxOf, heightOf, widthOf, type Box } from './box.ts'
import { CARD_HEIGHT, CARD_MARGIN, CARD_WIDTH, printWhiteness } from './findCards.ts'
import { TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from './templateSize.ts'
import { FAINT_PRINT, HAIRLINE_PRINT, readTen, type TenReading } from './ten.ts'
import { apexLayout } from './apex.ts'

/** Where indices are printed: the left quarter of the card, the upper 45 % (plus the margin round the card). */
const REGION_WIDTH = Math.round(CARD_WIDTH * 0.28)
const REGION_HEIGHT = Math.round(CARD_HEIGHT * 0.47)

export type { Box }

export interface IndexGlyph {
  box: Box
  /** The glyph reduced to the template grid, 0 = paper … 1 = ink. */
  ink: Float32Array
  /** Width / height of the ink box. */
  aspect: number
}

export interface CornerIndex {
  rank: IndexGlyph
  suit: IndexGlyph | null
  /** How red the index print is against the card's paper: ≈ 0 black, ≈ 0.8–1 red (see printRedness()). */
  suitRedness: number
  /** Glyphs stacked in the index column, the rank first: five or more spell JOKER. */
  column: IndexGlyph[]
  /** The rank glyphs as dark ink on white, cropped with a margin, for OCR. */
  rankCrop: GrayImage
  /**
   * The rank line is a "10" by its layout, a narrow bar and a ring side by side, however narrow
   * the font (ten.ts); null when it is not.
   */
  ten: TenReading | null
  /** The rank line is laid out as an A, read on its faint print too (apex.ts): its thin strokes may be lost from the mask, not from the rank's box. */
  apex: boolean
}

/**
 * Averages ink over the box into the template grid — the same reduction the template
 * generator applies to rendered glyphs (scripts/make-card-fixtures.ts).
 */
export function reduceToTemplate(ink: GrayImage, box: Box): Float32Array {
  const out = new Float32Array(TEMPLATE_WIDTH * TEMPLATE_HEIGHT)
  const boxWidth = widthOf(box)
  const boxHeight = heightOf(box)
  for (let ty = 0; ty < TEMPLATE_HEIGHT; ty++)
    for (let tx = 0; tx < TEMPLATE_WIDTH; tx++) {
      const x0 = box.minX + (tx * boxWidth) / TEMPLATE_WIDTH
      const x1 = box.minX + ((tx + 1) * boxWidth) / TEMPLATE_WIDTH
      const y0 = box.minY + (ty * boxHeight) / TEMPLATE_HEIGHT
      const y1 = box.minY + ((ty + 1) * boxHeight) / TEMPLATE_HEIGHT
      let sum = 0
      let count = 0
      for (let y = Math.floor(y0); y < Math.ceil(y1); y++)
        for (let x = Math.floor(x0); x < Math.ceil(x1); x++) {
          sum += ink.data[y * ink.width + x] ?? 0
          count++
        }
      out[ty * TEMPLATE_WIDTH + tx] = sum / Math.max(1, count)
    }
  return out
}

const grown = (box: Box, by: number): Box => ({ minX: box.minX - by, minY: box.minY - by, maxX: box.maxX + by, maxY: box.maxY + by })

export function glyphOf(ink: GrayImage, box: Box): IndexGlyph {
  return { box, ink: reduceToTemplate(ink, box), aspect: widthOf(box) / heightOf(box) }
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0) + 1)
}

function percentile(levels: Float32Array, fraction: number): number {
  if (levels.length === 0) return 0
  // The levels are whole bytes (a channel's value): counted, not sorted.
  const counts = new Int32Array(256)
  for (let p = 0; p < levels.length; p++) counts[levels[p]!]!++
  const rank = Math.min(levels.length - 1, Math.floor(fraction * levels.length))
  let below = 0
  for (let level = 0; level < 256; level++) {
    below += counts[level]!
    if (below > rank) return level
  }
  return 255
}

/** Print at least this dark, as a share of the way from paper to the print's own median, is ink when it touches ink. */
const FAINT_INK = 0.5

/**
 * Hysteresis: the mask grows into fainter print next to it. Otsu's cut sits wherever the
 * region's darkest large part puts it (a face card's coloured picture, the table past the
 * corner), and a thin stroke blurred to grey — a spade's stem, the bar of a 1 — falls below it;
 * cut off, the spade looks like a club. Print judged against the card's own paper and ink keeps it.
 */
function growIntoFaintInk(gray: GrayImage, mask: Uint8Array, level: number): void {
  const { width, height, data } = gray
  growMask(mask, width, height, (x, y) => data[y * width + x]! < level)
}

/** The corner region as darkness, the print mask, and ink (0–1) relative to this card's own paper and print. */
function cornerInk(card: RgbaImage): { ink: GrayImage; mask: Uint8Array } {
  // The darkest channel, not luma: paper is grey in every channel, black print dark in all,
  // and red print dark in green and blue — a faded red index gains twice the contrast. Only
  // the channels the paper is bright in (printWhiteness): under a colour cast the paper's dark
  // channel shows noise, not print.
  const white = printWhiteness(card, 0, 0, REGION_WIDTH - 1, REGION_HEIGHT - 1)
  const gray = createGrayImage(REGION_WIDTH, REGION_HEIGHT)
  for (let y = 0; y < REGION_HEIGHT; y++) for (let x = 0; x < REGION_WIDTH; x++) gray.data[y * REGION_WIDTH + x] = white.data[y * card.width + x]!
  const paper = percentile(gray.data, 0.9)
  // Otsu splits print from paper; the cap keeps a corner with little print from calling paper grain ink.
  const level = Math.min(otsuThreshold(gray.data), paper * 0.8)
  const mask = new Uint8Array(gray.data.length)
  // The print's levels in a typed array: its numeric sort is several times a comparator's.
  const printed = new Float32Array(gray.data.length)
  let count = 0
  for (let p = 0; p < mask.length; p++)
    if (gray.data[p]! < level) {
      mask[p] = 1
      printed[count++] = gray.data[p]!
    }
  const print = printed.subarray(0, count).sort()[Math.floor(count / 2)] ?? 0
  growIntoFaintInk(gray, mask, paper - FAINT_INK * (paper - print))
  const ink = createGrayImage(REGION_WIDTH, REGION_HEIGHT)
  for (let p = 0; p < ink.data.length; p++)
    ink.data[p] = Math.min(1, Math.max(0, (paper - gray.data[p]!) / Math.max(1, paper - print)))
  return { ink, mask }
}

function markMembers(into: Uint8Array, labels: Int32Array, label: number): void {
  for (let p = 0; p < labels.length; p++) if (labels[p] === label) into[p] = 1
}

/**
 * How red the index print is, judged against this card's own paper: each channel of the print
 * divided by the paper's (so a warm lamp or a blue shadow cancels out), then the red channel's
 * lead over the green one as a share of the print's darkness. Mixing print with paper — blur, a
 * small index, JPEG — scales lead and darkness alike, so the share holds: ≈ 0 for black print,
 * ≈ 0.8–1 for red. Rank and suit are printed in one colour, so both count.
 * Green, not the darker of green and blue: red ink is ink that darkens green, and not every
 * red darkens blue as much (a deep maroon with a touch of purple, a webcam's red whose JPEG
 * lightened its blue): the darker of the two let the lighter blue decide, and a maroon came
 * out barely redder than black. Black print under a warm light has blue as its darker channel
 * (the two leads are one); under a cool light both leads are below nought.
 */
export function printRedness(card: RgbaImage, ink: GrayImage, printed: Uint8Array): number {
  const paper = [0, 0, 0]
  let paperCount = 0
  for (let p = 0; p < ink.data.length; p++) {
    if (ink.data[p]! > 0.05) continue
    const x = p % ink.width
    const i = ((p - x) / ink.width) * card.width * 4 + x * 4
    for (let c = 0; c < 3; c++) paper[c]! += card.data[i + c]!
    paperCount++
  }
  if (paperCount === 0) return 0
  const [pr, pg, pb] = paper.map((sum) => Math.max(1, sum / paperCount)) as [number, number, number]
  let lead = 0
  let darkness = 0
  for (let p = 0; p < printed.length; p++) {
    if (!printed[p] || ink.data[p]! < 0.4) continue
    const x = p % ink.width
    const i = ((p - x) / ink.width) * card.width * 4 + x * 4
    const r = Math.min(1, card.data[i]! / pr)
    const g = Math.min(1, card.data[i + 1]! / pg)
    const b = Math.min(1, card.data[i + 2]! / pb)
    lead += r - g
    darkness += 1 - Math.min(r, g, b)
  }
  return darkness > 0 ? lead / darkness : 0
}

/** Width / height below which a glyph is an upright bar: the '1' of a '10' (serifs and flag included). */
const BAR_ASPECT = 0.55
/** A '10' is at most this wide for its height (wide fonts print it ≈ 1.4). */
const TEN_WIDTH = 1.8

/** A stroke thinner than this share of the rank line's height (its area over its length) is a hairline, not print. */
const HAIRLINE = 0.12

function isBar(c: Component): boolean {
  return (c.maxX - c.minX + 1) / (c.maxY - c.minY + 1) < BAR_ASPECT
}

/** Whether a blob is a hairline for a rank line `lineHeight` tall: a frame's line, not a glyph's stroke. */
function isHairline(c: Component, lineHeight: number): boolean {
  return c.area / Math.max(c.maxX - c.minX + 1, c.maxY - c.minY + 1) < HAIRLINE * lineHeight
}

/**
 * Dark print on white with a margin, the way tesseract reads best; with `keep`, only the print
 * within those boxes (a carved "0" leaves out the pip it ran into).
 */
function cropForOcr(ink: GrayImage, box: Box, keep?: readonly Box[]): GrayImage {
  const margin = Math.round(heightOf(box) * 0.35)
  const width = widthOf(box) + 2 * margin
  const height = heightOf(box) + 2 * margin
  const crop = createGrayImage(width, height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = box.minX - margin + x
      const sy = box.minY - margin + y
      const inside = sx >= 0 && sy >= 0 && sx < ink.width && sy < ink.height
      const kept = !keep || keep.some((b) => sx >= b.minX && sx <= b.maxX && sy >= b.minY && sy <= b.maxY)
      crop.data[y * width + x] = inside && kept ? 255 * (1 - ink.data[sy * ink.width + sx]!) : 255
    }
  return crop
}

/** The stricter second cut: print at least this dark (0 paper … 1 the print's median). */
export const CORE_INK = 0.75

/**
 * The corner region of a card seen in `frame` (its corners in the photo, top-left first, the
 * card's margin included): the top left of the card rectified, and nothing more — all that
 * findCornerIndex reads. A tenth of the work of rectifying the whole card.
 */
export function cornerRegion(photo: RgbaImage, frame: readonly Point[]): RgbaImage | null {
  try {
    return warpPerspective(photo, homographyFromPoints(rectangle(CARD_WIDTH, CARD_HEIGHT), frame), REGION_WIDTH, REGION_HEIGHT)
  } catch {
    return null // a degenerate frame
  }
}

/**
 * Reads the index layout of the card's top-left corner; null when no index is found there.
 * Blur or a small index can fuse the suit with a pip or the card's edge beside it, and the
 * suit is lost; then the corner is read once more cut at the print's darker core only, where
 * the fused shapes part.
 */
export function findCornerIndex(card: RgbaImage): CornerIndex | null {
  const inked = cornerInk(card)
  const index = indexFromInk(card, inked)
  if (index?.suit) return index
  const mask = new Uint8Array(inked.mask.length)
  for (let p = 0; p < mask.length; p++) mask[p] = inked.ink.data[p]! >= CORE_INK ? 1 : 0
  const core = indexFromInk(card, { ...inked, mask })
  return core?.suit ? core : index
}

function indexFromInk(card: RgbaImage, { ink, mask }: ReturnType<typeof cornerInk>): CornerIndex | null {
  const { labels, components } = connectedComponents(mask, REGION_WIDTH, REGION_HEIGHT, 8)
  const minimumHeight = CARD_HEIGHT * 0.03
  // Blobs on the region's top or left edge are the table showing past the card's round corner.
  const blobs = components.filter((c) => c.minX > 0 && c.minY > 0 && c.area >= 6)
  // Index glyphs are small and lie wholly inside the region; a face card's picture frame, or a
  // large pip running into it, reaches past the region or is far taller than print. A jumbo
  // (wide) index prints its rank up to about 0.18 of the card's height: taller than that is no print.
  const glyphs = blobs.filter(
    (c) =>
      c.maxY - c.minY + 1 >= minimumHeight &&
      c.maxY - c.minY + 1 <= CARD_HEIGHT * 0.2 &&
      c.maxX - c.minX + 1 <= CARD_WIDTH * 0.2 &&
      c.maxX < REGION_WIDTH - 1 &&
      c.maxY < REGION_HEIGHT - 1 &&
      c.minX < CARD_WIDTH * (0.15 + CARD_MARGIN),
  )
  if (glyphs.length === 0) return null
  const first = glyphs.reduce((a, b) => (b.minY < a.minY ? b : a))
  const firstHeight = first.maxY - first.minY + 1

  // The rank line: glyphs beside the first one on either side ('10'), then fragments of
  // those glyphs (a thin stroke broken off by blur) that start within or above the line.
  // A '10' is the only rank printed as more than one glyph, so a line of several holds its
  // '1', a narrow bar, and is no wider than a '10': a large pip printed right beside a face
  // card's letter (German and many other decks) is as tall as the letter and must not join it.
  const line = [first]
  let growing = true
  while (growing) {
    growing = false
    const box = boxOf(line)
    for (const c of glyphs) {
      if (line.includes(c)) continue
      const shared = overlap(c.minY, c.maxY, first.minY, first.maxY)
      const gap = Math.max(c.minX - box.maxX, box.minX - c.maxX)
      const height = c.maxY - c.minY + 1
      const alike = height > firstHeight * 0.75 && height < firstHeight * 1.33
      const lineWidth = Math.max(box.maxX, c.maxX) - Math.min(box.minX, c.minX) + 1
      const tenLike = (isBar(c) || line.some(isBar)) && lineWidth <= TEN_WIDTH * firstHeight
      if (alike && tenLike && shared >= 0.6 * Math.min(firstHeight, height) && gap <= firstHeight * 0.4) {
        line.push(c)
        growing = true
      }
    }
  }
  const faint = new Uint8Array(mask.length)
  const hairline = new Uint8Array(mask.length)
  for (let p = 0; p < mask.length; p++) {
    faint[p] = mask[p] || ink.data[p]! >= FAINT_PRINT ? 1 : 0
    hairline[p] = mask[p] || ink.data[p]! >= HAIRLINE_PRINT ? 1 : 0
  }
  // Which print, however faint, each blob belongs to: a thin red letter's strokes (a K's arm
  // and leg) part from its stem in the mask and stay joined by grey.
  const faintLabels = connectedComponents(faint, REGION_WIDTH, REGION_HEIGHT, 8).labels
  const faintOf = new Map<number, number>()
  for (let p = 0; p < labels.length; p++) if (labels[p] && !faintOf.has(labels[p]!)) faintOf.set(labels[p]!, faintLabels[p]!)
  for (growing = true; growing; ) {
    growing = false
    const box = boxOf(line)
    const lineHeight = heightOf(box)
    const lineArea = line.reduce((sum, c) => sum + c.area, 0)
    const lineFaint = new Set(line.map((c) => faintOf.get(c.label)))
    for (const c of blobs) {
      if (line.includes(c)) continue
      // A piece broken off a glyph is smaller than the glyph, and like the glyph lies wholly in
      // the region: a pip printed right beside a face card's letter, touching it in the photo,
      // is no fragment of it, nor is a frame line drawn on past the region. Reaching above the
      // line, only a solid stroke (the flag of a 5 broken off by blur), never a hairline (the
      // corner of a frame drawn round the picture, above the index, a pixel or two off the letter).
      const reachesAbove = c.minY < box.minY - 0.1 * lineHeight
      const hairline = isHairline(c, lineHeight)
      const besideOrAbove =
        overlap(c.minX, c.maxX, box.minX, box.maxX) > 0 &&
        c.minY < box.maxY - 0.3 * lineHeight &&
        c.area < lineArea &&
        c.maxX < REGION_WIDTH - 1 &&
        c.maxY < REGION_HEIGHT - 1 &&
        !(reachesAbove && hairline)
      // Print joined to the line's by faint grey, within the line's rows, smaller than the line (no pip beside it).
      const faintlyJoined =
        lineFaint.has(faintOf.get(c.label)) &&
        c.minY >= box.minY - 0.1 * lineHeight &&
        c.maxY <= box.maxY + 0.1 * lineHeight &&
        c.area < lineArea &&
        c.maxX < REGION_WIDTH - 1
      if ((besideOrAbove && c.maxY <= box.maxY + 0.25 * lineHeight) || faintlyJoined) {
        line.push(c)
        growing = true
      }
    }
  }
  const ten = readTen(line, { labels, width: REGION_WIDTH, faint }, hairline)
  // An A whose hairlines faded is only its thick stroke in the mask: its box is the whole letter, as far as its faint print goes.
  const apex = ten ? null : apexLayout(ink, boxOf(line), HAIRLINE_PRINT)
  const lineBox = ten?.shape === 'carved' ? boxOf([...line, ten.zero]) : apex ? boxOf([...line, apex]) : boxOf(line)

  // The column below: the suit symbol, or on a joker the letters O, K, E, R. Searched in a strip
  // under the rank line only, so a large pip or a picture frame beside the index, touching the
  // symbol in a blurred photo, is cut away from it.
  const lineCentre = (lineBox.minX + lineBox.maxX) / 2
  const lineWidth = lineBox.maxX - lineBox.minX + 1
  const stripLeft = Math.max(0, Math.round(lineBox.minX - firstHeight * 0.5))
  const stripRight = Math.min(REGION_WIDTH - 1, Math.round(lineBox.maxX + firstHeight * 0.5))
  const strip = new Uint8Array(mask.length)
  for (let y = lineBox.maxY - 1; y < REGION_HEIGHT; y++)
    for (let x = stripLeft; x <= stripRight; x++) strip[y * REGION_WIDTH + x] = mask[y * REGION_WIDTH + x]!
  const { labels: stripLabels, components: stripComponents } = connectedComponents(strip, REGION_WIDTH, REGION_HEIGHT, 8)
  // A blob cut by the strip's sides is part of something larger (a pip, the card's edge).
  const stripBlobs = stripComponents.filter(
    (c) =>
      c.area >= 6 &&
      c.minX > stripLeft &&
      c.maxX < stripRight &&
      c.maxY < REGION_HEIGHT - 1 &&
      c.maxY - c.minY + 1 <= firstHeight * 1.3,
  )
  const column: Component[][] = []
  let previousBottom = lineBox.maxY
  for (;;) {
    // A hairline is no symbol nor letter (a piece of one, a spade's thin stem broken off by blur,
    // joins it below): it is the frame round a court card's picture, drawn close beside the
    // index, whose upright side starts just below the rank line and, taken for the suit, hid the
    // symbol printed under the rank (a club read as a spade, a heart as a diamond).
    const below = stripBlobs
      .filter(
        (c) =>
          !isHairline(c, heightOf(lineBox)) &&
          c.minY > previousBottom - 2 &&
          c.minY < previousBottom + firstHeight * 1.2 &&
          Math.abs((c.minX + c.maxX) / 2 - lineCentre) < lineWidth * 0.5 + firstHeight * 0.4 &&
          c.maxY - c.minY + 1 >= firstHeight * 0.35,
      )
      .sort((a, b) => a.minY - b.minY)
    const next = below[0]
    if (!next) break
    const pieces = stripBlobs.filter(
      (c) => c === next || (c.minY >= next.minY - 1 && c.maxY <= next.maxY + 1 && c.minX >= next.minX - 1 && c.maxX <= next.maxX + 1),
    )
    column.push(pieces)
    previousBottom = next.maxY
    if (column.length > 5) break
  }
  const suitPieces = column[0] ?? null
  const printed = new Uint8Array(mask.length)
  for (const c of line) markMembers(printed, labels, c.label)
  if (suitPieces) for (const c of suitPieces) markMembers(printed, stripLabels, c.label)
  return {
    rank: glyphOf(ink, lineBox),
    suit: suitPieces ? glyphOf(ink, boxOf(suitPieces)) : null,
    suitRedness: printRedness(card, ink, printed),
    column: [glyphOf(ink, lineBox), ...column.map((pieces) => glyphOf(ink, boxOf(pieces)))],
    // An A's faint leg shows within the crop's margin; cut round the whole letter, the crop's
    // wider margin takes in more of what lies round the index, and tesseract reads the A far less surely.
    rankCrop: cropForOcr(ink, apex ? boxOf(line) : lineBox, ten?.shape === 'carved' ? [boxOf(line), ten.zero] : [grown(lineBox, 1)]),
    ten,
    apex: apex !== null,
  }
}
