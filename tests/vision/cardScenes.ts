// Card photos drawn in code for the card reader's unit tests: a cloth, cards lying at any
// angle with a thin grey edge (what a real card's cut edge and its shadow look like), a
// narrow two-glyph "10" with a diamond under it in two corners, lamp glare, blur and JPEG.
import jpeg from 'jpeg-js'
import { applyHomography, createRgbaImage, gaussianBlur, homographyFromPoints, mapChannels, type Point, type RgbaImage } from '../../vision/raster.ts'
import { CARD_HEIGHT, CARD_MARGIN, CARD_WIDTH } from '../../vision/cards/findCards.ts'

export type Colour = [number, number, number]

export const CLOTH: Colour = [40, 95, 60]
export const PAPER: Colour = [236, 234, 226]
export const RED_PRINT: Colour = [205, 35, 45]
export const BLACK_PRINT: Colour = [30, 30, 35]

export interface CardSpec {
  centre: Point
  /** The card's short side, in pixels; the long side is 1.4 times it. */
  width: number
  /** Turn of the card, radians (0: upright portrait). */
  angle: number
  print?: Colour
  /**
   * What the card's middle shows: the ten's pips (the default), a framed picture as a court
   * card's, or the ten's pips drawn closer together inside a thin frame, as some decks print them;
   * or a picture printed nearly to its long sides ('wideBand', as a photo deck's or a court card's
   * broad figure is), leaving only a sliver of paper beside it.
   */
  middle?: 'pips' | 'picture' | 'framedPips' | 'wideBand'
  /** False: no grey edge (a card lying flat on another casts no seam on it). */
  edge?: boolean
  /** The grey of the cut edge: 150 unless told (on a white table the edge is a faint line, barely darker than the paper). */
  edgeGrey?: number
  /** 'back': the card lies face down, showing a lattice printed edge to edge within a white margin, and no index. */
  side?: 'face' | 'back'
}

/** A plain cloth with a little grain, so nothing is perfectly flat. */
export function cloth(width: number, height: number, colour: Colour = CLOTH): RgbaImage {
  const image = createRgbaImage(width, height)
  let seed = 7
  for (let p = 0; p < width * height; p++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    const grain = ((seed >> 16) % 13) - 6
    image.data.set([colour[0] + grain, colour[1] + grain, colour[2] + grain, 255], p * 4)
  }
  return image
}

/**
 * The index of a narrow-font ten of diamonds at card coordinates (u across, v down, both
 * 0–1): a thin bar "1", an oval "0" close beside it, a diamond below. Null where it is paper.
 */
function tenOfDiamondsIndex(u: number, v: number): boolean {
  const one = u >= 0.06 && u <= 0.08 && v >= 0.05 && v <= 0.16
  const ou = (u - 0.13) / 0.035
  const ov = (v - 0.105) / 0.055
  const iu = (u - 0.13) / 0.022
  const iv = (v - 0.105) / 0.043
  const zero = ou * ou + ov * ov <= 1 && iu * iu + iv * iv > 1
  const diamond = Math.abs(u - 0.105) / 0.04 + Math.abs(v - 0.235) / 0.05 <= 1
  return one || zero || diamond
}

/** The frame some decks print round a number card's pips (and round a court card's figure): a thin line. */
function onFrame(u: number, v: number): boolean {
  const inFrame = u >= 0.2 && u <= 0.8 && v >= 0.18 && v <= 0.82
  return inFrame && (u <= 0.215 || u >= 0.785 || v <= 0.19 || v >= 0.81)
}

/** A court card's middle: a thin frame round the figure, and a head and a body inside it. */
function framedPicture(u: number, v: number): boolean {
  const head = Math.hypot((u - 0.5) / 0.1, (v - 0.32) / 0.08) <= 1
  const body = Math.abs(u - 0.5) <= 0.18 && v >= 0.45 && v <= 0.7
  return onFrame(u, v) || head || body
}

/** The ten's diamond pips: [across, down] of each centre (shares of the card). */
const TEN_PIPS: [number, number][] = [
  [0.32, 0.2],
  [0.68, 0.2],
  [0.5, 0.3],
  [0.32, 0.4],
  [0.68, 0.4],
  [0.32, 0.6],
  [0.68, 0.6],
  [0.5, 0.7],
  [0.32, 0.8],
  [0.68, 0.8],
]
/** The same layout drawn smaller inside the frame: side columns only 0.12 of the card from the middle one. */
const FRAMED_TEN_PIPS = TEN_PIPS.map(([u, v]): [number, number] => [0.5 + (u - 0.5) / 1.5, 0.5 + (v - 0.5) / 1.25])

