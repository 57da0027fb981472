// What each cell of a photographed field shows (issue 10): the colour where a stone standing
// there would show its top, against the printed board's own colour at the point seen there.
//
// - Stones are tokens with height. From a seated player's chair a token's top lands nearer
//   the far end than its base, by more than half a cell in the far rows, so the cell is read
//   where its stone's top would be: the field point raised by the tokens' height. The height
//   is estimated once per photo from the stones themselves: bases stand at cells' centres,
//   tops lean by the camera's geometry, so the height is the one that brings the tops seen
//   back onto cells' centres.
// - The board is printed in zones of one colour each (RULES.md §2: guard, house rings,
//   none), so the colour a cell shows when empty is what most of its zone shows nearby.
//   Ring lines and grid lines on a cell's border never enter a cell's reading, and a
//   filled house cell is its zone's colour, not a stone.
import { COLUMNS, ROWS, cellName, zoneAt, type Cell } from '../../engine/index.ts'
import {
  applyHomography,
  deltaE,
  homographyFromPoints,
  median,
  medianColour,
  rectangle,
  rgbToLab,
  sampleBilinear,
  type Homography,
  type Lab,
  type Point,
  type Rgb,
  type RgbaImage,
} from '../raster.ts'
import { cameraFromField, leanAt, type BoardCamera } from './camera.ts'

export interface CellSample {
  cell: Cell
  /** The colour where a stone's top would be, Lab and RGB. */
  centre: Lab
  centreRgb: Rgb
  /** How far that colour is from the printed board's colour at the point it shows. */
  contrast: number
  /** The printed board's colour at the point the reading looks at (its centre). */
  printed: Lab
  /** How far (cells, towards the far end) a stone's top in this cell leans from its base. */
  lean: number
  /** Where a stone standing here would show its side; null without a camera or a measured height. */
  side: TokenSide | null
}

/** What a token's side shows in a cell: a token's shaded side, only the board, or nothing to go by. */
export type SideShows = 'token' | 'board' | null

/** What shows where a token standing in a cell would show its side, facing the camera. */
export interface TokenSide {
  colour: Lab
  /** The printed board's colour at the points the side is read at (what shows there when the cell is empty). */
  board: Lab
  /** How long the side is in the photo, base to top (pixels): too short, and the blur of the top's edge is all it shows. */
  pixels: number
  /**
   * The farthest (ΔE) any stretch of the side, from a little below its base to a little above
   * its top, reads from the board seen there: the side wherever corners a pixel or two off or
   * a misjudged height may have put it. Measured only where the side itself reads as the board.
   */
  farthest: number
}

export interface CellSampling {
  samples: CellSample[]
  /** The tokens' estimated height (cells); 0 in a square-on view or without stones to measure. */
  height: number
  /** How many stones' tops the height was measured on. */
  measured: number
}

/** Field corners in the order a12, h12, h0, a0 (as vision/board.ts names them). */
type Corners = readonly [Point, Point, Point, Point]

/** Lightness counts half: uneven light shifts it across one photo more than it shifts hue. */
export function stoneDistance(a: Lab, b: Lab): number {
  return Math.hypot(0.5 * (a[0] - b[0]), a[1] - b[1], a[2] - b[2])
}

/**
 * How far round its point a cell's reading looks (cells): most of a token's top, so that a
 * printed line crossing the point where an empty cell is read stays a minority of it.
 */
export const READ_RADIUS = 0.25
/**
 * The share of the tokens' height a cell is read at: a little below the top, still on the
 * cell's own token (its read disc is inside the token's rim), while in the far rows an empty
 * cell's reading leans less far towards the side of a stone in the cell behind it.
 */
export const READ_HEIGHT = 0.9
/** How far round a cell's centre a candidate stone is looked for on the board. */
const CANDIDATE_RADIUS = 0.12
/** A centre differing from the board by this much is taken as a candidate stone to measure. */
const CANDIDATE_CONTRAST = 28
/**
 * With no top found at `CANDIDATE_CONTRAST`, a centre standing out this many times as far
 * as the photo's cells typically do (most are empty)… A white stone on cream print reads ΔE 22
 * from it, where the cells of its photo read 1–3, and without it no side was looked at.
 */
const FAINT_ABOVE_CELLS = 5
/** …and at least this far (ΔE) is a candidate stone to measure. */
const FAINT_CANDIDATE_CONTRAST = 16
/** The tallest token believed (cells); taller estimates are clamped. */
const TALLEST_TOKEN = 0.5
/** Field units between samples when tracing a stone's top. */
const TRACE_STEP = 0.05
/** How far from a candidate cell's centre its stone's top is looked for (cells). */
const TOP_REACH = 1.2
/** A point of the field within this distance of a candidate's colour is part of its top. */
const TOP_MATCH = 18

/** Field point (u across, v from the far end) of a cell's centre. */
const centreOf = (col: number, row: number) => ({ u: col + 0.5, v: ROWS - row - 0.5 })
/** A cell's column (a = 0) and row. */
export function cellPosition(cell: Cell): { col: number; row: number } {
  return { col: cell.charCodeAt(0) - 'a'.charCodeAt(0), row: Number(cell.slice(1)) }
}
const centreOfCell = (cell: Cell) => {
  const { col, row } = cellPosition(cell)
  return centreOf(col, row)
}

