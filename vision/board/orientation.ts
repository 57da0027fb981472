// Which end of the field is the start end (issue 10). The printed grid is nearly the same
// turned half round: its lines fall on lines whichever end a fit calls row 0, and a fit
// turned or shifted a row still sees most of them. What the drawing does not share with its
// turned self is row 0 (RULES.md §2): only c0–f0 are printed cells, and a0, b0, g0 and h0
// are the frame's, while row 12 is printed across all eight columns. A fit is trusted only
// when its row 0 shows that: its four outer cells like the frame just beyond them, not like
// the printed cells beside them.
import { COLUMNS, ROWS } from '../../engine/index.ts'
import { applyHomography, homographyFromPoints, median, rectangle, sampleGray, type GrayImage, type Homography, type Point } from '../raster.ts'

/** The field's outer corners: at a12, h12, h0, a0 (as FieldCorners in board.ts). */
type Quad = [Point, Point, Point, Point]

/** The same field with the other end called row 0: a12 where h0 was, h12 where a0 was. */
export function turnedHalfRound(corners: Quad): Quad {
  return [corners[2], corners[3], corners[0], corners[1]]
}

/** The same field's corners moved `rows` rows towards the far end (negative: towards the start). */
export function shiftedByRows(corners: Quad, rows: number): Quad {
  const h = homographyFromPoints(rectangle(COLUMNS, ROWS), corners)
  // Field units: v runs down from row 12's far edge, so towards the far end is −v.
  return rectangle(COLUMNS, ROWS).map((p) => applyHomography(h, p.x, p.y - rows)) as Quad
}

/**
 * How far a fit's row 0 looks as RULES.md §2 draws it (0–1), or null when the photo cannot
 * tell. Each cell of row 0 is placed between the frame just beyond it (0) and the printed
 * cell just inside it in row 1 (1): a0, b0, g0 and h0 should lie at the frame's end, c0–f0
 * at the printed cells'. Agreement is the lower of the two kinds' means over the cells where
 * frame and field differ enough to tell (a stone in row 1, or a cell off the photo, leaves
 * its column out); when only one kind can tell, it is heard only if it disagrees.
 */
export function startRowAgreement(gray: GrayImage, corners: Quad): number | null {
  let h: Homography
  try {
    h = homographyFromPoints(rectangle(COLUMNS, ROWS), corners)
  } catch {
    return null
  }
  const levelOf = (points: Point[]): number | null => {
    const values: number[] = []
    for (const { x: u, y: v } of points) {
      const p = applyHomography(h, u, v)
      if (p.x >= 0 && p.y >= 0 && p.x <= gray.width - 1 && p.y <= gray.height - 1) values.push(sampleGray(gray, p.x, p.y))
    }
    // Most of the points in the photo, or the region is not seen.
    return values.length * 2 > points.length ? median(values) : null
  }
  // Per group (frame cells, printed cells): the sum of agreements and how many told.
  const frame = { sum: 0, told: 0 }
  const printed = { sum: 0, told: 0 }
  for (let col = 0; col < COLUMNS; col++) {
    const cell = levelOf(cellInterior(col, 0))
    const inside = levelOf(cellInterior(col, 1))
    const beyond = levelOf(frameBeyond(col))
    if (cell === null || inside === null || beyond === null) continue
    // The field is lighter than its frame (as the grid fit assumes): a darker row 1 is a stone.
    const contrast = inside - beyond
    if (contrast < TELLS_FRAME_FROM_FIELD) continue
    const towardsField = (cell - beyond) / contrast
    const clamp = (x: number) => Math.min(1, Math.max(0, x))
    if (START_CELLS.includes(col)) {
      // A start cell need only be printed, not printed like row 1: start areas printed in a
      // colour of their own (green, grey) lie between the frame and the light cells in grey,
      // and a start cell half way off the frame is no frame.
      printed.told++
      printed.sum += clamp((towardsField - 0.25) / 0.35)
    } else {
      frame.told++
      frame.sum += 1 - clamp((towardsField - 0.25) / 0.5)
    }
  }
  // Both halves must agree: a fit turned half round still finds printed cells where it puts
  // c0–f0 (row 12's), and one shifted a row beyond the far end still finds frame at a0. So
  // one half alone can contradict a fit but never confirm it.
  const means = [frame, printed].filter((group) => group.told >= CELLS_TO_TELL).map((group) => group.sum / group.told)
  if (means.length === 0) return null
  const agreement = Math.min(...means)
  return means.length === 2 || agreement < START_ROW_TO_TRUST ? agreement : null
}

