// Reading a photographed board (issue 4): find the field's four corners, rectify the
// perspective, and classify each cell of rows 1–12 as empty, red or blue (RULES.md §2: no
// stone stands on row 0). The result is a setup, not a position: the engine validates it
// and the user confirms every uncertain cell before anything is applied.
import { COLUMNS, ROWS, cellName, validatePosition, zoneAt, type SetupError } from '../engine/index.ts'
import type { Cell, Color, Position } from '../engine/index.ts'
import {
  applyHomography,
  connectedComponents,
  deltaE,
  homographyFromPoints,
  labAt,
  limitSize,
  convexHull,
  median,
  medianColour,
  otsuThreshold,
  rectangle,
  rgbToLab,
  toLab,
  warpQuadrilateral,
  type Lab,
  type Point,
  type Rgb,
  type RgbaImage,
} from './raster.ts'
import { cameraFromField, leanAt } from './board/camera.ts'
import {
  READ_HEIGHT,
  READ_RADIUS,
  TOPS_TO_TRUST_HEIGHT,
  alongTheWay,
  cellPosition,
  crescentAtFront,
  emptyCellsContrast,
  sampleCellsAsTokens,
  sideShows,
  sideShowsOnlyBoard,
  shortestSideSeen,
  sideOfTokenShowsOnlyBoard,
  stoneDistance,
  topLikeAStone,
  topTowardsAStone,
  type CellSample,
  type CellSampling,
  type SideShows,
} from './board/cells.ts'
import { GRID_SUPPORT_TO_TRUST, WORKING_SIDE, findFieldGrid, snapToGrid, type GridCheck } from './board/fieldGrid.ts'
import { START_ROW_TO_TRUST } from './board/orientation.ts'

/**
 * The field's outer corners in the photo, in this order: the corner at a12, at h12, at h0,
 * at a0 (top-left, top-right, bottom-right, bottom-left as a player at the start line sees it).
 */
export type FieldCorners = [Point, Point, Point, Point]

export interface CornerProposal {
  corners: FieldCorners
  /** 0–1: how sure the detector is; the UI asks the user to check the handles when low. */
  confidence: number
}

/** Stone colours as the user tapped them (or the defaults), in photo RGB. */
export interface StoneColours {
  red: Rgb
  blue: Rgb
}

export type CellState = 'empty' | Color

export interface CellReading {
  cell: Cell
  state: CellState
  /** 0.5–1: the reading's margin over its nearest alternative. */
  confidence: number
}

export interface BoardReading {
  position: Position
  /** The corners the cells were read at: the given ones, or those snapped onto the printed grid. */
  corners: FieldCorners
  /** Every cell of rows 1–12, row by row. */
  cells: CellReading[]
  /** Cells the user must confirm before the position is applied. */
  uncertain: Cell[]
  /** Why each uncertain cell is asked: the first reason found, what the player should look at. */
  reasons: Partial<Record<Cell, AskReason>>
  /** The stone colours used, calibrated from the photo or taken from the user's taps. */
  colours: StoneColours
  /** The engine's objections to the reading as a setup (e.g. nine red stones). */
  errors: SetupError[]
}

export interface ReadBoardOptions {
  /** Corners the user placed; proposed automatically when absent. */
  corners?: FieldCorners
  /** Colours from the user's taps; calibrated from the photo when absent. */
  colours?: StoneColours
  /** Called with 0–1 as the work proceeds. */
  onProgress?: (fraction: number) => void
}

/**
 * Why a cell is asked about. faint: a stone or not, the photo can't tell; colour: red or blue;
 * printedLikeStone: the board is printed in a stone's colour there; unlikeStones: a colour
 * that is neither stone's (a shadow, a mark); corners: the printed grid does not confirm the
 * corners; hidden: a farther stone's side may be what shows there; leaning: a stone's height
 * may have moved its top into the next cell; sideOnly: a stone's side shows where its top
 * does not (lost in a lamp's glare, or printed in the board's colour).
 */
export type AskReason = 'faint' | 'colour' | 'printedLikeStone' | 'unlikeStones' | 'corners' | 'hidden' | 'leaning' | 'sideOnly'

/** A reading below this confidence is listed as uncertain and asked about. */
export const UNCERTAIN_BELOW = 0.75

/** The first guess for which cluster is which side, before the user calibrates. */
export const DEFAULT_STONE_COLOURS: StoneColours = { red: [200, 40, 45], blue: [40, 70, 200] }

/** Side of the working copy used to find the board's outline. */
const OUTLINE_SIDE = 640

/**
 * Proposes the field's corners: outlines of the light field inside its frame (and the
 * dark-framed quadrilateral found by `frameOutline`), each fitted to the printed grid; the
 * confidence is the share of the grid's lines that the photo shows where the fit puts them.
 */
export function proposeCorners(image: RgbaImage): CornerProposal {
  // One shrink of the photo for every stage: a phone's 12-megapixel photo costs one pass.
  const { image: working, scale } = limitSize(image, WORKING_SIDE)
  const inPhoto = (corners: FieldCorners) => corners.map((p) => ({ x: p.x / scale, y: p.y / scale })) as FieldCorners
  let framed: CornerProposal | null = null
  const frame = () => (framed ??= frameOutline(working))
  const { best } = findFieldGrid(working, () => (frame().confidence > 0 ? [frame().corners] : []))
  if (!best) return { corners: inPhoto(frame().corners), confidence: 0 }
  // A fit its own row 0 contradicts may be turned half round or a row off: the player drags.
  if (best.orientation === 'contradicted') return { corners: inPhoto(best.corners), confidence: 0 }
  return { corners: inPhoto(best.corners), confidence: confidenceOf(best.support) }
}

/** Support from half the features (what a misplaced grid still catches) up to nine tenths. */
function confidenceOf(support: number): number {
  return Math.max(0, Math.min(1, (support - 0.5) / 0.4))
}

/** The board's dark-framed quadrilateral, then the frame's inner edge (the generated photos' way). */
function frameOutline(image: RgbaImage): CornerProposal {
  const { image: small, scale } = limitSize(image, OUTLINE_SIDE)
  const table = tableDistance(small)
  let best: CornerProposal = { corners: fallbackCorners(image), confidence: 0 }
  // Otsu's split usually separates board from table; a frame close to the table's colour
  // (dark wood on dark wood) needs the lower level that the table's own spread allows.
  for (const level of [table.otsuLevel, table.spreadLevel]) {
    const outline = findBoardOutline(small, table.distance, level)
    if (!outline) continue
    const oriented = orientOutline(small, outline.quad)
    const field = findFieldInsideFrame(small, oriented)
    const confidence = Math.min(outline.confidence, field.confidence)
    if (confidence > best.confidence) {
      best = { corners: field.corners.map((p) => ({ x: p.x / scale, y: p.y / scale })) as FieldCorners, confidence }
    }
    if (best.confidence >= 0.6) break
    const tight = fieldFromRegion(small, outline.quad)
    if (tight && tight.confidence > best.confidence) {
      best = { corners: tight.corners.map((p) => ({ x: p.x / scale, y: p.y / scale })) as FieldCorners, confidence: tight.confidence }
    }
  }
  return best
}

