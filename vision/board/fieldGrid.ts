// The field found by its printed grid (issue 10): a light field inside a dark frame gives
// candidate outlines, and each candidate is then fitted to the grid itself — nine column
// lines, thirteen row lines and the field's edge against the frame — so that perspective,
// a textured or dark table and light falling off across the board do not matter: only
// the board's own drawing is trusted, and how well it fits is the proposal's confidence.
import { COLUMNS, ROWS } from '../../engine/index.ts'
import {
  applyHomography,
  connectedComponents,
  convexHull,
  createGrayImage,
  gaussianBlur,
  homographyFromPoints,
  limitSize,
  morphology,
  otsuThreshold,
  rectangle,
  toGray,
  type Component,
  type GrayImage,
  type Homography,
  type Point,
  type RgbaImage,
} from '../raster.ts'
import { START_ROW_TO_TRUST, checkOrientation, startRowAgreement, type Orientation } from './orientation.ts'

/** The field's outer corners: at a12, h12, h0, a0 (as FieldCorners in board.ts). */
export type Quad = [Point, Point, Point, Point]

export interface GridFit {
  corners: Quad
  /** Mean contrast of the printed lines against the cells beside them, in grey levels. */
  score: number
  /** Share of the grid's lines and edges that the photo shows where the fit puts them. */
  support: number
}

/** A fit as the search returns it: with what its start row said (orientation.ts). */
export interface CheckedFit extends GridFit {
  orientation: Orientation
}

/** Longer side of the working copy: enough for the far rows of a steeply tilted board. */
export const WORKING_SIDE = 900
/** Longer side of the copy whose light regions give the candidate outlines. */
const OUTLINE_SIDE = 640

/**
 * The field's outline in its own units (u across a–h, v down from row 12's far edge):
 * rows 1–12 and the start cells c0–f0 as a tab; a0, b0, g0 and h0 are frame.
 */
const FIELD_OUTLINE: Point[] = [
  { x: 0, y: 0 },
  { x: COLUMNS, y: 0 },
  { x: COLUMNS, y: ROWS - 1 },
  { x: 6, y: ROWS },
  { x: 2, y: ROWS },
  { x: 0, y: ROWS - 1 },
]
/** Rows 1–12 only, for an outline whose start tab did not separate from the frame. */
const ROWS_OUTLINE: Point[] = [
  { x: 0, y: 0 },
  { x: COLUMNS, y: 0 },
  { x: COLUMNS, y: ROWS - 1 },
  { x: 0, y: ROWS - 1 },
]

export interface FieldSearch {
  best: CheckedFit | null
  /** The working copy's scale (working pixels per photo pixel). */
  scale: number
}

/**
 * Finds the field: candidate outlines from the light regions of the photo, each fitted to
 * the printed grid; `extra` outlines (another detector's, in the photo's pixels, asked for
 * only when the others fail) compete on the same terms.
 *
 * Coarse to fine, and bounded whatever the photo: every copy is made from one working copy
 * of at most WORKING_SIDE pixels; outlines are looked for on a smaller copy first, then on
 * the working copy, then on the evenly lit versions of both (`evenlyLit`), then from the
 * other detector; within each, the first way of finding regions is tried alone (enough for
 * most photos), then the others' candidates are pooled and only the best two fitted. The
 * search stops at the first fit that sees (almost) all of the grid. (The evenly lit smaller
 * copy tried before the working copy saved 0.4 s on a shaded board and cost 0.8 s on a board
 * the working copy finds: seed 35, board 0.)
 */
