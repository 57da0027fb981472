// Dice found by their bodies (issue 10). Small dark, marbled or translucent dice in a white tray
// have pips two or three pixels across, in red, yellow or white: too small and too close for the
// pip finder (pips.ts) to see each one whole and ringed by plain face, yet the die itself stands
// out from the tray as a compact square. Such a die is found as a body, its square's way turned
// from the body's outline, and read by where its layout's pips would be: each of the six layouts
// is tried on a 3 × 3 grid over the face, and the one whose pip places all look like pips and
// whose other places all look like face, by the widest margin, is its reading.
import { connectedComponents, deltaE, type Component, type Components, hypot3, limitSize, median, rgbToLab, rgbToLabKept, sampleBilinear, toLab, type Lab, type Point, type RgbaImage } from '../raster.ts'
import { awayFromSurface, fillHoles, surfaceModel } from './surface.ts'
import { FOUR_OF_A_SIX } from './faces.ts'
import { COLOUR_ONLY, DICE_IN_A_ROLL, ROW_SEEN_LOW, UNCERTAIN_DIE_BELOW, type DieReading } from '../dice.ts'

export interface DieBody {
  /** The middle of the body's smallest enclosing rectangle. */
  centre: Point
  /** The side of a square of that rectangle's area. */
  side: number
  /** How the rectangle is turned (radians, 0…π/2): a square's sides have no first one. */
  angle: number
  /** Longer over shorter side of the rectangle. */
  aspect: number
  /** Share of the rectangle the body covers (a square's is 1, a disc's π/4). */
  fill: number
  /** The direction of the rectangle's longer side (radians). */
  lengthwise: number
  /** The two halves of touching dice found as one body (splitBody) share this number. */
  pair?: number
  /** Opened out of a larger shape (openedParts): a die hung on a neck or lying against a rim, or a piece of that shape. */
  carved?: boolean
}

export interface BodyReading {
  value: number
  /**
   * How clearly the layout shows: the faintest of its pip places less the most pip-like of its
   * other places, in units of the pips' difference from the face (pip places are 1, face 0 … −1).
   */
  margin: number
  centre: Point
  side: number
}

/** The tray's own spread is measured over every this many pixels. */
const SAMPLE_EVERY = 7
/**
 * A body differs from the tray around it by at least this ΔE, and by TRAY_SPREAD times the
 * median difference (the tray's own noise, of which that is about twice the 90th percentile).
 * The median, not a high percentile: a dark rim round the tray takes a tenth of the photo or
 * more, and a high percentile then measures the rim, not the tray.
 */
const BODY_LEVEL = 15
const TRAY_SPREAD = 3.2
/** A body is square: its rectangle's sides within this ratio, and it fills that much of it (a disc fills 0.79). */
const SQUARE = 1.35
const FILLED = 0.6
/** A die's rectangle is turned in steps of this many degrees. */
const TURN_STEP = 2

/**
 * Bodies on the copy `image` of sides within `sides` (pixels of that copy): regions that differ
 * from the table near them (its median over patches of side `patch`, a sixth of the photo unless
 * given, so a shadow or the tray's light fall-off does not count), shadows left out, holes
 * filled, square and filled.
 */
export function findDieBodies(image: RgbaImage, lab: Float32Array, sides: { min: number; max: number }, patch?: number): DieBody[] {
  return bodiesAmong(shapesOffTheTable(image, lab, patch), sides)
}

/** The regions of a copy that differ from the table near them (findDieBodies), as components of its pixels. */
export interface TableShapes {
  width: number
  height: number
  labels: Int32Array
  components: Component[]
}

/**
 * The regions of the copy `image` (in Lab, `lab`) that differ from the table near them: they
 * are the same whatever size of dice is looked for among them, so a copy searched twice (for
 * dice seen whole as blobs, then for the roll's dice) finds them once (shapesOnce).
 */
export function shapesOffTheTable(image: RgbaImage, lab: Float32Array, patch = Math.min(image.width, image.height) / 6): TableShapes {
  const { width, height } = image
  const surface = surfaceModel(width, height, lab, patch)
  const { away, shadow } = awayFromSurface(lab, surface)
  // A typed array sorts by value, and fast.
  const sample = new Float32Array(Math.ceil(away.length / SAMPLE_EVERY))
  for (let p = 0, i = 0; p < away.length; p += SAMPLE_EVERY, i++) sample[i] = away[p]!
  sample.sort()
  const level = Math.max(BODY_LEVEL, TRAY_SPREAD * sample[sample.length >> 1]!)
  const mask = new Uint8Array(width * height)
  for (let p = 0; p < mask.length; p++) mask[p] = away[p]! > level && !shadow[p] ? 1 : 0
  fillHoles(mask, width, height)
  return { width, height, ...connectedComponents(mask, width, height, 4) }
}

/** shapesOffTheTable of a copy at its own patch, found on first asking and then kept. */
export function shapesOnce(image: RgbaImage): () => TableShapes {
  let shapes: TableShapes | undefined
  return () => (shapes ??= shapesOffTheTable(image, toLab(image)))
}

/** The bodies of sides within `sides` among a copy's shapes (findDieBodies). */
export function bodiesAmong({ width, height, labels, components }: TableShapes, sides: { min: number; max: number }): DieBody[] {
  const isDie = (body: DieBody) => body.aspect <= SQUARE && body.fill >= FILLED && body.side >= sides.min && body.side <= sides.max
  const bodies: DieBody[] = []
  // The pixels of every component that gave no die: opened below, in case dice hang on it by a neck.
  const rest = new Uint8Array(width * height)
  const given = bodiesOf(labels, components, width, height, sides, isDie, bodies)
  for (let p = 0; p < labels.length; p++) if (labels[p] && !given.has(labels[p]!)) rest[p] = 1
  // Dice touching at a corner, or a die against the tray's rim or a cable, run together into one
  // shape no square fits: a neck narrower than a die's own width joins them. Opened by a disc of
  // NECKS of the dice's middle size (every pixel farther than that from the shape's outside, and
  // the pixels within that reach of those), the necks and the thin rims vanish and the dice stay.
  // A wider neck (a die pressed against a thick rim) takes a wider disc: each in turn, on what is left.
  for (const neck of NECKS) {
    const radius = neck * Math.sqrt(sides.min * sides.max)
    const parts = openedParts(rest, width, height, radius)
    const dice = bodiesOf(parts.labels, parts.components, width, height, sides, isDie, bodies, goesOn(rest, parts.labels, width, height, radius))

    if (dice.size > 0) for (let p = 0; p < labels.length; p++) if (dice.has(parts.labels[p]!)) rest[p] = 0
  }
  return bodies
}

