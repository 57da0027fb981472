// The second witness to a number card: its large suit pips in the card's middle. A 2–10 of
// French-suited decks prints as many pips as its rank, each one a suit symbol far larger than
// the corner index's, so where the index is a blur of 15 px the pips still show both the rank
// (their count) and the suit (their shape and colour). An ace shows a single symbol alone at
// the card's centre, which says the ace and its suit alike; a court card shows a picture, and
// says nothing this way.
import { connectedComponents, createGrayImage, otsuThreshold, type Component, type GrayImage, type RgbaImage } from '../raster.ts'
import { boxOf, heightOf, widthOf, type Box } from './box.ts'
import { CARD_MARGIN, printWhiteness } from './findCards.ts'
import { CORE_INK, glyphOf, printRedness } from './cornerIndex.ts'
import { classifySuit, type SuitReading } from '../suits.ts'
import type { Rank } from '../../engine/index.ts'

export interface PipReading {
  /** The rank the pips count, 2–10, or A for an ace's lone symbol. */
  rank: Rank
  /** The suit the upright pips' shapes and colour say. */
  suit: SuitReading
}

/**
 * The card's face less its border (a rectified outline a pixel or two off shows the table
 * there), as shares of the card (u across, v down); and the corners where the indices are
 * printed, whose print is no pip: every French-suited design measured keeps its pips' centres
 * further in than these.
 */
const FACE = { u0: 0.04, u1: 0.96, v0: 0.03, v1: 0.97 }
const INDEX_WIDTH = 0.17
const INDEX_HEIGHT = 0.3
/** Print cut by the face's border reaching this share of the card's width into the face covers part of it. */
const COVERED_DEPTH = 0.06
/** The largest pip is at least this share of the card's width across and its height down; an index suit is about half of it. */
const PIP_WIDTH = 0.06
const PIP_HEIGHT = 0.055
/** Nor larger than this: anything wider or taller is a picture (a court card's frame and figure, an ace's large ornament). */
const PIP_MAX_WIDTH = 0.3
const PIP_MAX_HEIGHT = 0.22
/** The pips of one card are one stamp: the largest's area is within this ratio of each one's. */
const SAME_SIZE = 1.6
/** Ink in the middle that belongs to no pip, as a share of the pips' own: a picture's lines and colours. */
const STRAY_INK = 0.25

/** The card spans the rectified image less its margin on every side. */
const GROW = 1 + 2 * CARD_MARGIN

/** A point of the rectified image as shares of the card (u across, v down). */
function cardPoint(card: RgbaImage, x: number, y: number): { u: number; v: number } {
  return { u: (x / card.width) * GROW - CARD_MARGIN, v: (y / card.height) * GROW - CARD_MARGIN }
}

/** A blob's centre as shares of the card. */
const centreOf = (card: RgbaImage, c: Component) => cardPoint(card, (c.minX + c.maxX) / 2, (c.minY + c.maxY) / 2)

/**
 * The print on the card's face (its border left out), as blobs, without the corner indices'
 * and without print cut by the face's border (it runs on past it: the table, where the outline
 * is a little off); with the darkness image, the paper's level and the face's bounds in pixels.
 * Cut at the print's `core` only, the print at least CORE_INK of the way from the paper to the
 * print's median.
 */