export function findFieldGrid(image: RgbaImage, extra: () => Quad[] = () => []): FieldSearch {
  const { image: small, scale } = limitSize(image, WORKING_SIDE)
  const gray = toGray(small)
  const smooth = gaussianBlur(gray, 0.7)
  // The smaller copy's regions join across faint lines; the working copy's still separate a
  // far frame only a pixel or two wide. The smaller copy is smoothed first (σ one pixel): a
  // shrink by an uneven factor leaves grid lines alternately one and two pixels wide, and the
  // light cells' outline then depends on the photo's exact size (a render found at 4032 px or
  // slightly blurred was missed at 1280).
  const { image: tiny, scale: tinyScale } = limitSize(small, OUTLINE_SIDE)
  const rescale = (k: number) => (q: Quad) => q.map((p) => ({ x: p.x * k, y: p.y * k })) as Quad
  const tinyGray = gaussianBlur(toGray(tiny), 1)
  const fromTiny = (sources: (() => Quad[])[]) => sources.map((source) => () => source().map(rescale(1 / tinyScale)))
  // Outlines of the photo's light regions are ranked by how well the grid drawn through them
  // lies on the lines. Outlines of the evenly lit copy's are rougher (its light regions
  // reach into a frame as light as its surroundings): they are ranked on a blurred copy, by
  // how far the lines dip below their sides' mean, since a candidate most of a cell off at one
  // corner puts many lines on the cells beside them and only blurred lines still reach there.
  const asDrawn = (corners: Quad) => gridScore(smooth, corners)
  let blurred: GrayImage | null = null
  const roughly = (corners: Quad) => gridScore((blurred ??= gaussianBlur(gray, RANKING_BLUR)), corners, 'belowMean')
  let best: CheckedFit | null = null
  // The evenly lit copy is looked at only when the photo's own light regions gave no fit a
  // reading would trust: where they did, its rougher outlines add nothing but time.
  const trustedSoFar = () => best !== null && best.support >= GRID_SUPPORT_TO_TRUST && best.orientation !== 'contradicted'
  // Each stage's sources are made only when the stages before it have not found the field.
  const stages: { sources: () => (() => Quad[])[]; rank: (corners: Quad) => number; reindex?: boolean }[] = [
    { sources: () => fromTiny(lightRegionSources(tinyGray)), rank: asDrawn },
    { sources: () => (tinyScale < 1 ? lightRegionSources(gray) : []), rank: asDrawn },
    { sources: () => (trustedSoFar() ? [] : fromTiny(lightRegionSources(evenlyLit(tinyGray)))), rank: roughly },
    { sources: () => (trustedSoFar() ? [] : lightRegionSources(evenlyLit(smooth))), rank: roughly },
    { sources: () => [() => extra().map(rescale(scale))], rank: asDrawn },
    // A spotlight lights the frame beside the field as brightly as the table in the shade: only
    // a copy lit evenly over a few cells parts field from frame there, and its outlines are a
    // row or a column off as often as not, so each fit is also tried re-indexed on the lattice.
    {
      sources: () => (trustedSoFar() ? [] : fromTiny(lightRegionSources(evenlyLit(tinyGray, NEAR_LIGHT_REACH)))),
      rank: roughly,
      reindex: true,
    },
    // A light patterned table (gingham, light tiles or planks) reaches the photo's edge, and a
    // frame seen thin at the far end, or broken by a light rim or labels, lets the field join
    // it: worn away a pixel at a time, the joins break first and the field comes off whole.
    { sources: () => (trustedSoFar() ? [] : [() => detachedRegions(gray)]), rank: asDrawn, reindex: true },
  ]
  const fitTo = (corners: Quad): GridFit => ({ corners, score: gridScore(smooth, corners), support: gridSupport(smooth, corners) })
  // A fit whose row 0 contradicts it ranks below every other, and never ends the search.
  const beats = (fit: CheckedFit, other: CheckedFit) => {
    const doubted = (f: CheckedFit) => f.orientation === 'contradicted'
    if (doubted(fit) !== doubted(other)) return doubted(other)
    return fit.support * fit.score > other.support * other.score
  }
  const fitBest = (pool: { corners: Quad; score: number }[], reindex = false) => {
    pool.sort((a, b) => b.score - a.score)
    for (const hypothesis of pool.splice(0, FITTED_AT_ONCE)) {
      const refined = refine(smooth, hypothesis.corners)
      const first = reindex ? onTheLattice(smooth, refined) : fitTo(refined)
      const checked = checkOrientation(smooth, first, (corners) => fitTo(refine(smooth, corners)))
      const fit = { ...checked.fit, orientation: checked.orientation }
      if (!best || beats(fit, best)) best = fit
    }
    return best !== null && best.support >= SEES_THE_GRID && best.orientation !== 'contradicted'
  }
  search: for (const stage of stages) {
    const sources = stage.sources()
    const pool: { corners: Quad; score: number }[] = []
    for (let i = 0; i < sources.length; i++) {
      for (const corners of sources[i]!()) {
        const score = stage.rank(corners)
        if (Number.isFinite(score)) pool.push({ corners, score })
      }
      if ((i === 0 || i === sources.length - 1 || stage.reindex) && fitBest(pool, stage.reindex)) break search
    }
  }
  // Refined on lines darker than both sides, a defocused grid settles towards the darker of
  // two zones a line parts: a fit that does not see the grid is moved onto the lines' dips,
  // and kept when its row 0 still agrees and it sees more of the grid there.
  const seen = best as CheckedFit | null
  if (seen && seen.support < SEES_THE_GRID && seen.orientation !== 'contradicted') {
    const centred = fitTo(refine(smooth, seen.corners, 'belowMean', FINE_STEPS))
    const agreement = startRowAgreement(smooth, centred.corners)
    if (centred.support > seen.support && (agreement === null || agreement >= START_ROW_TO_TRUST)) best = { ...centred, orientation: seen.orientation }
  }
  const found = best as CheckedFit | null
  return { best: found && { ...found, corners: rescale(1 / scale)(found.corners) }, scale }
}

/**
 * Below this share of its lines confirmed, a field's corners are not trusted for any reading.
 * Half a column off, a field still puts about half its lines on printed ones (0.52–0.56 on
 * renders where the true corners see all of them), and a drag turned 1–3° or a third of a cell
 * off 0.6–0.8 — as do such drags snapped onto a wrong fit (most of a far corner off); right
 * corners, proposed or true, saw at least 0.85 on every dev, held-out and generated board, and
 * snapped drags that landed within a third of a cell of them at least 0.8 (2,429 of 2,672).
 */
