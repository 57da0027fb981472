// Cards lying together on the table make one blob of paper where no seam parts them (a webcam's
// soft photo of white cards on white cards). Each card still shows itself by its corners: where
// two straight edges of the blob's outline meet at a right angle, convex, a card's corner lies,
// and a card of the photo's size laid from there along those two edges stays on paper; where the
// outline runs straight for a card's side and turns square at both its ends, however briefly (the
// card in the middle of a fan), a card lies along that side. The cards so laid that cover the blob
// between them are its cards.
import type { Point } from '../raster.ts'

/** A card's side lengths, in the pixels the blob is measured in. */
export interface CardSize {
  short: number
  long: number
}

/** The eight neighbours clockwise on the screen (y down), east first. */
const STEPS: readonly [number, number][] = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
]

/**
 * The outer boundary of a mask (w × h, its border row and column empty) as the pixels met
 * walking round it (Moore's neighbour tracing), from its first pixel in reading order.
 */
function boundaryOf(mask: Uint8Array, w: number): Point[] {
  const start = mask.indexOf(1)
  if (start < 0) return []
  const at = (p: number, k: number) => p + STEPS[k]![0] + STEPS[k]![1] * w
  const boundary: Point[] = []
  let p = start
  // The first pixel in reading order has nothing west of it: the search starts from there.
  let from = 4
  let firstStep = -1
  for (let guard = 0; guard < mask.length * 2; guard++) {
    boundary.push({ x: p % w, y: Math.floor(p / w) })
    let step = -1
    for (let i = 1; i <= 8; i++) {
      const k = (from + i) % 8
      if (mask[at(p, k)]) {
        step = k
        break
      }
    }
    if (step < 0) break
    if (p === start && step === firstStep) {
      boundary.pop()
      break
    }
    if (firstStep < 0) firstStep = step
    p = at(p, step)
    // The next search starts beside the pixel this step came from, going round clockwise.
    from = (step + 4) % 8
  }
  return boundary
}

/** The points of an open polyline that Douglas and Peucker's simplification keeps within `tolerance`. */
function simplify(points: readonly Point[], tolerance: number): Point[] {
  const keep = new Uint8Array(points.length)
  keep[0] = keep[points.length - 1] = 1
  const spans: [number, number][] = [[0, points.length - 1]]
  while (spans.length > 0) {
    const [first, last] = spans.pop()!
    const a = points[first]!
    const b = points[last]!
    const length = Math.max(1e-9, Math.hypot(b.x - a.x, b.y - a.y))
    let furthest = -1
    let reach = tolerance
    for (let i = first + 1; i < last; i++) {
      const p = points[i]!
      const off = Math.abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / length
      if (off > reach) {
        reach = off
        furthest = i
      }
    }
    if (furthest < 0) continue
    keep[furthest] = 1
    spans.push([first, furthest], [furthest, last])
  }
  return points.filter((_, i) => keep[i])
}

/** The outline as a polygon: the boundary simplified, in two halves split at the point furthest from its start. */
function polygonOf(boundary: readonly Point[], tolerance: number): Point[] {
  if (boundary.length < 4) return []
  const start = boundary[0]!
  let far = 0
  boundary.forEach((p, i) => {
    if (Math.hypot(p.x - start.x, p.y - start.y) > Math.hypot(boundary[far]!.x - start.x, boundary[far]!.y - start.y)) far = i
  })
  const there = simplify(boundary.slice(0, far + 1), tolerance)
  const back = simplify([...boundary.slice(far), start], tolerance)
  return [...there, ...back.slice(1, -1)]
}

/** A corner's edges meet at a right angle within this (radians): a card seen at a slant skews it. */
const RIGHT_ANGLE_SLACK = (25 * Math.PI) / 180
/** Each edge at a corner runs at least this share of the card's short side: shorter, it is a jag. */
const EDGE_SHOWN = 0.2
/** A side of a card shows whole over this share of the card's short side at least (its rounded corners cut it short). */
const SIDE_SHOWN = 0.85
/** The outline is simplified to within this share of the card's short side (a rounded corner's bulge). */
const OUTLINE_TOLERANCE = 0.05
/** A card laid from a corner lies on paper for at least this share of it (the rest: rounded corners, a skewed view). */
const ON_PAPER = 0.92
/**
 * The card sizes tried, as shares of the photo's whole cards' short side, and their long : short
 * as shares of theirs: perspective makes a card nearer the camera than the others larger, and a
 * slanting view shortens the sides running away from it more.
 */
