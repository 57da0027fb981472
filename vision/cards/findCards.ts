// Finds playing cards in a photo of a table: cards are bright, nearly colourless
// rectangles on a darker cloth. Each card is returned as its four corners and rectified
// to an upright card image, so the corner index sits where a card's design puts it.
import {
  connectedComponents,
  createGrayImage,
  gaussianBlur,
  limitSize,
  otsuThreshold,
  warpQuadrilateral,
  type Component,
  type GrayImage,
  type Point,
  type RgbaImage,
} from '../raster.ts'

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
  /** The blob was not card-shaped (touching or overlapping cards, a card cut by the frame). */
  irregular: boolean
}

/**
 * Paper is bright in every channel; cloth, wood and shadows are dark in at least one. The
 * smallest channel separates them better than grey, which a bright green cloth can fool.
 */
function whiteness(image: RgbaImage): GrayImage {
  const out = createGrayImage(image.width, image.height)
  for (let p = 0, i = 0; p < out.data.length; p++, i += 4)
    out.data[p] = Math.min(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!)
  return out
}

interface Axes {
  centre: Point
  /** Unit vector along the card's long side. */
  long: Point
  /** Unit vector along the short side, turned so that (short, long) is not a mirror image. */
  short: Point
}

/** The blob's principal axes from its second moments. */
function principalAxes(labels: Int32Array, width: number, component: Component): Axes {
  const cx = component.centroidX
  const cy = component.centroidY
  let sxx = 0
  let syy = 0
  let sxy = 0
  for (let y = component.minY; y <= component.maxY; y++)
    for (let x = component.minX; x <= component.maxX; x++) {
      if (labels[y * width + x] !== component.label) continue
      sxx += (x - cx) ** 2
      syy += (y - cy) ** 2
      sxy += (x - cx) * (y - cy)
    }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy)
  const major = { x: Math.cos(angle), y: Math.sin(angle) }
  // Image y points down: with long = (0, 1), "right" must come out as (1, 0), not (−1, 0).
  const short = { x: major.y, y: -major.x }
  return { centre: { x: cx, y: cy }, long: major, short }
}

function dot(a: Point, b: Point): number {
  return a.x * b.x + a.y * b.y
}

/**
 * The four corners: along each diagonal direction of the blob's own frame, the pixel that
 * reaches furthest. Unlike a fitted rectangle this follows a card foreshortened by perspective.
 */
function cornersOf(labels: Int32Array, width: number, component: Component, axes: Axes) {
  let longExtent = 0
  let shortExtent = 0
  const offsets: Point[] = []
  for (let y = component.minY; y <= component.maxY; y++)
    for (let x = component.minX; x <= component.maxX; x++) {
      if (labels[y * width + x] !== component.label) continue
      const offset = { x: x + 0.5 - axes.centre.x, y: y + 0.5 - axes.centre.y }
      offsets.push(offset)
      longExtent = Math.max(longExtent, Math.abs(dot(offset, axes.long)))
      shortExtent = Math.max(shortExtent, Math.abs(dot(offset, axes.short)))
    }
  const reach = (alongLong: number, alongShort: number): Point => {
    let best = -Infinity
    let bestOffset: Point = { x: 0, y: 0 }
    for (const offset of offsets) {
      const score =
        (alongLong * dot(offset, axes.long)) / longExtent + (alongShort * dot(offset, axes.short)) / shortExtent
      if (score > best) {
        best = score
        bestOffset = offset
      }
    }
    return { x: axes.centre.x + bestOffset.x, y: axes.centre.y + bestOffset.y }
  }
  // "Down" the card is +long, "right" is +short.
  const corners: [Point, Point, Point, Point] = [reach(-1, -1), reach(-1, 1), reach(1, 1), reach(1, -1)]
  return { corners, longExtent, shortExtent, area: offsets.length }
}

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

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y)
}

/** Outlines are found on the photo shrunk to this size (a card's edge needs no more); the cards are cut from the full photo. */
const OUTLINE_SIZE = 800