export const GRID_SUPPORT_TO_TRUST = 0.8
/** σ of the blur candidates are ranked on, in working pixels (a cell is 12 or more). */
const RANKING_BLUR = 2
/** Candidates fitted to the grid at a time: the two that fit it best before refining. */
const FITTED_AT_ONCE = 2
/**
 * A fit that sees this share of the grid's features needs no other candidate. Not lower: a fit
 * shifted a row and turned half round still sees about 0.85 of a resampled board's lines (the
 * real board-02 read at 12 MP), and stopping there read 15 cells wrong without asking.
 */
const SEES_THE_GRID = 0.9

/**
 * What the photo says of given corners: the share of the grid's lines and edges it shows
 * where they put them (0–1; none for corners that do not turn clockwise round a convex field),
 * how well row 0 agrees with them (orientation.ts; null when the photo cannot tell), and how
 * many of the field's five edges against the frame it shows there.
 */
export interface GridCheck {
  corners: Quad
  support: number
  startRow: number | null
  edges: number
}

/**
 * Given corners (a player's drag, or a proposal) and the same corners snapped onto the printed
 * grid by `refine`, each with what the photo says of it: a rough drag (turned a degree or two,
 * a third of a cell off) puts most lines near enough to their print to be trusted, and then
 * reads cells a row or a column over at the field's far corners.
 */
export function snapToGrid(image: RgbaImage, corners: Quad): { given: GridCheck; snapped: GridCheck } {
  const { image: small, scale } = limitSize(image, WORKING_SIDE)
  const smooth = gaussianBlur(toGray(small), 0.7)
  const given = checkOn(smooth, scale, corners)
  const scaled = corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as Quad
  if (!isConvexQuad(scaled)) return { given, snapped: given }
  const snapped = refine(smooth, scaled).map((p) => ({ x: p.x / scale, y: p.y / scale })) as Quad
  return { given, snapped: checkOn(smooth, scale, snapped) }
}

function checkOn(smooth: GrayImage, scale: number, corners: Quad): GridCheck {
  const scaled = corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as Quad
  // Corners crossed into a mirror image (a↔h) would put every column on the printed lines.
  if (!isConvexQuad(scaled)) return { corners, support: 0, startRow: null, edges: 0 }
  return { corners, support: gridSupport(smooth, scaled), startRow: startRowAgreement(smooth, scaled), edges: frameEdgesSeen(smooth, scaled) }
}

/**
 * The grey levels divided by their surroundings' (a blur over a twentieth of the photo): a
 * shadow across the far rows or light falling off towards them darkens field and frame
 * alike, and the field is then as much lighter than its frame there as in the light.
 */
function evenlyLit(gray: GrayImage, reach = EVEN_LIGHT_REACH): GrayImage {
  const surroundings = gaussianBlur(gray, reach * Math.max(gray.width, gray.height))
  const out = createGrayImage(gray.width, gray.height)
  for (let p = 0; p < out.data.length; p++) out.data[p] = Math.min(255, (128 * gray.data[p]!) / Math.max(1, surroundings.data[p]!))
  return out
}

/** The blur's σ as a share of the photo's longer side. */
const EVEN_LIGHT_REACH = 0.05
/** …and over a few cells of a board filling a third of the photo, for a spotlit frame. */
const NEAR_LIGHT_REACH = 0.02

/** Whole rows and columns a fit's sides are moved by when it is re-indexed on the lattice. */
const LATTICE_REACH = 3
/** Re-indexed fits refined and compared: those whose lines lie best on the print. */
const LATTICE_REFINED = 3

/**
 * A fit whose lines lie on printed ones but a row or a column off at a side (a light region
 * that took in part of the frame, or missed a shaded row) sees only some of the grid, and
 * refining cannot move it a whole cell: each side is moved by whole cells of the fit's own
 * lattice, the arrangements whose lines lie best on the print are refined, and the one that
 * sees most of the grid (its edges against the frame included) is kept.
 */
export function onTheLattice(gray: GrayImage, corners: Quad): GridFit {
  const h = fieldHomography(corners)
  let best: GridFit = { corners, score: gridScore(gray, corners), support: gridSupport(gray, corners) }
  if (!h) return best
  const arrangements: { corners: Quad; score: number }[] = []
  const reach = LATTICE_REACH
  for (let left = -reach; left <= reach; left++)
    for (let right = -reach; right <= reach; right++)
      for (let far = -reach; far <= reach; far++)
        for (let near = -reach; near <= reach; near++) {
          if ((left === 0 && right === 0 && far === 0 && near === 0) || COLUMNS + right - left < 2 || ROWS + near - far < 2) continue
          const moved = [
            applyHomography(h, left, far),
            applyHomography(h, COLUMNS + right, far),
            applyHomography(h, COLUMNS + right, ROWS + near),
            applyHomography(h, left, ROWS + near),
          ] as Quad
          const score = gridScore(gray, moved)
          if (Number.isFinite(score)) arrangements.push({ corners: moved, score })
        }
  arrangements.sort((a, b) => b.score - a.score)
  for (const arrangement of arrangements.slice(0, LATTICE_REFINED)) {
    const refined = refine(gray, arrangement.corners)
    const fit = { corners: refined, score: gridScore(gray, refined), support: gridSupport(gray, refined) }
    if (fit.support > best.support) best = fit
  }
  return best
}