/**
 * Where a point of the field lands in the photo: (col, row) in cell units, the field's
 * corner at a12 being (0, 13) and at h0 (8, 0); a cell's centre is (col + ½, row + ½).
 */
export function fieldToPhoto(corners: FieldCorners): (col: number, row: number) => Point {
  const h = homographyFromPoints(rectangle(COLUMNS, ROWS), corners)
  return (col, row) => applyHomography(h, col, ROWS - row)
}

/** Without a detected board, handles start on a centred rectangle of the field's proportions. */
function fallbackCorners(image: RgbaImage): FieldCorners {
  const height = image.height * 0.8
  const width = Math.min(image.width * 0.8, (height * COLUMNS) / ROWS)
  const x0 = (image.width - width) / 2
  const y0 = (image.height - height) / 2
  return [
    { x: x0, y: y0 },
    { x: x0 + width, y: y0 },
    { x: x0 + width, y: y0 + height },
    { x: x0, y: y0 + height },
  ]
}





/**
 * The board is what differs from the table: the table's colour is read along the photo's
 * edges and every pixel is scored by its distance from it.
 */
function tableDistance(image: RgbaImage): { distance: Float32Array; otsuLevel: number; spreadLevel: number } {
  const { width, height } = image
  const lab = toLab(image)
  const band = Math.max(2, Math.round(Math.min(width, height) * 0.015))
  const edgeSamples: Lab[] = []
  for (let y = 0; y < height; y += 2)
    for (let x = 0; x < width; x += 2)
      if (x < band || y < band || x >= width - band || y >= height - band) edgeSamples.push(labAt(lab, y * width + x))
  const table = medianColour(edgeSamples)
  const distance = new Float32Array(width * height)
  // deltaE written out: this runs on every pixel of the working copy.
  for (let p = 0, i = 0; p < distance.length; p++, i += 3) {
    const dL = lab[i]! - table[0]
    const da = lab[i + 1]! - table[1]
    const db = lab[i + 2]! - table[2]
    distance[p] = Math.min(255, Math.sqrt(dL * dL + da * da + db * db))
  }
  const spread = edgeSamples.map((sample) => deltaE(sample, table)).sort((a, b) => a - b)
  const p95 = spread[Math.floor(spread.length * 0.95)] ?? 0
  return { distance, otsuLevel: Math.max(18, otsuThreshold(distance)), spreadLevel: Math.max(10, 1.5 * p95) }
}

/**
 * Above `level`, the largest region not hugging the photo's edge is the board; its convex
 * hull's largest inscribed quadrilateral is the board's outline.
 */
function findBoardOutline(
  image: RgbaImage,
  distance: Float32Array,
  level: number,
): { quad: Point[]; confidence: number } | null {
  const { width, height } = image
  const mask = new Uint8Array(distance.length)
  for (let p = 0; p < mask.length; p++) mask[p] = distance[p]! > level ? 1 : 0
  const { labels, components } = connectedComponents(mask, width, height, 8)
  let best = null
  let bestScore = 0
  for (const c of components) {
    const boxArea = (c.maxX - c.minX + 1) * (c.maxY - c.minY + 1)
    const touchesEdge = c.minX === 0 || c.minY === 0 || c.maxX === width - 1 || c.maxY === height - 1
    const score = boxArea * (touchesEdge ? 0.25 : 1)
    if (score > bestScore && c.area > 0.01 * width * height) {
      bestScore = score
      best = c
    }
  }
  if (!best) return null
  const extremes: Point[] = []
  for (let y = best.minY; y <= best.maxY; y++) {
    let left = -1
    let right = -1
    for (let x = best.minX; x <= best.maxX; x++)
      if (labels[y * width + x] === best.label) {
        if (left < 0) left = x
        right = x
      }
    if (left >= 0) extremes.push({ x: left, y: y + 0.5 }, { x: right + 1, y: y + 0.5 })
  }
  const hull = convexHull(extremes)
  if (hull.length < 4) return null
  const quad = largestQuadrilateral(hull)
  const hullArea = polygonArea(hull)
  // A board seen in perspective is a quadrilateral: the more of its hull the quad fills, the surer.
  const fill = polygonArea(quad) / hullArea
  const coverage = hullArea / (width * height)
  return { quad, confidence: Math.max(0, Math.min(1, (fill - 0.9) * 10)) * (coverage > 0.08 ? 1 : 0.5) }
}


function triangleArea(a: Point, b: Point, c: Point): number {
  return Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2
}

function polygonArea(points: Point[]): number {
  let twice = 0
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!
    const b = points[(i + 1) % points.length]!
    twice += a.x * b.y - b.x * a.y
  }
  return Math.abs(twice) / 2
}

/** The largest quadrilateral with corners on the hull: for each diagonal, the farthest point on each side. */
function largestQuadrilateral(hull: Point[]): Point[] {
  const n = hull.length
  let best: Point[] = hull.slice(0, 4)
  let bestArea = -1
  for (let i = 0; i < n; i++)
    for (let k = i + 2; k < n; k++) {
      let sideA = -1
      let sideAIndex = -1
      for (let j = i + 1; j < k; j++) {
        const area = triangleArea(hull[i]!, hull[j]!, hull[k]!)
        if (area > sideA) {
          sideA = area
          sideAIndex = j
        }
      }
      let sideB = -1
      let sideBIndex = -1
      for (let j = k + 1; j < n + i; j++) {
        const area = triangleArea(hull[i]!, hull[j % n]!, hull[k]!)
        if (area > sideB) {
          sideB = area
          sideBIndex = j % n
        }
      }
      if (sideAIndex < 0 || sideBIndex < 0) continue
      if (sideA + sideB > bestArea) {
        bestArea = sideA + sideB
        best = [hull[i]!, hull[sideAIndex]!, hull[k]!, hull[sideBIndex]!]
      }
    }
  return best
}

/** Puts a quadrilateral's corners in screen order: top-left, top-right, bottom-right, bottom-left. */
function screenOrder(quad: Point[]): Point[] {
  const cx = quad.reduce((s, p) => s + p.x, 0) / quad.length
  const cy = quad.reduce((s, p) => s + p.y, 0) / quad.length
  const byAngle = [...quad].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx))
  // Angles from −π: the first corner is up-left of the centre; on screen the order is clockwise.
  let start = 0
  for (let i = 1; i < 4; i++) if (byAngle[i]!.x + byAngle[i]!.y < byAngle[start]!.x + byAngle[start]!.y) start = i
  return [0, 1, 2, 3].map((i) => byAngle[(start + i) % 4]!)
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

