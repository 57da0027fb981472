// Finds playing cards in a photo of a table: cards are bright, nearly colourless
// rectangles with sharp edges. Paper is separated from the table by brightness, and from
// other paper by the thin dark seam a card's edge casts where cards touch or overlap; a
// blob that is still not card-shaped is split where it narrows, unless it is the broken paper
// of a face card partly under another (its convex hull is card-shaped): then it is kept whole,
// its corners the smallest rectangle round it, and asked about. Blobs with soft edges
// (lamp glare) are not cards. Each card is returned as its four corners and rectified to an
// upright card image, so the corner index sits where a card's design puts it.
import {
  connectedComponents,
  convexHull,
  createGrayImage,
  deltaE,
  median,
  medianColour,
  rgbToLab,
  gaussianBlur,
  limitSize,
  morphology,
  otsuThreshold,
  warpQuadrilateral,
  type GrayImage,
  type Lab,
  type Point,
  type RgbaImage,
} from '../raster.ts'
import { cardSizesOfPile, cardsByCorners, IN_A_PILE } from './touchingCards.ts'

/** The rectified card: 200 × 280, the 5 : 7 of poker and bridge cards alike. */
export const CARD_WIDTH = 200
export const CARD_HEIGHT = 280
/** The rectified image shows this fraction of the card's size beyond each edge (the table, mostly). */
export const CARD_MARGIN = 0.03

export interface FoundCard {
  /** Top-left, top-right, bottom-right, bottom-left of the card as it lies, in photo pixels. */
  corners: [Point, Point, Point, Point]
  centre: Point
  /** The card rectified upright with a margin (CARD_MARGIN) — one of the two upright turns; the index is in both. */
  image: RgbaImage
  /**
   * The card rectified with its sides swapped (a quarter turn), when the outline alone cannot
   * tell the long sides from the short ones: seen at a slant, a card's far long sides shrink.
   */
  quarterTurn: (() => RgbaImage) | null
  /** The blob was not card-shaped (touching or overlapping cards, a card cut by the frame). */
  irregular: boolean
  /**
   * Irregular for its size alone: a card-shaped outline larger than the photo's typical card, as
   * two cards lying edge to edge make (and as a card nearer a slanting camera than the others is).
   */
  oversized: boolean
  /**
   * A card partly under another: its outline is only what shows, and rectified, its index is
   * stretched out of shape. Instead, frames from each corner of it that shows (where two of its
   * edges meet): a whole card's shape laid from that corner along those edges, that corner top
   * left, with the margin of `image` (cornerFrames below), in photo pixels. A card whose outline
   * passed as card-shaped may be partly covered too (a card lying under another with one corner
   * hidden is a pentagon near enough to a card). Null when no card gives the size of a whole one.
   */
  cornerFrames: (() => Point[][]) | null
}

/**
 * Paper is bright in every channel; cloth, wood and shadows are dark in at least one. The
 * smallest channel separates them better than grey, which a bright green cloth can fool.
 */
export function whiteness(image: RgbaImage): GrayImage {
  const out = createGrayImage(image.width, image.height)
  for (let p = 0, i = 0; p < out.data.length; p++, i += 4)
    out.data[p] = Math.min(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!)
  return out
}

/** A channel the card's paper is darker in than this share of its brightest one shows a colour cast, not the print. */
const CAST_CHANNEL = 0.5
/** A channel's paper level: the level this share of the card's pixels lie at or below (the print is a small part of a card, the paper most of it). */
const PAPER_SHARE = 0.9

/**
 * whiteness() of the box x0…x1, y0…y1 (the rest left 0) over the channels the card's own paper
 * is bright in: paper, the 90th percentile of each channel there. Under a strong colour cast (a
 * yellow lamp, a yellowed photo) the paper is dark in one channel, blue, and there the print
 * stands barely above the paper and the JPEG's noise, which keeps colour at half resolution:
 * the darkest channel is no measure of print. Under a plain light every channel is kept, and
 * this is whiteness().
 */
export function printWhiteness(image: RgbaImage, x0: number, y0: number, x1: number, y1: number): GrayImage {
  const counts = [new Int32Array(256), new Int32Array(256), new Int32Array(256)]
  for (let y = y0; y <= y1; y++)
    for (let x = x0, i = (y * image.width + x0) * 4; x <= x1; x++, i += 4) for (let c = 0; c < 3; c++) counts[c]![image.data[i + c]!]!++
  const total = (x1 - x0 + 1) * (y1 - y0 + 1)
  const paper = counts.map((histogram) => {
    let level = 0
    for (let below = histogram[0]!; level < 255 && below <= total * PAPER_SHARE; ) below += histogram[++level]!
    return level
  })
  const brightest = Math.max(...paper)
  const kept = [0, 1, 2].filter((c) => paper[c]! >= CAST_CHANNEL * brightest)
  const out = createGrayImage(image.width, image.height)
  for (let y = y0; y <= y1; y++)
    for (let x = x0, i = (y * image.width + x0) * 4; x <= x1; x++, i += 4) {
      let darkest = 255
      for (const c of kept) darkest = Math.min(darkest, image.data[i + c]!)
      out.data[y * image.width + x] = darkest
    }
  return out
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y)
}

/**
 * The brightest value within `radius` of each pixel of the box x0…x1, y0…y1 (a square
 * window, cut at the photo's edges), in two one-dimensional passes; the box's own image.
 * Only the boxes where seams are looked for are measured, not the whole photo.
 */
function localMaximum(image: GrayImage, radius: number, x0: number, y0: number, x1: number, y1: number): GrayImage {
  const { width, height, data } = image
  const boxWidth = x1 - x0 + 1
  // Rows the box's windows reach, each maximum across (columns of the box only).
  const top = Math.max(0, y0 - radius)
  const bottom = Math.min(height - 1, y1 + radius)
  const across = new Float32Array((bottom - top + 1) * boxWidth)
  for (let y = top; y <= bottom; y++) {
    const row = y * width
    const into = (y - top) * boxWidth - x0
    for (let x = x0; x <= x1; x++) {
      const from = row + (x > radius ? x - radius : 0)
      const to = row + (x + radius < width ? x + radius : width - 1)
      let high = data[from]!
      for (let k = from + 1; k <= to; k++) if (data[k]! > high) high = data[k]!
      across[into + x] = high
    }
  }
  const out = createGrayImage(boxWidth, y1 - y0 + 1)
  for (let y = y0; y <= y1; y++) {
    const from = ((y > radius ? y - radius : 0) - top) * boxWidth
    const to = ((y + radius < height ? y + radius : height - 1) - top) * boxWidth
    for (let x = 0; x < boxWidth; x++) {
      let high = across[from + x]!
      for (let k = from + boxWidth + x; k <= to + x; k += boxWidth) if (across[k]! > high) high = across[k]!
      out.data[(y - y0) * boxWidth + x] = high
    }
  }
  return out
}

/** A blob as a list of pixel indices of the working image. */
interface Blob {
  pixels: Int32Array
}

interface Outline {
  corners: [Point, Point, Point, Point]
  centre: Point
  area: number
  /** Area / area of the four-corner outline: ≈ 1 for a card (holes filled), lower for merged shapes. */
  fill: number
  /** Long extent / short extent along the blob's principal axes. */
  elongation: number
  touchesFrame: boolean
}

/**
 * The four corners: the blob's principal axes from its second moments, then along each
 * diagonal direction of that frame the pixel that reaches furthest. Unlike a fitted
 * rectangle this follows a card foreshortened by perspective.
 */
function outlineOf(blob: Blob, width: number, height: number): Outline {
  const { pixels } = blob
  let cx = 0
  let cy = 0
  let touchesFrame = false
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i]!
    const x = p % width
    const y = (p - x) / width
    cx += x
    cy += y
    if (x <= 1 || y <= 1 || x >= width - 2 || y >= height - 2) touchesFrame = true
  }
  cx /= pixels.length
  cy /= pixels.length
  let sxx = 0
  let syy = 0
  let sxy = 0
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i]!
    const x = p % width
    const y = (p - x) / width
    sxx += (x - cx) ** 2
    syy += (y - cy) ** 2
    sxy += (x - cx) * (y - cy)
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy)
  const long = { x: Math.cos(angle), y: Math.sin(angle) }
  // Image y points down: with long = (0, 1), "right" must come out as (1, 0), not (−1, 0).
  const short = { x: long.y, y: -long.x }
  let longExtent = 1
  let shortExtent = 1
  const along = new Float32Array(pixels.length)
  const across = new Float32Array(pixels.length)
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i]!
    const x = p % width
    const ox = x + 0.5 - cx
    const oy = (p - x) / width + 0.5 - cy
    along[i] = ox * long.x + oy * long.y
    across[i] = ox * short.x + oy * short.y
    longExtent = Math.max(longExtent, Math.abs(along[i]!))
    shortExtent = Math.max(shortExtent, Math.abs(across[i]!))
  }
  // "Down" the card is +long, "right" is +short: corners in the order (−,−), (−,+), (+,+), (+,−).
  const best = [-Infinity, -Infinity, -Infinity, -Infinity]
  const bestIndex = [0, 0, 0, 0]
  for (let i = 0; i < pixels.length; i++) {
    const l = along[i]! / longExtent
    const t = across[i]! / shortExtent
    if (-l - t > best[0]!) {
      best[0] = -l - t
      bestIndex[0] = i
    }
    if (-l + t > best[1]!) {
      best[1] = -l + t
      bestIndex[1] = i
    }
    if (l + t > best[2]!) {
      best[2] = l + t
      bestIndex[2] = i
    }
    if (l - t > best[3]!) {
      best[3] = l - t
      bestIndex[3] = i
    }
  }
  const cornerAt = (i: number): Point => ({
    x: cx + along[i]! * long.x + across[i]! * short.x,
    y: cy + along[i]! * long.y + across[i]! * short.y,
  })
  const corners = bestIndex.map(cornerAt) as [Point, Point, Point, Point]
  const quadArea = quadrilateralArea(corners)
  return {
    corners,
    centre: { x: cx, y: cy },
    area: pixels.length,
    fill: pixels.length / Math.max(1, quadArea),
    elongation: longExtent / shortExtent,
    touchesFrame,
  }
}