function middlePrint(card: RgbaImage, core = false) {
  const { width, height } = card
  const toX = (u: number) => Math.round(((u + CARD_MARGIN) / GROW) * width)
  const toY = (v: number) => Math.round(((v + CARD_MARGIN) / GROW) * height)
  const face = { x0: toX(FACE.u0), x1: toX(FACE.u1), y0: toY(FACE.v0), y1: toY(FACE.v1) }
  const { x0, x1, y0, y1 } = face
  // The darkest channel the face's paper is bright in (findCards' printWhiteness): red print is dark in green and blue, 255 = paper-white.
  const gray = printWhiteness(card, x0, y0, x1, y1)
  const levels = new Uint8Array((x1 - x0 + 1) * (y1 - y0 + 1))
  for (let y = y0, k = 0; y <= y1; y++) for (let x = x0; x <= x1; x++) levels[k++] = gray.data[y * width + x]!
  // The levels are whole bytes: counted, not sorted.
  const counts = new Int32Array(256)
  for (const level of levels) counts[level]!++
  let paper = 0
  for (let below = 0; paper < 255 && (below += counts[paper]!) <= levels.length * 0.9; ) paper++
  // Otsu splits print from paper; the cap keeps a face with little print from calling paper grain ink.
  const printLevel = Math.min(otsuThreshold(levels), paper * 0.8)
  const level = core ? paper - CORE_INK * (paper - printMedian(counts, printLevel)) : printLevel
  const mask = new Uint8Array(width * height)
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (gray.data[y * width + x]! < level) mask[y * width + x] = 1
  const { labels, components } = connectedComponents(mask, width, height, 8)
  const inIndex = (c: Component) => {
    const { u, v } = centreOf(card, c)
    return (u < INDEX_WIDTH && v < INDEX_HEIGHT) || (u > 1 - INDEX_WIDTH && v > 1 - INDEX_HEIGHT)
  }
  const cut = (c: Component) => c.minX <= x0 || c.maxX >= x1 || c.minY <= y0 || c.maxY >= y1
  const middle = components.filter((c) => !cut(c) && !inIndex(c))
  // The table shows along the border as a thin strip; print cut by the border that reaches a
  // pip's width in from every side it touches is something lying on the card, which may hide pips.
  const depth = COVERED_DEPTH * (width / GROW)
  const reach = (c: Component) =>
    Math.min(c.minX <= x0 ? c.maxX - x0 : Infinity, c.maxX >= x1 ? x1 - c.minX : Infinity, c.minY <= y0 ? c.maxY - y0 : Infinity, c.maxY >= y1 ? y1 - c.minY : Infinity)
  const covered = components.some((c) => cut(c) && !inIndex(c) && reach(c) > depth)
  return { gray, paper, labels, middle, face, covered }
}

/** The median of the levels darker than `level` (the print's), from the levels' `counts`; `level` where none is. */
function printMedian(counts: Int32Array, level: number): number {
  let count = 0
  for (let value = 0; value < level; value++) count += counts[value]!
  let median = 0
  for (let below = counts[0]!; median < level && below <= count / 2; ) below += counts[++median]!
  return count > 0 ? median : level
}

/** A framed picture spans at least this share of the card's width and of its height in one piece of print. */
const PICTURE = { width: 0.5, height: 0.4 }
/** Whether a box of print is wider or taller than any pip. */
const largerThanAPip = (card: RgbaImage, box: Box) => widthOf(box) > PIP_MAX_WIDTH * (card.width / GROW) || heightOf(box) > PIP_MAX_HEIGHT * (card.height / GROW)
/** Whether a box (of print, or a frame's) spans the card's middle as a picture does. */
const spansPicture = (card: RgbaImage, box: Box) => widthOf(box) > PICTURE.width * (card.width / GROW) && heightOf(box) > PICTURE.height * (card.height / GROW)
/**
 * A frame's line is at most this share of the card's width thick: all but FRAME_INSIDE of a
 * line's print lies that close to its own box's edges (a ring, a stroke, an L where the line
 * broke at a corner), where a pip or a figure fills its box.
 */
const FRAME_LINE = 0.03
const FRAME_INSIDE = 0.03

/** Where the pips' layout is judged, as shares of the card: the whole card, or the frame a deck prints round its pips. */
interface LayoutBox {
  u0: number
  v0: number
  u1: number
  v1: number
}
const WHOLE_CARD: LayoutBox = { u0: 0, v0: 0, u1: 1, v1: 1 }

export interface MiddleReading {
  /** The number card its pips say, or the ace its lone symbol says; null when the middle is neither. */
  pips: PipReading | null
  /**
   * The middle holds a framed picture, one piece of print spanning half the card (a court
   * card's, or an ace's on some decks), which no number card prints.
   */
  picture: boolean
}