/**
 * The dice among the components: each of a die's size seen whole that is square (`isDie`), or
 * two touching dice's length that parts into two (splitBody), is added to `bodies`. Returns the
 * labels of the components that gave a die.
 */
function bodiesOf(
  labels: Int32Array,
  components: readonly Component[],
  width: number,
  height: number,
  sides: { min: number; max: number },
  isDie: (body: DieBody) => boolean,
  bodies: DieBody[],
  whole?: Uint8Array,
): Set<number> {
  // Each component of a die's size, by label, with its pixels.
  const pixelsOf: (number[] | undefined)[] = []
  // A body cut by the photo's edge may be a die's part or anything's: its square is not seen whole.
  // Up to two dice's area and twice a die's reach: two touching dice found as one (splitBody).
  for (const c of components)
    if (c.minX > 0 && c.minY > 0 && c.maxX < width - 1 && c.maxY < height - 1 && c.area >= 0.5 * sides.min ** 2 && c.area <= 2 * sides.max ** 2 && Math.max(c.maxX - c.minX, c.maxY - c.minY) < 2 * sides.max)
      pixelsOf[c.label] = []
  for (let p = 0; p < labels.length; p++) if (labels[p]) pixelsOf[labels[p]!]?.push(p)
  const given = new Set<number>()
  pixelsOf.forEach((pixels, label) => {
    if (!pixels) return
    // Opened out of a larger shape, a die hung on it by a neck at one corner or lay against it
    // along one side. A piece the shape goes on from two sides is part of it: where a rim's two
    // bands meet (much of its outline joined), or a thicker stretch of a cable or a laptop's
    // edge (joined at opposite ends, the directions to the joins cancelling out).
    const joins = whole ? joinedShare(pixels, labels, label, whole, width) : null
    if (joins && (joins.share > JOINED || joins.oneSided < ONE_SIDED)) return
    const body = smallestRectangle(pixels, width)
    if (isDie(body)) {
      bodies.push(whole ? { ...body, carved: true } : body)
      given.add(label)
    } else if (body.aspect >= TWO_DICE.min && body.aspect <= TWO_DICE.max && body.fill >= FILLED) {
      const halves = splitBody(pixels, width, body)
      const [a, b] = halves as [DieBody, DieBody]
      const alike = Math.max(a.side, b.side) <= HALVES_ALIKE * Math.min(a.side, b.side) && a.side + b.side >= 2 * HALF_SIDE * Math.sqrt(sides.min * sides.max)
      if (alike && halves.every(isDie)) {
        bodies.push(...halves.map((half) => ({ ...half, pair: bodies.length, ...(whole ? { carved: true } : {}) })))
        given.add(label)
      }
    }
  })
  return given
}

/**
 * The pixels of `mask` a part opened out of it (`parts`) may be joined to: the other parts, and
 * what the opening left that is more than a trim. A square's corners, too sharp for the disc of
 * `radius`, are left as slivers of a fifth of its area or so, each touching that part alone: they
 * are the part's own. A sliver between two parts is a neck, and joins them.
 */
function goesOn(mask: Uint8Array, parts: Int32Array, width: number, height: number, radius: number): Uint8Array {
  const left = new Uint8Array(mask.length)
  for (let p = 0; p < mask.length; p++) left[p] = mask[p] && !parts[p] ? 1 : 0
  const { labels, components } = connectedComponents(left, width, height, 4)
  // The part each leftover touches: 0 for none yet, −1 for more than one.
  const touches = new Int32Array(components.length + 1)
  for (let p = 0; p < mask.length; p++) {
    const own = labels[p]!
    if (!own || touches[own] === -1) continue
    const x = p % width
    for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
      const part = q >= 0 && q < mask.length ? parts[q]! : 0
      if (!part || part === touches[own]) continue
      touches[own] = touches[own] === 0 ? part : -1
    }
  }
  const joins = new Uint8Array(components.length + 1)
  for (const c of components) joins[c.label] = c.area >= radius * radius || touches[c.label] === -1 ? 1 : 0
  const joined = new Uint8Array(mask.length)
  for (let p = 0; p < mask.length; p++) joined[p] = parts[p] || joins[labels[p]!] ? 1 : 0
  return joined
}

/** A square lying against more along one side has a quarter of its outline joined to it; a piece of a rim's corner, half. */
const JOINED = 0.4
/**
 * The directions from a piece's middle to its joined outline, averaged as unit vectors: about 0.9
 * for joins along one side of a square, near 0 for joins at opposite ends.
 */
const ONE_SIDED = 0.5

/**
 * For a component's pixels (`pixels`, labelled `label`): the share of its outline pixels with a
 * neighbour in `whole` outside it, and how one-sided those joins are (ONE_SIDED; 1 with none).
 */
function joinedShare(pixels: readonly number[], labels: Int32Array, label: number, whole: Uint8Array, width: number): { share: number; oneSided: number } {
  let outline = 0
  let joined = 0
  let cx = 0
  let cy = 0
  for (const p of pixels) {
    cx += p % width
    cy += Math.floor(p / width)
  }
  cx /= pixels.length
  cy /= pixels.length
  let sx = 0
  let sy = 0
  for (const p of pixels) {
    const around = [p - 1, p + 1, p - width, p + width]
    if (around.every((q) => labels[q] === label)) continue
    outline++
    if (around.some((q) => labels[q] !== label && whole[q])) {
      joined++
      const dx = (p % width) - cx
      const dy = Math.floor(p / width) - cy
      const r = Math.hypot(dx, dy) || 1
      sx += dx / r
      sy += dy / r
    }
  }
  return { share: outline === 0 ? 0 : joined / outline, oneSided: joined === 0 ? 1 : Math.hypot(sx, sy) / joined }
}

/** A neck narrower than twice these shares of the dice's middle size parts two shapes (openMask), tried in turn. */
const NECKS = [0.25, 0.4]

/**
 * The mask opened by a disc of `radius`, in parts: its cores (the pixels farther than `radius`
 * from its outside, 8-connected) each grown back by `radius` within it, a pixel within reach of
 * two cores going to the nearer. Two dice overlapping at a corner keep that corner within reach
 * of both their cores: the nearer core parts it between them. Distances are chamfered (steps of
 * 1 and √2), so the disc is an octagon.
 *
 * The distances are measured within the mask's bounding box only (shapes left over from a
 * tray's dice are often a corner of the photo): outside it lies no mask pixel, which is all
 * chamfer sees of it, and a way from a core to a pixel that leaves the box and comes back is
 * longer, by √2 − 1 at the least, than the way along the box's edge, far more than floating
 * point rounds off.
 */