const SIZES = { least: 0.8, most: 1.3, step: 0.05 }
const RATIOS = { least: 0.85, most: 1.2, step: 0.05 }
/** The paper's end is looked for this many pixels beyond a card's far sides (a blurred edge, a size a little off). */
const BEYOND = 3
/** Two cards laid sharing more than this share of either are one card, laid from two of its corners. */
const SAME_CARD = 0.5
/** The cards laid must cover this share of the blob between them: what is left over is no card's. */
const BLOB_COVERED = 0.9

/** How cards are laid from a blob's corners: the sizes tried (SIZES) and the share of the blob they must cover. */
export interface Laying {
  sizes: { least: number; most: number; step: number }
  covered: number
}

/** Cards laid at the size of the photo's whole cards. */
const AT_WHOLE_SIZE: Laying = { sizes: SIZES, covered: BLOB_COVERED }

/**
 * Cards laid at a size told by their pile's own sides (cardSizesOfPile): the cards of a pile
 * lie close together, at one distance from the camera, so the size varies less; and a card
 * lying in the middle of a fan shows no corner of its own, so less of the pile is covered.
 */
export const IN_A_PILE: Laying = { sizes: { least: 0.9, most: 1.1, step: 0.05 }, covered: 0.75 }

/**
 * How well a card laid fits the card there is how much of its far sides the paper ends beyond
 * (laid too small, they cross the card's paper), less this many times the share of it off the
 * paper (laid too large, it takes in the table).
 */
const TABLE_TAKEN_IN = 2

interface LaidCard {
  corners: Point[]
  /** The card's pixels in the blob's frame. */
  pixels: Int32Array
  /** How well it fits the card there (TABLE_TAKEN_IN). */
  fit: number
}

/** A convex corner of an outline where two straight edges meet at a right angle near enough. */
interface SquareCorner {
  corner: Point
  /** The two edges turned about their bisector until they meet square, as unit directions. */
  alongA: Point
  alongB: Point
}

/** Which way round a polygon runs (the sign of its area): a corner is convex where it turns the way the whole does. */
function turningOf(polygon: readonly Point[]): number {
  let turning = 0
  polygon.forEach((p, i) => {
    const q = polygon[(i + 1) % polygon.length]!
    turning += p.x * q.y - q.x * p.y
  })
  return Math.sign(turning)
}

/** The corners of a polygon (polygonOf's) where a card's corner may lie: convex, square within RIGHT_ANGLE_SLACK, both edges at least `edgeShown` long. */
function squareCorners(polygon: readonly Point[], edgeShown: number): SquareCorner[] {
  const n = polygon.length
  if (n < 4) return []
  const turning = turningOf(polygon)
  const corners: SquareCorner[] = []
  polygon.forEach((corner, i) => {
    const before = polygon[(i + n - 1) % n]!
    const after = polygon[(i + 1) % n]!
    const toBefore = { x: before.x - corner.x, y: before.y - corner.y }
    const toAfter = { x: after.x - corner.x, y: after.y - corner.y }
    const lengthBefore = Math.hypot(toBefore.x, toBefore.y)
    const lengthAfter = Math.hypot(toAfter.x, toAfter.y)
    if (Math.min(lengthBefore, lengthAfter) < edgeShown) return
    const cross = toAfter.x * toBefore.y - toAfter.y * toBefore.x
    if (Math.sign(cross) !== turning) return
    const angle = Math.acos((toBefore.x * toAfter.x + toBefore.y * toAfter.y) / (lengthBefore * lengthAfter))
    if (Math.abs(angle - Math.PI / 2) > RIGHT_ANGLE_SLACK) return
    // The two edges turned about their bisector until they meet square.
    const a = { x: toBefore.x / lengthBefore, y: toBefore.y / lengthBefore }
    const b = { x: toAfter.x / lengthAfter, y: toAfter.y / lengthAfter }
    const bisector = { x: a.x + b.x, y: a.y + b.y }
    const apart = { x: a.x - b.x, y: a.y - b.y }
    const mb = Math.hypot(bisector.x, bisector.y)
    const ma = Math.hypot(apart.x, apart.y)
    const alongA = { x: (bisector.x / mb + apart.x / ma) / Math.SQRT2, y: (bisector.y / mb + apart.y / ma) / Math.SQRT2 }
    const alongB = { x: (bisector.x / mb - apart.x / ma) / Math.SQRT2, y: (bisector.y / mb - apart.y / ma) / Math.SQRT2 }
    corners.push({ corner, alongA, alongB })
  })
  return corners
}