function quadrilateralArea([a, b, c, d]: readonly Point[]): number {
  return 0.5 * Math.abs((a!.x - c!.x) * (b!.y - d!.y) - (b!.x - d!.x) * (a!.y - c!.y))
}

/** The blob with its holes (pips, indices, a face card's picture) filled: what lies inside its outer edge. */
function fillHoles(pixels: Int32Array, width: number): Int32Array {
  const { w, h, local, toGlobal } = localFrame(pixels, width)
  // 0 unknown, 1 blob, 2 outside (reached from the box's rim).
  const state = new Uint8Array(w * h)
  for (let i = 0; i < local.length; i++) state[local[i]!] = 1
  // Each pixel enters the stack at most once (it is marked as it enters).
  const stack = new Int32Array(w * h)
  let top = 0
  stack[top++] = 0
  state[0] = 2
  const last = w * h - w
  while (top > 0) {
    const q = stack[--top]!
    const x = q % w
    if (x > 0 && state[q - 1] === 0) {
      state[q - 1] = 2
      stack[top++] = q - 1
    }
    if (x < w - 1 && state[q + 1] === 0) {
      state[q + 1] = 2
      stack[top++] = q + 1
    }
    if (q >= w && state[q - w] === 0) {
      state[q - w] = 2
      stack[top++] = q - w
    }
    if (q < last && state[q + w] === 0) {
      state[q + w] = 2
      stack[top++] = q + w
    }
  }
  let count = 0
  for (let q = 0; q < state.length; q++) if (state[q] !== 2) count++
  const filled = new Int32Array(count)
  count = 0
  for (let q = 0; q < state.length; q++) if (state[q] !== 2) filled[count++] = toGlobal(q)
  return filled
}

/** The blob's pixels in a box of its own (one pixel of border), so per-blob work scales with the blob, not the photo. */
function localFrame(pixels: Int32Array, width: number) {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i]!
    const x = p % width
    const y = (p - x) / width
    minX = Math.min(minX, x)
    maxX = Math.max(maxX, x)
    minY = Math.min(minY, y)
    maxY = Math.max(maxY, y)
  }
  const w = maxX - minX + 3
  const h = maxY - minY + 3
  // A photo's pixel in the frame, inside its one-pixel border.
  const toLocal = (p: number) => {
    const x = p % width
    return ((p - x) / width - minY + 1) * w + (x - minX + 1)
  }
  const local = pixels.map(toLocal)
  const toGlobal = (q: number) => {
    const x = q % w
    return ((q - x) / w - 1 + minY) * width + (x - 1 + minX)
  }
  return { w, h, local, toLocal, toGlobal, minX, minY }
}

/** The pixels `pixels` grown by `reach` 3 × 3 steps, within the photo. */
function grown(pixels: Int32Array, width: number, height: number, reach: number): Int32Array {
  const { minX, minY, w, h } = localFrame(pixels, width)
  const x0 = Math.max(0, minX - reach)
  const y0 = Math.max(0, minY - reach)
  const boxWidth = Math.min(width, minX + w - 2 + reach) - x0
  const boxHeight = Math.min(height, minY + h - 2 + reach) - y0
  let mask: Uint8Array = new Uint8Array(boxWidth * boxHeight)
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i]!
    const x = p % width
    mask[((p - x) / width - y0) * boxWidth + x - x0] = 1
  }
  for (let k = 0; k < reach; k++) mask = morphology(mask, boxWidth, boxHeight, 1)
  const out: number[] = []
  for (let q = 0; q < mask.length; q++) if (mask[q]) out.push((y0 + Math.floor(q / boxWidth)) * width + x0 + (q % boxWidth))
  return Int32Array.from(out)
}

/**
 * A blob (`own`, and `local`: its pixels in its frame, localFrame's) cut along a mask over that
 * frame: the blob's pixels of each 4-connected piece of `kept` of at least `least` pixels, in
 * the blob's order, with the piece's holes filled.
 */
function piecesAlong(kept: Uint8Array, w: number, h: number, own: Int32Array, local: Int32Array, width: number, least: number): Int32Array[] {
  const pieces = connectedComponents(kept, w, h, 4)
  const large = pieces.components.filter((c) => c.area >= least)
  // Each piece's pixels gathered in one pass over the blob (local[i] is own[i] in the frame).
  const members: (number[] | undefined)[] = []
  for (const c of large) members[c.label] = []
  for (let i = 0; i < local.length; i++) members[pieces.labels[local[i]!]!]?.push(own[i]!)
  return large.map((c) => fillHoles(Int32Array.from(members[c.label]!), width))
}

/**
 * Splits a blob where it narrows: the distance of each pixel to the blob's edge, cut at
 * rising depths until the deep parts fall apart into two or more sizeable cores; every
 * pixel then joins the core it reaches first. Null when the blob has no waist.
 */
function splitAtWaists(pixels: Int32Array, width: number, minimumArea: number): Int32Array[] | null {
  const { w, h, local, toGlobal } = localFrame(pixels, width)
  // Chamfer distance (3-4) to the nearest pixel outside the blob; the box's border is outside.
  const depth = new Float32Array(w * h)
  for (let i = 0; i < local.length; i++) depth[local[i]!] = 1e9
  // (Pairwise minima, not Math.min of five: this runs over every pixel of a card-sized box.)
  const least = (a: number, b: number) => (b < a ? b : a)
  for (let y = 1; y < h - 1; y++)
    for (let x = 1, q = y * w + 1; x < w - 1; x++, q++) {
      if (depth[q] === 0) continue
      depth[q] = least(least(least(depth[q]!, depth[q - 1]! + 3), least(depth[q - w]! + 3, depth[q - w - 1]! + 4)), depth[q - w + 1]! + 4)
    }
  let deepest = 0
  for (let y = h - 2; y >= 1; y--)
    for (let x = w - 2, q = y * w + w - 2; x >= 1; x--, q--) {
      if (depth[q] === 0) continue
      depth[q] = least(least(least(depth[q]!, depth[q + 1]! + 3), least(depth[q + w]! + 3, depth[q + w + 1]! + 4)), depth[q + w - 1]! + 4)
      if (depth[q]! > deepest) deepest = depth[q]!
    }
  const step = Math.max(3, deepest / 16)
  for (let level = 6; level < deepest * 0.8; level += step) {
    const core = new Uint8Array(w * h)
    for (let i = 0; i < local.length; i++) if (depth[local[i]!]! > level) core[local[i]!] = 1
    const { labels, components } = connectedComponents(core, w, h, 4)
    // A core must be able to grow back into a card: its own area plus the rim it lost.
    const cores = components.filter((c) => c.area * 2 >= minimumArea * 0.25)
    if (cores.length < 2) continue
    const kept = new Set(cores.map((c) => c.label))
    const owner = new Int32Array(w * h)
    // Each pixel of the blob enters the queue once, when it is given its owner.
    const queue = new Int32Array(local.length)
    let tail = 0
    for (const q of local)
      if (kept.has(labels[q]!)) {
        owner[q] = labels[q]!
        queue[tail++] = q
      }
    const claim = (n: number, by: number) => {
      if (depth[n]! > 0 && !owner[n]) {
        owner[n] = by
        queue[tail++] = n
      }
    }
    for (let head = 0; head < tail; head++) {
      const q = queue[head]!
      claim(q - 1, owner[q]!)
      claim(q + 1, owner[q]!)
      claim(q - w, owner[q]!)
      claim(q + w, owner[q]!)
    }
    // Each core's pixels in the blob's order, gathered in one pass.
    const parts = new Map(cores.map((c) => [c.label, [] as number[]]))
    for (let i = 0; i < local.length; i++) parts.get(owner[local[i]!]!)?.push(toGlobal(local[i]!))
    return cores.map((c) => Int32Array.from(parts.get(c.label)!))
  }
  return null
}