export function openedParts(mask: Uint8Array, width: number, height: number, radius: number): Components {
  const labels = new Int32Array(mask.length)
  const box = maskBox(mask, width, height)
  if (!box) return { labels, components: [] }
  const across = box.maxX - box.minX + 1
  const down = box.maxY - box.minY + 1
  const within = new Uint8Array(across * down)
  for (let y = 0; y < down; y++) {
    const from = (box.minY + y) * width + box.minX
    within.set(mask.subarray(from, from + across), y * across)
  }
  const inside = chamfer(within, across, down)
  const core = new Uint8Array(within.length)
  for (let q = 0; q < within.length; q++) core[q] = inside[q]! > radius ? 1 : 0
  const cores = connectedComponents(core, across, down, 8)
  const { distance, label } = nearestCore(cores.labels, across, down, width + height)
  const components: Component[] = cores.components.map((c) => ({ label: c.label, area: 0, minX: width, minY: height, maxX: -1, maxY: -1, centroidX: 0, centroidY: 0 }))
  for (let q = 0; q < within.length; q++) {
    if (!within[q] || distance[q]! > radius + 1) continue
    const part = components[label[q]! - 1]!
    const x = box.minX + (q % across)
    const y = box.minY + Math.floor(q / across)
    labels[y * width + x] = part.label
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

/** The smallest box holding every pixel of the mask; null for an empty mask. */
function maskBox(mask: Uint8Array, width: number, height: number): { minX: number; minY: number; maxX: number; maxY: number } | null {
  let minX = width
  let minY = height
  let maxX = -1
  let maxY = -1
  for (let y = 0; y < height; y++) {
    const row = y * width
    let first = -1
    let last = -1
    for (let x = 0; x < width; x++)
      if (mask[row + x]) {
        if (first < 0) first = x
        last = x
      }
    if (first < 0) continue
    if (minY === height) minY = y
    maxY = y
    if (first < minX) minX = first
    if (last > maxX) maxX = last
  }
  return maxX < 0 ? null : { minX, minY, maxX, maxY }
}

/**
 * Each pixel's chamfered distance to the nearest labelled pixel (`labels` non-zero), and that
 * pixel's label; `far` where no labelled pixel is.
 */
function nearestCore(labels: Int32Array, width: number, height: number, far: number): { distance: Float32Array; label: Int32Array } {
  const distance = new Float32Array(labels.length)
  const label = Int32Array.from(labels)
  for (let p = 0; p < labels.length; p++) distance[p] = labels[p] ? 0 : far
  // Two sweeps, each taking from the neighbours already swept (chamfer steps 1 and √2).
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
  return { distance, label }
}

/**
 * Each pixel's chamfered distance from a mask pixel to the outside (0 outside; beyond the photo's
 * edge counts as outside).
 */
function chamfer(mask: Uint8Array, width: number, height: number): Float32Array {
  const d = new Float32Array(mask.length)
  for (let p = 0; p < mask.length; p++) d[p] = mask[p] ? width + height : 0
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? 0 : d[y * width + x]!)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x
      if (d[p] === 0) continue
      d[p] = Math.min(d[p]!, at(x - 1, y) + 1, at(x, y - 1) + 1, at(x - 1, y - 1) + Math.SQRT2, at(x + 1, y - 1) + Math.SQRT2)
    }
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const p = y * width + x
      if (d[p] === 0) continue
      d[p] = Math.min(d[p]!, at(x + 1, y) + 1, at(x, y + 1) + 1, at(x + 1, y + 1) + Math.SQRT2, at(x - 1, y + 1) + Math.SQRT2)
    }
  return d
}

/**
 * Two dice side by side touch and differ from the tray alike: their bodies run together into
 * one rectangle about twice as long as wide. Cut across its long side at its middle, each half
 * is a die's body when it is a square of the roll's size.
 */
const TWO_DICE = { min: 1.6, max: 2.5 }
/**
 * The halves are dice of one roll: of one size (within this ratio), and not much smaller than
 * the middle of the sizes looked for (a strip of the tray's dark rim cut in two is).
 */
const HALVES_ALIKE = 1.25
const HALF_SIDE = 0.8

/** The body's pixels either side of the line across its rectangle's middle, each as a body. */
export function splitBody(pixels: readonly number[], width: number, body: DieBody): DieBody[] {
  const cos = Math.cos(body.lengthwise)
  const sin = Math.sin(body.lengthwise)
  const middle = body.centre.x * cos + body.centre.y * sin
  const sides: number[][] = [[], []]
  for (const p of pixels) {
    const x = p % width
    const y = (p - x) / width
    sides[x * cos + y * sin < middle ? 0 : 1]!.push(p)
  }
  return sides.map((half) => smallestRectangle(half, width))
}

/**
 * The smallest rectangle around the pixels, turned in TURN_STEP degrees from 0 to 90. Its sides
 * touch the pixels only at the ends of their rows: turned so, x·cos + y·sin and y·cos − x·sin
 * (cos, sin ≥ 0) each run one way along a row, in floating point as well (rounding never turns a
 * larger product or sum into a smaller one), so the rows' ends give the very extremes all the
 * pixels would, at a body's height in rows of work instead of its area.
 */
function smallestRectangle(pixels: readonly number[], width: number): DieBody {
  const ends = rowEnds(pixels, width)
  let best = { area: Infinity, angle: 0, long: 0, short: 0, lengthwise: 0, centre: { x: 0, y: 0 } }
  for (let degrees = 0; degrees < 90; degrees += TURN_STEP) {
    const angle = (degrees * Math.PI) / 180
    const cos = Math.cos(angle)
    const sin = Math.sin(angle)
    let a0 = Infinity
    let a1 = -Infinity
    let b0 = Infinity
    let b1 = -Infinity
    for (let k = 0; k < ends.x.length; k++) {
      const x = ends.x[k]!
      const y = ends.y[k]!
      const a = x * cos + y * sin
      const b = y * cos - x * sin
      if (a < a0) a0 = a
      if (a > a1) a1 = a
      if (b < b0) b0 = b
      if (b > b1) b1 = b
    }
    const w = a1 - a0 + 1
    const h = b1 - b0 + 1
    if (w * h >= best.area) continue
    const a = (a0 + a1) / 2
    const b = (b0 + b1) / 2
    best = { area: w * h, angle, long: Math.max(w, h), short: Math.min(w, h), lengthwise: w >= h ? angle : angle + Math.PI / 2, centre: { x: a * cos - b * sin, y: a * sin + b * cos } }
  }
  const { centre, area, angle, long, short, lengthwise } = best
  return { centre, side: Math.sqrt(area), angle, aspect: long / short, fill: pixels.length / area, lengthwise }
}