/** Reads the photo in Lab at sub-pixel points. */
function labReader(image: RgbaImage): (p: Point) => Lab {
  const rgb: Rgb = [0, 0, 0]
  return (p) => {
    sampleBilinear(image, p.x, p.y, rgb)
    return rgbToLab(rgb[0], rgb[1], rgb[2])
  }
}

/** The points of a small disc of the field (radius in cells) round (u, v): its centre and two rings. */
function discPoints(u: number, v: number, radius: number): { u: number; v: number }[] {
  const points = [{ u, v }]
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3 + 0.5
    points.push({ u: u + (radius / 2) * Math.cos(a), v: v + (radius / 2) * Math.sin(a) })
  }
  for (let i = 0; i < 8; i++) points.push({ u: u + radius * Math.cos((i * Math.PI) / 4), v: v + radius * Math.sin((i * Math.PI) / 4) })
  return points
}

/** The median colour of a small disc of the field (radius in cells) at height z, in RGB. */
function discColour(image: RgbaImage, project: (u: number, v: number, z: number) => Point, u: number, v: number, z: number, radius: number): Rgb {
  return medianColour(discPoints(u, v, radius).map((d) => {
    const p = project(d.u, d.v, z)
    return sampleBilinear(image, p.x, p.y)
  }))
}

/**
 * The printed board's colour by cell: for each cell, the median of the flat samples of the
 * nearest cells of its zone (its own included), most of which hold no stone.
 */
function boardColours(read: (p: Point) => Lab, flat: (u: number, v: number) => Point): Lab[][] {
  const samplesOf: Lab[][][] = []
  for (let row = 0; row < ROWS; row++) {
    samplesOf.push([])
    for (let col = 0; col < COLUMNS; col++) {
      const { u, v } = centreOf(col, row)
      const cell: Lab[] = []
      for (const [du, dv] of [
        [0, 0],
        [-0.3, -0.3],
        [0.3, -0.3],
        [-0.3, 0.3],
        [0.3, 0.3],
      ] as const)
        cell.push(read(flat(u + du, v + dv)))
      samplesOf[row]!.push(cell)
    }
  }
  const colours: Lab[][] = []
  for (let row = 0; row < ROWS; row++) {
    colours.push([])
    for (let col = 0; col < COLUMNS; col++) {
      const zone = zoneAt(col, row)
      const near: { d: number; col: number; row: number }[] = []
      for (let r = 1; r < ROWS; r++)
        for (let c = 0; c < COLUMNS; c++) if (zoneAt(c, r) === zone) near.push({ d: Math.hypot(c - col, r - row), col: c, row: r })
      near.sort((a, b) => a.d - b.d)
      const pooled = near.slice(0, 6).flatMap((n) => samplesOf[n.row]![n.col]!)
      colours[row]!.push(pooled.length > 0 ? medianColour(pooled) : medianColour(samplesOf[row]![col]!))
    }
  }
  return colours
}

/** The frame's colour: the median just outside the field all round. */
function frameColour(read: (p: Point) => Lab, flat: (u: number, v: number) => Point): Lab {
  const samples: Lab[] = []
  for (let u = 0.25; u < COLUMNS; u += 0.5) samples.push(read(flat(u, -0.3)))
  for (let v = 0.25; v < ROWS - 1; v += 0.5) samples.push(read(flat(-0.3, v)), read(flat(COLUMNS + 0.3, v)))
  return medianColour(samples)
}

/**
 * Where the stones' tops are, on the board as if printed (field units): from each candidate
 * cell, the patch of the field around it that shows the candidate's colour, its centre if
 * the patch is a single token's top (as wide as a token, not two run together) — from the
 * top's far edge (`top`), and from the patch's own, short of the rim (`within`). Far and
 * across are the view's (`leanTowards`: where a top leans from its base), not the field's:
 * from a chair at a corner the side below a top runs diagonally across the field, and the
 * patch's width across the field's columns took in the side's lean as well as the top.
 */