/** A wide band's paper beside it, a share of the card's width: a few pixels of a card 150 px wide, within a blur of both the band and the cut edge. */
const WIDE_BAND_MARGIN = 0.025

/** A ten of diamonds as printed: the index in two opposite corners and ten pips between (or, drawn as a court card, a picture). */
function tenOfDiamonds(u: number, v: number, middle: CardSpec['middle'] = 'pips'): boolean {
  if (tenOfDiamondsIndex(u, v) || tenOfDiamondsIndex(1 - u, 1 - v)) return true
  if (middle === 'picture') return framedPicture(u, v)
  if (middle === 'wideBand') return u >= WIDE_BAND_MARGIN && u <= 1 - WIDE_BAND_MARGIN && v >= 0.3 && v <= 0.7
  if (middle === 'framedPips') return onFrame(u, v) || FRAMED_TEN_PIPS.some(([pu, pv]) => Math.abs(u - pu) / 0.05 + Math.abs(v - pv) / 0.05 <= 1)
  return TEN_PIPS.some(([pu, pv]) => Math.abs(u - pu) / 0.07 + Math.abs(v - pv) / 0.07 <= 1)
}

/** A card's back as many decks print it: a white margin, then a fine diagonal lattice to the margin's edge. */
function backLattice(u: number, v: number): boolean {
  if (u < 0.07 || u > 0.93 || v < 0.05 || v > 0.95) return false
  const pitch = 0.06
  const line = 0.015
  const along = (u + v * 1.4) % pitch
  const across = (u - v * 1.4 + 10) % pitch
  return along < line || across < line
}

/**
 * Lays a card on the image: paper, a one-pixel grey edge, and the ten of diamonds in `print`
 * (red unless told), its middle as `middle` says. With `shadow`, a soft dark band falls on what lies just below and right of it.
 */
export function layCard(image: RgbaImage, card: CardSpec, shadow = false): void {
  const height = card.width * 1.4
  const cos = Math.cos(card.angle)
  const sin = Math.sin(card.angle)
  const print = card.print ?? RED_PRINT
  const reach = Math.hypot(card.width, height) / 2 + 6
  for (let y = Math.max(0, Math.floor(card.centre.y - reach)); y < Math.min(image.height, card.centre.y + reach); y++)
    for (let x = Math.max(0, Math.floor(card.centre.x - reach)); x < Math.min(image.width, card.centre.x + reach); x++) {
      const dx = x + 0.5 - card.centre.x
      const dy = y + 0.5 - card.centre.y
      // Card coordinates: across (short side) and down (long side), from the card's centre.
      const across = dx * cos + dy * sin
      const down = -dx * sin + dy * cos
      const i = (y * image.width + x) * 4
      const inside = Math.abs(across) <= card.width / 2 && Math.abs(down) <= height / 2
      if (!inside) {
        if (!shadow) continue
        const beyond = Math.max(across - card.width / 2, down - height / 2)
        const within = Math.abs(across) <= card.width / 2 + 4 && Math.abs(down) <= height / 2 + 4
        if (within && beyond > 0 && beyond <= 4)
          for (let c = 0; c < 3; c++) image.data[i + c] = Math.round(image.data[i + c]! * (0.6 + 0.1 * beyond))
        continue
      }
      const edge = Math.min(card.width / 2 - Math.abs(across), height / 2 - Math.abs(down))
      let colour: Colour = PAPER
      if (edge < 1.2 && card.edge !== false) colour = [card.edgeGrey ?? 150, card.edgeGrey ?? 150, (card.edgeGrey ?? 150) - 2]
      else if (card.side === 'back' ? backLattice(across / card.width + 0.5, down / height + 0.5) : tenOfDiamonds(across / card.width + 0.5, down / height + 0.5, card.middle)) colour = print
      image.data.set([...colour, 255], i)
    }
}

/**
 * Lays a card seen at a slant: its top-left, top-right, bottom-right and bottom-left corners
 * land on `corners` (a perspective view, so its sides need not be parallel), rounded as a real
 * card's are, with the grey edge and the ten of diamonds of layCard.
 */