/**
 * Orders the outline so that its first side is the far end of the field (row 12): the field
 * is 8 wide and 13 long, and at the start end the four cells beside c0–f0 belong to the frame.
 */
function orientOutline(image: RgbaImage, quad: Point[]): Point[] {
  let ordered = screenOrder(quad)
  const across = distance(ordered[0]!, ordered[1]!) + distance(ordered[2]!, ordered[3]!)
  const along = distance(ordered[1]!, ordered[2]!) + distance(ordered[3]!, ordered[0]!)
  if (across > along) ordered = [1, 2, 3, 0].map((i) => ordered[i]!)
  const rectified = warpQuadrilateral(image, ordered, 80, 120)
  const frame = rimColour(rectified)
  // Just inside the frame, at each end: frame-like near the start end's corners, field elsewhere.
  const frameLike = (y: number) => {
    let count = 0
    for (const x of [12, 16, 64, 68]) if (deltaE(labOfPixel(rectified, x, y), frame) < 25) count++
    return count
  }
  const topEnd = frameLike(9)
  const bottomEnd = frameLike(111)
  return topEnd > bottomEnd ? [2, 3, 0, 1].map((i) => ordered[i]!) : ordered
}

/**
 * A photo framed tightly: what differs from the photo's edges is the field itself, rows 1–12
 * as a quadrilateral and the start cells c0–f0 as a tab at one end (the frame around it
 * being the photo's edge colour). The tab's end is the start end; the field reaches one row
 * beyond the quadrilateral there.
 */
function fieldFromRegion(image: RgbaImage, quad: Point[]): { corners: FieldCorners; confidence: number } | null {
  let ordered = screenOrder(quad)
  const across = distance(ordered[0]!, ordered[1]!) + distance(ordered[2]!, ordered[3]!)
  const along = distance(ordered[1]!, ordered[2]!) + distance(ordered[3]!, ordered[0]!)
  if (across > along) ordered = [1, 2, 3, 0].map((i) => ordered[i]!)
  // Rows 1–12 of the field in cell units: (0, 0) at a12's corner, (8, 12) at h1's.
  const toPhoto = homographyFromPoints(rectangle(COLUMNS, ROWS - 1), ordered)
  const inPhoto = (p: Point) => p.x >= 0 && p.y >= 0 && p.x <= image.width - 1 && p.y <= image.height - 1
  // The frame is what lies just beside the field's long sides.
  const beside: Lab[] = []
  for (let row = 1; row < ROWS - 1; row++)
    for (const col of [-0.3, COLUMNS + 0.3]) {
      const p = applyHomography(toPhoto, col, row)
      if (inPhoto(p)) beside.push(labOfPixel(image, p.x, p.y))
    }
  if (beside.length < 6) return null
  const frame = medianColour(beside)
  const frameLike = (col: number, row: number) => {
    const p = applyHomography(toPhoto, col, row)
    return !inPhoto(p) || deltaE(labOfPixel(image, p.x, p.y), frame) < 25
  }
  // Half a row beyond each end: the tab (c0–f0) at the start end, the frame at the other;
  // half a column beyond each side: the frame.
  const tabBelow = !frameLike(3.5, 12.5) && !frameLike(4.5, 12.5)
  const tabAbove = !frameLike(3.5, -0.5) && !frameLike(4.5, -0.5)
  if (tabBelow === tabAbove) return null
  const end = tabBelow ? 12.5 : -0.5
  if (![frameLike(0.5, end), frameLike(7.5, end), frameLike(-0.4, 6), frameLike(8.4, 6)].every(Boolean)) return null
  const at = (col: number, row: number) => applyHomography(toPhoto, col, row)
  const field = tabBelow
    ? [at(0, 0), at(COLUMNS, 0), at(COLUMNS, ROWS), at(0, ROWS)]
    : [at(COLUMNS, ROWS - 1), at(0, ROWS - 1), at(0, -1), at(COLUMNS, -1)]
  // Found by shape alone, with no frame edge to fit: worth checking by the player.
  return { corners: field as FieldCorners, confidence: 0.5 }
}

function labOfPixel(image: RgbaImage, x: number, y: number): Lab {
  const i = (Math.round(y) * image.width + Math.round(x)) * 4
  return rgbToLab(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!)
}

/** The frame's colour: the median just inside the rectified outline's edge. */
function rimColour(rectified: RgbaImage): Lab {
  const { width, height } = rectified
  const inset = Math.max(1, Math.round(width * 0.02))
  const samples: Lab[] = []
  for (let x = inset; x < width - inset; x += 2) {
    samples.push(labOfPixel(rectified, x, inset), labOfPixel(rectified, x, height - 1 - inset))
  }
  for (let y = inset; y < height - inset; y += 2) {
    samples.push(labOfPixel(rectified, inset, y), labOfPixel(rectified, width - 1 - inset, y))
  }
  return medianColour(samples)
}

/**
 * The field's edge is where the frame ends: along many lines across each side, the first
 * pixels that differ from the frame's colour; a robust line fit through them per side, and
 * the four lines' crossings are the field's corners.
 */
function findFieldInsideFrame(image: RgbaImage, outline: Point[]): { corners: FieldCorners; confidence: number } {
  const width = 240
  const height = 360
  const rectified = warpQuadrilateral(image, outline, width, height)
  const toPhoto = homographyFromPoints(rectangle(width, height), outline)
  const frame = rimColour(rectified)
  const isFrame = (x: number, y: number) => deltaE(labOfPixel(rectified, x, y), frame) < 22
  const depth = (fromX: number, fromY: number, stepX: number, stepY: number, limit: number) => {
    for (let t = 1; t < limit; t++) {
      const x = fromX + stepX * t
      const y = fromY + stepY * t
      if (!isFrame(x, y) && !isFrame(x + stepX, y + stepY) && !isFrame(x + 2 * stepX, y + 2 * stepY)) return t
    }
    return null
  }
  const reachX = width * 0.3
  const reachY = height * 0.2
  const top: Point[] = []
  const bottom: Point[] = []
  const left: Point[] = []
  const right: Point[] = []
  for (let x = Math.round(width * 0.15); x <= width * 0.85; x += 3) {
    const t = depth(x, 0, 0, 1, reachY)
    if (t !== null) top.push({ x, y: t })
  }
  // At the start end only c0–f0 reach the frame's inner edge: the middle half of the width.
  for (let x = Math.round(width * 0.36); x <= width * 0.64; x += 2) {
    const t = depth(x, height - 1, 0, -1, reachY)
    if (t !== null) bottom.push({ x, y: height - t })
  }
  for (let y = Math.round(height * 0.12); y <= height * 0.8; y += 3) {
    const l = depth(0, y, 1, 0, reachX)
    if (l !== null) left.push({ x: l, y })
    const r = depth(width - 1, y, -1, 0, reachX)
    if (r !== null) right.push({ x: width - r, y })
  }
  const topLine = fitLine(top, 'horizontal')
  const bottomLine = fitLine(bottom, 'horizontal')
  const leftLine = fitLine(left, 'vertical')
  const rightLine = fitLine(right, 'vertical')
  if (!topLine || !bottomLine || !leftLine || !rightLine) {
    return { corners: outline.map((p) => ({ ...p })) as FieldCorners, confidence: 0 }
  }
  const inner = [
    cross(topLine, leftLine),
    cross(topLine, rightLine),
    cross(bottomLine, rightLine),
    cross(bottomLine, leftLine),
  ]
  const corners = inner.map((p) => applyHomography(toPhoto, p.x, p.y)) as FieldCorners
  const support = Math.min(topLine.inliers, bottomLine.inliers, leftLine.inliers, rightLine.inliers)
  return { corners, confidence: Math.max(0, Math.min(1, support)) }
}