/** The pixels (indices into an image `width` wide) at either end of each row they hold: each row's leftmost and rightmost, by x and y. */
export function rowEnds(pixels: readonly number[], width: number): { x: Int32Array; y: Int32Array } {
  let top = Infinity
  let bottom = -1
  for (const p of pixels) {
    const y = Math.floor(p / width)
    if (y < top) top = y
    if (y > bottom) bottom = y
  }
  const span = Math.max(0, bottom - top + 1)
  const first = new Int32Array(span).fill(width)
  const last = new Int32Array(span).fill(-1)
  for (const p of pixels) {
    const x = p % width
    const row = (p - x) / width - top
    if (x < first[row]!) first[row] = x
    if (x > last[row]!) last[row] = x
  }
  const x: number[] = []
  const y: number[] = []
  for (let row = 0; row < span; row++)
    if (last[row]! >= 0) {
      x.push(first[row]!, last[row]!)
      y.push(top + row, top + row)
    }
  return { x: Int32Array.from(x), y: Int32Array.from(y) }
}

/**
 * How the die's square is turned, from the photo itself: its four edges run two ways a quarter
 * turn apart, so the directions of the grey's slopes around it, taken four times over, agree
 * (round pips add every direction alike). Its outline's rectangle, on a smaller copy and with a
 * translucent die's glow, says it only roughly.
 */
function squareTurn(image: RgbaImage, body: DieBody): number {
  const { width, height, data } = image
  const reach = 0.75 * body.side
  const y0 = Math.max(1, Math.floor(body.centre.y - reach))
  const y1 = Math.min(height - 2, Math.ceil(body.centre.y + reach))
  const x0 = Math.max(1, Math.floor(body.centre.x - reach))
  const x1 = Math.min(width - 2, Math.ceil(body.centre.x + reach))
  // Each pixel's grey once (the slopes ask each up to eight times), with a pixel's border.
  const across = Math.max(0, x1 - x0 + 3)
  const greys = new Float64Array(across * Math.max(0, y1 - y0 + 3))
  for (let y = y0 - 1; y <= y1 + 1; y++)
    for (let x = x0 - 1; x <= x1 + 1; x++) {
      const i = (y * width + x) * 4
      greys[(y - y0 + 1) * across + x - x0 + 1] = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!
    }
  const grey = (x: number, y: number) => greys[(y - y0 + 1) * across + x - x0 + 1]!
  let c = 0
  let s = 0
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const gx = grey(x + 1, y - 1) + 2 * grey(x + 1, y) + grey(x + 1, y + 1) - grey(x - 1, y - 1) - 2 * grey(x - 1, y) - grey(x - 1, y + 1)
      const gy = grey(x - 1, y + 1) + 2 * grey(x, y + 1) + grey(x + 1, y + 1) - grey(x - 1, y - 1) - 2 * grey(x, y - 1) - grey(x + 1, y - 1)
      const squared = gx * gx + gy * gy
      if (squared === 0) continue
      // cos 4θ and sin 4θ of the slope's direction, weighted by its steepness squared.
      c += (gx ** 4 - 6 * gx * gx * gy * gy + gy ** 4) / squared
      s += (4 * gx * gy * (gx * gx - gy * gy)) / squared
    }
  const turn = Math.atan2(s, c) / 4
  return turn < 0 ? turn + Math.PI / 2 : turn
}

/** Grid places (column, row, each −1…1) of each value's pips; a two, three and six lie either way. */
const LAYOUTS: readonly (readonly [number, number])[][] = [
  [[0, 0]],
  [[-1, -1], [1, 1]],
  [[1, -1], [-1, 1]],
  [[-1, -1], [0, 0], [1, 1]],
  [[1, -1], [0, 0], [-1, 1]],
  [[-1, -1], [1, -1], [1, 1], [-1, 1]],
  [[-1, -1], [1, -1], [1, 1], [-1, 1], [0, 0]],
  [[-1, -1], [1, -1], [1, 1], [-1, 1], [-1, 0], [1, 0]],
  [[-1, -1], [1, -1], [1, 1], [-1, 1], [0, -1], [0, 1]],
]

/** Each layout as the grid's nine places (column-major), whether a pip is there. */
const PLACES = LAYOUTS.map((layout) => {
  const pip = new Array<boolean>(9).fill(false)
  for (const [i, j] of layout) pip[(i + 1) * 3 + j + 1] = true
  return { pip, count: layout.length }
})

/**
 * The body's outline includes a translucent die's glow and a dark die's rim, so it says the
 * face's size only roughly: the layout's step (middle to a corner pip, along a side) is tried
 * from STEPS[0] to STEPS[1] of the body's side, the grid shifted by up to SHIFT of it and turned
 * by up to TURN either way.
 */
const STEPS = [0.16, 0.32] as const
const STEP = 0.02
const SHIFT = 0.05
const TURN = 0.1
/**
 * A one's pip is looked for with its grid's other places where a die's other pips would be
 * (a quarter of the side out, the glow or rim of the body's outline allowed for): moved out past
 * them, a three's or a five's corner pips would pass for plain face.
 */
const ONE_STEPS = [0.2, 0.26] as const
/** Pips differ from the face by at least this ΔE (below it a body is a blank or a stone, not a die we can read). */
const PIP_COLOUR = 12
/** The shares of the face's places most unlike it whose colour is the pips'. */
const PIP_SHARES = [0.05, 0.12]
/** The face's colour and the pips' are read over this much of the body's side around its middle. */
const FACE_REACH = 0.4

/** The colour at a point between pixels (bilinear), in Lab. */
const labBetween = (image: RgbaImage, x: number, y: number): Lab => rgbToLab(...sampleBilinear(image, x, y))

const medianLab = (colours: readonly Lab[]): Lab =>
  [0, 1, 2].map((k) => {
    const sorted = colours.map((c) => c[k]!).sort((a, b) => a - b)
    return sorted[sorted.length >> 1]!
  }) as Lab

/**
 * Reads a body's top face: the face's colour is the median over its middle, the pips' the
 * median of the places most unlike it; every point is scored from −1 (the face's colour) to 1
 * (the pips'), so a marbled face's streaks, unlike both, score near 0. The pips cover from a
 * twentieth of the face's middle (a one) to a fifth (a six): their colour is taken over either
 * share, and the layout read by the wider margin kept. Null when no colour on the face differs
 * enough from it to be pips.
 */