/** How many of the component's pixels lie further than `line` in from the box's edges. */
function printInside(c: Component, box: Box, labels: Int32Array, width: number, line: number): number {
  let inside = 0
  for (let y = Math.max(c.minY, box.minY + line); y <= Math.min(c.maxY, box.maxY - line); y++)
    for (let x = Math.max(c.minX, box.minX + line); x <= Math.min(c.maxX, box.maxX - line); x++) if (labels[y * width + x] === c.label) inside++
  return inside
}

/**
 * The frame some decks print round a number card's pips, as the box it draws (shares of the
 * card) and the pieces of its line (a thin line breaks where the print is faint): print that
 * is thin and longer than any pip, all of it along the edges of the box round the pieces. A
 * card is printed alike both ways up, so the frame is that box and its image in the
 * half-turned card (which completes a frame showing only its top or its lower half); it spans
 * the middle as a picture would. Null where the middle has no such frame.
 */
function pipFrame(card: RgbaImage, { labels, middle }: Pick<ReturnType<typeof middlePrint>, 'labels' | 'middle'>) {
  const line = Math.max(1, Math.round(FRAME_LINE * (card.width / GROW)))
  const thin = (c: Component, box: Box) => printInside(c, box, labels, card.width, line) <= FRAME_INSIDE * c.area
  const pieces = middle.filter((c) => largerThanAPip(card, c) && thin(c, c))
  if (pieces.length === 0) return null
  const drawn = boxOf(pieces)
  if (!pieces.every((c) => thin(c, drawn))) return null
  const { width, height } = card
  const box = boxOf([drawn, { minX: width - 1 - drawn.maxX, maxX: width - 1 - drawn.minX, minY: height - 1 - drawn.maxY, maxY: height - 1 - drawn.minY }])
  if (!spansPicture(card, box)) return null
  const from = cardPoint(card, box.minX, box.minY)
  const to = cardPoint(card, box.maxX, box.maxY)
  return { pieces, within: { u0: from.u, v0: from.v, u1: to.u, v1: to.v } }
}

/**
 * Reads the middle of a rectified upright card (findCards.ts's image, the margin included):
 * its large pips' count and suit, or a picture. No pips are read from a court card's picture,
 * an ace, a card partly covered (by another card, a hand, a shadow), or print lost to glare.
 * Some decks print a thin frame round a number card's pips: what counts as a picture is what
 * the frame holds, and pips alone in it, in a number card's layout within the frame, count.
 */
export function readMiddle(card: RgbaImage): MiddleReading {
  const read = readMiddleCut(card, middlePrint(card))
  if (read.pips || read.picture) return read
  // A blur of a few pixels (a webcam, a card far off) runs a pip into the index beside it, or
  // into the table past the card's edge where the outline is a pixel off, and the pip, grown
  // out of a pip's shape, reads as print lying over the card. Blur spreads print's edges, not
  // its middle: cut at the print's dark core, the pips part again, while anything truly lying
  // on the card (another card's print, the table past a covering edge) is as dark there.
  const core = readMiddleCut(card, middlePrint(card, true))
  return core.pips ? core : read
}

function readMiddleCut(card: RgbaImage, print: ReturnType<typeof middlePrint>): MiddleReading {
  const picture = print.middle.some((c) => spansPicture(card, c))
  if (print.covered) return { pips: null, picture }
  const frame = pipFrame(card, print)
  const pips = frame ? readPips(card, { ...print, middle: print.middle.filter((c) => !frame.pieces.includes(c)) }, frame.within) : picture ? null : readPips(card, print, WHOLE_CARD)
  return { pips, picture: picture && !pips }
}