/** y = a·x + b (horizontal) or x = a·y + b (vertical), with the share of samples that agreed. */
interface Line {
  orientation: 'horizontal' | 'vertical'
  a: number
  b: number
  inliers: number
}

function fitLine(points: Point[], orientation: Line['orientation']): Line | null {
  const along = (p: Point) => (orientation === 'horizontal' ? p.x : p.y)
  const across = (p: Point) => (orientation === 'horizontal' ? p.y : p.x)
  let used = points
  let line: Line | null = null
  for (let round = 0; round < 3; round++) {
    if (used.length < 3) return line
    const n = used.length
    const mu = used.reduce((s, p) => s + along(p), 0) / n
    const mv = used.reduce((s, p) => s + across(p), 0) / n
    let suu = 0
    let suv = 0
    for (const p of used) {
      suu += (along(p) - mu) ** 2
      suv += (along(p) - mu) * (across(p) - mv)
    }
    const a = suu > 0 ? suv / suu : 0
    line = { orientation, a, b: mv - a * mu, inliers: 0 }
    const fitted = line
    const residual = (p: Point) => Math.abs(across(p) - (fitted.a * along(p) + fitted.b))
    // The first round's outliers are stones of the frame's colour; drop them and refit.
    const tolerance = round === 0 ? Math.max(2, median(used.map(residual)) * 3) : 2
    used = points.filter((p) => residual(p) <= tolerance)
    line.inliers = used.length / points.length
  }
  return line
}

function cross(h: Line, v: Line): Point {
  // y = h.a·x + h.b and x = v.a·y + v.b.
  const y = (h.a * v.b + h.b) / (1 - h.a * v.a)
  return { x: v.a * y + v.b, y }
}

/** The colour a tap on a stone means: the median around the point, past any highlight. */
export function sampleStoneColour(image: RgbaImage, point: Point, radius = 3): Rgb {
  const samples: [number, number, number][] = []
  for (let dy = -radius; dy <= radius; dy++)
    for (let dx = -radius; dx <= radius; dx++) {
      if (dx * dx + dy * dy > radius * radius) continue
      const x = Math.min(image.width - 1, Math.max(0, Math.round(point.x + dx)))
      const y = Math.min(image.height - 1, Math.max(0, Math.round(point.y + dy)))
      const i = (y * image.width + x) * 4
      samples.push([image.data[i]!, image.data[i + 1]!, image.data[i + 2]!])
    }
  return medianColour(samples)
}