/**
 * How sharp the blob's edge is: the share of its rim pixels where the brightness steps by a
 * good part of the local contrast (the range of brightness round that pixel) within a pixel or
 * two. A card's cut edge is a step, in a dim corner of the photo too; glare fades out over
 * many pixels. A photo out of focus softens every edge alike, the print's too: where the print
 * inside the blob (paper beside ink, `paperMask` set beside unset) steps no more steeply than
 * the cut edge of paper would have to, the edge need only be as sharp as that print.
 */
function edgeSharpness(pixels: Int32Array, paper: GrayImage, inside: Uint8Array, paperMask: Uint8Array): number {
  const { width, height, data } = paper
  for (let i = 0; i < pixels.length; i++) inside[pixels[i]!] = 1
  const reach = 5
  // The steepest step within two pixels of p, as a share of the range of brightness round it; −1 where there is no contrast.
  const steepness = (p: number): number => {
    let step = 0
    // The mask stops a pixel or two inside the edge (the seam test trims it): look that far out.
    for (let dy = -2; dy <= 2; dy++)
      for (let dx = -2; dx <= 2; dx++) {
        const q = p + dy * width + dx
        step = Math.max(step, Math.abs(data[q + 1]! - data[q - 1]!) / 2, Math.abs(data[q + width]! - data[q - width]!) / 2)
      }
    let low = Infinity
    let high = -Infinity
    for (let dy = -reach; dy <= reach; dy++)
      for (let dx = -reach; dx <= reach; dx++) {
        const v = data[p + dy * width + dx]!
        low = Math.min(low, v)
        high = Math.max(high, v)
      }
    return high - low >= 8 ? step / (high - low) : -1
  }
  const far = reach + 1
  const nearTheBorder = (p: number): boolean => {
    const x = p % width
    const y = (p - x) / width
    return x < far || y < far || x >= width - far || y >= height - far
  }
  const rimSteps: number[] = []
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i]!
    if (nearTheBorder(p)) continue
    if (!(inside[p - 1] && inside[p + 1] && inside[p - width] && inside[p + width])) rimSteps.push(steepness(p))
  }
  const shareAbove = (needed: number) => (rimSteps.length === 0 ? 0 : rimSteps.filter((s) => s >= needed).length / rimSteps.length)
  let share = shareAbove(SHARP_STEP)
  // Sharp nearly all round: no test asks more (PAPER_ALL_ROUND), and the print need not be looked at.
  if (share < PAPER_ALL_ROUND) {
    const printSteps: number[] = []
    for (let i = 0; i < pixels.length; i++) {
      const p = pixels[i]!
      if (nearTheBorder(p)) continue
      if (!paperMask[p] || (paperMask[p - 1] && paperMask[p + 1] && paperMask[p - width] && paperMask[p + width])) continue
      if (!(inside[p - far] && inside[p + far] && inside[p - far * width] && inside[p + far * width])) continue
      const s = steepness(p)
      if (s >= 0) printSteps.push(s)
    }
    if (printSteps.length >= PRINT_EDGE_PIXELS) share = shareAbove(Math.min(SHARP_STEP, PRINT_FOCUS * median(printSteps)))
  }
  for (let i = 0; i < pixels.length; i++) inside[pixels[i]!] = 0
  return share
}

/** A card's edge climbs at least this share of the local contrast per pixel (glare: a few per cent). */
const SHARP_STEP = 0.13
/** Out of focus, a card's cut edge climbs at least this share of what its print's edges climb (the median of theirs). */
const PRINT_FOCUS = 0.7
/** The print's edges tell how sharp the photo is when there are at least this many of their pixels. */
const PRINT_EDGE_PIXELS = 50

/**
 * The outline grown by CARD_MARGIN on every side: corners found a pixel or two inside the
 * card would otherwise cut off an index printed close to the edge.
 */
function withMargin(corners: readonly Point[]): Point[] {
  const cx = corners.reduce((sum, p) => sum + p.x, 0) / corners.length
  const cy = corners.reduce((sum, p) => sum + p.y, 0) / corners.length
  const grow = 1 + 2 * CARD_MARGIN
  return corners.map((p) => ({ x: cx + (p.x - cx) * grow, y: cy + (p.y - cy) * grow }))
}

/**
 * A share of a card's long sides that a shallow cut of white paper on a white table may leave
 * off one end (the strip round the index, where the paper's edge is faintest): the index is
 * lost, and the pips at that end, cut by the outline, read as print lying over the card.
 */
const DROPPED_STRIP = 0.12

/**
 * The card's outline (corners as FoundCard's, long sides down) grown by DROPPED_STRIP at its
 * top end and, in turn, at its bottom end, each rectified as FoundCard's image is: the cuts a
 * card found short of one end shows whole in.
 */
export function cutsGrownAtEnds(photo: RgbaImage, corners: FoundCard['corners']): { corners: FoundCard['corners']; image: RgbaImage }[] {
  const [a, b, c, d] = corners
  const beyond = (p: Point, from: Point): Point => ({ x: p.x + (p.x - from.x) * DROPPED_STRIP, y: p.y + (p.y - from.y) * DROPPED_STRIP })
  const grown: FoundCard['corners'][] = [
    [beyond(a, d), beyond(b, c), c, d],
    [a, b, beyond(c, b), beyond(d, a)],
  ]
  const cuts: { corners: FoundCard['corners']; image: RgbaImage }[] = []
  for (const outline of grown) {
    try {
      cuts.push({ corners: outline, image: warpQuadrilateral(photo, withMargin(outline), CARD_WIDTH, CARD_HEIGHT) })
    } catch {
      // A degenerate outline: no cut.
    }
  }
  return cuts
}

/** The corners of the convex hull of a set of pixels: raster's convexHull of its row ends (the hull of a blob is the hull of its row ends). */
function hullOf(pixels: Int32Array, width: number): Point[] {
  const ends = new Map<number, [number, number]>()
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i]!
    const x = p % width
    const y = (p - x) / width
    const e = ends.get(y)
    if (!e) ends.set(y, [x, x])
    else {
      if (x < e[0]) e[0] = x
      if (x > e[1]) e[1] = x
    }
  }
  const points: Point[] = []
  for (const [y, [a, b]] of ends) points.push({ x: a, y }, { x: b, y })
  return convexHull(points)
}

/** The convex hull of a set of pixels: its corners, and the pixels inside it. */
function pixelHull(pixels: Int32Array, width: number): { hull: Point[]; pixels: Int32Array } {
  const hull = hullOf(pixels, width)
  return { hull, pixels: fillConvexPolygon(hull, width) }
}

/** The pixels inside a convex polygon, row by row. */
function fillConvexPolygon(hull: readonly Point[], width: number): Int32Array {
  let minY = Infinity
  let maxY = -Infinity
  for (const p of hull) {
    minY = Math.min(minY, p.y)
    maxY = Math.max(maxY, p.y)
  }
  const out: number[] = []
  for (let y = minY; y <= maxY; y++) {
    let left = Infinity
    let right = -Infinity
    for (let i = 0; i < hull.length; i++) {
      const a = hull[i]!
      const b = hull[(i + 1) % hull.length]!
      if ((a.y <= y && b.y >= y) || (b.y <= y && a.y >= y)) {
        if (a.y === b.y) {
          left = Math.min(left, a.x, b.x)
          right = Math.max(right, a.x, b.x)
        } else {
          const x = a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y)
          left = Math.min(left, x)
          right = Math.max(right, x)
        }
      }
    }
    for (let x = Math.ceil(left - 1e-6); x <= Math.floor(right + 1e-6); x++) out.push(y * width + x)
  }
  return Int32Array.from(out)
}

/**
 * The smallest rectangle round a convex polygon (one of its sides lies along a side of the
 * polygon), as four corners in outlineOf's order with the longer side "down". A card partly
 * covered shows two of its edges meeting at a right angle; the rectangle follows them.
 */