function topCentres(
  read: (p: Point) => Lab,
  flat: (u: number, v: number) => Point,
  boardAt: (u: number, v: number) => Lab,
  leanTowards: (u: number, v: number) => Point,
  candidates: { u: number; v: number; colour: Lab }[],
  contrast: number,
): { top: Point; within: Point }[] {
  const tops: { top: Point; within: Point }[] = []
  const side = Math.round((2 * TOP_REACH) / TRACE_STEP) + 1
  const seen = new Uint8Array(side * side)
  for (const candidate of candidates) {
    const top = topOf(read, flat, boardAt, candidate, contrast)
    if (!top) continue
    const { u, v, colour } = top
    const far = leanTowards(u, v)
    seen.fill(0)
    const origin = (side - 1) / 2
    const queue = [origin * side + origin]
    seen[queue[0]!] = 1
    let count = 0
    let minAcross = Infinity
    let maxAcross = -Infinity
    let nearest = Infinity
    let farthest = -Infinity
    while (queue.length > 0) {
      const index = queue.pop()!
      const du = ((index % side) - origin) * TRACE_STEP
      const dv = (Math.floor(index / side) - origin) * TRACE_STEP
      if (stoneDistance(read(flat(u + du, v + dv)), colour) > TOP_MATCH) continue
      const along = du * far.x + dv * far.y
      const across = dv * far.x - du * far.y
      count++
      minAcross = Math.min(minAcross, across)
      maxAcross = Math.max(maxAcross, across)
      nearest = Math.min(nearest, along)
      farthest = Math.max(farthest, along)
      const x = index % side
      const y = Math.floor(index / side)
      for (const [nx, ny] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        if (nx < 0 || ny < 0 || nx >= side || ny >= side) continue
        const next = ny * side + nx
        if (seen[next]) continue
        seen[next] = 1
        queue.push(next)
      }
    }
    const width = maxAcross - minAcross
    const length = farthest - nearest
    if (count === 0 || width < 0.45 || width > 1.05 || length < 0.3 || length > width + 1.2) continue
    // The patch's far edge is the top's far edge whether or not the patch took in the side
    // below it (a dark token's side is near its top's colour): the top is as long as wide.
    const middle = (minAcross + maxAcross) / 2
    const at = (along: number): Point => ({ x: u + along * far.x - middle * far.y, y: v + along * far.y + middle * far.x })
    const edge = farEdge(read, flat, boardAt, colour, at, farthest)
    const centre = at(edge - width / 2)
    if (tops.some((t) => Math.hypot(t.top.x - centre.x, t.top.y - centre.y) < 0.3)) continue
    tops.push({ top: centre, within: at(farthest - width / 2) })
  }
  return tops
}

/** How far beyond the patch of its colour a top's far edge is looked for (cells). */
const FAR_EDGE_REACH = 0.3

/**
 * The far edge of a stone's top (how far along the view from the patch's start), from the
 * far end of the patch of its colour: where the view turns more like the board than like the
 * top. Seen at a slant, the top's far rim (its bevel turned away from the camera, and a
 * couple of pixels of blur that span a long stretch of the field along the view) is unlike
 * the top's colour, so the patch stops short of it — by 0.1–0.2 cells, which took the tokens
 * for 0.6× their height — while across the view the patch reaches the rim; the top's centre
 * is then as far from each.
 */
function farEdge(
  read: (p: Point) => Lab,
  flat: (u: number, v: number) => Point,
  boardAt: (u: number, v: number) => Lab,
  colour: Lab,
  at: (along: number) => Point,
  patchEdge: number,
): number {
  let edge = patchEdge
  for (let along = patchEdge + TRACE_STEP / 2; along <= patchEdge + FAR_EDGE_REACH; along += TRACE_STEP / 2) {
    const p = at(along)
    const board = boardAt(p.x, p.y)
    if (stoneDistance(read(flat(p.x, p.y)), board) <= 0.5 * stoneDistance(colour, board)) break
    edge = along
  }
  return edge
}

/**
 * A candidate stone's top: along the view through the candidate's cell, the points of the
 * same stone (unlike the board there, like the candidate's colour) — its side, its top —
 * and of those the lightest third, lit from above: the top's colour, and a point on it.
 */
function topOf(
  read: (p: Point) => Lab,
  flat: (u: number, v: number) => Point,
  boardAt: (u: number, v: number) => Lab,
  candidate: { u: number; v: number; colour: Lab },
  contrast: number,
): { u: number; v: number; colour: Lab } | null {
  const points: { v: number; colour: Lab }[] = []
  for (let v = candidate.v + 0.4; v >= candidate.v - TOP_REACH; v -= TRACE_STEP) {
    const colour = read(flat(candidate.u, v))
    if (stoneDistance(colour, boardAt(candidate.u, v)) > contrast && stoneDistance(colour, candidate.colour) < 2 * TOP_MATCH)
      points.push({ v, colour })
  }
  if (points.length === 0) return null
  points.sort((a, b) => b.colour[0] - a.colour[0])
  const lightest = points.slice(0, Math.max(1, Math.ceil(points.length / 3)))
  const colour = medianColour(lightest.map((p) => p.colour))
  let start = lightest[0]!
  for (const p of lightest) if (stoneDistance(p.colour, colour) < stoneDistance(start.colour, colour)) start = p
  return { u: candidate.u, v: start.v, colour }
}

/**
 * The tokens' height: the one that puts the stones' bases, found from their tops by the
 * camera's lean, nearest the cells' centres (bases stand in cells; tops lean anywhere).
 */
function estimateHeight(camera: BoardCamera, tops: Point[]): number {
  if (tops.length === 0) return 0
  let best = 0
  let bestCost = Infinity
  for (let height = 0; height <= TALLEST_TOKEN + 1e-9; height += 0.01) {
    let cost = 0
    for (const top of tops) {
      // The base is where the top is minus the lean there (taken at the base, found in two steps).
      let base = top
      for (let step = 0; step < 2; step++) {
        const lean = leanAt(camera, base.x, base.y, height)
        base = { x: top.x - lean.x, y: top.y - lean.y }
      }
      const offU = base.x - (Math.floor(base.x) + 0.5)
      const offV = base.y - (Math.floor(base.y) + 0.5)
      cost += Math.min(0.09, offU * offU + offV * offV)
    }
    // A shorter token explains the same tops with less: prefer it unless clearly worse.
    cost += 0.02 * height * tops.length
    if (cost < bestCost) {
      bestCost = cost
      best = height
    }
  }
  return best
}