export function layCardSeen(image: RgbaImage, corners: readonly Point[], print: Colour = RED_PRINT): void {
  const toCard = homographyFromPoints(corners, [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ])
  const xs = corners.map((p) => p.x)
  const ys = corners.map((p) => p.y)
  // Pixels from the nearest side, for the grey edge.
  const fromSides = (x: number, y: number) =>
    Math.min(
      ...corners.map((a, i) => {
        const b = corners[(i + 1) % 4]!
        return Math.abs((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)) / Math.hypot(b.x - a.x, b.y - a.y)
      }),
    )
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y < Math.min(image.height, Math.max(...ys) + 1); y++)
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x < Math.min(image.width, Math.max(...xs) + 1); x++) {
      const { x: u, y: v } = applyHomography(toCard, x + 0.5, y + 0.5)
      if (u < 0 || u > 1 || v < 0 || v > 1) continue
      // The rounded corners: a radius of 0.06 of the card's short side.
      const cu = Math.max(0, Math.abs(u - 0.5) - 0.44) / 0.06
      const cv = (Math.max(0, Math.abs(v - 0.5) - 0.5 + 0.06 / 1.4) * 1.4) / 0.06
      if (cu * cu + cv * cv > 1) continue
      let colour: Colour = PAPER
      if (fromSides(x + 0.5, y + 0.5) < 1.2) colour = [150, 150, 148]
      else if (tenOfDiamonds(u, v)) colour = print
      image.data.set([...colour, 255], (y * image.width + x) * 4)
    }
}

/**
 * A studio-style backdrop: grey round the middle, fading to paper-white towards the corners
 * (a vignette, or a white sheet lit from one side), so the card is no brighter than what
 * reaches it from the frame.
 */
export function vignette(width: number, height: number): RgbaImage {
  const image = createRgbaImage(width, height)
  const reach = Math.hypot(width, height) / 2
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const r = Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) / reach
      const level = Math.round(110 + 145 * Math.min(1, Math.max(0, (r - 0.2) / 0.35)))
      image.data.set([level, level, level, 255], (y * width + x) * 4)
    }
  return image
}

/**
 * A white table, nearly the paper's colour (a little cooler), its grain a grey level or two:
 * from `fade` of the width on it darkens to the right into shade (a table lit from the left,
 * or its far edge), so the table's paper-bright part runs off the photo on three sides only
 * and its rim fades where the shade begins. With `fade` 1 it is bright all over.
 */
export function whiteTable(width: number, height: number, fade = 1): RgbaImage {
  const image = createRgbaImage(width, height)
  let seed = 11
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const grain = ((seed >> 16) % 3) - 1
      const shade = Math.max(0, (x / width - fade) / Math.max(1e-6, 1 - fade))
      const light = 1 - 0.6 * Math.min(1, shade)
      image.data.set([Math.round(226 * light) + grain, Math.round(228 * light) + grain, Math.round(230 * light) + grain, 255], (y * width + x) * 4)
    }
  return image
}

/**
 * Shade falling across the photo from `from` of its width to the right (a lamp to the left):
 * the table and the cards on it alike darken, to `depth` of their light at the right edge.
 */
export function shadeTowardsRight(image: RgbaImage, from: number, depth = 0.45): void {
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const shade = Math.max(0, (x / image.width - from) / Math.max(1e-6, 1 - from))
      const i = (y * image.width + x) * 4
      for (let c = 0; c < 3; c++) image.data[i + c] = Math.round(image.data[i + c]! * (1 - (1 - depth) * shade))
    }
}

/**
 * A pale fold of a light cloth along a card's left long side (`reach` pixels wide, its far
 * border ragged), lit as brightly as the card's grey edge: the paper and the fold pass one
 * brightness level together, and their outline is still near enough a rectangle.
 */
export function paleFoldBeside(image: RgbaImage, card: CardSpec, reach: number, lift = 70): void {
  const height = card.width * 1.4
  const cos = Math.cos(card.angle)
  const sin = Math.sin(card.angle)
  let seed = 3
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const ragged = ((seed >> 16) % 100) / 100
      const dx = x + 0.5 - card.centre.x
      const dy = y + 0.5 - card.centre.y
      const across = dx * cos + dy * sin
      const down = -dx * sin + dy * cos
      if (across >= -card.width / 2 || across <= -card.width / 2 - reach * (1 + 0.4 * ragged) || Math.abs(down) >= height / 2 - 4 + 6 * ragged) continue
      const i = (y * image.width + x) * 4
      for (let c = 0; c < 3; c++) image.data[i + c] = image.data[i + c]! + lift
    }
}

/**
 * A speck of paper over the suit of the card's lower index (a fleck of glare, a scuff), `radius`
 * a share of the card's width: the symbol's outline is nicked, and that corner's suit unsure.
 */
export function nickLowerSuit(image: RgbaImage, card: CardSpec, radius: number): void {
  const height = card.width * 1.4
  const cos = Math.cos(card.angle)
  const sin = Math.sin(card.angle)
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const dx = x + 0.5 - card.centre.x
      const dy = y + 0.5 - card.centre.y
      // The lower index is the upper one turned half round: measured from the card's bottom-right corner.
      const u = 0.5 - (dx * cos + dy * sin) / card.width
      const v = 0.5 - (-dx * sin + dy * cos) / height
      if (Math.hypot(u - 0.105, v - 0.205) < radius) image.data.set(PAPER, (y * image.width + x) * 4)
    }
}