function smallestRectangle(hull: readonly Point[]): [Point, Point, Point, Point] {
  let best = { area: Infinity, u: { x: 1, y: 0 }, lowU: 0, highU: 0, lowN: 0, highN: 0 }
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!
    const b = hull[(i + 1) % hull.length]!
    const length = Math.hypot(b.x - a.x, b.y - a.y)
    if (length === 0) continue
    const u = { x: (b.x - a.x) / length, y: (b.y - a.y) / length }
    let lowU = Infinity
    let highU = -Infinity
    let lowN = Infinity
    let highN = -Infinity
    for (const p of hull) {
      const pu = p.x * u.x + p.y * u.y
      const pn = -p.x * u.y + p.y * u.x
      lowU = Math.min(lowU, pu)
      highU = Math.max(highU, pu)
      lowN = Math.min(lowN, pn)
      highN = Math.max(highN, pn)
    }
    const area = (highU - lowU) * (highN - lowN)
    if (area < best.area) best = { area, u, lowU, highU, lowN, highN }
  }
  const { u, lowU, highU, lowN, highN } = best
  const n = { x: -u.y, y: u.x }
  const at = (pu: number, pn: number): Point => ({ x: pu * u.x + pn * n.x + 0.5, y: pu * u.y + pn * n.y + 0.5 })
  const centreU = (lowU + highU) / 2
  const centreN = (lowN + highN) / 2
  // The long side is "down"; "right" is down turned as outlineOf turns it.
  const uLong = highU - lowU >= highN - lowN
  const long = uLong ? u : n
  const short = { x: long.y, y: -long.x }
  const halfLong = (uLong ? highU - lowU : highN - lowN) / 2
  const halfShort = (uLong ? highN - lowN : highU - lowU) / 2
  const centre = at(centreU, centreN)
  const corner = (l: number, t: number): Point => ({
    x: centre.x + l * halfLong * long.x + t * halfShort * short.x,
    y: centre.y + l * halfLong * long.y + t * halfShort * short.y,
  })
  return [corner(-1, -1), corner(-1, 1), corner(1, 1), corner(1, -1)]
}

/**
 * The largest quadrilateral with its corners on the convex polygon `hull`, each corner moved
 * from the hull's vertex nearest to `start` (in the same order) while that enlarges it. A card
 * cut by the photo's frame keeps its three or two corners inside the photo: they are vertices of
 * its hull that the largest quadrilateral reaches; where the diagonal extremes of the cut
 * card's own axes are not its corners.
 */
function largestQuadrilateral(hull: readonly Point[], start: readonly Point[]): [Point, Point, Point, Point] {
  const n = hull.length
  const at = start.map((s) => {
    let best = 0
    for (let i = 1; i < n; i++) if (distance(hull[i]!, s) < distance(hull[best]!, s)) best = i
    return best
  })
  const area = (k: readonly number[]) => quadrilateralArea(k.map((i) => hull[i]!))
  for (let changed = n >= 4; changed; ) {
    changed = false
    for (let k = 0; k < 4; k++)
      for (const step of [1, n - 1]) {
        for (;;) {
          const moved = [...at]
          moved[k] = (at[k]! + step) % n
          if (moved[k] === at[(k + 1) % 4] || moved[k] === at[(k + 3) % 4] || area(moved) <= area(at)) break
          at[k] = moved[k]!
          changed = true
        }
      }
  }
  return at.map((i) => hull[i]!) as [Point, Point, Point, Point]
}

/** A face card's paper round its picture is at least this share of the card (this deck's: 0.4–0.7). */
const PAPER_OF_FACE_CARD = 0.3
/** Of a face card's picture, at most this share looks like the table round the card (dark ink on a dark cloth). */
const TABLE_IN_PICTURE = 0.35
/** Colours this close (ΔE) to the table's own are the table. */
const TABLE_COLOUR = 15

/**
 * Of the pixels the convex hull `hull` (its `pixels`) adds to the paper `filled`, the share
 * whose colour is the table's: the median colour of a ring just outside the hull.
 * `scratch` is a mask of the image's size, all zero; it is left so.
 */
function tableShareOfGap(image: RgbaImage, hull: readonly Point[], pixels: Int32Array, filled: Int32Array, scratch: Uint8Array): number {
  const table = colourRound(image, hull)
  if (!table) return 1
  const { data } = image
  const labOf = (p: number) => rgbToLab(data[p * 4]!, data[p * 4 + 1]!, data[p * 4 + 2]!)
  for (let i = 0; i < filled.length; i++) scratch[filled[i]!] = 1
  let gap = 0
  let like = 0
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i]!
    if (scratch[p]) continue
    gap++
    if (deltaE(labOf(p), table) < TABLE_COLOUR) like++
  }
  for (let i = 0; i < filled.length; i++) scratch[filled[i]!] = 0
  return gap === 0 ? 0 : like / gap
}

/** The median colour of a ring just outside the convex hull `hull` (3 to 7 px out): the table round it. Null when the ring lies off the photo. */
function colourRound(image: RgbaImage, hull: readonly Point[]): Lab | null {
  const { width, height, data } = image
  const labOf = (p: number) => rgbToLab(data[p * 4]!, data[p * 4 + 1]!, data[p * 4 + 2]!)
  const cx = hull.reduce((sum, p) => sum + p.x, 0) / hull.length
  const cy = hull.reduce((sum, p) => sum + p.y, 0) / hull.length
  const ring: Lab[] = []
  hull.forEach((a, i) => {
    const b = hull[(i + 1) % hull.length]!
    const length = distance(a, b)
    if (length < 1) return
    // The edge's normal, turned away from the hull's centre.
    const side = Math.sign((b.y - a.y) * ((a.x + b.x) / 2 - cx) - (b.x - a.x) * ((a.y + b.y) / 2 - cy)) || 1
    const nx = (side * (b.y - a.y)) / length
    const ny = (-side * (b.x - a.x)) / length
    for (let t = 0; t <= length; t++)
      for (const out of [3, 5, 7]) {
        const x = Math.round(a.x + ((b.x - a.x) * t) / length + nx * out)
        const y = Math.round(a.y + ((b.y - a.y) * t) / length + ny * out)
        if (x >= 0 && y >= 0 && x < width && y < height) ring.push(labOf(y * width + x))
      }
  })
  if (ring.length === 0) return null
  return [0, 1, 2].map((k) => median(ring.map((c) => c[k]!))) as Lab
}

interface PaperBlob {
  own: Int32Array
  filled: Int32Array
  outline: Outline
  /** Cut from a pale table along its faint seams (findCards' faintPieces): asked about. */
  faint?: boolean
}

/**
 * A face card's picture is dark in some channel and cuts its paper into pieces, and when
 * the card lies partly under another, no paper ring holds the pieces together. Pieces that
 * are not cards by themselves are gathered while the convex hull round them stays
 * card-shaped, no larger than the largest card, and clear of the other paper; a gathered
 * card is always asked about (its outline is only the hull of what shows).
 */
function gatherFragments(
  blobs: PaperBlob[],
  width: number,
  height: number,
): { whole: PaperBlob[]; gathered: { pixels: Int32Array; corners: Outline['corners'] }[] } {
  const cardShaped = (o: Outline) => o.fill >= CARD_FILL && o.elongation <= MAX_ELONGATION
  // The size of a whole card. Two cards edge to edge, or a card run into a pale patch of the
  // table, make one card-shaped outline too, much larger than the typical card's (as in
  // findCards): taken for a card, it would make every real card a fragment of one. (The upper
  // median: of two, a whole card and a card-shaped fragment of another, the whole card.)
  const shapedAreas = blobs
    .filter((b) => cardShaped(b.outline))
    .map((b) => b.filled.length)
    .sort((a, b) => a - b)
  const typical = shapedAreas[shapedAreas.length >> 1] ?? 0
  const largest = Math.max(0, ...shapedAreas.filter((area) => area <= typical * MERGED_CARDS))
  if (largest === 0) return { whole: blobs, gathered: [] }
  const isFragment = (b: PaperBlob) => !b.outline.touchesFrame && (!cardShaped(b.outline) || b.filled.length < largest * 0.4)
  const fragments = blobs.filter(isFragment)
  if (fragments.length === 0) return { whole: blobs, gathered: [] }
  const others = new Uint8Array(width * height)
  for (const b of blobs) if (!isFragment(b)) for (const p of b.filled) others[p] = 1
  const used = new Set<PaperBlob>()
  const gathered: { pixels: Int32Array; corners: Outline['corners'] }[] = []
  for (const seed of fragments) {
    if (used.has(seed)) continue
    let group = [seed]
    let hull = pixelHull(seed.filled, width)
    for (const next of fragments) {
      if (next === seed || used.has(next)) continue
      const union = new Int32Array(hull.pixels.length + next.filled.length)
      union.set(hull.pixels)
      union.set(next.filled, hull.pixels.length)
      const joined = pixelHull(union, width)
      if (joined.pixels.length > largest * 1.1) continue
      let over = 0
      for (let i = 0; i < joined.pixels.length; i++) over += others[joined.pixels[i]!]!
      if (over > joined.pixels.length * 0.02) continue
      group = [...group, next]
      hull = joined
    }
    if (group.length < 2 && cardShaped(seed.outline)) continue
    const outline = outlineOf({ pixels: hull.pixels }, width, height)
    const paper = group.reduce((sum, b) => sum + b.filled.length, 0)
    if (!cardShaped(outline) || hull.pixels.length < largest * 0.35 || paper < hull.pixels.length * 0.3) continue
    for (const b of group) used.add(b)
    gathered.push({ pixels: hull.pixels, corners: smallestRectangle(hull.hull) })
  }
  return { whole: blobs.filter((b) => !used.has(b)), gathered }
}