/** The photo seen as the field: where field points land, and the printed board's colour at each. */
interface FieldView {
  toPhoto: Homography
  toField: Homography
  flat: (u: number, v: number) => Point
  camera: BoardCamera | null
  read: (p: Point) => Lab
  /** The printed board's colour by cell (rows from 0, columns from a). */
  board: Lab[][]
  /** The printed board's colour at a field point: its cell's, the frame's, or the table's beyond the far edge. */
  boardAt: (u: number, v: number) => Lab
}

function viewField(image: RgbaImage, corners: Corners): FieldView {
  const toPhoto = homographyFromPoints(rectangle(COLUMNS, ROWS), corners)
  const toField = homographyFromPoints(corners, rectangle(COLUMNS, ROWS))
  const flat = (u: number, v: number) => applyHomography(toPhoto, u, v)
  let camera: BoardCamera | null
  try {
    camera = cameraFromField(toPhoto, image.width, image.height)
  } catch {
    camera = null
  }
  const read = labReader(image)
  const board = boardColours(read, flat)
  const frame = frameColour(read, flat)
  // Beyond the far edge a tall stone's top may lean past the frame onto the table: what lies
  // there is read across the whole width at the same distance (no row of tops covers half).
  const beyond = new Map<number, Lab>()
  const beyondFarEdge = (v: number): Lab => {
    const key = Math.round(v / 0.05)
    let colour = beyond.get(key)
    if (!colour) {
      const samples: Lab[] = []
      for (let u = 0.25; u < COLUMNS; u += 0.25) samples.push(read(flat(u, key * 0.05)))
      colour = medianColour(samples)
      beyond.set(key, colour)
    }
    return colour
  }
  const boardAt = (u: number, v: number): Lab => {
    const col = Math.floor(u)
    const row = ROWS - 1 - Math.floor(v)
    if (v < 0 && col >= 0 && col < COLUMNS) return beyondFarEdge(v)
    if (col < 0 || col >= COLUMNS || row < 0 || row >= ROWS) return frame
    // Beside the start cells c0–f0 the frame reaches into row 0.
    if (row === 0 && (col < 2 || col > 5)) return frame
    return board[row]![col]!
  }
  return { toPhoto, toField, flat, camera, read, board, boardAt }
}

/** Samples every cell of rows 1–12 where a stone's top would be, row by row from row 1. */
export function sampleCellsAsTokens(image: RgbaImage, corners: Corners): CellSampling {
  const { toPhoto, toField, flat, camera, read, board, boardAt } = viewField(image, corners)
  const project = camera ? camera.project : (u: number, v: number) => flat(u, v)
  let height = 0
  let measured = 0
  if (camera) {
    const centres: { u: number; v: number; colour: Lab; contrast: number }[] = []
    for (let row = 1; row < ROWS; row++)
      for (let col = 0; col < COLUMNS; col++) {
        const { u, v } = centreOf(col, row)
        const colour = rgbToLab(...discColour(image, project, u, v, 0, CANDIDATE_RADIUS))
        centres.push({ u, v, colour, contrast: stoneDistance(colour, board[row]![col]!) })
      }
    const view = camera
    const leanTowards = (u: number, v: number): Point => {
      const lean = leanAt(view, u, v, TALLEST_TOKEN)
      const length = Math.hypot(lean.x, lean.y)
      return length > 1e-6 ? { x: lean.x / length, y: lean.y / length } : { x: 0, y: -1 }
    }
    let tops = topCentres(read, flat, boardAt, leanTowards, centres.filter((c) => c.contrast > CANDIDATE_CONTRAST), CANDIDATE_CONTRAST)
    // No stone stands out that far (white stones on cream and white print): one that stands
    // out from its print far more than the photo's cells typically do is measured instead.
    if (tops.length === 0) {
      const faint = Math.max(FAINT_CANDIDATE_CONTRAST, FAINT_ABOVE_CELLS * median(centres.map((c) => c.contrast)))
      if (faint < CANDIDATE_CONTRAST) tops = topCentres(read, flat, boardAt, leanTowards, centres.filter((c) => c.contrast > faint), faint)
    }
    // A height too tall moves every reading past its stone, onto the board behind it or a
    // farther stone's side; too short, onto its own side. With fewer tops than it takes to
    // outvote one misjudged rim (a dark line or a farther stone's shadow just beyond it), the
    // height is the one the patches alone give, short of the rims: a lower bound.
    const agreed = tops.length >= TOPS_TO_TRUST_HEIGHT
    const estimated = estimateHeight(camera, tops.map((t) => (agreed ? t.top : t.within)))
    // A height at the tallest believed is no measurement: a top's patch ran on into print of
    // its own colour beyond it (a white stone at a ring's edge, white cells behind), and read
    // that tall every cell and every side is looked for above the tokens, on the board behind.
    if (estimated < TALLEST_TOKEN) {
      height = estimated
      measured = tops.length
    }
  }

  const samples: CellSample[] = []
  for (let row = 1; row < ROWS; row++)
    for (let col = 0; col < COLUMNS; col++) {
      const { u, v } = centreOf(col, row)
      // Each point of the reading against the board where that point looks: a reading that
      // straddles two zones, or a line between them, is still the board's where it is empty.
      const colours: Rgb[] = []
      const differences: number[] = []
      let printed: Lab | null = null
      for (const d of discPoints(u, v, READ_RADIUS)) {
        const p = project(d.u, d.v, READ_HEIGHT * height)
        const rgb = sampleBilinear(image, p.x, p.y)
        const seen = applyHomography(toField, p.x, p.y)
        const board = boardAt(seen.x, seen.y)
        printed ??= board
        colours.push(rgb)
        differences.push(stoneDistance(rgbToLab(...rgb), board))
      }
      const rgb = medianColour(colours)
      const lean = camera && height > 0 ? Math.abs(leanAt(camera, u, v, height).y) : 0
      const side = camera && height > 0 ? sideOf(image, camera, toField, toPhoto, boardAt, u, v, height) : null
      samples.push({ cell: cellName(col, row), centre: rgbToLab(...rgb), centreRgb: rgb, contrast: median(differences), printed: printed!, lean, side })
    }
  return { samples, height, measured }
}