export function findCards(photo: RgbaImage): FoundCard[] {
  const { image: small, scale } = limitSize(photo, OUTLINE_SIZE)
  const { width, height } = small
  const paper = gaussianBlur(whiteness(small), 1)
  const level = otsuThreshold(paper.data)
  const mask = new Uint8Array(width * height)
  for (let p = 0; p < mask.length; p++) mask[p] = paper.data[p]! > level ? 1 : 0
  const { labels, components } = connectedComponents(mask, width, height, 4)
  const minimumArea = width * height * 0.004
  const blobs = components
    .filter((c) => c.area >= minimumArea && c.area <= width * height * 0.5)
    .sort((a, b) => b.area - a.area)
  // A face card's picture panel is a bright blob inside the card, cut off by its frame line:
  // it belongs to the card (its area counts as paper), it is not a card of its own.
  const enclosedArea = new Map<Component, number>()
  const outer = blobs.filter((blob) => {
    const container = blobs.find(
      (c) => c.area > blob.area && c.minX < blob.minX && c.minY < blob.minY && c.maxX > blob.maxX && c.maxY > blob.maxY,
    )
    if (container) enclosedArea.set(container, (enclosedArea.get(container) ?? 0) + blob.area)
    return !container
  })
  const toPhoto = (p: Point): Point => ({ x: p.x / scale, y: p.y / scale })
  const cards: FoundCard[] = []
  const cardAreas: number[] = []
  const misshapen: { area: number; corners: [Point, Point, Point, Point]; centre: Point }[] = []
  for (const component of outer) {
    const axes = principalAxes(labels, width, component)
    const { corners, longExtent, shortExtent, area: paperArea } = cornersOf(labels, width, component, axes)
    const area = paperArea + (enclosedArea.get(component) ?? 0)
    const [topLeft, topRight, bottomRight, bottomLeft] = corners
    const quadArea =
      0.5 *
      Math.abs(
        (topLeft.x - bottomRight.x) * (topRight.y - bottomLeft.y) - (topRight.x - bottomLeft.x) * (topLeft.y - bottomRight.y),
      )
    // Pips and indices punch holes in the paper mask, so fill is well below 1 even for a clean card.
    const fill = area / Math.max(1, quadArea)
    const elongation = longExtent / Math.max(1, shortExtent)
    const cardShaped = fill >= 0.55 && elongation <= 2.2
    if (!cardShaped) {
      misshapen.push({ area, corners, centre: axes.centre })
      continue
    }
    const touchesFrame =
      component.minX <= 1 || component.minY <= 1 || component.maxX >= width - 2 || component.maxY >= height - 2
    const sideRatio =
      (distance(topLeft, bottomLeft) + distance(topRight, bottomRight)) /
      Math.max(1, distance(topLeft, topRight) + distance(bottomLeft, bottomRight))
    let image: RgbaImage
    try {
      image = warpQuadrilateral(photo, withMargin(corners).map(toPhoto), CARD_WIDTH, CARD_HEIGHT)
    } catch {
      continue
    }
    cardAreas.push(area)
    cards.push({
      corners: corners.map(toPhoto) as FoundCard['corners'],
      centre: toPhoto(axes.centre),
      image,
      irregular: touchesFrame || fill < 0.7 || sideRatio < 1.15 || sideRatio > 1.75,
    })
  }
  // Paper bigger than a card but not card-shaped is most likely cards touching or
  // overlapping: reported (irregular, so the player is asked), never silently dropped.
  const typicalCard = [...cardAreas].sort((a, b) => a - b)[Math.floor((cardAreas.length - 1) / 2)] ?? minimumArea * 2
  // Two cards edge to edge make one card-shaped outline too (two portraits side by side are
  // a landscape 10 : 7): its size gives it away.
  cardAreas.forEach((area, i) => {
    const card = cards[i]
    if (card && area > typicalCard * 1.6) card.irregular = true
  })
  for (const blob of misshapen) {
    if (blob.area < typicalCard * 1.5) continue
    try {
      const image = warpQuadrilateral(photo, withMargin(blob.corners).map(toPhoto), CARD_WIDTH, CARD_HEIGHT)
      cards.push({ corners: blob.corners.map(toPhoto) as FoundCard['corners'], centre: toPhoto(blob.centre), image, irregular: true })
    } catch {
      // A degenerate outline: nothing to show the player but the count.
    }
  }
  return cards
}