interface Region {
  labels: Int32Array
  members: Component[]
}

/** Light pieces not touching the photo's edge, joined when the gap between them is small for their size. */
function cellClusters(mask: Uint8Array, width: number, height: number): Region[] {
  const { labels, components } = connectedComponents(mask, width, height, 4)
  const minArea = Math.max(12, 4e-5 * width * height)
  const pieces = components.filter(
    (c) => c.area >= minArea && c.minX > 0 && c.minY > 0 && c.maxX < width - 1 && c.maxY < height - 1,
  )
  const parent = pieces.map((_, i) => i)
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)))
  const size = pieces.map((c) => Math.sqrt(c.area))
  for (let i = 0; i < pieces.length; i++)
    for (let j = i + 1; j < pieces.length; j++) {
      const a = pieces[i]!
      const b = pieces[j]!
      const gap = Math.max(a.minX - b.maxX, b.minX - a.maxX, a.minY - b.maxY, b.minY - a.maxY, 0)
      if (gap <= 0.35 * Math.min(size[i]!, size[j]!) + 1) parent[find(i)] = find(j)
    }
  const clusters = new Map<number, Component[]>()
  pieces.forEach((piece, i) => {
    const root = find(i)
    clusters.set(root, [...(clusters.get(root) ?? []), piece])
  })
  const large = (c: { area: number }) => c.area > 0.01 * width * height
  const joined = [...clusters.values()]
    .map((members) => ({ labels, members, area: members.reduce((s, c) => s + c.area, 0) }))
    .filter(large)
    .sort((a, b) => b.area - a.area)
    .slice(0, 3)
  // Gaps are measured between bounding boxes, so a light pool round the board (a lamp's spot
  // on the table) joins the field it encloses, and the region's outline is the pool's: each
  // of the largest pieces is also a region of its own.
  const alone = pieces
    .filter((c) => large(c) && !joined.some((cluster) => cluster.members.length === 1 && cluster.members[0] === c))
    .sort((a, b) => b.area - a.area)
    .slice(0, 2)
    .map((c) => ({ labels, members: [c], area: c.area }))
  return [...joined, ...alone]
}

/**
 * Candidate outlines from the light regions (the field is lighter than its frame), as
 * sources tried in turn. The printed lines split the field into cells; cells join into one field
 * when the gap between them is small for their size, which letters of the frame's labels
 * (small) and the table (touching the photo's edge) are not allowed to do.
 */
function lightRegionSources(gray: GrayImage): (() => Quad[])[] {
  const { width, height } = gray
  const light = lightPixels(gray)
  const closedRegions = () => {
    // Closed over thin lines: a field whose lines are faint joins into one region even
    // where its cells alone would not be judged close enough.
    const closed = morphology(morphology(light, width, height, 1), width, height, 0)
    const { labels, components } = connectedComponents(closed, width, height, 8)
    return components
      .filter((c) => c.area > 0.01 * width * height)
      .sort((a, b) => b.area - a.area)
      .slice(0, 2)
      .map((component) => ({ labels, members: [component] }))
  }
  // On a light table (pale or grained wood) Otsu's level falls between the table's dark and
  // light grain, and light streaks join the field's cells: the field is then the lighter part
  // of what is light, split off at the level of the light pixels' own histogram.
  const lighter = () => {
    let count = 0
    for (let p = 0; p < light.length; p++) count += light[p]!
    const above = new Float32Array(count)
    for (let p = 0, k = 0; p < light.length; p++) if (light[p] === 1) above[k++] = gray.data[p]!
    const upper = otsuThreshold(above)
    const mask = new Uint8Array(width * height)
    for (let p = 0; p < mask.length; p++) mask[p] = gray.data[p]! > upper ? 1 : 0
    return outlineQuads(cellClusters(mask, width, height), width)
  }
  return [
    () => outlineQuads(cellClusters(light, width, height), width),
    // Thinned by a pixel: a far frame only a pixel or two wide no longer joins field and table.
    () => outlineQuads(cellClusters(morphology(light, width, height, 0), width, height), width),
    () => outlineQuads(closedRegions(), width),
    lighter,
  ]
}