/**
 * How far from a cell's centre (cells) its stone's side is read: a little beyond the
 * narrowest token's rim, so that a wider token's side is met where it is read and a narrower
 * one's is what the view meets just behind that point.
 */
const SIDE_RADIUS = 0.34

/**
 * Heights (shares of the token's) the side is read at: its lower half, below the rounded
 * rim of the top (up to half a token's height), which is lit like the top — read higher, a
 * white token's side in a shade came out between its top and its shade and proved nothing.
 */
const SIDE_HEIGHTS = [0.25, 0.5]

/**
 * Where a token standing in the cell shows its side: the front of a cylinder, facing the
 * camera (against its top's lean), in its lower half. A side is shaded, lit from above, so a
 * stone whose top is lost in a lamp's glare or printed in the board's own colour still shows
 * there; an empty cell shows the board.
 */
function sideOf(
  image: RgbaImage,
  camera: BoardCamera,
  toField: Homography,
  toPhoto: Homography,
  boardAt: (u: number, v: number) => Lab,
  u: number,
  v: number,
  height: number,
  scan: SideScan = WHOLE_SIDE,
): TokenSide | null {
  const lean = leanAt(camera, u, v, height)
  const length = Math.hypot(lean.x, lean.y)
  if (length < 1e-3) return null
  const front = { x: -lean.x / length, y: -lean.y / length }
  const colours: Rgb[] = []
  const boards: Lab[] = []
  const runs: { base: Point; top: Point }[] = []
  for (const angle of SIDE_ANGLES) {
    const du = front.x * Math.cos(angle) - front.y * Math.sin(angle)
    const dv = front.x * Math.sin(angle) + front.y * Math.cos(angle)
    for (const z of SIDE_HEIGHTS) {
      const p = camera.project(u + SIDE_RADIUS * du, v + SIDE_RADIUS * dv, z * height)
      const seen = applyHomography(toField, p.x, p.y)
      colours.push(sampleBilinear(image, p.x, p.y))
      boards.push(boardAt(seen.x, seen.y))
    }
    runs.push({ base: camera.project(u + SIDE_RADIUS * du, v + SIDE_RADIUS * dv, 0), top: camera.project(u + SIDE_RADIUS * du, v + SIDE_RADIUS * dv, scan.share * height) })
  }
  const colour = rgbToLab(...medianColour(colours))
  const board = medianColour(boards)
  const middle = runs[(runs.length - 1) / 2]!
  const pixels = Math.hypot(middle.top.x - middle.base.x, middle.top.y - middle.base.y)
  const farthest = deltaE(colour, board) < SIDE_SHOWS_NONE ? farthestStretch(image, toField, toPhoto, boardAt, runs, pixels, scan.below) : Infinity
  return { colour, board, pixels, farthest }
}

/** How much of a side `farthestStretch` reads: a share of it from its base up, and how far (pixels) below its base it starts. */
interface SideScan {
  share: number
  below: number
}

/** The directions round the cell's centre (radians from the front, facing the camera) a side is read in. */
const SIDE_ANGLES = [-0.6, -0.3, 0, 0.3, 0.6]
/**
 * How far (pixels) below its base and above its top a side is read for a proof that no token
 * stands there: corners a pixel or two off move the side as far, and a side only 4–6 pixels
 * long then shows the print in front of its token or its top (the print's colour on a white
 * token). Below, also a wider token's side, whose base is nearer the camera.
 */
const SIDE_SLACK_ABOVE = 2
const SIDE_SLACK_BELOW = 2
const WHOLE_SIDE: SideScan = { share: 1, below: SIDE_SLACK_BELOW }
/** A point seen this near (pixels) a cell's border may show its printed line, the board's too when the cell is empty. */
const BORDER_PIXELS = 1.5

/**
 * The farthest any stretch of a side reads from the board, stretch by stretch a pixel apart
 * along the side's runs, from `below` pixels below its base to `SIDE_SLACK_ABOVE` above their
 * top, each stretch two pixels long and as wide as the side is read: a side the corners put a
 * little off, or a shorter token's whole side (a height misjudged from one top, whose patch
 * ran on into print of its colour), is met by one of them. Points on a cell's border are left
 * out: the printed grid or ring line there is the board's, an empty cell's as much.
 */