/** Lamp glare: a soft bright patch fading out over `radius` pixels, paper-white at its heart. */
export function addGlare(image: RgbaImage, centre: Point, radius: number): void {
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const r = Math.hypot(x - centre.x, y - centre.y) / radius
      if (r >= 1.5) continue
      const weight = Math.exp(-2 * r * r)
      const i = (y * image.width + x) * 4
      for (let c = 0; c < 3; c++) image.data[i + c] = image.data[i + c]! + (250 - image.data[i + c]!) * weight
    }
}

export function blur(image: RgbaImage, sigma: number): RgbaImage {
  return mapChannels(image, (channel) => gaussianBlur(channel, sigma))
}

/** Through a JPEG encoder and back, with its 4:2:0 colour subsampling. */
export function jpegRoundTrip(image: RgbaImage, quality: number): RgbaImage {
  const encoded = jpeg.encode({ data: Buffer.from(image.data.buffer), width: image.width, height: image.height }, quality)
  const decoded = jpeg.decode(encoded.data, { useTArray: true, formatAsRGBA: true })
  return { width: decoded.width, height: decoded.height, data: new Uint8ClampedArray(decoded.data.buffer) }
}


/** The pips of a five, [across, down] of each centre (shares of the card); the lower ones are printed upside down. */
export const FIVE_PIPS: [number, number][] = [
  [0.28, 0.2],
  [0.72, 0.2],
  [0.5, 0.5],
  [0.28, 0.8],
  [0.72, 0.8],
]

/** A stroke of a rank glyph: the box [u0, v0, u1, v1] it fills, as shares of the card. */
export type Stroke = [number, number, number, number]

/**
 * A "5" drawn of straight strokes, as a seven-segment display draws it, in the rank's place over
 * rectifiedFiveOfDiamonds' index diamond: a digit in a font the glyph templates were not made
 * from, which their 5 fits only middling.
 */
export const SEGMENT_FIVE: readonly Stroke[] = [
  [0.065, 0.07, 0.135, 0.088],
  [0.065, 0.07, 0.083, 0.125],
  [0.065, 0.116, 0.135, 0.134],
  [0.117, 0.116, 0.135, 0.18],
  [0.065, 0.162, 0.135, 0.18],
]

/**
 * A five of diamonds as findCards.ts rectifies it (CARD_WIDTH × CARD_HEIGHT, the margin round
 * the card showing the cloth), drawn straight into that frame: a webcam's card, its pips as
 * large as a real deck's (a quarter of the card across) and its index diamond close beside the
 * top-left one. `pips` moves them (an outline a pixel or two off moves every pip alike);
 * `tableInside` shows the cloth along the card's left side that far in (a share of the card's
 * width), where the outline ran past the card's edge; `rank` draws a rank glyph of strokes over
 * the index diamond (none unless told).
 */
export function rectifiedFiveOfDiamonds(options: { pips?: [number, number][]; tableInside?: number; rank?: readonly Stroke[] } = {}): RgbaImage {
  const pips = options.pips ?? FIVE_PIPS
  const rank = options.rank ?? []
  const image = createRgbaImage(CARD_WIDTH, CARD_HEIGHT)
  const grow = 1 + 2 * CARD_MARGIN
  const diamond = (u: number, v: number, pu: number, pv: number, half: number) => Math.abs(u - pu) * 1.25 + (Math.abs(v - pv) * 1.4) <= half
  const index = (u: number, v: number) => diamond(u, v, 0.1, 0.235, 0.045) || rank.some(([u0, v0, u1, v1]) => u >= u0 && u <= u1 && v >= v0 && v <= v1)
  for (let y = 0; y < CARD_HEIGHT; y++)
    for (let x = 0; x < CARD_WIDTH; x++) {
      const u = ((x + 0.5) / CARD_WIDTH) * grow - CARD_MARGIN
      const v = ((y + 0.5) / CARD_HEIGHT) * grow - CARD_MARGIN
      const onCard = u >= (options.tableInside ?? 0) && u <= 1 && v >= 0 && v <= 1
      const printed = index(u, v) || index(1 - u, 1 - v) || pips.some(([pu, pv]) => diamond(u, v, pu, pv, 0.115))
      image.data.set([...(!onCard ? CLOTH : printed ? RED_PRINT : PAPER), 255], (y * CARD_WIDTH + x) * 4)
    }
  return image
}