function readPips(card: RgbaImage, { gray, paper, labels, middle, face }: ReturnType<typeof middlePrint>, box: LayoutBox): PipReading | null {
  const { width, height } = card
  const cardWidth = width / GROW
  const cardHeight = height / GROW
  const inkArea = middle.reduce((sum, c) => sum + c.area, 0)
  if (middle.some((c) => largerThanAPip(card, c))) return null
  // The pips are the largest print there, all of one size: measured against the largest, not
  // against a fixed size, so a narrow diamond counts as surely as a broad club.
  const largest = middle.reduce((a, b) => (b.area > a.area ? b : a), middle[0]!)
  if (!largest || widthOf(largest) < PIP_WIDTH * cardWidth || heightOf(largest) < PIP_HEIGHT * cardHeight) return null
  const large = middle.filter((c) => c.area * SAME_SIZE >= largest.area)
  if (large.length < 2 || large.length > 10) return null
  const pipArea = large.reduce((sum, c) => sum + c.area, 0)
  if (inkArea - pipArea > STRAY_INK * pipArea) return null
  const centres = large.map((c) => centreOf(card, c))
  if (centres.some((p) => p.u < box.u0 || p.u > box.u1 || p.v < box.v0 || p.v > box.v1) || !isPipLayout(centres, box)) return null
  const suit = pipSuit(card, gray, paper, labels, large, face)
  return suit ? { rank: String(large.length) as Rank, suit } : null
}

/** How many pips of each rank stand in the middle column of a French-suited card; the rest pair up across it. */
const MIDDLE_COLUMN_PIPS: Record<number, number> = { 2: 2, 3: 3, 4: 0, 5: 1, 6: 0, 7: 1, 8: 2, 9: 1, 10: 2 }
/** Shares of the card's width and height by which a pip may miss its place in the layout. */
const COLUMN_SLACK = 0.07
const ROW_SLACK = 0.05
/** The side columns stand this far from the middle one (shares of the width the pips are laid out in: the card's, or its frame's). */
const SIDE_COLUMN = { near: 0.12, far: 0.35 }

/**
 * Whether the pips (centres as shares of the card) stand as a number card prints them in the
 * box they are laid out in (the card, or the frame round them): the middle column holds as
 * many as the count's layout puts there, every other pip has its mirror image across the
 * middle in the same row, and every pip its image in the half-turned layout (the 7's odd middle
 * pip alone has none). The side columns' place scales with the box; the slack, which is for
 * print and rectification, does not. A pip lost to glare, two run together by blur, or a
 * card rectified a quarter turn off breaks the layout: the count is then no witness.
 */
function isPipLayout(pips: readonly { u: number; v: number }[], box: LayoutBox): boolean {
  const across = (box.u0 + box.u1) / 2
  // The half turn is about the layout's own middle: its top and bottom rows, which must pair
  // about the box's middle as every pip did, give it. An outline a pixel or two off, where a
  // blurred edge (a webcam's) spreads into the table, moves every pip alike, and a middle pip
  // measured from the box's middle came out of place by that as well as by its print.
  const top = Math.min(...pips.map((p) => p.v))
  const bottom = Math.max(...pips.map((p) => p.v))
  if (Math.abs(top + bottom - (box.v0 + box.v1)) >= ROW_SLACK) return false
  const down = (top + bottom) / 2
  const middle = pips.filter((p) => Math.abs(p.u - across) < COLUMN_SLACK)
  if (middle.length !== MIDDLE_COLUMN_PIPS[pips.length]) return false
  return pips.every((p) => {
    if (middle.includes(p)) return true
    const off = Math.abs(p.u - across) / (box.u1 - box.u0)
    const mirrored = pips.some((q) => q !== p && Math.abs(p.u + q.u - 2 * across) < COLUMN_SLACK && Math.abs(p.v - q.v) < ROW_SLACK)
    return off >= SIDE_COLUMN.near && off <= SIDE_COLUMN.far && mirrored
  }) && pips.every((p) => (pips.length === 7 && middle.includes(p)) || pips.some((q) => Math.abs(p.u + q.u - 2 * across) < COLUMN_SLACK && Math.abs(p.v + q.v - 2 * down) < ROW_SLACK))
}

/**
 * An ace prints one symbol alone at the card's centre, a pip's size or larger (some decks an
 * ornament), never a picture's: the rest of the middle is bare. No number card leaves a lone
 * print there short of losing all its pips but the middle one, which a covered card (middlePrint
 * `covered`) or glare would not do so neatly. The symbol stands upright from the card's top,
 * which the cut does not tell: read both ways up, the suit counts surely only where both agree.
 * Read on a rectified upright card (readMiddle's), not counted among the pips: an ace's symbol
 * may be an ornament larger than any pip.
 */