/**
 * The cards' sides that show whole: straight edges of the outline at least `least` long, the
 * outline turning square and convex at both their ends, however short its edges beyond (at
 * least `jag`): the card in the middle of a fan shows its top side whole, its other sides under
 * its neighbours. Each as its length and a corner at one end, the card lying along the side and
 * square to it (laid from the other end, it is the same card).
 */
function wholeSides(polygon: readonly Point[], least: number, jag: number): (SquareCorner & { length: number })[] {
  const n = polygon.length
  if (n < 4) return []
  const turning = turningOf(polygon)
  // Square and convex at vertex i, its edge to `other` at least `jag` long.
  const squareAt = (i: number, other: number) => {
    const p = polygon[i]!
    const o = polygon[other]!
    const q = polygon[i === (other + 1) % n ? (i + 1) % n : (i + n - 1) % n]!
    const toO = { x: o.x - p.x, y: o.y - p.y }
    const toQ = { x: q.x - p.x, y: q.y - p.y }
    const lengthQ = Math.hypot(toQ.x, toQ.y)
    if (lengthQ < jag) return false
    const angle = Math.acos((toO.x * toQ.x + toO.y * toQ.y) / (Math.hypot(toO.x, toO.y) * lengthQ))
    return Math.abs(angle - Math.PI / 2) <= RIGHT_ANGLE_SLACK
  }
  const sides: (SquareCorner & { length: number })[] = []
  polygon.forEach((a, i) => {
    const j = (i + 1) % n
    const b = polygon[j]!
    const length = Math.hypot(b.x - a.x, b.y - a.y)
    if (length < least) return
    const before = polygon[(i + n - 1) % n]!
    const convex = (b.x - a.x) * (before.y - a.y) - (b.y - a.y) * (before.x - a.x)
    const after = polygon[(j + 1) % n]!
    const convexAfter = (after.x - b.x) * (a.y - b.y) - (after.y - b.y) * (a.x - b.x)
    if (Math.sign(convex) !== turning || Math.sign(convexAfter) !== turning) return
    if (!squareAt(i, j) || !squareAt(j, i)) return
    const along = { x: (b.x - a.x) / length, y: (b.y - a.y) / length }
    // The side's normal into the paper: the way the outline turns at its ends.
    const inward = turning > 0 ? { x: -along.y, y: along.x } : { x: along.y, y: -along.x }
    sides.push({ corner: a, alongA: along, alongB: inward, length })
  })
  return sides
}

/**
 * The outline is simplified to within this share of the square root of the blob's area when
 * no card gives the size: two to four cards' paper, it is 0.04–0.07 of a card's short side.
 */
const PILE_TOLERANCE = 0.03
/** …and a side of a card shows from corner to corner over this share of that root at least. */
const PILE_SIDE_SHOWN = 0.1
/** Sides that differ by this ratio or more are a card's short and long sides (poker 1.4, bridge 1.55; a slanting view shortens either). */
const SHORT_AND_LONG = 1.25
/** Long : short of a poker card. */
const POKER = 88 / 63