export function readBody(image: RgbaImage, found: DieBody): BodyReading | null {
  const body = { ...found, angle: squareTurn(image, found) }
  const { centre, side } = body
  const cos = Math.cos(body.angle)
  const sin = Math.sin(body.angle)
  const inner: Lab[] = []
  for (let u = -FACE_REACH; u <= FACE_REACH + 1e-9; u += 0.04)
    for (let v = -FACE_REACH; v <= FACE_REACH + 1e-9; v += 0.04)
      inner.push(labBetween(image, centre.x + side * (u * cos - v * sin), centre.y + side * (u * sin + v * cos)))
  const face = medianLab(inner)
  const unlike = inner.map((colour) => ({ colour, distance: deltaE(colour, face) })).sort((a, b) => b.distance - a.distance)
  // The body's pixels in Lab, once for every layout tried.
  const reach = 0.8 * side
  const region = bodyRegion(image, Math.floor(centre.x - reach), Math.floor(centre.y - reach), Math.ceil(2 * reach) + 2)
  let best: BodyReading | null = null
  for (const share of PIP_SHARES) {
    const pip = medianLab(unlike.slice(0, Math.max(3, Math.round(share * unlike.length))).map((e) => e.colour))
    if (deltaE(pip, face) < PIP_COLOUR) continue
    const reading = bestLayout(region, body, face, pip)
    if (!best || reading.margin > best.margin) best = reading
  }
  return best
}

/**
 * The Lab of the n × n pixels from (x0, y0) on, row by row, three numbers a pixel: labBetween's at
 * each, whose points all lie on pixels (a point off the image takes its edge pixel's colour, as
 * sampleBilinear has it), so each is its pixel's bytes' Lab. A body's region is tens of thousands
 * of pixels, and a tuple for each (two, with sampleBilinear's) was most of what reading it cost.
 */
export function bodyRegion(image: RgbaImage, x0: number, y0: number, n: number): { x0: number; y0: number; n: number; lab: Float64Array } {
  const { width, height, data } = image
  const lab = new Float64Array(3 * n * n)
  const colour: Lab = [0, 0, 0]
  for (let j = 0, k = 0; j < n; j++) {
    const row = Math.min(height - 1, Math.max(0, y0 + j)) * width
    for (let i = 0; i < n; i++, k += 3) {
      const p = (row + Math.min(width - 1, Math.max(0, x0 + i))) * 4
      rgbToLabKept(data[p]!, data[p + 1]!, data[p + 2]!, colour)
      lab[k] = colour[0]
      lab[k + 1] = colour[1]
      lab[k + 2] = colour[2]
    }
  }
  return { x0, y0, n, lab }
}

/** A pip's disc as 13 points (dx, dy pairs, within the unit circle on a half-step grid), in the order summed. */
const DISC: readonly number[] = (() => {
  const points: number[] = []
  for (let dx = -1; dx <= 1; dx += 0.5)
    for (let dy = -1; dy <= 1; dy += 0.5) if (dx * dx + dy * dy <= 1) points.push(dx, dy)
  return points
})()

/** The layout whose pip places look most like `pip` and its other places most like `face`, by its margin. */
function bestLayout(region: { x0: number; y0: number; n: number; lab: Float64Array }, body: DieBody, face: Lab, pip: Lab): BodyReading {
  const { centre, side } = body
  const along = (angle: number) => ({ cos: Math.cos(angle), sin: Math.sin(angle) })
  const pipToFace = deltaE(pip, face)
  // The score at each pixel of the body, so the many grids tried read it cheaply (between pixels, bilinear).
  const { x0, y0, n } = region
  const { lab } = region
  const map = new Float32Array(n * n)
  // deltaE from the face and from the pips, as deltaE measures them.
  for (let q = 0, k = 0; q < map.length; q++, k += 3)
    map[q] = (hypot3(lab[k]! - face[0], lab[k + 1]! - face[1], lab[k + 2]! - face[2]) - hypot3(lab[k]! - pip[0], lab[k + 1]! - pip[1], lab[k + 2]! - pip[2])) / pipToFace
  const score = (x: number, y: number) => {
    const gx = Math.max(0, Math.min(n - 1.001, x - x0))
    const gy = Math.max(0, Math.min(n - 1.001, y - y0))
    const i = Math.floor(gx)
    const j = Math.floor(gy)
    const fx = gx - i
    const fy = gy - j
    return (map[j * n + i]! * (1 - fx) + map[j * n + i + 1]! * fx) * (1 - fy) + (map[(j + 1) * n + i]! * (1 - fx) + map[(j + 1) * n + i + 1]! * fx) * fy
  }
  // The best reading of each count of pips (a one's grid may pass over a three's or a five's corners).
  const best: BodyReading[] = []
  const places = new Array<number>(9)
  for (const turn of [-TURN, 0, TURN]) {
    const { cos, sin } = along(body.angle + turn)
    for (let share = STEPS[0]; share <= STEPS[1] + 1e-9; share += STEP) {
      const step = share * side
      // A pip's disc (DISC) is this wide.
      const radius = 0.3 * step
      for (let sx = -SHIFT; sx <= SHIFT + 1e-9; sx += SHIFT)
        for (let sy = -SHIFT; sy <= SHIFT + 1e-9; sy += SHIFT) {
          const cx = centre.x + sx * side
          const cy = centre.y + sy * side
          for (let i = -1; i <= 1; i++)
            for (let j = -1; j <= 1; j++) {
              const px = cx + step * (i * cos - j * sin)
              const py = cy + step * (i * sin + j * cos)
              let sum = 0
              for (let d = 0; d < DISC.length; d += 2) sum += score(px + DISC[d]! * radius, py + DISC[d + 1]! * radius)
              places[(i + 1) * 3 + j + 1] = sum / (DISC.length / 2)
            }
          // The middle as a three, a four and a five see it: by its width across a streak through it.
          const middle = middleAcrossStreak(score, cx, cy, step, cos, sin, places[MIDDLE]!)
          for (const on of PLACES) {
            if (on.count === 1 && (share < ONE_STEPS[0] - 1e-9 || share > ONE_STEPS[1] + 1e-9)) continue
            let faintestPip = Infinity
            let likestFace = -Infinity
            for (let k = 0; k < 9; k++) {
              const level = k === MIDDLE && on.count >= 3 && on.count <= 5 ? middle : places[k]!
              if (on.pip[k]) faintestPip = Math.min(faintestPip, level)
              else likestFace = Math.max(likestFace, level)
            }
            const margin = faintestPip - likestFace
            if (margin > (best[on.count]?.margin ?? -Infinity)) best[on.count] = { value: on.count, margin, centre: { x: cx, y: cy }, side }
          }
        }
    }
  }
  const read = best.reduce((a, b) => (b.margin > a.margin ? b : a), { value: 0, margin: -Infinity, centre, side })
  // A rim or a glow in the outline puts a one's grid (ONE_STEPS) out past a three's or a five's
  // corner pips, which then read as plain face: that layout reading clearly too, closer in, is the face.
  const closerIn = [best[3], best[5]].filter((r): r is BodyReading => r !== undefined && r.margin >= ONE_PASSED_OVER * MARGIN && r.margin >= ONE_PASSED_OVER * read.margin)
  return read.value === 1 && closerIn.length > 0 ? closerIn.reduce((a, b) => (b.margin > a.margin ? b : a)) : read
}