/** Reads the field inside `corners` (proposed when not given). */
export function readBoard(image: RgbaImage, options: ReadBoardOptions = {}): BoardReading {
  const progress = options.onProgress ?? (() => {})
  const check = cornersToRead(image, options.corners ?? proposeCorners(image).corners)
  const corners = check.corners
  progress(0.4)
  const sampling = sampleCellsAsTokens(image, corners)
  const { samples } = sampling
  progress(0.8)
  const contrastLevel = Math.min(30, Math.max(14, otsuThreshold(samples.map((s) => Math.min(255, s.contrast)))))
  const stoneSamples = samples.filter((s) => s.contrast > contrastLevel)
  const colours = options.colours ?? calibrateColours(stoneSamples.map((s) => s.centreRgb))
  const prototypes = { red: rgbToLab(...colours.red), blue: rgbToLab(...colours.blue) }
  const unsure = new Map<Cell, AskReason>()
  const ask = (cell: Cell, reason: AskReason) => {
    if (!unsure.has(cell)) unsure.set(cell, reason)
  }
  const colourDoubted = new Set<Cell>()
  const shortestSide = shortestSideSeen(samples, sampling, contrastLevel)
  const sides = samples.map((sample) => sideShows(sample, sampling, shortestSide))
  const emptyContrast = emptyCellsContrast(samples, contrastLevel)
  const nearTheCut: Cell[] = []
  const printedLikeAStone: number[] = []
  const crescentAt = crescentAtFront(image, corners)
  const fromCrescents = new Set<Cell>()
  const cells: CellReading[] = samples.map((sample, i) => {
    const stoneLikelihood = 1 / (1 + Math.exp(-(sample.contrast - contrastLevel) / 4))
    if (stoneLikelihood < 0.5) {
      // Where the board is printed in a stone's own colour (a red house centre, darkened), a
      // stone there would not stand out from the board: its emptiness is the player's to say,
      // unless all of where a stone's shaded side would show, a pixel or two either way, shows
      // the board and the top itself does not stand out towards a stone's colour.
      const likeAStone = Math.min(stoneDistance(sample.printed, prototypes.red), stoneDistance(sample.printed, prototypes.blue)) <= contrastLevel
      const sideSaysEmpty = sideShowsOnlyBoard(sample, sides[i]!) && !topLikeAStone(sample, emptyContrast, [prototypes.red, prototypes.blue])
      if (likeAStone && !sideSaysEmpty) {
        // A stone printed over still shows where its low side's shade rings its front; it is the
        // side whose colour is printed there (the other's would stand out), if only one's is.
        const hiddenSide = stoneOnItsPrint(sample, prototypes, contrastLevel)
        if (hiddenSide && trusted(check) && crescentAt(sample.cell)) {
          fromCrescents.add(sample.cell)
          return { cell: sample.cell, state: hiddenSide, confidence: CRESCENT_CONFIDENCE }
        }
        printedLikeAStone.push(i)
      }
      // Near the cut, a reading is as likely a stone's top a little off its cell's centre or
      // pale on its print: empty only if the side, where a stone's would show, shows the board.
      // So is one a good part of the way to a stone's colour lying near its print, the cut being
      // no measure there, unless the side shows the board.
      const towardsAStone = sides[i] !== 'board' && topTowardsAStone(sample, emptyContrast, [prototypes.red, prototypes.blue])
      if (emptyNearTheCut(stoneLikelihood, sides[i]!) || towardsAStone) nearTheCut.push(sample.cell)
      return { cell: sample.cell, state: 'empty', confidence: 1 - stoneLikelihood }
    }
    const toRed = stoneDistance(sample.centre, prototypes.red)
    const toBlue = stoneDistance(sample.centre, prototypes.blue)
    const state: Color = toRed <= toBlue ? 'red' : 'blue'
    // Unlike either stone (a shadow, a printed colour, the dark side of a farther stone):
    // not a stone as far as the reading can tell, and the player says. Only the distance
    // itself can tell: however far apart the two stones' colours are, a colour much nearer
    // one of them (a shaded orange guard cell beside red and blue) may still be neither.
    if (Math.min(toRed, toBlue) > UNLIKE_ANY_STONE) {
      ask(sample.cell, 'unlikeStones')
      return { cell: sample.cell, state: 'empty', confidence: 0.5 }
    }
    const colourMargin = 0.5 + (0.5 * Math.abs(toRed - toBlue)) / Math.max(1e-6, toRed + toBlue)
    // Sure of a colour only when clearly nearer one prototype than the other.
    const colourConfidence = Math.min(1, 0.5 + (colourMargin - 0.5) * 2.5)
    if (colourConfidence < stoneLikelihood) colourDoubted.add(sample.cell)
    return { cell: sample.cell, state, confidence: Math.min(stoneLikelihood, colourConfidence) }
  })
  for (const cell of printedCellsAStoneMayHide(samples, cells, printedLikeAStone, prototypes, contrastLevel, fromCrescents)) ask(cell, 'printedLikeStone')
  for (const cell of readingsMixedWithPrint(samples, cells, prototypes)) ask(cell, 'colour')
  for (const cell of readFromSides(samples, cells, sides)) ask(cell, 'sideOnly')
  // After the sides: a stone read from its side is asked as that, not as a faint reading.
  for (const cell of nearTheCut) ask(cell, 'faint')
  for (const cell of darkStonesLikeALightSide(samples, cells, colours, sampling)) ask(cell, 'colour')
  // A token standing there would show its side, and the board shows there plainly: what was
  // read is a shadow or a farther stone's side seen past an empty cell as often as a stone.
  cells.forEach((c, i) => {
    if (c.state !== 'empty' && sides[i] === 'board') ask(c.cell, 'faint')
  })
  for (const c of cells) if (c.confidence < UNCERTAIN_BELOW) ask(c.cell, colourDoubted.has(c.cell) ? 'colour' : 'faint')
  // Calibrated colours that do not look like red and blue (one side's stones in light and in
  // shade, split into two clusters): which stone is which side is a guess, so the player says.
  if (!options.colours && !sidesLookTheirPart(colours)) for (const c of cells) if (c.state !== 'empty') ask(c.cell, 'colour')
  // Corners that the printed grid does not confirm, or whose row 0 is not drawn as row 0 is
  // (a field turned half round or a row off): every reading is a guess, so ask.
  if (!trusted(check)) for (const c of cells) ask(c.cell, 'corners')
  for (const cell of cellsAFartherStoneMayReach(samples, cells, prototypes, sides)) ask(cell, 'hidden')
  const showBoardOnly = new Set(samples.filter((sample, i) => sideShowsOnlyBoard(sample, sides[i]!)).map((sample) => sample.cell))
  const tallerSideShowsBoard = sideOfTokenShowsOnlyBoard(image, corners)
  const showsBoardOnly = (cell: Cell, height: number) => showBoardOnly.has(cell) || tallerSideShowsBoard(cell, height)
  for (const cell of cellsAStoneMayLeanInto(image, corners, cells, sampling, showsBoardOnly)) ask(cell, 'leaning')
  const position: Position = {
    red: cells.filter((c) => c.state === 'red').map((c) => c.cell),
    blue: cells.filter((c) => c.state === 'blue').map((c) => c.cell),
  }
  progress(1)
  return {
    position,
    corners,
    cells,
    uncertain: cells.filter((c) => unsure.has(c.cell)).map((c) => c.cell),
    reasons: Object.fromEntries(unsure),
    colours,
    errors: validatePosition(position),
  }
}

/**
 * The corners a reading uses: the given ones snapped onto the printed grid when the photo
 * trusts the snapped ones and they see more of the grid (a rough drag, turned or a little
 * off, is moved onto the lines); the given ones otherwise.
 */
function cornersToRead(image: RgbaImage, given: FieldCorners): GridCheck {
  const { given: asGiven, snapped } = snapToGrid(image, given)
  return trusted(snapped) && (!trusted(asGiven) || snapped.support > asGiven.support) ? snapped : asGiven
}

function trusted(check: GridCheck): boolean {
  return (
    check.support >= GRID_SUPPORT_TO_TRUST &&
    check.edges >= FRAME_EDGES_TO_TRUST &&
    (check.startRow === null || check.startRow >= START_ROW_TO_TRUST)
  )
}

/**
 * Fewer of the field's five edges against the frame than this, and the corners are not trusted
 * either. Corners a row or a column off passed the grid's bar on 7 of 170 boards, then read
 * 8–20 cells wrong without asking; they showed at most 3 edges, right corners all 5 (one may
 * be lost to a shadow or a hand).
 */
const FRAME_EDGES_TO_TRUST = 4
/** A colour this far (ΔE, lightness half) from both stones' is no stone's. */
const UNLIKE_ANY_STONE = 30
/** The widest token expected (radius, cells): a farther stone's side reaches this near. */
const WIDEST_STONE = 0.45

/**
 * Cells whose reading a farther stone may have given: a cell is read where its own stone's
 * top would be, and when that point leans far enough the side of a stone in the next cell
 * towards the far end is seen there. A stone read in a cell just in front of a stone of the
 * same colour is then asked about — the reading alone cannot tell a top from a side there —
 * and read as empty when it is clearly darker than that stone's top (a side in its shade);
 * not when the cell's own side, in front of it where no farther stone reaches, shows a token
 * shaded as that side's stones' sides are and no nearer stone's top can reach there (extra21
 * board-00 f2 and c10, extra23 board-03 g7, dev board-08 c5 and c11: stones in a line along
 * the view, read right and asked, their sides ΔE 26–85 off the print and 8–14 px long).
 * In front of the other side's stone, a reading is asked when it is not plainly its own
 * colour either: a red stone's side in its shade is a dark grey, nearer a dark blue than red.
 */