function farthestStretch(
  image: RgbaImage,
  toField: Homography,
  toPhoto: Homography,
  boardAt: (u: number, v: number) => Lab,
  runs: { base: Point; top: Point }[],
  pixels: number,
  below: number,
): number {
  const onBorder = (p: Point, seen: Point) => {
    for (const border of [
      applyHomography(toPhoto, Math.round(seen.x), seen.y),
      applyHomography(toPhoto, seen.x, Math.round(seen.y)),
    ])
      if (Math.hypot(border.x - p.x, border.y - p.y) < BORDER_PIXELS) return true
    return false
  }
  const steps = Math.ceil(pixels + below + SIDE_SLACK_ABOVE)
  let farthest = 0
  let previous: { colours: Rgb[]; boards: Lab[] } = { colours: [], boards: [] }
  for (let step = 0; step <= steps; step++) {
    const level: { colours: Rgb[]; boards: Lab[] } = { colours: [], boards: [] }
    for (const { base, top } of runs) {
      const run = Math.hypot(top.x - base.x, top.y - base.y)
      if (run < 1e-6) continue
      const along = (-below + (step * (run + below + SIDE_SLACK_ABOVE)) / steps) / run
      const p = { x: base.x + (top.x - base.x) * along, y: base.y + (top.y - base.y) * along }
      const seen = applyHomography(toField, p.x, p.y)
      if (onBorder(p, seen)) continue
      level.colours.push(sampleBilinear(image, p.x, p.y))
      level.boards.push(boardAt(seen.x, seen.y))
    }
    const colours = [...previous.colours, ...level.colours]
    // Most of a stretch on a border, and what is left is too little to go by.
    if (step > 0 && colours.length >= runs.length)
      farthest = Math.max(farthest, deltaE(rgbToLab(...medianColour(colours)), medianColour([...previous.boards, ...level.boards])))
    previous = level
  }
  return farthest
}

/** A side this far (ΔE) from the board seen there, and darker, is a token's… */
const SIDE_SHOWS = 20
/** …shaded side: this much darker (L*) than the board seen there, lit from above. */
const SIDE_SHADED = 15
/** A side this near (ΔE) the board seen there shows no token. */
const SIDE_SHOWS_NONE = 8
/** A side shorter than this in the photo (pixels) may be lost in the blur of the top's edge: showing the board there proves nothing. */
export const SIDE_PIXELS = 4
/** Tokens hidden on their print whose sides show, at a length, before sides that long are taken as seen in the photo. */
const HIDDEN_SIDES_SEEN = 2
/** However many such sides show, a side shorter than this (pixels) is not taken as seen. */
const SIDE_PIXELS_SEEN = 2.5

/**
 * The shortest side (pixels) whose showing the board proves that no token stands there:
 * `SIDE_PIXELS`, or shorter where the photo itself shows that sides that short are seen —
 * tokens whose tops do not stand out from their print (a white stone on white print, where
 * only its side tells it from the board) show their shaded sides at that length. A white
 * token's side 3.7 px long reads ΔE 40 from the white print beside it when its top's edge is
 * sharp, and the empty cells of such a photo were asked about by the dozen. Sides standing out
 * far more than a side must are seen a little shorter still (extra5 board-31: two hidden
 * stones' 3.0 px sides read ΔE 22 and 49, and its far row's 2.8–2.9 px sides were all asked).
 */
export function shortestSideSeen(samples: readonly CellSample[], sampling: CellSampling, stoneContrast: number): number {
  const seen = samples.filter((s) => s.contrast < stoneContrast && sideShows(s, sampling) === 'token').map((s) => s.side!)
  if (seen.length < HIDDEN_SIDES_SEEN) return SIDE_PIXELS
  // A side blurred into the board round it fades with its length: the length at which the
  // faintest of the sides seen would fade to `SIDE_SHOWS` is still seen, not only its own.
  const shortest = Math.min(...seen.map((side) => side.pixels))
  const fading = Math.max(...seen.map((side) => (side.pixels * SIDE_SHOWS) / deltaE(side.colour, side.board)))
  return Math.min(SIDE_PIXELS, Math.max(SIDE_PIXELS_SEEN, Math.min(shortest, fading)))
}

/** Stones' tops needed before the estimated height is taken as measured, not as a lower bound. */
export const TOPS_TO_TRUST_HEIGHT = 3
/**
 * Stones' tops needed before the height says where the sides are: one will do, for with
 * fewer than `TOPS_TO_TRUST_HEIGHT` the height is a lower bound, and a side read lower on a
 * token than it might have been is still its side (a white token's in a shade is the
 * darker there).
 */
const TOPS_TO_TRUST_SIDES = 1

/**
 * Whether the side of a token standing in the cell shows only the board, wherever corners a
 * pixel or two off or a misjudged height may have put it: what lets the side clear a cell of a
 * question, given what `sideShows` said of it (one pass for both). The side read where the
 * corners put it may show the print beside a white token's side only a few pixels long
 * (extra11 board-07 f8, extra12 board-02 a11, at corners 1–2 px off the true ones), or above a
 * shorter token when one top's patch ran on into the print behind it and the height came out
 * more than twice the true one.
 */