/** The grid's middle place among its nine (column-major, as PLACES): a one's, three's and five's middle pip. */
const MIDDLE = 4

/**
 * A glint on a glossy die is a streak of light: across its face, through the grid's middle, it
 * passes for a five's (a three's) middle pip in the colour of white pips, and spoils a four's
 * (a two's) plain middle. A pip is round: as wide across a streak through it as along it. Halfway
 * from the middle's disc to the next places' discs (STREAK_RING of a step out) every layout has
 * face, all around; a mark that lies there on both sides of the middle, along one of four
 * directions (the grid's two axes and its diagonals), runs through it. How pip-like the ring is
 * there at its most (0 where it is face) weighs how far the middle is judged by its width across
 * that mark instead (ACROSS of a step either side, inside the disc): a streak alone leaves face
 * there, a pip under the streak does not. The middle's score, so judged, is what a three, a four
 * and a five see. A one's pip is left as it is: larger, on a wider grid, it fills that ring itself.
 */
function middleAcrossStreak(score: (x: number, y: number) => number, cx: number, cy: number, step: number, cos: number, sin: number, disc: number): number {
  const at = (u: number, v: number) => score(cx + step * (u * cos - v * sin), cy + step * (u * sin + v * cos))
  let streak = 0
  let across = disc
  for (const [i, j] of STREAK_DIRECTIONS) {
    let both = Infinity
    for (const side of [1, -1]) {
      let sum = 0
      for (const out of STREAK_RING) sum += at(side * out * i, side * out * j)
      both = Math.min(both, sum / STREAK_RING.length)
    }
    if (both <= streak) continue
    streak = both
    across = Math.min(at(-ACROSS * j, ACROSS * i), at(ACROSS * j, -ACROSS * i))
  }
  return disc - Math.min(1, streak) * Math.max(0, disc - across)
}

/** Directions through the middle, unit long in the grid: its two axes and its two diagonals. */
const STREAK_DIRECTIONS = [[1, 0], [0, 1], [Math.SQRT1_2, Math.SQRT1_2], [Math.SQRT1_2, -Math.SQRT1_2]] as const
/** The ring a streak is looked for on, in steps from the middle: about halfway from its disc's rim (0.3) to the next places' (0.7). */
const STREAK_RING = [0.45, 0.55] as const
/** A pip's width across a streak is read this many steps either side of the middle, inside its disc (0.3). */
const ACROSS = 0.25

/** A three or a five read this clearly (of a clear layout's margin, and of the one's) is what a one's grid passed over. */
const ONE_PASSED_OVER = 0.5

/** A die's body this many pixels across is still found as a square. */
const SMALLEST_BODY = 12
/** Bodies this much smaller or larger than the roll's sure dice are no dice of it. */
const BODY_SIZES = { min: 0.6, max: 1.6 }
/** An unsure face read by pips this much smaller than the roll's bodies (side to side) is no die of the roll. */
const FAR_SMALLER = 0.25
/** A body this near a die already read (in the larger one's sides) is that die. */
const SAME_DIE = 0.6
/**
 * Layouts of two pips or more read by this margin, and ones by ONE_MARGIN (a glint in the middle
 * passes for a one), are clear; layouts read by FAINT_MARGIN or more are faint, a guess to show
 * the player rather than an empty row; below it a body is not read at all. A body of the roll's
 * size, square and unlike the tray, is nearly always a die (a key or a plug beside dice of large
 * pips is not looked for): its row is asked about either way, and a faint guess is right more
 * often than not.
 */
const MARGIN = 1
const ONE_MARGIN = 1.5
const FAINT_MARGIN = 0.15
const clear = (reading: BodyReading) => reading.margin >= (reading.value === 1 ? ONE_MARGIN : MARGIN)

/**
 * A body's outline takes in more than the top face the pips' spacing gives the size of (the
 * die's sides seen at a slant, a translucent die's glow, a dark die's rim): where the roll's sure
 * dice say the faces' size, bodies are looked for up to this many times it, and the roll's bodies
 * are as large as those found around the sure dice.
 */
const OUTLINE_OVER_FACE = 1.35
/**
 * With no sure die, bodies are looked for up to this share of the photo's shorter side: a
 * close-up of one die on a speckled table (dust on black leather) shows no sure face where the
 * specks, paired like pips, set the roll's pips small, yet its die is a body as plain as any.
 */
const LARGEST_BODY = 0.5
/**
 * A body is read on a copy where its side is at most this many pixels (its pips some fifteen
 * across): a close-up die's body read at full size costs as much as finding every body.
 */
const READ_SIDE = 160
/** Bodies of one roll's size: within this ratio of each other. */
const ALIKE_BODIES = 1.25

/**
 * The layouts read on the bodies on `image` (a copy of the photo) of the roll's size. The size
 * of the roll's sure dice (`typicalSide`, pixels of that copy; null with none) and where they lie
 * (`sureAt`) say it: the roll's bodies are as large as those around the sure dice (or, none
 * found there, as their faces). With no sure die, the roll's size is that the bodies themselves
 * share: the largest group of bodies alike in size (ALIKE_BODIES) whose layouts read.
 */
export function diceByBody(image: RgbaImage, typicalSide: number | null, sureAt: readonly Point[] = []): BodyReading[] {
  return bodiesOfTheRoll(image, typicalSide, sureAt, shapesOnce(image)).readings
}

/**
 * diceByBody's readings, with every body found (of any size looked for, read or not, in photo
 * pixels) and whether the body finder sees this roll's dice: a body around each sure die, or
 * with none, a body of the roll's size. `shapes` are the image's own (shapesOnce).
 */