export function cellsAFartherStoneMayReach(samples: CellSample[], cells: CellReading[], prototypes: Record<Color, Lab>, sides: readonly SideShows[] = []): Cell[] {
  const sideOf = stoneSides(samples, cells, sides)
  // Its own side shows, shaded as its side's stones' sides are, with no nearer stone to lend it a top.
  const ownSideShows = (i: number, colour: Color) => sides[i] === 'token' && nearerCellsEmpty(cells, i) && sideLike(samples[i]!.side!.colour, sideOf) === colour
  const asked: Cell[] = []
  for (let i = 0; i < cells.length; i++) {
    const reading = cells[i]!
    const farther = cells[i + COLUMNS]
    if (reading.state === 'empty' || !farther || farther.state === 'empty') continue
    if (samples[i]!.lean + WIDEST_STONE + READ_RADIUS <= 1) continue
    if (farther.state !== reading.state) {
      if (stoneDistance(samples[i]!.centre, prototypes[reading.state]) > UNLIKE_ANY_STONE / 2) asked.push(reading.cell)
      continue
    }
    const darker = samples[i]!.centre[0] < samples[i + COLUMNS]!.centre[0] - SIDE_DARKER
    if (!darker && ownSideShows(i, reading.state)) continue
    asked.push(reading.cell)
    if (darker) cells[i] = { cell: reading.cell, state: 'empty', confidence: 0.5 }
  }
  return asked
}

/** Stones of a side read sure, lit alike, needed before they say how far its stones stand out from a print. */
const SURE_STONES_TO_COMPARE = 1
/** A reading this share of the way from its print to the faintest such stone's, or farther, may be a stone. */
const SHARE_OF_A_STONE = 0.25
/**
 * Print lit this near (L*) the print under a sure stone is lit alike: in a shadow a stone and
 * its print both darken. Each print's light is how much lighter it reads than its zone does over
 * the whole field, so that a blue ring and the white print round it compare as lit alike.
 */
const LIT_ALIKE = 10

/**
 * Of the cells read empty on print near a stone's colour (`printed`: a blue ring, white print
 * for white stones), those that may still hold such a stone. Near is measured to the colour the
 * stones were calibrated or tapped as; how far a stone on that print would stand out from it is
 * what that side's stones read sure elsewhere on the board show, lit alike. A cell read far
 * nearer its print than the faintest of them would stand out there is empty; without such
 * stones (the tapped stone lit unlike the board, white stones whose tops never stand out) the
 * photo does not say, and the player is asked.
 */
export function printedCellsAStoneMayHide(
  samples: CellSample[],
  cells: CellReading[],
  printed: number[],
  prototypes: Record<Color, Lab>,
  contrastLevel: number,
  fromCrescents: ReadonlySet<Cell> = new Set(),
): Cell[] {
  const light = printLight(samples)
  const mayHide = (index: number) => {
    const sample = samples[index]!
    return (['red', 'blue'] as const).some((side) => {
      if (stoneDistance(sample.printed, prototypes[side]) > contrastLevel) return false
      const standOut: number[] = []
      cells.forEach((c, j) => {
        if (c.state !== side || c.confidence < UNCERTAIN_BELOW || fromCrescents.has(c.cell) || Math.abs(light[j]! - light[index]!) > LIT_ALIKE) return
        standOut.push(stoneDistance(samples[j]!.centre, sample.printed))
      })
      return standOut.length < SURE_STONES_TO_COMPARE || sample.contrast >= SHARE_OF_A_STONE * Math.min(...standOut)
    })
  }
  return printed.filter(mayHide).map((index) => samples[index]!.cell)
}

/**
 * How sure a stone read from the crescent at its front is: sure enough to be taken without a
 * question, for only a token's shaded side rings a cell's front so; never a measure of how far
 * such stones stand out from their print, for their tops do not.
 */
const CRESCENT_CONFIDENCE = 0.8

/**
 * Which side's stone would be hidden on a cell's print, its colour near the print's (within the
 * stones' contrast) and its reading nearer it than the other side's: null when both or neither.
 */
function stoneOnItsPrint(sample: CellSample, prototypes: Record<Color, Lab>, contrastLevel: number): Color | null {
  const near = (['red', 'blue'] as const).filter((side) => stoneDistance(sample.printed, prototypes[side]) <= contrastLevel)
  if (near.length !== 1) return null
  const side = near[0]!
  const other = side === 'red' ? 'blue' : 'red'
  return stoneDistance(sample.centre, prototypes[side]) < stoneDistance(sample.centre, prototypes[other]) ? side : null
}

/** How much lighter (L*) each cell's print reads than its zone's print does over the whole field. */
function printLight(samples: CellSample[]): number[] {
  const zoneOf = (sample: CellSample) => {
    const { col, row } = cellPosition(sample.cell)
    return zoneAt(col, row)
  }
  const byZone = new Map<string, number[]>()
  for (const sample of samples) {
    const zone = zoneOf(sample)
    if (!byZone.has(zone)) byZone.set(zone, [])
    byZone.get(zone)!.push(sample.printed[0])
  }
  const zoneLight = new Map([...byZone].map(([zone, lights]) => [zone, median(lights)]))
  return samples.map((sample) => sample.printed[0] - zoneLight.get(zoneOf(sample))!)
}

/**
 * A stone's likelihood from this up to ½ is read empty near the cut: extra12 board-02 g5, a
 * white stone on cream print, read 0.24 (empty at 0.76) at corners 1–2 px off, its side
 * between a shaded side's and the print's.
 */
const NEAR_THE_CUT = 0.2

/** Whether a cell read empty with this stone's likelihood, its side showing this, is asked about. */
export function emptyNearTheCut(stoneLikelihood: number, side: 'token' | 'board' | null): boolean {
  return stoneLikelihood >= NEAR_THE_CUT && stoneLikelihood < 0.5 && side !== 'board'
}
/** A reading this near (ΔE, lightness half) a blend of the print and a stone's colour… */
const BLEND_NEAR = 8
/** …that blend between this share of either: a real mix, not the print or the stone itself. */
const BLEND_SHARE = 0.2

/**
 * Stones read in a colour that the print and the other side's stone blend into: where one
 * side's stones are grey and the other's black on white print, a black stone's top half on
 * its disc and half off it (a stone straddling its cell's edge, the corners a pixel off) reads
 * grey, the other side's colour (extra8 board-09 c1, read at 0.80). Asked about as a colour.
 */
export function readingsMixedWithPrint(samples: CellSample[], cells: CellReading[], prototypes: Record<Color, Lab>): Cell[] {
  const asked: Cell[] = []
  cells.forEach((reading, i) => {
    if (reading.state === 'empty') return
    const blend = alongTheWay(samples[i]!.printed, prototypes[reading.state === 'red' ? 'blue' : 'red'], samples[i]!.centre)
    if (!blend || blend.share < BLEND_SHARE || blend.share > 1 - BLEND_SHARE) return
    if (blend.off < BLEND_NEAR) asked.push(reading.cell)
  })
  return asked
}

/** A side this near (ΔE) one side's stones' sides, and farther from the other's by this share, is theirs… */
const SIDE_LIKE = 25
const SIDE_MARGIN = 0.3
/** …and one this far from the only side's stones' sides known is the other side's. */
const SIDE_UNLIKE = 40

