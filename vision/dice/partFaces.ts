// A face that may be part of a larger one (issue 10). Small dice on a phone photo lose pips to
// glints and marbling, and what is left can still fit a smaller face's layout: two pips along a
// four's side fit a two's diagonal, and the one pip of a two whose other pip the faces left
// out (a shade lighter on a marbled face) is a one. The other dice of the roll, and the pips
// left over, say when that may have happened; the face is then asked about.
import { median, type Point } from '../raster.ts'
import type { Face } from './faces.ts'
import { alikePips, type Pip } from './pips.ts'

/** Faces at or above this confidence count as the roll's evidence (dice.ts's UNCERTAIN_DIE_BELOW). */
const SURE = 0.7

/**
 * A two's diagonal spans two steps of its die's grid each way; two pips along a side of a four,
 * five or six span two steps one way only, and fit a two whose step is 1/√2 (0.71) of that
 * die's. Twos measure a little short of the roll's fours to sixes (about 0.9 of them); a two
 * below the middle of the two (0.75) is taken for such a side.
 */
const SHORT_TWO = 0.75
export const SHORT_TWO_DOUBT = 'a two as short as a side of the other dice’s faces'
/** A pip this near a one (in its die's sides) can lie on the same die: a two's diagonal is about 0.76 of a side. */
const SECOND_PIP_REACH = 0.8

/** The distance from a face's middle to its pips' columns or rows, the larger: its grid's step. */
const gridStep = (face: Face): number => Math.max(Math.hypot(face.u.x, face.u.y), Math.hypot(face.v.x, face.v.y))

/** Lowers the confidence of faces that may be part of a larger one; `pips` are every pip found, the faces' among them. */
export function doubtPartFaces(faces: readonly Face[], pips: readonly Pip[]): void {
  // The roll's step, from the sure faces of three pips or more (a grid is seen on them).
  const steps = faces.filter((f) => f.confidence >= SURE && f.pips.length >= 3).map(gridStep)
  const typical = steps.length > 0 ? median(steps) : 0
  const inFaces = new Set(faces.flatMap((f) => f.pips))
  for (const face of faces) {
    if (face.value === 2 && typical > 0 && gridStep(face) < SHORT_TWO * typical) {
      face.confidence = Math.min(face.confidence, 0.5)
      face.doubts.push(SHORT_TWO_DOUBT)
    }
    if (face.value === 1 && pips.some((pip) => secondPip(face, pip, inFaces))) {
      face.confidence = Math.min(face.confidence, 0.5)
      face.doubts.push('a pip beside a one that joined no face')
    }
  }
}

/**
 * Whether `pip`, in no face, could be a one's second pip: of its kind, size and slant, and near
 * enough to share its face. A flatter pip is on a side face of the die (seen at a slant), which
 * the faces drop; but a side face's pips are printed smaller than a one's and foreshortened
 * besides, so a flatter pip clearly larger than the one's is a pip of its top run into a glint.
 */
function secondPip(one: Face, pip: Pip, inFaces: ReadonlySet<Pip>): boolean {
  if (inFaces.has(pip)) return false
  const own = one.pips[0]!
  const glinted = pip.polarity === own.polarity && pip.radius > GLINTED_PIP[0] * own.radius && pip.radius < GLINTED_PIP[1] * own.radius
  if (!alikePips(pip, own) && !glinted) return false
  return distance(pip, one.centre) < SECOND_PIP_REACH * one.side
}

/** A pip run into a glint is larger than a one's by this much, and no more than twice (then it is a blob of its own). */
const GLINTED_PIP = [1.2, 2] as const

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)