function bodiesOfTheRoll(
  image: RgbaImage,
  typicalSide: number | null,
  sureAt: readonly Point[],
  shapes: () => TableShapes,
): { readings: BodyReading[]; found: DieBody[]; seesDice: boolean } {
  // Bodies are found on a copy at half the size when the dice keep SMALLEST_BODY pixels there:
  // a quarter of the work, and their outline says their place and turn only roughly anyway.
  const longer = Math.max(image.width, image.height)
  // The image's smaller copies, each made once: the bodies are found on the half-size one, and
  // each large body is read on a copy halved once or more (readLarge), often the same.
  const copies = new Map<number, { image: RgbaImage; scale: number }>()
  const copyOf = (side: number) => {
    let copy = copies.get(side)
    if (!copy) copies.set(side, (copy = limitSize(image, side)))
    return copy
  }
  const { image: copy, scale } = typicalSide !== null && typicalSide >= 2 * SMALLEST_BODY ? copyOf(Math.round(longer / 2)) : { image, scale: 1 }
  const search =
    typicalSide === null
      ? { min: SMALLEST_BODY, max: LARGEST_BODY * Math.min(image.width, image.height) }
      : { min: BODY_SIZES.min * typicalSide, max: BODY_SIZES.max * (sureAt.length > 0 ? OUTLINE_OVER_FACE : 1) * typicalSide }
  // A close-up's dice are looked for within the roll's size (the outline's margin left out: a
  // wider range opens the shapes by a disc wider than a die, at necks).
  const closeUp = closeUpBodies(image, typicalSide === null ? search : { min: BODY_SIZES.min * typicalSide, max: BODY_SIZES.max * typicalSide })
  const overlap = (a: DieBody, b: DieBody) => Math.hypot(a.centre.x - b.centre.x, a.centre.y - b.centre.y) < Math.max(a.side, b.side) / 2
  // A body of a close-up's size found against the patches' medians (two touching dice found as one) gives way to those found against the whole table's.
  const largest = Math.min(image.width, image.height) / CLOSE_UP
  const sides = { min: search.min * scale, max: search.max * scale }
  const found = (copy === image ? bodiesAmong(shapes(), sides) : findDieBodies(copy, toLab(copy), sides))
    .map((body) => atScale(body, scale))
    .filter((body) => body.side < largest || !closeUp.some((big) => overlap(body, big)))
  found.push(...closeUp.filter((big) => !found.some((body) => overlap(body, big))))
  const readOnce = new Map<DieBody, BodyReading | null>()
  const read = (body: DieBody) => {
    if (!readOnce.has(body)) {
      const reading = readLarge(image, body, copyOf)
      readOnce.set(body, reading && reading.margin >= FAINT_MARGIN ? reading : null)
    }
    return readOnce.get(body)!
  }
  // A body around a sure die is at least as large as its face (a clump of its pips is smaller).
  const holds = (body: DieBody, at: Point) => Math.hypot(at.x - body.centre.x, at.y - body.centre.y) < body.side / 2 && (typicalSide === null || body.side >= typicalSide)
  const around = found.filter((body) => sureAt.some((at) => holds(body, at)))
  const side = typicalSide === null ? sharedSide(found.filter(read)) : around.length > 0 ? median(around.map((body) => body.side)) : typicalSide
  if (side === null) return { readings: [], found, seesDice: false }
  // The body finder sees this roll's dice: a body around most of the sure dice or, with none, two bodies
  // or more of the roll's size read whole. Only then are pieces opened out of larger shapes taken
  // (a ferrite on a cable, a laptop's corner pass for dice where the dice themselves are not seen).
  const whole = found.filter((body) => !body.carved && body.side >= BODY_SIZES.min * side && body.side <= BODY_SIZES.max * side && read(body))
  const seesDice = sureAt.length > 0 ? 2 * sureAt.filter((at) => found.some((body) => holds(body, at))).length > sureAt.length : whole.length >= 2
  const ofTheRoll = (body: DieBody) => body.side >= BODY_SIZES.min * side && body.side <= BODY_SIZES.max * side && (seesDice || !body.carved)
  // Two dice parted from one body are both of the roll's size and both show a layout, or the body was something else.
  const readings = found.flatMap((body) => {
    const twins = body.pair === undefined ? [body] : found.filter((other) => other.pair === body.pair)
    const reading = twins.every(ofTheRoll) && twins.every(read) ? read(body) : null
    return reading ? [reading] : []
  })
  return { readings, found, seesDice }
}

/** A body found on a copy `scale` times the image's size, in the image's pixels. */
const atScale = (body: DieBody, scale: number): DieBody => ({
  ...body,
  centre: { x: (body.centre.x + 0.5) / scale - 0.5, y: (body.centre.y + 0.5) / scale - 0.5 },
  side: body.side / scale,
})

/**
 * Dice larger than half a patch of the table's model (a sixth of the photo) fill much of their
 * patches, whose median is then the die's own colour and not the table's: a close-up's die,
 * over a twelfth of the photo's shorter side, is no body to findDieBodies as the roll's dice are
 * found. Such dice (of `search`'s sides, in the image's pixels) are looked for against the whole
 * table's median on a copy CLOSE_UP_SIDE pixels long, where they keep SMALLEST_BODY pixels or
 * more: a die of a close-up covers far less than half of the photo.
 */
function closeUpBodies(image: RgbaImage, search: { min: number; max: number }): DieBody[] {
  const shorter = Math.min(image.width, image.height)
  const sides = { min: Math.max(search.min, shorter / CLOSE_UP), max: search.max }
  if (sides.max < sides.min) return []
  const { image: copy, scale } = limitSize(image, CLOSE_UP_SIDE)
  const whole = Math.max(copy.width, copy.height)
  return findDieBodies(copy, toLab(copy), { min: sides.min * scale, max: sides.max * scale }, whole).map((body) => atScale(body, scale))
}

/** Dice over this share of the photo's shorter side are looked for as a close-up's (closeUpBodies). */
const CLOSE_UP = 12
/** Long side of the copy a close-up's dice are looked for on. */
const CLOSE_UP_SIDE = 200

/**
 * readBody, on a copy halved until the body's side is at most READ_SIDE pixels (reading in the
 * image's pixels); `copyOf` gives the image's copy of a long side (limitSize's).
 */
function readLarge(image: RgbaImage, body: DieBody, copyOf: (side: number) => { image: RgbaImage; scale: number }): BodyReading | null {
  let halvings = 0
  while (body.side / 2 ** halvings > READ_SIDE) halvings++
  if (halvings === 0) return readBody(image, body)
  const longer = Math.max(image.width, image.height)
  const { image: copy, scale } = copyOf(Math.round(longer / 2 ** halvings))
  const at = (p: Point) => ({ x: (p.x + 0.5) * scale - 0.5, y: (p.y + 0.5) * scale - 0.5 })
  const reading = readBody(copy, { ...body, centre: at(body.centre), side: body.side * scale })
  if (!reading) return null
  return { ...reading, centre: { x: (reading.centre.x + 0.5) / scale - 0.5, y: (reading.centre.y + 0.5) / scale - 0.5 }, side: reading.side / scale }
}

/** The median side of the largest group of bodies alike in size (ALIKE_BODIES); null for none. */
function sharedSide(bodies: readonly DieBody[]): number | null {
  let best: number[] = []
  for (const body of bodies) {
    const alike = bodies.map((other) => other.side).filter((side) => Math.max(side, body.side) <= ALIKE_BODIES * Math.min(side, body.side))
    if (alike.length > best.length) best = alike
  }
  return best.length > 0 ? median(best) : null
}