/** The pixels above Otsu's level: the field's cells, and whatever of the table is as light. */
function lightPixels(gray: GrayImage): Uint8Array {
  const level = otsuThreshold(gray.data)
  const light = new Uint8Array(gray.data.length)
  for (let p = 0; p < light.length; p++) light[p] = gray.data[p]! > level ? 1 : 0
  return light
}

/** The deepest wearing-away tried, as a share of the working copy's longer side (6 pixels at 900). */
const DETACH_REACH = 0.007

/**
 * Outlines of the light regions that come off the light pixels touching the photo's edge
 * when worn away by two pixels and more: the thin joins between a field and a light table
 * break before the field, whose cells are a dozen pixels and more.
 */
function detachedRegions(gray: GrayImage): Quad[] {
  const { width, height } = gray
  let light = lightPixels(gray)
  const quads: Quad[] = []
  const deepest = Math.max(2, Math.round(DETACH_REACH * Math.max(width, height)))
  for (let depth = 1; depth <= deepest; depth++) {
    light = morphology(light, width, height, 0)
    if (depth >= 2) quads.push(...outlineQuads(cellClusters(light, width, height), width))
  }
  return quads
}

/** Each region's convex hull, simplified to the field's outline and matched to it every way it can be. */
function outlineQuads(regions: Region[], width: number): Quad[] {
  const quads: Quad[] = []
  for (const region of regions) {
    const boundary: Point[] = []
    for (const component of region.members) {
      for (let y = component.minY; y <= component.maxY; y++) {
        let left = -1
        let right = -1
        for (let x = component.minX; x <= component.maxX; x++)
          if (region.labels[y * width + x] === component.label) {
            if (left < 0) left = x
            right = x
          }
        if (left >= 0) boundary.push({ x: left, y: y + 0.5 }, { x: right + 1, y: y + 0.5 })
      }
    }
    const hull = convexHull(boundary)
    if (hull.length < 4) continue
    for (const [model, count] of [
      [FIELD_OUTLINE, 6],
      [ROWS_OUTLINE, 4],
    ] as const) {
      const polygon = simplifyPolygon(hull, count)
      if (polygon.length !== count) continue
      for (const mapped of polygonCorrespondences(polygon, model)) {
        const quad = cornersFromCorrespondence(model, mapped)
        if (quad) quads.push(quad)
      }
    }
  }
  return quads
}

/** Every way the photo polygon's vertices may stand for the model's (rotations and mirror images). */
function polygonCorrespondences(polygon: Point[], model: readonly Point[]): Point[][] {
  const n = polygon.length
  const out: Point[][] = []
  for (const mirrored of [false, true])
    for (let shift = 0; shift < n; shift++) {
      const mapped: Point[] = []
      for (let i = 0; i < n; i++) mapped.push(polygon[(mirrored ? shift - i + 2 * n : shift + i) % n]!)
      if (model.length === n) out.push(mapped)
    }
  return out
}

/** The field's four corners implied by model vertices standing at the photo points. */
function cornersFromCorrespondence(model: readonly Point[], photo: Point[]): Quad | null {
  // Four well-spread pairs: the model's first two vertices and its last two before closing.
  const pick = model.length === 6 ? [0, 1, 3, 4] : [0, 1, 2, 3]
  try {
    const h = homographyFromPoints(
      pick.map((i) => model[i]!),
      pick.map((i) => photo[i]!),
    )
    const corners = rectangle(COLUMNS, ROWS).map((p) => applyHomography(h, p.x, p.y)) as Quad
    return isConvexQuad(corners) ? corners : null
  } catch {
    return null
  }
}

/**
 * Convex and turning clockwise on screen, as a12 h12 h0 a0 do in any photo: a photo is
 * never a mirror image, and the field's drawing alone could not tell a mirrored fit apart.
 */
function isConvexQuad(q: Point[]): boolean {
  let sign = 0
  for (let i = 0; i < 4; i++) {
    const a = q[i]!
    const b = q[(i + 1) % 4]!
    const c = q[(i + 2) % 4]!
    const z = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
    if (!Number.isFinite(z) || z === 0) return false
    if (sign === 0) sign = Math.sign(z)
    else if (Math.sign(z) !== sign) return false
  }
  return sign > 0
}

/** Visvalingam: drops the vertex that carries the least area until `count` remain. */
function simplifyPolygon(points: Point[], count: number): Point[] {
  const polygon = [...points]
  while (polygon.length > count) {
    let weakest = 0
    let least = Infinity
    for (let i = 0; i < polygon.length; i++) {
      const a = polygon[(i - 1 + polygon.length) % polygon.length]!
      const b = polygon[i]!
      const c = polygon[(i + 1) % polygon.length]!
      const area = Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))
      if (area < least) {
        least = area
        weakest = i
      }
    }
    polygon.splice(weakest, 1)
  }
  return polygon
}

/**
 * One printed feature of the field, sampled along its length: the line's own grey level
 * against the grey level on both sides of it (an edge has the field on one side only).
 */