export function readAce(card: RgbaImage): PipReading | null {
  const { gray, paper, labels, middle, face, covered } = middlePrint(card)
  if (covered || middle.some((c) => spansPicture(card, c))) return null
  const cardWidth = card.width / GROW
  const cardHeight = card.height / GROW
  const symbol = middle.reduce((a, b) => (b.area > a.area ? b : a), middle[0]!)
  if (!symbol || widthOf(symbol) < PIP_WIDTH * cardWidth || heightOf(symbol) < PIP_HEIGHT * cardHeight) return null
  const inkArea = middle.reduce((sum, c) => sum + c.area, 0)
  if (inkArea - symbol.area > STRAY_INK * symbol.area) return null
  const { u, v } = centreOf(card, symbol)
  if (Math.abs(u - 0.5) >= COLUMN_SLACK || Math.abs(v - 0.5) >= ROW_SLACK) return null
  const { ink, redness } = pipInk(card, gray, paper, labels, [symbol], face)
  const upright = glyphOf(ink, boxOf([symbol]))
  const [asPrinted, turned] = [upright, { ...upright, ink: upright.ink.slice().reverse() }].map((glyph) => classifySuit(glyph, redness))
  const surer = asPrinted!.confidence >= turned!.confidence ? asPrinted! : turned!
  const suit = asPrinted!.suit === turned!.suit ? surer : { ...surer, confidence: Math.min(surer.confidence, TURNS_DISAGREE) }
  return { rank: 'A', suit }
}

/** The confidence of an ace's suit that its symbol, read both ways up, says differently: too low to outweigh an index. */
const TURNS_DISAGREE = 0.25

/**
 * The suit of the pips standing upright (the upper half's: a card's lower pips are printed
 * upside down), each read as an index suit symbol is; they must all agree.
 */
function pipSuit(card: RgbaImage, gray: GrayImage, paper: number, labels: Int32Array, pips: Component[], middle: { x0: number; y0: number; x1: number; y1: number }): SuitReading | null {
  const upright = pips.filter((c) => c.maxY < (middle.y0 + middle.y1) / 2)
  if (upright.length === 0) return null
  const { ink, redness } = pipInk(card, gray, paper, labels, pips, middle)
  const readings = upright.map((c) => classifySuit(glyphOf(ink, boxOf([c])), redness))
  const [first] = readings
  if (!first || readings.some((r) => r.suit !== first.suit)) return null
  return readings.reduce((a, b) => (b.confidence > a.confidence ? b : a))
}

/**
 * The pips' print as ink (0 paper … 1 the pips' median level) over the card's middle, and
 * how red it is against the middle's paper.
 */
function pipInk(card: RgbaImage, gray: GrayImage, paper: number, labels: Int32Array, pips: Component[], middle: { x0: number; y0: number; x1: number; y1: number }) {
  const ink = createGrayImage(card.width, card.height)
  // The print's level: the median of the pips' pixels.
  const pipLevels: number[] = []
  const members = new Uint8Array(labels.length)
  const pipLabels = new Set(pips.map((c) => c.label))
  for (let p = 0; p < labels.length; p++)
    if (pipLabels.has(labels[p]!)) {
      members[p] = 1
      pipLevels.push(gray.data[p]!)
    }
  const print = pipLevels.sort((a, b) => a - b)[pipLevels.length >> 1] ?? 0
  // Only the middle's paper is the card's own (the margin shows the table): ink elsewhere.
  ink.data.fill(1)
  for (let y = middle.y0; y <= middle.y1; y++)
    for (let x = middle.x0; x <= middle.x1; x++) {
      const p = y * card.width + x
      ink.data[p] = Math.min(1, Math.max(0, (paper - gray.data[p]!) / Math.max(1, paper - print)))
    }
  return { ink, redness: printRedness(card, ink, members) }
}