/** Paper filling less of its convex hull than this has notches between cards lying askew (a card fills it but for its rounded corners). */
const NOTCHED = 0.92
/** Paper this many times the typical card's area holds more than one card: a card and a good part of another. */
const MORE_THAN_A_CARD = 1.25
/** Paper this many times the typical card's area is more than one card (two portraits side by side are a landscape 10 : 7). */
const MERGED_CARDS = 1.6
/** Outlines are found on the photo shrunk to this size (a card's edge needs no more); the cards are cut from the full photo. */
const OUTLINE_SIZE = 800
/** A card's outline fills at least this much of its four-corner shape (rounded corners, a little blur). */
const CARD_FILL = 0.85
/** Long : short of a card seen from above is 1.4–1.6; a slanted view shortens either side. */
const MAX_ELONGATION = 2.3
/** A card's paper exceeds its four-corner shape by its rounded corners' bulge, a few per cent; a blob this much larger has more than four corners. */
const OVERFULL = 1.2
/** Paper is brighter than pale cloth, or than paper in shade, by this share of the photo's paper–table contrast at least (a shading across one card: a third). */
const PALE_GAP = 0.45
/** A card's edge blurs over a pixel or two of the outline image. */
const RIM_REACH = 2
/** A card's rim is a cut edge nearly all round (edgeSharpness); a blob whose rim is softer in places runs into something pale. */
const PAPER_ALL_ROUND = 0.9
/** The largest quadrilateral in a card's paper this much larger than the diagonal extremes' outline holds a corner that outline cut off (a rounded corner's slack is less). */
const CORNER_CUT_OFF = 1.02
/** A faint seam on quiet paper dips below the brightest paper round it by this many of the paper's typical dips (its grain)… */
const FAINT_SEAM_GRAINS = 5
/** …and by this much at least (a few grey levels: JPEG's own ripples). */
const FAINT_SEAM_LEAST = 4
/** A card cut from the shade along its faint edge fills this much of its hull at least (pips and indices at its rim bite into it). */
const SHADED_CARD_FILL = 0.6
/** A card found in the shade is at least this share of the photo's cards found already (a card further off looks smaller, never by half). */
const SMALLEST_SHADED_CARD = 0.5
/** Paper running off the photo over this share of it is a white table (a card cut by the frame is smaller). */
const WHITE_TABLE_IN_VIEW = 0.1
/** A card in the shade is paper not found yet: at most this share of it lies in paper found already (a card's framed pip panel ringed at the usual depth is a quarter of it). */
const KNOWN_IN_SHADED = 0.2
/** The photo's grain is measured to this fraction of a grey level. */
const DIP_STEPS = 16
/** A card and a table of its own white differ by less than this (ΔE; a table as dark as a card in shade is ΔE 30 off). */
const SAME_WHITE = 10
/** Of paper joining a white table to the cards on it, the table is at least this share. */
const TABLE_OF_PAPER = 0.5
/** Below this long : short the outline cannot tell which sides are the long ones. */
const AMBIGUOUS_SIDES = 1.3