/**
 * The card sizes a pile of overlapping cards (a blob of paper, `mask`, w × h) may be made of,
 * told by its outline alone, when no card of the photo lies alone to give its size. The card on
 * top of the pile, and the pile's outer cards, show some sides whole (wholeSides).
 * Sides of two lengths are the short and the long side; of one length, either, so both are
 * tried (the card's proportions give the other side). Empty when no side shows whole.
 */
export function cardSizesOfPile(mask: Uint8Array, w: number): CardSize[] {
  let area = 0
  for (let p = 0; p < mask.length; p++) area += mask[p]!
  const root = Math.sqrt(area)
  const polygon = polygonOf(boundaryOf(mask, w), Math.max(1, PILE_TOLERANCE * root))
  const sides = wholeSides(polygon, PILE_SIDE_SHOWN * root, PILE_TOLERANCE * root)
    .map((side) => side.length)
    .sort((x, y) => x - y)
  if (sides.length === 0) return []
  const median = (values: readonly number[]) => values[(values.length - 1) >> 1]!
  // The widest step between sides sorted by length parts the short sides from the long ones.
  let cut = 0
  let step = 1
  for (let i = 1; i < sides.length; i++)
    if (sides[i]! / sides[i - 1]! > step) {
      cut = i
      step = sides[i]! / sides[i - 1]!
    }
  if (step >= SHORT_AND_LONG) return [{ short: median(sides.slice(0, cut)), long: median(sides.slice(cut)) }]
  const side = median(sides)
  return [
    { short: side / POKER, long: side },
    { short: side, long: side * POKER },
  ]
}

/**
 * The cards a blob of paper (`mask`, w × h, its border empty) holds, each laid from a corner of
 * its outline, or along a side of it that shows whole, at the photo's card size (`size`), as
 * four corners in the mask's pixels; null unless two or more cards laid so cover it.
 */
export function cardsByCorners(mask: Uint8Array, w: number, h: number, size: CardSize, { sizes, covered: share }: Laying = AT_WHOLE_SIZE): Point[][] | null {
  const polygon = polygonOf(boundaryOf(mask, w), Math.max(1, OUTLINE_TOLERANCE * size.short))
  const laid: LaidCard[] = []
  const corners = [...squareCorners(polygon, EDGE_SHOWN * size.short), ...wholeSides(polygon, sizes.least * size.short * SIDE_SHOWN, OUTLINE_TOLERANCE * size.short)]
  for (const { corner, alongA, alongB } of corners) {
    // Of the cards that fit on paper, the one whose far sides end where the paper does.
    const ratio = size.long / size.short
    const reach = Math.ceil(size.short * sizes.most * ratio * RATIOS.most) + BEYOND + 1
    const paper = paperAlong(mask, w, h, corner, alongA, alongB, reach)
    let best: { lengthA: number; lengthB: number; fit: number } | null = null
    for (const aIsShort of [true, false])
      for (let grow = sizes.least; grow <= sizes.most + 1e-9; grow += sizes.step)
        for (let stretch = RATIOS.least; stretch <= RATIOS.most + 1e-9; stretch += RATIOS.step) {
          const short = Math.round(size.short * grow)
          const long = Math.round(size.short * grow * ratio * stretch)
          const [lengthA, lengthB] = aIsShort ? [short, long] : [long, short]
          const onPaper = paper.within(lengthA, lengthB) / ((lengthA + 1) * (lengthB + 1))
          const bordered = (paper.across(lengthA + BEYOND, lengthB) + paper.down(lengthB + BEYOND, lengthA)) / (lengthA + lengthB + 2)
          const fit = bordered - TABLE_TAKEN_IN * (1 - onPaper)
          if (onPaper >= ON_PAPER && (!best || fit > best.fit)) best = { lengthA, lengthB, fit }
        }
    if (best) laid.push(layCard(mask, w, h, corner, alongA, best.lengthA, alongB, best.lengthB, best.fit))
  }
  // The best fitting first; a card laid again from another of its corners is the same card.
  laid.sort((x, y) => y.fit - x.fit)
  const owner = new Int32Array(w * h)
  const cards: LaidCard[] = []
  for (const card of laid) {
    const shared = new Map<number, number>()
    for (const p of card.pixels) if (owner[p]) shared.set(owner[p]!, (shared.get(owner[p]!) ?? 0) + 1)
    if ([...shared].some(([k, count]) => count > SAME_CARD * Math.min(card.pixels.length, cards[k - 1]!.pixels.length))) continue
    cards.push(card)
    for (const p of card.pixels) owner[p] ||= cards.length
  }
  if (cards.length < 2) return null
  let blob = 0
  let covered = 0
  for (let p = 0; p < mask.length; p++)
    if (mask[p]) {
      blob++
      if (owner[p]) covered++
    }
  return covered >= share * blob ? cards.map((card) => card.corners) : null
}