export function sideShowsOnlyBoard(sample: CellSample, shows: SideShows): boolean {
  return shows === 'board' && sample.side!.farthest < SIDE_SHOWS_NONE
}

/**
 * For a token of a given height standing in a cell: whether its side, all of it (a pixel or
 * two either way), shows only the board, and is long enough in the photo to be seen. A token
 * taller than the one measured shows a longer side than the measured height's, too short to
 * prove anything on low tokens (extra21 board-07, dev board-00 and board-24: sides of 0–2.5 px);
 * it is that taller token the question of a stone leaning in from a nearer cell is about.
 */
/**
 * A taller token's side is read on its lower half, from its base up: its upper half reaches
 * where the stone in question is seen behind it (dev board-18: e9's stone over e8), and the lower
 * half of a side that tall is several pixels long even where the measured tokens' sides are
 * not. Not below its base: there the front border's printed line blurs (extra21 board-07 e10
 * read ΔE 18 two pixels below the base, 1–4 along the side).
 */
const LOWER_HALF: SideScan = { share: 0.5, below: 0 }

export function sideOfTokenShowsOnlyBoard(image: RgbaImage, corners: Corners): (cell: Cell, height: number) => boolean {
  let view: FieldView | null = null
  return (cell, height) => {
    const { toPhoto, toField, camera, boardAt } = (view ??= viewField(image, corners))
    if (!camera || height <= 0) return false
    const { u, v } = centreOfCell(cell)
    const side = sideOf(image, camera, toField, toPhoto, boardAt, u, v, height, LOWER_HALF)
    return side !== null && side.pixels >= SIDE_PIXELS && deltaE(side.colour, side.board) < SIDE_SHOWS_NONE && side.farthest < SIDE_SHOWS_NONE
  }
}

/**
 * What the side of a token standing in the cell would show: a token's shaded side, only the
 * board, or nothing to go by (no measured height, a side too short in the photo, or a colour
 * between the two).
 */
export function sideShows(sample: CellSample, sampling: CellSampling, shortest = SIDE_PIXELS): SideShows {
  const side = sample.side
  if (!side || sampling.measured < TOPS_TO_TRUST_SIDES) return null
  const difference = deltaE(side.colour, side.board)
  if (difference < SIDE_SHOWS_NONE) return side.pixels >= shortest ? 'board' : null
  if (difference > SIDE_SHOWS && side.board[0] - side.colour[0] > SIDE_SHADED) return 'token'
  return null
}

/**
 * A reading standing out from the print this many times as far as the photo's empty cells
 * typically do… White stones on near-white print, their thin sides read a pixel or two off
 * as the print, read 2.4 and 3.5 times as far as their photos' empty cells under a bulb and a
 * spotlight (5 times missed both); of the cells read empty whose side showed the print, over
 * some 300 boards, one other stood out twice as far and ΔE 3.
 */
const ABOVE_EMPTY_CELLS = 2
/** …and at least this far (ΔE, lightness half) is more than the print's own unevenness. */
const STANDS_OUT = 3

/** How far the photo's empty cells typically read from the print: the median of the readings below the stones' contrast. */
export function emptyCellsContrast(samples: readonly CellSample[], stoneContrast: number): number {
  return median(samples.filter((s) => s.contrast < stoneContrast).map((s) => s.contrast))
}

/**
 * Whether a cell read empty shows a top printed over in a stone's own colour: its reading
 * stands out from the print far more than empty cells' do, and towards a stone's colour. A
 * white stone on near-white print under a bulb reads ΔE 6.7 from the print, nearer the white
 * stones than the print is, where the empty cells round it read 0.5–1.0; its thin side, read a
 * few pixels off at corners a little off, showed the print.
 */
export function topLikeAStone(sample: CellSample, emptyContrast: number, stones: readonly Lab[]): boolean {
  if (!standsOutOfEmptyCells(sample, emptyContrast)) return false
  const nearest = (colour: Lab) => Math.min(...stones.map((stone) => stoneDistance(colour, stone)))
  return nearest(sample.centre) < nearest(sample.printed)
}

function standsOutOfEmptyCells(sample: CellSample, emptyContrast: number): boolean {
  return sample.contrast >= Math.max(STANDS_OUT, ABOVE_EMPTY_CELLS * emptyContrast)
}

/**
 * Where a colour lies on the line from one colour to another (lightness half, as
 * `stoneDistance` weighs it): how far along, as a share of the way (0 at `from`, 1 at `to`),
 * and how far off the line; null when the two are one colour.
 */
export function alongTheWay(from: Lab, to: Lab, colour: Lab): { share: number; off: number } | null {
  const weighted = (lab: Lab): Lab => [0.5 * lab[0], lab[1], lab[2]]
  const start = weighted(from)
  const span = [0, 1, 2].map((k) => weighted(to)[k]! - start[k]!)
  const length2 = span.reduce((sum, d) => sum + d * d, 0)
  if (length2 < 1e-6) return null
  const seen = weighted(colour)
  const share = [0, 1, 2].reduce((sum, k) => sum + (seen[k]! - start[k]!) * span[k]!, 0) / length2
  return { share, off: Math.hypot(...[0, 1, 2].map((k) => seen[k]! - (start[k]! + share * span[k]!))) }
}