export function findCards(photo: RgbaImage): FoundCard[] {
  const { image: small, scale } = limitSize(photo, OUTLINE_SIZE)
  const { width, height } = small
  const paper = gaussianBlur(whiteness(small), 1)
  const level = otsuThreshold(paper.data)
  let paperSum = 0
  let paperCount = 0
  let tableSum = 0
  // Paper is what lies above Otsu's level: its mask and both sides' levels in one pass.
  const mask = new Uint8Array(width * height)
  const paperLevels = paper.data
  for (let p = 0; p < paperLevels.length; p++) {
    const v = paperLevels[p]!
    if (v > level) {
      paperSum += v
      paperCount++
      mask[p] = 1
    } else tableSum += v
  }
  const contrast = Math.max(10, paperSum / Math.max(1, paperCount) - tableSum / Math.max(1, paper.data.length - paperCount))
  // A seam: a thin line darker than the brightest paper round it (the edge of a card lying on
  // or beside another).
  const seamDepth = Math.max(8, 0.08 * contrast)
  const { labels, components } = connectedComponents(mask, width, height, 4)
  const minimumArea = width * height * 0.004
  // A mask of the photo's size for per-blob tests, left all zero after each.
  const scratch = new Uint8Array(width * height)

  // Blobs largest first; one lying inside an earlier blob's outline (a face card's bright
  // picture panel) belongs to that card.
  const claimed = new Uint8Array(width * height)
  // Each blob's pixels, gathered in one pass: offsets by label, then a counting sort.
  const start = new Int32Array(components.length + 2)
  for (const c of components) start[c.label + 1] = c.area
  for (let l = 1; l < start.length; l++) start[l]! += start[l - 1]!
  const sortedPixels = new Int32Array(start[start.length - 1]!)
  const cursor = start.slice()
  for (let p = 0; p < labels.length; p++) {
    const label = labels[p]!
    if (label) sortedPixels[cursor[label]!++] = p
  }
  const pixelsOf = (label: number) => sortedPixels.subarray(start[label]!, start[label + 1]!)
  const blobs = components.filter((c) => c.area >= minimumArea).sort((a, b) => b.area - a.area)
  const toPhoto = (p: Point): Point => ({ x: p.x / scale, y: p.y / scale })
  interface Candidate {
    outline: Outline
    pixels: Int32Array
    split: boolean
    gathered?: boolean
    faint?: boolean
  }
  const candidates: Candidate[] = []
  const cardShapedOutline = (outline: Outline) => outline.fill >= CARD_FILL && outline.elongation <= MAX_ELONGATION
  /** The paper cut along its seams: each piece of at least `least` pixels, its holes filled. */
  const seamPieces = (own: Int32Array, least: number, depth = seamDepth): Int32Array[] => {
    const { w, h, local, kept } = offSeams(own, depth)
    return piecesAlong(kept, w, h, own, local, width, least)
  }
  /** The blob's pixels off its seams at `depth` (less than `depth` below the brightest paper within 3 px), as a mask over its frame (localFrame's). */
  const offSeams = (own: Int32Array, depth: number) => {
    const { w, h, local, minX, minY } = localFrame(own, width)
    // The brightest paper round each pixel of the blob's box (the frame less its border).
    const surround = localMaximum(paper, 3, minX, minY, minX + w - 3, minY + h - 3)
    const kept = new Uint8Array(w * h)
    for (let i = 0; i < local.length; i++) {
      const p = own[i]!
      const x = p % width
      const around = surround.data[((p - x) / width - minY) * (w - 2) + x - minX]!
      if (!(paper.data[p]! < around - depth)) kept[local[i]!] = 1
    }
    return { w, h, local, kept }
  }
  /** The paper's grain over the pixels `own`: the median dip of a pixel below the brightest paper within 3 px. */
  const grainOf = (own: Int32Array): number => {
    const { w, h, minX, minY } = localFrame(own, width)
    const surround = localMaximum(paper, 3, minX, minY, minX + w - 3, minY + h - 3)
    const dips = new Float32Array(own.length)
    for (let i = 0; i < own.length; i++) {
      const p = own[i]!
      const x = p % width
      dips[i] = surround.data[((p - x) / width - minY) * (w - 2) + x - minX]! - paper.data[p]!
    }
    return median(Array.from(dips))
  }
  /**
   * A table of nearly the paper's colour (a white table, a pale wall behind a card held up)
   * joins the cards on it into one blob running off the photo, and where light falls evenly
   * the only line between a card and the table is the faint grey of the card's cut edge, far
   * shallower than the photo's paper–table contrast asks of a seam. On such quiet paper that
   * line still stands well clear of the paper's grain (its typical dip below the brightest
   * paper round it), so the table is cut at a depth of a few grains: the pieces clear of the
   * frame are the cards on it, and what still runs off the photo is the table, most of the
   * paper (a card cut by the frame, or held up in a hand, is mostly card). A card whose print
   * runs close to its edge breaks into pieces instead (wholeCardsLeft). Every card cut so is
   * asked about: a mark on the table can ring a piece at that depth too. Null when the paper is
   * too grainy for a seam below the photo's, or no table is left round card-shaped pieces.
   */
  const faintPieces = (own: Int32Array): PaperBlob[] | null => {
    const depth = Math.max(FAINT_SEAM_LEAST, FAINT_SEAM_GRAINS * grainOf(own))
    if (depth >= seamDepth) return null
    const { w, h, local, kept } = offSeams(own, depth)
    const cut = piecesAlong(kept, w, h, own, local, width, minimumArea).map((part) => ({ own: part, outline: outlineOf({ pixels: part }, width, height) }))
    const pieces = cut.filter((piece) => !piece.outline.touchesFrame)
    const table = cut.reduce((sum, piece) => sum + (piece.outline.touchesFrame ? piece.own.length : 0), 0)
    if (table < own.length * TABLE_OF_PAPER) return null
    const wholeCards = wholeCardsLeft(own, { w, h, local, kept }, pieces)
    if (wholeCards.length === 0 && !pieces.some((piece) => cardShapedOutline(piece.outline))) return null
    const inWholeCard = new Uint8Array(width * height)
    for (const card of wholeCards) for (let i = 0; i < card.length; i++) inWholeCard[card[i]!] = 1
    // The cut leaves out each card's rim, blurred under its faint edge (a whole card left by the table holds its rim).
    const rimmed = pieces
      .filter((piece) => !inWholeCard[piece.own[0]!])
      .map((piece) => grown(piece.own, width, height, RIM_REACH))
    return [...rimmed, ...wholeCards].map((card) => ({ own: card, filled: card, outline: outlineOf({ pixels: card }, width, height), faint: true }))
  }
  /**
   * A card on a white table whose print runs close to its cut edge (a court card's broad
   * figure, a photo deck's picture, the pips of a card stretched across the photo) keeps only a
   * sliver of paper beside it, within the blur of both the print and the faint edge: cut at a
   * faint depth, that sliver breaks, and no piece of the card's paper is card-shaped. What the
   * table leaves is the card still: the table is what runs off the photo after the cut (`cut`,
   * offSeams' mask), and each piece of the rest (the blob's pixels, its holes filled) clear of the
   * frame is one card with its edge and print, or cards lying together. Such a piece is the card
   * whole where none of its paper's `pieces` is card-shaped (or those pieces are the cards) and it
   * fills its hull as a card does: cards lying askew leave notches, and are left to their pieces.
   */
  const wholeCardsLeft = (own: Int32Array, cut: ReturnType<typeof offSeams>, pieces: readonly { own: Int32Array; outline: Outline }[]): Int32Array[] => {
    const { w, h, local, kept } = cut
    const { labels, components } = connectedComponents(kept, w, h, 4)
    // The table: every piece of the cut that reaches the photo's frame (label 0 is the seams themselves).
    const table = new Uint8Array(components.length + 1)
    for (let i = 0; i < own.length; i++) {
      const p = own[i]!
      const x = p % width
      const y = (p - x) / width
      if (x <= 1 || y <= 1 || x >= width - 2 || y >= height - 2) table[labels[local[i]!]!] = 1
    }
    table[0] = 0
    const rest = new Uint8Array(w * h)
    for (let i = 0; i < local.length; i++) if (!table[labels[local[i]!]!]) rest[local[i]!] = 1
    const left = piecesAlong(rest, w, h, own, local, width, minimumArea)
    const inLeft = new Int32Array(width * height)
    left.forEach((piece, k) => {
      for (let i = 0; i < piece.length; i++) inLeft[piece[i]!] = k + 1
    })
    const holdsCard = new Set(pieces.filter((piece) => cardShapedOutline(piece.outline)).map((piece) => inLeft[piece.own[0]!]))
    return left.filter(
      (piece, k) =>
        !holdsCard.has(k + 1) && !outlineOf({ pixels: piece }, width, height).touchesFrame && piece.length >= pixelHull(piece, width).pixels.length * NOTCHED,
    )
  }
  /**
   * Paper cut along its seams, when that leaves two or more card-shaped pieces of some size:
   * cards lying edge to edge or one over another. A single card's thin margins (round a face
   * card's picture) break up into slivers instead, and the card stays whole.
   */
  const splitAtSeams = (own: Int32Array): Int32Array[] | null => {
    const parts = seamPieces(own, Math.max(minimumArea, own.length * 0.12))
    if (parts.length < 2) return null
    // Cards side by side cover the blob once; a framed picture panel lies inside its card's
    // outline, so filled, the pieces would cover it twice.
    const covered = parts.reduce((sum, part) => sum + part.length, 0)
    if (covered > own.length * 1.1 && covered > fillHoles(own, width).length * 1.02) return null
    return parts.every((part) => cardShapedOutline(outlineOf({ pixels: part }, width, height))) ? parts : null
  }
  /**
   * A face card whose picture reaches its edges: the picture bites into the paper, so the paper
   * is not card-shaped, but its convex hull is, and what the hull adds to the paper is the
   * picture, unlike the table round the hull. Two cards lying together leave the table between
   * them instead. Null unless the paper is such a card; else the card, its outline the hull's.
   */
  const bittenCard = (filled: Int32Array): Candidate | null => {
    const hull = pixelHull(filled, width)
    const outline = outlineOf({ pixels: hull.pixels }, width, height)
    if (outline.touchesFrame || !cardShapedOutline(outline) || filled.length < hull.pixels.length * PAPER_OF_FACE_CARD) return null
    if (tableShareOfGap(small, hull.hull, hull.pixels, filled, scratch) > TABLE_IN_PICTURE) return null
    return { outline, pixels: hull.pixels, split: false }
  }
  /**
   * Paper joined to what is merely pale: a light cloth lit unevenly passes the photo's level in
   * places and links the cards on it, and a card lying in another's shade is duller than it.
   * The blob's own level (Otsu's, over its brightness alone) parts the brighter class from the
   * duller; on each side, the pieces that are card-shaped and cut sharply all round are cards.
   * The rest is the pale table: a cloth's light patches have no card's straight edges and
   * corners, and fade out. Null unless some piece is such a card.
   */
  const splitAtOwnLevel = (own: Int32Array): Int32Array[] | null => {
    const values = new Float32Array(own.length)
    for (let i = 0; i < own.length; i++) values[i] = paper.data[own[i]!]!
    const ownLevel = otsuThreshold(values)
    let brighterSum = 0
    let brighterCount = 0
    let dullerSum = 0
    for (let i = 0; i < values.length; i++)
      if (values[i]! > ownLevel) {
        brighterSum += values[i]!
        brighterCount++
      } else dullerSum += values[i]!
    // Shading across one card's paper parts it far less than paper from pale cloth or from paper in shade.
    const gap = brighterSum / Math.max(1, brighterCount) - dullerSum / Math.max(1, values.length - brighterCount)
    if (gap < PALE_GAP * contrast) return null
    const { w, h, local, toLocal } = localFrame(own, width)
    const cards: Int32Array[] = []
    // The brighter cards' blurred rims fall below the level and would ring them in the duller class.
    let nearBrighterCards: Uint8Array = new Uint8Array(w * h)
    for (const brighter of [true, false]) {
      const side = new Uint8Array(w * h)
      for (let i = 0; i < local.length; i++) if (values[i]! > ownLevel === brighter && !nearBrighterCards[local[i]!]) side[local[i]!] = 1
      for (const piece of piecesAlong(side, w, h, own, local, width, minimumArea))
        if (cardShapedOutline(outlineOf({ pixels: piece }, width, height)) && edgeSharpness(piece, paper, scratch, mask) >= PAPER_ALL_ROUND) cards.push(piece)
      if (!brighter) continue
      for (const card of cards) for (let i = 0; i < card.length; i++) nearBrighterCards[toLocal(card[i]!)] = 1
      for (let k = 0; k < RIM_REACH; k++) nearBrighterCards = morphology(nearBrighterCards, w, h, 1)
    }
    return cards.length > 0 ? cards : null
  }
  /**
   * White cards on a white table lit unevenly: where the light falls off, the table in the light
   * passes the photo's paper level and the cards in the shade do not, so no level parts them,
   * and the cards in the light join the table (faintPieces cuts only the paper). All that rings
   * such a card is the faint grey line of its cut edge, a step of a few levels below the
   * brightest paper round it, at any brightness of the light. So on a quiet photo (the same
   * grain as faintPieces', over the whole photo) the whole photo is cut at that depth, light
   * and shade alike. A piece clear of the frame, card-shaped (its hull: a pip or an index at the
   * rim opens onto the edge) and of the very colour of the table round it is a card not yet
   * found, unless a card found already holds it. The cue is only needed, and only trusted, where
   * the table is the paper's own white: a card on cloth, wood or felt is parted by its level,
   * and a piece of cloth ringed by cards is not paper-coloured. Each is asked about, as
   * faintPieces' are.
   */
  const shadedCards = (found: readonly PaperBlob[], ringedCards: readonly Candidate[]): PaperBlob[] => {
    // The dip of each pixel below the brightest paper within 3 px, and the photo's grain, their median (to a sixteenth of a level).
    const surround = localMaximum(paper, 3, 0, 0, width - 1, height - 1)
    const dips = new Float32Array(width * height)
    const histogram = new Uint32Array(256 * DIP_STEPS)
    for (let p = 0; p < dips.length; p++) {
      dips[p] = surround.data[p]! - paper.data[p]!
      histogram[Math.min(histogram.length - 1, Math.floor(dips[p]! * DIP_STEPS))]!++
    }
    let bin = 0
    for (let below = histogram[0]!; below * 2 < dips.length; below += histogram[++bin]!);
    const depth = Math.max(FAINT_SEAM_LEAST, (FAINT_SEAM_GRAINS * (bin + 0.5)) / DIP_STEPS)
    if (depth >= seamDepth) return []
    const all = new Int32Array(width * height)
    for (let p = 0; p < all.length; p++) all[p] = p
    const { w, h, local } = localFrame(all, width)
    const kept = new Uint8Array(w * h)
    for (let p = 0; p < dips.length; p++) if (!(dips[p]! > depth)) kept[local[p]!] = 1
    // Paper found already, and the size of its cards (a card in the shade is no smaller than half of one).
    const known = new Uint8Array(width * height)
    for (const b of found) if (!b.outline.touchesFrame) for (const p of b.filled) known[p] = 1
    for (const c of ringedCards) for (const p of c.pixels) known[p] = 1
    const cardAreas = [...found.filter((b) => !b.outline.touchesFrame && cardShapedOutline(b.outline)).map((b) => b.filled.length), ...ringedCards.map((c) => c.pixels.length)]
    const leastCard = cardAreas.length > 0 ? median(cardAreas) * SMALLEST_SHADED_CARD : minimumArea
    const pieces: PaperBlob[] = []
    // A faint edge may break for a pixel (blur at a corner) and the card runs into the table there: cut again with the seams a pixel wider.
    const taken = new Uint8Array(width * height)
    const cut = [kept, morphology(kept, w, h, 0)].flatMap((side) => piecesAlong(side, w, h, all, local, width, minimumArea))
    for (const part of cut) {
      let alreadyCut = 0
      for (let i = 0; i < part.length; i++) alreadyCut += taken[part[i]!]!
      if (alreadyCut > part.length * 0.5) continue
      const { hull, pixels } = pixelHull(part, width)
      const outline = outlineOf({ pixels }, width, height)
      if (outline.touchesFrame || !cardShapedOutline(outline) || part.length < pixels.length * SHADED_CARD_FILL || pixels.length < leastCard) continue
      let inKnown = 0
      for (let i = 0; i < pixels.length; i++) inKnown += known[pixels[i]!]!
      if (inKnown > pixels.length * KNOWN_IN_SHADED) continue
      const table = colourRound(small, hull)
      const own = medianColour(Array.from(part, (p) => rgbToLab(small.data[p * 4]!, small.data[p * 4 + 1]!, small.data[p * 4 + 2]!)))
      if (!table || deltaE(own, table) >= SAME_WHITE) continue
      for (let i = 0; i < pixels.length; i++) taken[pixels[i]!] = 1
      // The cut leaves out the card's rim, blurred under its faint edge.
      const card = grown(pixels, width, height, RIM_REACH)
      pieces.push({ own: card, filled: card, outline: outlineOf({ pixels: card }, width, height), faint: true })
    }
    return pieces
  }
  // Seams are looked for where cards may lie together: paper not card-shaped, paper much larger
  // than the typical card, or a lone blob (a close-up of two cards side by side).
  let typicalArea = Infinity
  const consider = (own: Int32Array, filled: Int32Array, outline: Outline, depth: number, faint = false) => {
    if (depth < 2) {
      const together = !cardShapedOutline(outline) || filled.length > typicalArea * MERGED_CARDS || blobs.length === 1
      const parts = together ? splitAtSeams(own) : null
      if (parts) {
        for (const part of parts) consider(part, part, outlineOf({ pixels: part }, width, height), depth + 1, faint)
        return
      }
      if (!cardShapedOutline(outline)) {
        const whole = depth === 0 ? bittenCard(filled) : null
        if (whole) {
          candidates.push({ ...whole, faint })
          return
        }
        const waists = splitAtWaists(filled, width, minimumArea)
        if (waists) {
          for (const part of waists) {
            if (part.length < minimumArea) continue
            const partFilled = fillHoles(part, width)
            consider(part, partFilled, outlineOf({ pixels: partFilled }, width, height), depth + 1, faint)
          }
          return
        }
      }
    }
    candidates.push({ outline, pixels: filled, split: depth > 0, faint })
  }
  const outer: PaperBlob[] = []
  const ringed: Candidate[] = []
  const reachesEverySide = (pixels: Int32Array) => {
    let sides = 0
    for (let i = 0; i < pixels.length; i++) {
      const p = pixels[i]!
      const x = p % width
      const y = (p - x) / width
      if (x === 0) sides |= 1
      if (x === width - 1) sides |= 2
      if (y === 0) sides |= 4
      if (y === height - 1) sides |= 8
    }
    return sides === 15
  }
  for (const blob of blobs) {
    const own = pixelsOf(blob.label)
    if (claimed[own[0]!]) continue
    const filled = fillHoles(own, width)
    for (let i = 0; i < filled.length; i++) claimed[filled[i]!] = 1
    // The table itself (a pale table round dark cards) reaches all four sides of the photo.
    // So does a bright vignette or a white cloth round a card as bright as it: only the seam
    // along the card's cut edge parts them, and the card is the card-shaped piece it rings.
    if (reachesEverySide(filled)) {
      const before = ringed.length
      for (const part of seamPieces(own, minimumArea)) {
        const outline = outlineOf({ pixels: part }, width, height)
        if (!outline.touchesFrame && cardShapedOutline(outline)) ringed.push({ outline, pixels: part, split: true })
      }
      if (ringed.length === before) outer.push(...(faintPieces(own) ?? []))
      continue
    }
    const outline = outlineOf({ pixels: filled }, width, height)
    // Paper whose rim fades somewhere: pale cloth or shade joined to the cards, or the table itself where it runs off the photo.
    const fades = outline.fill > OVERFULL || edgeSharpness(filled, paper, scratch, mask) < PAPER_ALL_ROUND
    const lit = fades ? splitAtOwnLevel(own) : null
    const table = !lit && fades && outline.touchesFrame ? faintPieces(own) : null
    if (lit) for (const part of lit) outer.push({ own: part, filled: part, outline: outlineOf({ pixels: part }, width, height) })
    else if (table) outer.push(...table)
    else outer.push({ own, filled, outline })
  }
  // A white table in view: some of it lit, it passes the paper level and runs off the photo.
  if (components.some((c) => c.area >= width * height * WHITE_TABLE_IN_VIEW && (c.minX === 0 || c.minY === 0 || c.maxX === width - 1 || c.maxY === height - 1)))
    outer.push(...shadedCards(outer, ringed))
  const shapedAreas = outer
    .filter((b) => cardShapedOutline(b.outline))
    .map((b) => b.filled.length)
    .sort((a, b) => a - b)
  typicalArea = shapedAreas.length > 1 ? shapedAreas[(shapedAreas.length - 1) >> 1]! : Infinity
  const pieces = gatherFragments(outer, width, height)
  for (const { own, filled, outline, faint } of pieces.whole) consider(own, filled, outline, 0, faint)
  for (const { pixels, corners } of pieces.gathered)
    candidates.push({ outline: { ...outlineOf({ pixels }, width, height), corners }, pixels, split: true, gathered: true })
  candidates.push(...ringed)

  // No card lies inside another: a piece mostly within a larger candidate's outline (a framed
  // picture panel cut out by its frame line) is part of that card.
  const taken = new Uint8Array(width * height)
  const separate = candidates
    .sort((a, b) => Number(b.faint === true) - Number(a.faint === true) || b.pixels.length - a.pixels.length)
    .filter(({ pixels }) => {
      let inside = 0
      for (let i = 0; i < pixels.length; i++) inside += taken[pixels[i]!]!
      if (inside > pixels.length * 0.5) return false
      for (let i = 0; i < pixels.length; i++) taken[pixels[i]!] = 1
      return true
    })
  const cards: FoundCard[] = []
  const cardAreas: number[] = []
  const gatheredCards: boolean[] = []
  const misshapen: Candidate[] = []
  // Each card's candidate, for its corner views (added below).
  const sources: Candidate[] = []
  for (const candidate of separate) {
    const { outline, pixels } = candidate
    const cardShaped = outline.fill >= CARD_FILL && outline.elongation <= MAX_ELONGATION
    // Glare and reflections fade out; paper ends in a cut edge.
    if (edgeSharpness(pixels, paper, scratch, mask) < (cardShaped ? 0.35 : 0.6)) continue
    if (!cardShaped) {
      misshapen.push(candidate)
      continue
    }
    // The card's corners are where its edges meet: the four points of its paper that span the
    // most, whatever the slant. The diagonal extremes of the paper's own axes are those points
    // but where an edge runs nearly across that diagonal (a card seen obliquely is a skewed
    // parallelogram, its long axis along a diagonal) or the frame cuts the card: then the
    // largest quadrilateral spans more than a rounded corner's slack beyond them.
    const widest = largestQuadrilateral(hullOf(pixels, width), outline.corners)
    const corners = outline.touchesFrame || quadrilateralArea(widest) > quadrilateralArea(outline.corners) * CORNER_CUT_OFF ? widest : outline.corners
    const [topLeft, topRight, bottomRight, bottomLeft] = corners
    const sideRatio =
      (distance(topLeft, bottomLeft) + distance(topRight, bottomRight)) /
      Math.max(1, distance(topLeft, topRight) + distance(bottomLeft, bottomRight))
    const photoCorners = withMargin(corners).map(toPhoto)
    let image: RgbaImage
    try {
      image = warpQuadrilateral(photo, photoCorners, CARD_WIDTH, CARD_HEIGHT)
    } catch {
      continue
    }
    const [a, b, c, d] = photoCorners as [Point, Point, Point, Point]
    const quarterTurn = sideRatio < AMBIGUOUS_SIDES ? () => warpQuadrilateral(photo, [d, a, b, c], CARD_WIDTH, CARD_HEIGHT) : null
    cardAreas.push(outline.area)
    gatheredCards.push(candidate.gathered === true)
    cards.push({
      corners: corners.map(toPhoto) as FoundCard['corners'],
      centre: toPhoto(outline.centre),
      image,
      quarterTurn,
      irregular: outline.touchesFrame || sideRatio > 1.9 || sideRatio < 0.9 || candidate.gathered === true || candidate.faint === true,
      oversized: false,
      cornerFrames: null,
    })
    sources.push(candidate)
  }
  // Paper bigger than a card but not card-shaped is most likely cards touching or
  // overlapping: reported (irregular, so the player is asked), never silently dropped.
  // A card partly under another (gathered from its pieces) shows less than a card's size and
  // says nothing of it.
  const wholeAreas = cardAreas.filter((_, i) => !gatheredCards[i])
  const typicalCard = [...wholeAreas].sort((a, b) => a - b)[Math.floor((wholeAreas.length - 1) / 2)] ?? minimumArea * 2
  // Two cards edge to edge make one card-shaped outline too (two portraits side by side are
  // a landscape 10 : 7): its size gives it away.
  cardAreas.forEach((area, i) => {
    const card = cards[i]
    if (card && !card.irregular && wholeAreas.length > 1 && area > typicalCard * MERGED_CARDS) card.irregular = card.oversized = true
  })
  for (const candidate of misshapen) {
    const { outline } = candidate
    if (outline.area < typicalCard * 0.5) continue
    try {
      const image = warpQuadrilateral(photo, withMargin(outline.corners).map(toPhoto), CARD_WIDTH, CARD_HEIGHT)
      cards.push({
        corners: outline.corners.map(toPhoto) as FoundCard['corners'],
        centre: toPhoto(outline.centre),
        image,
        quarterTurn: null,
        irregular: true,
        oversized: false,
        cornerFrames: null,
      })
      sources.push(candidate)
    } catch {
      // A degenerate outline: nothing to show the player but the count.
    }
  }
  // Paper that leaves notches in its convex hull is cards lying askew over one another, card-shaped
  // or not (a fan's outline, taken corner to corner, passes for one card): a card fills its hull
  // but for its rounded corners, and so do two cards edge to edge or a card nearer the camera.
  const pile = cards.map((card, i) => {
    const { pixels, outline } = sources[i]!
    return !outline.touchesFrame && pixels.length <= pixelHull(pixels, width).pixels.length * NOTCHED
  })
  const regular = cards.filter((card, i) => !card.irregular && !pile[i])
  // A pile of more than a card that no seam or waist parted: cards lying together, found by
  // their corners at the size of the photo's whole cards (touchingCards.ts), each asked about.
  // With no card lying alone, the pile's own outline tells the size: its cards' sides that show whole.
  const wholeSize = wholeCardSize(regular.map((card) => card.corners))
  for (let i = cards.length - 1; i >= 0; i--) {
    const { pixels, outline } = sources[i]!
    if (!pile[i] || (wholeSize && outline.area < typicalCard * MORE_THAN_A_CARD)) continue
    const { w, h, local, minX, minY } = localFrame(pixels, width)
    const mask = new Uint8Array(w * h)
    for (let k = 0; k < local.length; k++) mask[local[k]!] = 1
    const sizes = wholeSize
      ? [{ short: wholeSize.short * scale, long: wholeSize.long * scale }]
      : cardSizesOfPile(mask, w).filter((size) => outline.area >= size.short * size.long * MORE_THAN_A_CARD)
    // Of the sizes the pile may be made of, the largest whose cards laid from its corners cover it (cards too small leave it bare between their corners).
    const laid = sizes
      .map((size) => cardsByCorners(mask, w, h, size, wholeSize ? undefined : IN_A_PILE))
      .filter((cards) => cards !== null)
      .sort((a, b) => a.length - b.length)[0]
    if (!laid) continue
    const parts: { card: FoundCard; source: Candidate }[] = []
    for (const corners of laid) {
      const hull = convexHull(corners.map((p) => ({ x: Math.round(p.x - 1 + minX), y: Math.round(p.y - 1 + minY) })))
      const cardPixels = fillConvexPolygon(hull, width).filter((p) => p >= 0 && p < width * height)
      const card = smallestRectangle(hull)
      try {
        const image = warpQuadrilateral(photo, withMargin(card).map(toPhoto), CARD_WIDTH, CARD_HEIGHT)
        const centre = { x: card.reduce((sum, p) => sum + p.x, 0) / 4, y: card.reduce((sum, p) => sum + p.y, 0) / 4 }
        parts.push({
          card: { corners: card.map(toPhoto) as FoundCard['corners'], centre: toPhoto(centre), image, quarterTurn: null, irregular: true, oversized: false, cornerFrames: null },
          source: { outline: { ...outlineOf({ pixels: cardPixels }, width, height), corners: card }, pixels: cardPixels, split: true },
        })
      } catch {
        // A degenerate card: the blob stays as it was.
      }
    }
    if (parts.length !== laid.length) continue
    cards.splice(i, 1, ...parts.map((part) => part.card))
    sources.splice(i, 1, ...parts.map((part) => part.source))
  }
  // A card may be partly covered: its corners that show can be looked at too, at the size of
  // the whole cards (or, with none, of the largest: it covers the others).
  const largest = cards.map((card, i) => ({ card, area: sources[i]!.outline.area })).sort((a, b) => b.area - a.area)[0]?.card
  const size = wholeCardSize((regular.length > 0 ? regular : largest ? [largest] : []).map((card) => card.corners))
  if (size)
    cards.forEach((card, i) => {
      const { pixels } = sources[i]!
      card.cornerFrames = () => cornerFrames(pixelHull(pixels, width).hull, size, scale)
    })
  return cards
}