/** Columns of row 0 printed as cells (c0–f0); the others are the frame's. */
const START_CELLS = [2, 3, 4, 5]
/** Grey levels between the frame and a printed cell below which a column's evidence is left out. */
const TELLS_FRAME_FROM_FIELD = 12
/** Cells of each kind in row 0 whose evidence is needed before the start row says anything. */
const CELLS_TO_TELL = 2

/** A cell's middle (away from its printed lines and a fit's small error): field units, row as in RULES.md. */
function cellInterior(col: number, row: number): Point[] {
  const points: Point[] = []
  const v0 = ROWS - 1 - row
  for (const fu of [0.3, 0.5, 0.7]) for (const fv of [0.3, 0.5, 0.7]) points.push({ x: col + fu, y: v0 + fv })
  return points
}

/** The frame just beyond row 0, below a column: past the field's edge by a quarter of a cell. */
function frameBeyond(col: number): Point[] {
  return [0.2, 0.4, 0.6, 0.8].map((fu) => ({ x: col + fu, y: ROWS + 0.25 }))
}

/** Row 0 agreeing this well confirms a fit; below it, row 0 contradicts the fit. */
export const START_ROW_TO_TRUST = 0.75
/** How much better another placement's row 0 must agree before the fit is moved there. */
const CLEARLY_BETTER = 0.4

/**
 * What the start row said of a fit: confirmed; corrected (the fit was turned half round or a
 * row off, and now agrees); contradicted (it disagrees, and no other placement clearly
 * agrees: the player must check the corners); untold (row 0 not seen well enough to say).
 */
export type Orientation = 'confirmed' | 'corrected' | 'contradicted' | 'untold'

/**
 * A fit checked against its row 0 before it is trusted. When row 0 contradicts it, the same
 * grid is tried turned half round and a row along either way (the placements whose lines
 * fall on the printed lines too); one whose row 0 agrees clearly better is refitted by
 * `refit` and taken if it still agrees.
 */
export function checkOrientation<Fit extends { corners: Quad }>(
  gray: GrayImage,
  fit: Fit,
  refit: (corners: Quad) => Fit,
): { fit: Fit; orientation: Orientation } {
  const agreement = startRowAgreement(gray, fit.corners)
  if (agreement === null) return { fit, orientation: 'untold' }
  if (agreement >= START_ROW_TO_TRUST) return { fit, orientation: 'confirmed' }
  const turned = turnedHalfRound(fit.corners)
  let best: { corners: Quad; agreement: number } | null = null
  for (const corners of [turned, shiftedByRows(fit.corners, 1), shiftedByRows(fit.corners, -1), shiftedByRows(turned, 1), shiftedByRows(turned, -1)]) {
    const other = startRowAgreement(gray, corners)
    if (other !== null && other >= START_ROW_TO_TRUST && other - agreement >= CLEARLY_BETTER && (!best || other > best.agreement))
      best = { corners, agreement: other }
  }
  if (best) {
    const moved = refit(best.corners)
    if ((startRowAgreement(gray, moved.corners) ?? 0) >= START_ROW_TO_TRUST) return { fit: moved, orientation: 'corrected' }
  }
  return { fit, orientation: 'contradicted' }
}