/**
 * The mask seen from `corner` along two square directions, `reach` pixels each way, summed
 * (a summed-area table): how much paper a card laid from there holds, and how much lies along a
 * line just beyond either far side, each in a few look-ups.
 */
function paperAlong(mask: Uint8Array, w: number, h: number, corner: Point, alongA: Point, alongB: Point, reach: number) {
  const side = reach + 1
  // sums[(a + 1) * (side + 1) + b + 1]: the paper at steps 0…a along A and 0…b along B.
  const sums = new Int32Array((side + 1) * (side + 1))
  for (let a = 0; a < side; a++)
    for (let b = 0, row = 0; b < side; b++) {
      const x = Math.round(corner.x + alongA.x * a + alongB.x * b)
      const y = Math.round(corner.y + alongA.y * a + alongB.y * b)
      if (x >= 0 && y >= 0 && x < w && y < h) row += mask[y * w + x]!
      sums[(a + 1) * (side + 1) + b + 1] = sums[a * (side + 1) + b + 1]! + row
    }
  const at = (a: number, b: number) => sums[Math.min(a + 1, side) * (side + 1) + Math.min(b + 1, side)]!
  return {
    /** Paper at steps 0…lengthA along A and 0…lengthB along B. */
    within: (lengthA: number, lengthB: number) => at(lengthA, lengthB),
    /** Off paper on the line `a` steps along A, over steps 0…lengthB along B. */
    across: (a: number, lengthB: number) => lengthB + 1 - (at(a, lengthB) - at(a - 1, lengthB)),
    /** Off paper on the line `b` steps along B, over steps 0…lengthA along A. */
    down: (b: number, lengthA: number) => lengthA + 1 - (at(lengthA, b) - at(lengthA, b - 1)),
  }
}

/** The card laid from `corner` `lengthA` along `alongA` and `lengthB` along `alongB`: its corners, and its pixels on the mask. */
function layCard(mask: Uint8Array, w: number, h: number, corner: Point, alongA: Point, lengthA: number, alongB: Point, lengthB: number, fit: number): LaidCard {
  const corners = [
    corner,
    { x: corner.x + alongA.x * lengthA, y: corner.y + alongA.y * lengthA },
    { x: corner.x + alongA.x * lengthA + alongB.x * lengthB, y: corner.y + alongA.y * lengthA + alongB.y * lengthB },
    { x: corner.x + alongB.x * lengthB, y: corner.y + alongB.y * lengthB },
  ]
  const x0 = Math.floor(Math.min(...corners.map((p) => p.x)))
  const x1 = Math.ceil(Math.max(...corners.map((p) => p.x)))
  const y0 = Math.floor(Math.min(...corners.map((p) => p.y)))
  const y1 = Math.ceil(Math.max(...corners.map((p) => p.y)))
  const pixels: number[] = []
  for (let y = Math.max(0, y0); y <= Math.min(h - 1, y1); y++)
    for (let x = Math.max(0, x0); x <= Math.min(w - 1, x1); x++) {
      const a = (x - corner.x) * alongA.x + (y - corner.y) * alongA.y
      const b = (x - corner.x) * alongB.x + (y - corner.y) * alongB.y
      if (a >= 0 && a <= lengthA && b >= 0 && b <= lengthB && mask[y * w + x]) pixels.push(y * w + x)
    }
  return { corners, pixels: Int32Array.from(pixels), fit }
}