/** The median short and long side of the whole cards (photo pixels); null when there is none. */
function wholeCardSize(outlines: readonly (readonly Point[])[]): { short: number; long: number } | null {
  if (outlines.length === 0) return null
  const median = (values: number[]) => values.sort((a, b) => a - b)[(values.length - 1) >> 1]!
  // outlineOf's corners run top-left, top-right, bottom-right, bottom-left with the long side down.
  const short = median(outlines.map(([a, b, c, d]) => (distance(a!, b!) + distance(d!, c!)) / 2))
  const long = median(outlines.map(([a, b, c, d]) => (distance(a!, d!) + distance(b!, c!)) / 2))
  return { short, long }
}

/** A corner of the rectangle round a partly covered card's paper shows when the paper reaches it (within this share of a card's short side: a card's corners are rounded). */
const CORNER_SHOWS = 0.12

/**
 * The corner frames of a partly covered card (FoundCard.cornerFrames): `hull` is the convex hull of its
 * paper on the outline image (`scale` × the photo). The smallest rectangle round it follows
 * the card's two edges that show; each of its corners the paper reaches is a corner of the card.
 * Each such corner is seen twice, in frames of the whole cards' shape: at their size, and at
 * the smallest size that holds the paper that shows from there (perspective shrinks a card
 * lying further off or turned another way, and the whole cards' size then misleads).
 */