/** Each side's stones' shaded sides: the median of the sides of its stones read sure whose sides show a token. */
function stoneSides(samples: CellSample[], cells: CellReading[], sides: readonly SideShows[]): Record<Color, Lab | null> {
  const sideColours = { red: [] as Lab[], blue: [] as Lab[] }
  cells.forEach((c, i) => {
    if (c.state !== 'empty' && c.confidence >= UNCERTAIN_BELOW && sides[i] === 'token') sideColours[c.state].push(samples[i]!.side!.colour)
  })
  return { red: sideColours.red.length > 0 ? medianColour(sideColours.red) : null, blue: sideColours.blue.length > 0 ? medianColour(sideColours.blue) : null }
}

/**
 * Whose stones' sides a side looks like: near one side's (all of ΔE counts: sides differ most
 * in lightness, a white stone's grey against a black one's) and clearly farther from the
 * other's, when that is known.
 */
function sideLike(side: Lab, sideOf: Record<Color, Lab | null>): Color | null {
  const toRed = sideOf.red ? deltaE(side, sideOf.red) : Infinity
  const toBlue = sideOf.blue ? deltaE(side, sideOf.blue) : Infinity
  const nearer: Color = toRed < toBlue ? 'red' : 'blue'
  const [near, far] = nearer === 'red' ? [toRed, toBlue] : [toBlue, toRed]
  if (near > SIDE_LIKE) return null
  return far === Infinity || far - near >= SIDE_MARGIN * (far + near) ? nearer : null
}

/** The three cells in front of a cell (towards the player), as indices, those on the board. */
function nearerCells(cells: CellReading[], index: number): number[] {
  const { col } = cellPosition(cells[index]!.cell)
  return [-1, 0, 1].filter((d) => col + d >= 0 && col + d < COLUMNS && index - COLUMNS + d >= 0).map((d) => index - COLUMNS + d)
}

/** Whether the three cells in front of a cell (towards the player) are empty: no nearer stone's top reaches where its side is read. */
function nearerCellsEmpty(cells: CellReading[], index: number): boolean {
  return nearerCells(cells, index).every((j) => cells[j]!.state === 'empty')
}

/**
 * Whether a stone read sure stands in one of the three cells in front of a cell: one whose top
 * may reach up to where this cell's side is read. A reading there that is itself in doubt — below
 * the sure level, or where its own side, had it one, shows only the board — is as likely this
 * cell's stone's side seen in front of it: a white stone on white print, seen low, shows its top
 * as the print and its shaded side over the cell in front, which reads as a stone.
 */
function sureStoneInFront(cells: CellReading[], sides: readonly SideShows[], index: number): boolean {
  return nearerCells(cells, index).some((j) => cells[j]!.state !== 'empty' && cells[j]!.confidence >= UNCERTAIN_BELOW && sides[j] !== 'board')
}

/**
 * Stones whose tops do not show — washed out by a lamp's glare, or printed in the board's
 * own colour (a white stone on white print) — still show their shaded sides: a cell read
 * empty whose side shows a token is read as the side whose stones' sides it matches (the sure
 * stones' own), and asked about either way. A nearer stone's top may reach up to where the
 * side is read (its rim, blended with the board, looks shaded too): such a cell is left as read,
 * when that nearer stone is read sure.
 */
function readFromSides(samples: CellSample[], cells: CellReading[], sides: readonly SideShows[]): Cell[] {
  const sideOf = stoneSides(samples, cells, sides)
  const asked: Cell[] = []
  cells.forEach((reading, i) => {
    if (reading.state !== 'empty' || sides[i] !== 'token') return
    if (sureStoneInFront(cells, sides, i)) return
    asked.push(reading.cell)
    const side = samples[i]!.side!.colour
    let state = sideLike(side, sideOf)
    const known: Color | null = sideOf.red && !sideOf.blue ? 'red' : sideOf.blue && !sideOf.red ? 'blue' : null
    // Only one side's stones show their tops (the other's are all printed over in their own
    // colour): a side unlike theirs is the other side's, as a guess the player confirms.
    if (!state && known && deltaE(side, sideOf[known]!) > SIDE_UNLIKE) state = known === 'red' ? 'blue' : 'red'
    if (state) cells[i] = { cell: reading.cell, state, confidence: 0.5 }
  })
  return asked
}

/** How dark a stone's side may be against its top (a share of its RGB), lit from above. */
const SHADE_RANGE = [0.4, 0.8] as const
/** A reading this much nearer (ΔE, lightness in full: the two may differ in nothing else) the lighter side's shaded colour than its own side's may be that side. */
const SHADE_MARGIN = 8

/**
 * Where one side's stones are a shade of the other's (brown and tan wood, black and grey), a
 * lighter stone's shaded side looks like a darker stone's top: a reading of the darker side
 * that a side of the lighter one would explain as well is asked about — when the tokens'
 * height is misjudged the reading is of the side, not the top (a render of seed 13, board-09:
 * the height came out 0 against 0.31, and tan stones read brown). Not when the height was
 * measured on enough of the stones' own tops, and came out above nothing: the reading is then
 * where those tops are, a token's height off at most by the doubt the leaning question allows,
 * which moves the point read on a top by a fraction of its radius — unless the lighter stone
 * stands in the cell behind, whose side the reading may reach (extra25 board-08: seven brown
 * stones read sure, and asked, among tan ones, the height measured 0.16 on 13 tops, as rendered).
 */
function darkStonesLikeALightSide(samples: CellSample[], cells: CellReading[], colours: StoneColours, sampling: CellSampling): Cell[] {
  const brightness = (rgb: Rgb) => (rgb[0] + rgb[1] + rgb[2]) / 3
  const [darker, lighter]: [Color, Color] = brightness(colours.red) < brightness(colours.blue) ? ['red', 'blue'] : ['blue', 'red']
  const light = colours[lighter]
  const dark = rgbToLab(...colours[darker])
  const onTops = sampling.measured >= TOPS_TO_TRUST_HEIGHT && sampling.height > 0
  const asked: Cell[] = []
  cells.forEach((reading, i) => {
    if (reading.state !== darker) return
    if (onTops && cells[i + COLUMNS]?.state !== lighter) return
    const seen = samples[i]!.centreRgb
    const share = Math.min(SHADE_RANGE[1], Math.max(SHADE_RANGE[0], brightness(seen) / Math.max(1, brightness(light))))
    const shaded = rgbToLab(light[0] * share, light[1] * share, light[2] * share)
    if (deltaE(samples[i]!.centre, shaded) < deltaE(samples[i]!.centre, dark) + SHADE_MARGIN) asked.push(reading.cell)
  })
  return asked
}

/** A token's side is this much darker (L*) than its top, lit from above. */
const SIDE_DARKER = 10