interface Feature {
  /** Points on the feature, in field units. */
  on: Point[]
  /** Matching points on each side, in field units. */
  sideA: Point[]
  sideB: Point[]
  /** 'line': darker than both sides; 'edge': side A (the field) lighter than side B (the frame). */
  kind: 'line' | 'edge'
}

/** Where the grid's lines and edges are, in field units; built once. */
const FEATURES: Feature[] = (() => {
  const features: Feature[] = []
  const offset = 0.32
  const along = (from: number, to: number, step: number) => {
    const values: number[] = []
    for (let t = from + step / 2; t < to; t += step) values.push(t)
    return values
  }
  // Column lines between a and h through rows 1–12 (v 0–12).
  for (let u = 1; u < COLUMNS; u++) {
    const vs = along(0, ROWS - 1, 1 / 2)
    features.push({
      kind: 'line',
      on: vs.map((v) => ({ x: u, y: v })),
      sideA: vs.map((v) => ({ x: u - offset, y: v })),
      sideB: vs.map((v) => ({ x: u + offset, y: v })),
    })
  }
  // Row lines inside rows 1–12, and the line between row 1 and the start cells.
  for (let v = 1; v < ROWS; v++) {
    const us = v === ROWS - 1 ? along(2, 6, 1 / 4) : along(0, COLUMNS, 1 / 3)
    features.push({
      kind: 'line',
      on: us.map((u) => ({ x: u, y: v })),
      sideA: us.map((u) => ({ x: u, y: v - offset })),
      sideB: us.map((u) => ({ x: u, y: v + offset })),
    })
  }
  // Column lines between the start cells.
  for (const u of [3, 4, 5]) {
    const vs = along(ROWS - 1, ROWS, 1 / 3)
    features.push({
      kind: 'line',
      on: vs.map((v) => ({ x: u, y: v })),
      sideA: vs.map((v) => ({ x: u - offset, y: v })),
      sideB: vs.map((v) => ({ x: u + offset, y: v })),
    })
  }
  // The edges against the frame: far end, both long sides, the start end's three steps.
  const edge = (on: Point[], inside: Point[], outside: Point[]) => features.push({ kind: 'edge', on, sideA: inside, sideB: outside })
  const e = 0.22
  const top = along(0, COLUMNS, 1 / 4)
  edge(
    top.map((u) => ({ x: u, y: 0 })),
    top.map((u) => ({ x: u, y: e })),
    top.map((u) => ({ x: u, y: -e })),
  )
  const sides = along(0, ROWS - 1, 1 / 3)
  edge(
    sides.map((v) => ({ x: 0, y: v })),
    sides.map((v) => ({ x: e, y: v })),
    sides.map((v) => ({ x: -e, y: v })),
  )
  edge(
    sides.map((v) => ({ x: COLUMNS, y: v })),
    sides.map((v) => ({ x: COLUMNS - e, y: v })),
    sides.map((v) => ({ x: COLUMNS + e, y: v })),
  )
  const startEnd = along(2, 6, 1 / 4)
  edge(
    startEnd.map((u) => ({ x: u, y: ROWS })),
    startEnd.map((u) => ({ x: u, y: ROWS - e })),
    startEnd.map((u) => ({ x: u, y: ROWS + e })),
  )
  const corners = [...along(0, 2, 1 / 4), ...along(6, COLUMNS, 1 / 4)]
  edge(
    corners.map((u) => ({ x: u, y: ROWS - 1 })),
    corners.map((u) => ({ x: u, y: ROWS - 1 - e })),
    corners.map((u) => ({ x: u, y: ROWS - 1 + e })),
  )
  return features
})()

/**
 * The features' sample points as flat arrays (u, v of the point on the feature and of its
 * two sides), so that scoring a fit — done thousands of times per photo — allocates nothing.
 */
const SAMPLES = (() => {
  const count = FEATURES.reduce((n, f) => n + f.on.length, 0)
  const coords = new Float64Array(count * 6)
  const featureStart = new Int32Array(FEATURES.length + 1)
  const isLine = new Uint8Array(FEATURES.length)
  let k = 0
  FEATURES.forEach((feature, f) => {
    featureStart[f] = k
    isLine[f] = feature.kind === 'line' ? 1 : 0
    for (let i = 0; i < feature.on.length; i++, k++) {
      const at = k * 6
      coords[at] = feature.on[i]!.x
      coords[at + 1] = feature.on[i]!.y
      coords[at + 2] = feature.sideA[i]!.x
      coords[at + 3] = feature.sideA[i]!.y
      coords[at + 4] = feature.sideB[i]!.x
      coords[at + 5] = feature.sideB[i]!.y
    }
  })
  featureStart[FEATURES.length] = k
  return { count, coords, featureStart, isLine }
})()