/**
 * A die read clearly from its body: below a sure one, above one pip seen with no die around it;
 * read faintly, below an unsure face read by its pips too.
 */
const BODY_CONFIDENCE = 0.6
const FAINT_CONFIDENCE = 0.35
export const READ_BY_BODY = 'read from its body: its pips too small to see one by one'
export const READ_FAINTLY = 'its body’s layout shows faintly'
/** An unsure die read by its pips whose body's layout reads clearly the same value (dice.ts says which doubts that answers). */
export const BODY_AGREES = 'its body’s layout reads the same clearly'

/** The layouts that hold a smaller one's pips: a one's middle, a two's diagonal, a three's row (a six's column), a four's corners. */
const HOLDING: Record<number, readonly number[]> = { 1: [3, 5], 2: [3, 4, 5, 6], 3: [5, 6], 4: [5, 6] }
const partOf = (value: number, body: BodyReading) => body.margin >= 0.5 * MARGIN && (HOLDING[value]?.includes(body.value) ?? false)

/** A body reading the four that the pips' six was read from (a row lost in shade on both) says nothing more. */
const sixOfItsFour = (die: DieReading, body: BodyReading) => body.value === 4 && (die.doubts ?? []).includes(FOUR_OF_A_SIX)

/**
 * The dice read by their pips (`byPips`, in photo pixels) with those read from their bodies on
 * `working`, a copy of the photo `scale` times its size: their size is that of the bodies around
 * the roll's sure dice or, with none, the size the bodies share (diceByBody). A body where no die was read adds one (a faint
 * layout as a guess, below the unsure faces read by pips); a body whose
 * layout reads clearly where the pips read an unsure face of another value (some of its tiny pips
 * merged or lost) gives that die its value, and so does one read half as clearly whose layout holds
 * the pips' (the rest of them lost on a dark or marbled face). Either is asked about. A body whose
 * layout reads clearly the value the pips read unsurely says so (BODY_AGREES). More dice than a roll: the
 * surest five are kept (a body's reading above a lone pip with no die around it). Without
 * `faintToo`, only bodies whose layout reads clearly are added. `shapes` are the working copy's
 * (shapesOnce), when they may have been found already.
 */
export function withBodies(byPips: DieReading[], working: RgbaImage, scale: number, faintToo = true, shapes = shapesOnce(working)): DieReading[] {
  // A two seen low that may be a row of a larger face is a die's face all the same, of its size and
  // in its place: only its count is asked. It sizes the roll as a sure die does.
  const sure = byPips.filter((die) => die.confidence >= UNCERTAIN_DIE_BELOW || (die.doubts?.length === 1 && die.doubts[0] === ROW_SEEN_LOW))
  const sureAt = sure.map((die) => ({ x: die.centre.x * scale, y: die.centre.y * scale }))
  const { readings: bodies, found, seesDice } = bodiesOfTheRoll(working, sure.length > 0 ? median(sure.map((die) => die.side * scale)) : null, sureAt, shapes)
  if (bodies.length === 0) return byPips
  // An unsure face far larger than the roll's bodies with one of them inside it, its layout read
  // clearly, spans dice (two dark dice seen as the two pips of a "two"): it is no die of the roll,
  // and the bodies are. (A face's own pips found as bodies read no layout clearly.)
  const rollSide = median(bodies.map((body) => body.side)) / scale
  const spansDice = (die: DieReading) =>
    die.confidence < UNCERTAIN_DIE_BELOW &&
    die.side > BODY_SIZES.max * rollSide &&
    bodies.some((body) => clear(body) && Math.hypot(body.centre.x / scale - die.centre.x, body.centre.y / scale - die.centre.y) < die.side / 2)
  // A lone pip seen by its colour only (a spot of the tray's print or of a shadow's edge), where
  // the body finder sees this roll's dice yet finds no body there, is no die: were it one, its row
  // stays empty and is asked about. (A lone pip in grey with no die's face around it is not
  // dropped so: an ivory one on pale wood is often no body to the body finder.)
  const speck = (die: DieReading) =>
    seesDice &&
    die.value === 1 &&
    die.confidence < UNCERTAIN_DIE_BELOW &&
    (die.doubts ?? []).includes(COLOUR_ONLY) &&
    !found.some((body) => Math.hypot(body.centre.x / scale - die.centre.x, body.centre.y / scale - die.centre.y) < body.side / scale / 2)
  // No die of a roll is a quarter of its dice's size: an unsure face that small, with no body
  // around it, is a pattern of specks (dust on black leather pairs up like a two's pips).
  const farSmaller = (die: DieReading) =>
    die.confidence < UNCERTAIN_DIE_BELOW &&
    die.side < FAR_SMALLER * rollSide &&
    !found.some((body) => Math.hypot(body.centre.x / scale - die.centre.x, body.centre.y / scale - die.centre.y) < body.side / scale / 2)
  const dice = byPips.filter((die) => !spansDice(die) && !speck(die) && !farSmaller(die))
  // With no sure die, the bodies alike in size are all there is to read the roll by: a faint layout is a guess worth showing.
  const faint = faintToo || sure.length === 0
  for (const body of bodies) {
    const centre = { x: body.centre.x / scale, y: body.centre.y / scale }
    const side = body.side / scale
    const at = dice.findIndex((die) => Math.hypot(die.centre.x - centre.x, die.centre.y - centre.y) < SAME_DIE * Math.max(die.side, side))
    if (at < 0 && (faint || clear(body)))
      dice.push(
        clear(body)
          ? { value: body.value, confidence: BODY_CONFIDENCE, centre, side, doubts: [READ_BY_BODY] }
          : { value: body.value, confidence: FAINT_CONFIDENCE, centre, side, doubts: [READ_BY_BODY, READ_FAINTLY] },
      )
    else if (
      at >= 0 &&
      (clear(body) || partOf(dice[at]!.value, body)) &&
      dice[at]!.confidence < BODY_CONFIDENCE &&
      dice[at]!.value !== body.value &&
      !sixOfItsFour(dice[at]!, body)
    )
      dice[at] = { ...dice[at]!, value: body.value, doubts: [...(dice[at]!.doubts ?? []), `its pips read ${dice[at]!.value}; its body reads ${body.value}`] }
    else if (at >= 0 && clear(body) && dice[at]!.confidence < UNCERTAIN_DIE_BELOW && dice[at]!.value === body.value)
      dice[at] = { ...dice[at]!, doubts: [...(dice[at]!.doubts ?? []), BODY_AGREES] }
  }
  return dice.length <= DICE_IN_A_ROLL ? dice : dice.sort((a, b) => b.confidence - a.confidence).slice(0, DICE_IN_A_ROLL)
}