/**
 * A reading this share of the way from its print to a stone's colour, or farther, may be that
 * stone's top…
 */
const TOWARDS_A_STONE = 0.2

/**
 * Whether a cell read empty may show a stone whose colour lies near its print: its reading
 * stands out from the print far more than the photo's empty cells do, and lies a good part of
 * the way from the print to a stone's colour. The cut between empty and stone is a distance
 * from the print that holds where the stones stand far from it; a stone whose colour is near
 * its print — a white stone in a spotlight's fall-off on grey print, ΔE 21 apart — reads well
 * below the cut even on its top (s101 board-12 b7 and g8: ΔE 7.5, a quarter of the way, where
 * the photo's empty cells read 1.0, their 0.08-cell sides 1–2 px long and proving nothing).
 */
export function topTowardsAStone(sample: CellSample, emptyContrast: number, stones: readonly Lab[]): boolean {
  if (!standsOutOfEmptyCells(sample, emptyContrast)) return false
  return stones.some((stone) => (alongTheWay(sample.printed, stone, sample.centre)?.share ?? 0) >= TOWARDS_A_STONE)
}

/** The directions round the cell's centre (radians from the front, facing the camera) a front rim is looked for in. */
const RIM_ANGLES = [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1]
/** How far from the cell's centre (cells) a token's front rim is looked for: the narrowest token's to the widest's, short of the cell's printed border. */
const RIM_NEAREST = 0.22
const RIM_FARTHEST = 0.47
/** The darkest point must lie this far inside that reach (cells): at its ends, it is a printed line's blur or the top's. */
const RIM_INSIDE = 0.02
/** Field units between samples along a direction. */
const RIM_STEP = 0.01
/** How far either side of the darkest point (cells) the top and the print are read. */
const RIM_BESIDE = 0.1
/** Of the directions, this many must show the dark rim… */
const RIM_DIRECTIONS = 7
/**
 * …at least this much darker (L*) than both the top inside it and the print outside… Over some
 * 120 rendered boards, empty cells' fronts read at most 2.0 darker so (1.1 on print in a stone's
 * colour, the only cells it is looked for in); white stones 0.08 tall on white print, 2.4–8.7.
 */
const CRESCENT_DEPTH = 3
/** …all at one distance from the cell's centre, within this (cells): one token's round rim, not a line or a farther stone's shadow. */
const RIM_ROUND = 0.12

/**
 * Whether a dark crescent rings the front of the cell's centre: the shaded side of a token too
 * low for its side to be read as one (0.08 cells, a pixel or two), seen as a thin arc darker than
 * both the top inside it and the print outside, at one distance from the cell's centre all the
 * way round the front. A white stone on white print shows nothing else. A printed line is
 * straight (its distance from the centre grows away from the front) and a cell's border lies
 * beyond a token's rim; a farther stone's shadow is round about its own cell. Only ever taken
 * as a stone's presence: a stone whose crescent is lost (lit from the front, blurred) shows
 * none, so its absence proves nothing.
 */
export function crescentAtFront(image: RgbaImage, corners: Corners): (cell: Cell) => boolean {
  let view: FieldView | null = null
  return (cell) => {
    const { camera } = (view ??= viewField(image, corners))
    if (!camera) return false
    const { u, v } = centreOfCell(cell)
    const lean = leanAt(camera, u, v, TALLEST_TOKEN)
    const length = Math.hypot(lean.x, lean.y)
    if (length < 1e-6) return false
    const lightness = (distance: number, du: number, dv: number) => {
      const p = camera.project(u + distance * du, v + distance * dv, 0)
      return rgbToLab(...sampleBilinear(image, p.x, p.y))[0]
    }
    const rims: { distance: number; depth: number }[] = []
    for (const angle of RIM_ANGLES) {
      const du = (-lean.x * Math.cos(angle) + lean.y * Math.sin(angle)) / length
      const dv = (-lean.x * Math.sin(angle) - lean.y * Math.cos(angle)) / length
      let darkest = Infinity
      let at = RIM_NEAREST
      for (let distance = RIM_NEAREST; distance <= RIM_FARTHEST + 1e-9; distance += RIM_STEP) {
        const l = lightness(distance, du, dv)
        if (l < darkest) {
          darkest = l
          at = distance
        }
      }
      const inside = at >= RIM_NEAREST + RIM_INSIDE - 1e-9 && at <= RIM_FARTHEST - RIM_INSIDE + 1e-9
      const depth = inside ? Math.min(lightness(at - RIM_BESIDE, du, dv), lightness(at + RIM_BESIDE, du, dv)) - darkest : -Infinity
      rims.push({ distance: at, depth })
    }
    const deepest = rims.sort((a, b) => b.depth - a.depth).slice(0, RIM_DIRECTIONS)
    const distances = deepest.map((rim) => rim.distance)
    return deepest.at(-1)!.depth >= CRESCENT_DEPTH && Math.max(...distances) - Math.min(...distances) <= RIM_ROUND
  }
}