/** Bilinear grey level at the field point (u, v) under h; NaN outside the photo. */
function grayAt(gray: GrayImage, h: Homography, u: number, v: number): number {
  const w = h[6] * u + h[7] * v + h[8]
  const x = (h[0] * u + h[1] * v + h[2]) / w
  const y = (h[3] * u + h[4] * v + h[5]) / w
  const { width, height, data } = gray
  if (!(x >= 0 && y >= 0 && x <= width - 1 && y <= height - 1)) return NaN
  const x0 = Math.floor(x)
  const y0 = Math.floor(y)
  const x1 = Math.min(width - 1, x0 + 1)
  const y1 = Math.min(height - 1, y0 + 1)
  const tx = x - x0
  const ty = y - y0
  const top = data[y0 * width + x0]! * (1 - tx) + data[y0 * width + x1]! * tx
  const bottom = data[y1 * width + x0]! * (1 - tx) + data[y1 * width + x1]! * tx
  return top * (1 - ty) + bottom * ty
}

/**
 * How a line is judged: darker than both its sides (`belowBoth`), or (`belowSides`) a dip
 * below their mean that is lowest where the fit puts the line — what a thin line still is
 * when defocus has spread it, even where it also parts two zones printed in different
 * colours and the blur has made that step a ramp (the ramp's lower side is then darker than
 * the line).
 */
type LineTest = 'belowBoth' | 'belowSides' | 'belowMean'

/**
 * The contrast of every sample (positive where the photo agrees with the fit: a line darker
 * than its sides, the field lighter than the frame across an edge); NaN outside the photo.
 */
function sampleContrasts(gray: GrayImage, h: Homography, out: Float32Array, lineTest: LineTest = 'belowBoth'): void {
  const { coords, featureStart, isLine } = SAMPLES
  for (let f = 0; f < FEATURES.length; f++) {
    const line = isLine[f] === 1
    for (let k = featureStart[f]!; k < featureStart[f + 1]!; k++) {
      const at = k * 6
      const g = grayAt(gray, h, coords[at]!, coords[at + 1]!)
      const ga = grayAt(gray, h, coords[at + 2]!, coords[at + 3]!)
      const gb = grayAt(gray, h, coords[at + 4]!, coords[at + 5]!)
      if (!line) out[k] = ga - gb
      else if (lineTest === 'belowBoth') out[k] = Math.min(ga, gb) - g
      else if (lineTest === 'belowMean') out[k] = (ga + gb) / 2 - g
      else {
        // The profile must curve up on both sides of the point: a fit turned a little still
        // finds the sides' mean above the line's grey, but its points lie on the dip's flank.
        const u = coords[at]!
        const v = coords[at + 1]!
        const nearA = grayAt(gray, h, u + (coords[at + 2]! - u) * DIP_CENTRE, v + (coords[at + 3]! - v) * DIP_CENTRE)
        const nearB = grayAt(gray, h, u + (coords[at + 4]! - u) * DIP_CENTRE, v + (coords[at + 5]! - v) * DIP_CENTRE)
        out[k] = (nearA + nearB) / 2 - g >= DIP_CURVE ? (ga + gb) / 2 - g : -1
      }
    }
  }
}

const contrastBuffer = new Float32Array(SAMPLES.count)
/**
 * Where a blurred line's dip must rise again, as a share of the way to the side samples (0.1
 * of a cell), and by how many grey levels on average.
 */
const DIP_CENTRE = 0.3
const DIP_CURVE = 0.5

function fieldHomography(corners: Quad): Homography | null {
  try {
    return homographyFromPoints(rectangle(COLUMNS, ROWS), corners)
  } catch {
    return null
  }
}

/**
 * Scores already worked out, by grey copy, line test and corners: refining tries a corner a
 * step back and forth and comes back to where it was, and the ranking, the fit and the
 * lattice search score corners refining has just scored. Held weakly, with the copy.
 */
const knownScores = new WeakMap<GrayImage, Map<string, number>>()

/** How well the grid drawn through `corners` lies on the photo's lines: mean clipped contrast. */
export function gridScore(gray: GrayImage, corners: Quad, lineTest: LineTest = 'belowBoth'): number {
  let known = knownScores.get(gray)
  if (!known) knownScores.set(gray, (known = new Map()))
  const [a, b, c, d] = corners
  const key = `${lineTest} ${a.x} ${a.y} ${b.x} ${b.y} ${c.x} ${c.y} ${d.x} ${d.y}`
  const seen = known.get(key)
  if (seen !== undefined) return seen
  const score = scoreGrid(gray, corners, lineTest)
  known.set(key, score)
  return score
}

function scoreGrid(gray: GrayImage, corners: Quad, lineTest: LineTest): number {
  if (!isConvexQuad(corners)) return -Infinity
  const h = fieldHomography(corners)
  if (!h) return -Infinity
  sampleContrasts(gray, h, contrastBuffer, lineTest)
  let sum = 0
  // A sample outside the photo counts as not seen (adds nothing).
  for (let k = 0; k < SAMPLES.count; k++) {
    const c = contrastBuffer[k]!
    if (c === c) sum += c < -30 ? -30 : c > 30 ? 30 : c
  }
  return sum / SAMPLES.count
}