function cornerFrames(hull: readonly Point[], size: { short: number; long: number }, scale: number): Point[][] {
  const rectangle = smallestRectangle(hull).map((p) => ({ x: p.x / scale, y: p.y / scale }))
  const frames: Point[][] = []
  rectangle.forEach((corner, k) => {
    const reach = Math.min(...hull.map((p) => distance({ x: p.x / scale, y: p.y / scale }, corner)))
    if (reach > CORNER_SHOWS * size.short) return
    // The corners run as outlineOf's do, so the next one is along the card's top edge when this one is its top left.
    const next = rectangle[(k + 1) % 4]!
    const previous = rectangle[(k + 3) % 4]!
    const along = (to: Point, length: number): Point => {
      const d = Math.max(1e-6, distance(corner, to))
      return { x: ((to.x - corner.x) / d) * length, y: ((to.y - corner.y) / d) * length }
    }
    const ratio = size.long / size.short
    const own = Math.max(distance(corner, next), distance(corner, previous) / ratio)
    for (const short of [size.short, own]) {
      const across = along(next, short)
      const down = along(previous, short * ratio)
      const frame = [
        corner,
        { x: corner.x + across.x, y: corner.y + across.y },
        { x: corner.x + across.x + down.x, y: corner.y + across.y + down.y },
        { x: corner.x + down.x, y: corner.y + down.y },
      ]
      frames.push(withMargin(frame))
    }
  })
  return frames
}