/**
 * How much taller than estimated the tokens may be (cells): the height measured on a few
 * stones' tops, and the height a token may have when there were hardly any to measure.
 */
const HEIGHT_DOUBT = 0.1
const HEIGHT_UNMEASURED = 0.3
/** A lean shorter than this stays inside the stone's own cell. */
const LEAN_WITHIN_CELL = 0.25

/**
 * Cells whose reading a stone's height may have moved: each cell is read where a token of
 * the estimated height would show its top, and a taller token in the cell nearer the player
 * shows its top farther. A stone read in a cell may then stand in that nearer cell; both
 * are asked about when the nearer cell reads empty or the same colour — the reading alone
 * cannot tell a top from a base there — unless `showsBoardOnly` says of the nearer cell that
 * where a token as tall as that standing in it would show its side, the board shows, however
 * the corners may have put that side, so no such token stands there.
 *
 * With fewer tops than it takes to trust the height, the tokens may be shorter too (one top's
 * patch run on into print of its colour behind it): a shorter stone whose top is seen where the
 * cell is read stands between that point and the cell's centre, so where that point is in the
 * cell behind, and it reads empty, both are asked about (dev board-18 e9 at corners 1–2 px off:
 * one top gave 0.31 for tokens 0.07 tall, the stone was read in the cell in front of it, asked,
 * and its own cell read empty unasked).
 */
export function cellsAStoneMayLeanInto(
  image: RgbaImage,
  corners: FieldCorners,
  cells: CellReading[],
  sampling: CellSampling,
  showsBoardOnly: (cell: Cell, height: number) => boolean = () => false,
): Cell[] {
  let camera
  try {
    camera = cameraFromField(homographyFromPoints(rectangle(COLUMNS, ROWS), corners), image.width, image.height)
  } catch {
    return []
  }
  if (!camera) return []
  const stateOf = new Map(cells.map((c) => [c.cell, c.state]))
  const measured = sampling.measured >= TOPS_TO_TRUST_HEIGHT
  const asked: Cell[] = []
  for (const reading of cells) {
    if (reading.state === 'empty') continue
    const { col, row } = cellPosition(reading.cell)
    const u = col + 0.5
    const v = ROWS - row - 0.5
    const doubt = measured ? HEIGHT_DOUBT : HEIGHT_UNMEASURED
    const estimated = leanAt(camera, u, v, sampling.height)
    const taller = leanAt(camera, u, v, sampling.height + doubt)
    const lean = { x: taller.x - estimated.x, y: taller.y - estimated.y }
    const base = Math.hypot(lean.x, lean.y) < LEAN_WITHIN_CELL ? null : cellAt(u - lean.x, v - lean.y)
    if (base && base !== reading.cell && !showsBoardOnly(base, sampling.height + doubt)) {
      const baseState = stateOf.get(base)
      if (baseState === 'empty' || baseState === reading.state) asked.push(reading.cell, base)
    }
    if (measured || sampling.height <= 0) continue
    const read = leanAt(camera, u, v, READ_HEIGHT * sampling.height)
    const behind = cellAt(u + read.x, v + read.y)
    if (behind && behind !== reading.cell && stateOf.get(behind) === 'empty') asked.push(reading.cell, behind)
  }
  return asked
}

/** The cell of rows 1–12 at a field point, or null beyond them. */
function cellAt(u: number, v: number): Cell | null {
  const col = Math.floor(u)
  const row = ROWS - 1 - Math.floor(v)
  return col < 0 || col >= COLUMNS || row < 1 || row >= ROWS ? null : cellName(col, row)
}

/**
 * Whether calibrated colours look like the sides they were given to: each nearer its own side's
 * default than the other side's. Two clusters that both look red (or both blue) are one side's
 * stones seen two ways — lit and in a shadow — or a side and a shadow, not red and blue.
 */
export function sidesLookTheirPart(colours: StoneColours): boolean {
  const defaults = { red: rgbToLab(...DEFAULT_STONE_COLOURS.red), blue: rgbToLab(...DEFAULT_STONE_COLOURS.blue) }
  const red = rgbToLab(...colours.red)
  const blue = rgbToLab(...colours.blue)
  return stoneDistance(red, defaults.red) < stoneDistance(red, defaults.blue) && stoneDistance(blue, defaults.blue) < stoneDistance(blue, defaults.red)
}

/**
 * Calibrates the two stone colours from the photo: two clusters (k-means in Lab) among the
 * cells that differ from the board; a single colour when the clusters are too alike. Which
 * cluster is "red" is a guess by nearness to the defaults — the user's taps settle it.
 */
export function calibrateColours(stones: Rgb[]): StoneColours {
  if (stones.length === 0) return DEFAULT_STONE_COLOURS
  const labs = stones.map((rgb) => rgbToLab(...rgb))
  // Start from the two stones farthest apart.
  let seedA = 0
  let seedB = 0
  let farthest = -1
  for (let i = 0; i < labs.length; i++)
    for (let j = i + 1; j < labs.length; j++) {
      const d = stoneDistance(labs[i]!, labs[j]!)
      if (d > farthest) {
        farthest = d
        seedA = i
        seedB = j
      }
    }
  let centres: Lab[] = [labs[seedA]!, labs[seedB]!]
  let assignment: number[] = []
  for (let round = 0; round < 10; round++) {
    assignment = labs.map((lab) => (stoneDistance(lab, centres[0]!) <= stoneDistance(lab, centres[1]!) ? 0 : 1))
    centres = [0, 1].map((k) => {
      const members = labs.filter((_, i) => assignment[i] === k)
      return members.length > 0 ? medianColour(members) : centres[k]!
    })
  }
  const clusterRgb = [0, 1].map((k) => {
    const members = stones.filter((_, i) => assignment[i] === k)
    return medianColour(members)
  })
  const defaults = { red: rgbToLab(...DEFAULT_STONE_COLOURS.red), blue: rgbToLab(...DEFAULT_STONE_COLOURS.blue) }
  const distinct = stoneDistance(centres[0]!, centres[1]!) > 20
  if (!distinct) {
    // One colour on the board: it is whichever side it resembles; the other keeps its default.
    const only = medianColour(labs)
    const onlyRgb = medianColour(stones)
    return stoneDistance(only, defaults.red) <= stoneDistance(only, defaults.blue)
      ? { red: onlyRgb, blue: DEFAULT_STONE_COLOURS.blue }
      : { red: DEFAULT_STONE_COLOURS.red, blue: onlyRgb }
  }
  const straight = stoneDistance(centres[0]!, defaults.red) + stoneDistance(centres[1]!, defaults.blue)
  const swapped = stoneDistance(centres[1]!, defaults.red) + stoneDistance(centres[0]!, defaults.blue)
  return straight <= swapped
    ? { red: clusterRgb[0]!, blue: clusterRgb[1]! }
    : { red: clusterRgb[1]!, blue: clusterRgb[0]! }
}