/**
 * The share of features the photo shows: a feature is seen when most of its samples have
 * the expected contrast. A grid fitted half a cell off, or onto the wrong shape, sees few.
 *
 * Defocus spreads a thin line into a shallow dip a few grey levels deep, often not below a
 * neighbouring zone of darker print: such lines are seen by their dips (`belowSides`). That
 * share counts only when the field's edges against the frame — broad, seen however blurred —
 * are all where the fit puts them, and when it is high: on the held-out renders the true
 * corners' dips gave 0.89–1, while corners turned by 2–3° gave at most 0.59 (most of their
 * points lie on a dip's flank towards the field's ends), and corners a row or a column off or
 * turned half round miss an edge.
 */
export function gridSupport(gray: GrayImage, corners: Quad): number {
  const h = fieldHomography(corners)
  if (!h) return 0
  sampleContrasts(gray, h, contrastBuffer)
  const sharp = seenShare(contrastBuffer, SHARP_LINE)
  sampleContrasts(gray, h, contrastBuffer, 'belowSides')
  const blurred = seenShare(contrastBuffer, BLURRED_LINE, true)
  return blurred >= BLURRED_TO_COUNT ? Math.max(sharp, blurred) : sharp
}

/** Grey levels a line must lie below both its sides (sharp), or below their mean (blurred). */
const SHARP_LINE = 4
const BLURRED_LINE = 1.5
/** An edge is seen when the field is this many grey levels lighter than the frame across it. */
const EDGE_CONTRAST = 4
/** The share of features a blurred grid's dips must show before they count at all. */
const BLURRED_TO_COUNT = 0.8

/** The share of features seen under the given contrasts; none when `edgesNeeded` and an edge is not seen. */
function seenShare(contrasts: Float32Array, lineContrast: number, edgesNeeded = false): number {
  let seen = 0
  for (let f = 0; f < FEATURES.length; f++) {
    if (featureSeen(contrasts, f, SAMPLES.isLine[f] === 1 ? lineContrast : EDGE_CONTRAST)) seen++
    else if (edgesNeeded && SAMPLES.isLine[f] === 0) return 0
  }
  return seen / FEATURES.length
}

/** Whether feature `f` shows: most of its samples inside the photo, and most of those over `needed`. */
function featureSeen(contrasts: Float32Array, f: number, needed: number): boolean {
  const from = SAMPLES.featureStart[f]!
  const to = SAMPLES.featureStart[f + 1]!
  let visible = 0
  let agreeing = 0
  for (let k = from; k < to; k++) {
    const c = contrasts[k]!
    if (c !== c) continue
    visible++
    if (c > needed) agreeing++
  }
  return visible >= (to - from) * 0.8 && agreeing >= visible * 0.6
}

/**
 * How many of the field's five edges against the frame show where the corners put them. Right
 * corners showed all five on every dev, held-out and generated board; corners a row or a column
 * off still put most printed lines on lines, but the field's edge then falls inside the field.
 */
function frameEdgesSeen(gray: GrayImage, corners: Quad): number {
  const h = fieldHomography(corners)
  if (!h) return 0
  sampleContrasts(gray, h, contrastBuffer)
  let seen = 0
  for (let f = 0; f < FEATURES.length; f++) if (SAMPLES.isLine[f] === 0 && featureSeen(contrastBuffer, f, EDGE_CONTRAST)) seen++
  return seen
}

/** Coordinate descent's steps, as shares of the field's diagonal: coarse to fine. */
const REFINE_STEPS = [0.012, 0.006, 0.003, 0.0015]
/** The finer steps alone, for a fit already near the lines. */
const FINE_STEPS = REFINE_STEPS.slice(1)

/**
 * Coordinate descent on the eight corner coordinates, from coarse steps to fine: a step
 * back is tried only when the step forward did not help.
 */
export function refine(gray: GrayImage, start: Quad, lineTest: LineTest = 'belowBoth', steps: readonly number[] = REFINE_STEPS): Quad {
  const corners = start.map((p) => ({ ...p })) as Quad
  let score = gridScore(gray, corners, lineTest)
  const extent = Math.hypot(corners[2].x - corners[0].x, corners[2].y - corners[0].y)
  const tryMove = (i: number, axis: 'x' | 'y', delta: number): boolean => {
    corners[i]![axis] += delta
    const trialScore = gridScore(gray, corners, lineTest)
    if (trialScore > score) {
      score = trialScore
      return true
    }
    corners[i]![axis] -= delta
    return false
  }
  for (const fraction of steps) {
    const step = Math.max(0.25, extent * fraction)
    for (let sweep = 0; sweep < 12; sweep++) {
      let improved = false
      for (let i = 0; i < 4; i++)
        for (const axis of ['x', 'y'] as const) if (tryMove(i, axis, step) || tryMove(i, axis, -step)) improved = true
      if (!improved) break
    }
  }
  return corners
}

