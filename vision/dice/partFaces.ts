// A face that may be part of a larger one (issue 10). Small dice on a phone photo lose pips to
// glints and marbling, and what is left can still fit a smaller face's layout: two pips along a
// four's side fit a two's diagonal, and the one pip of a two whose other pip the faces left
// out (a shade lighter on a marbled face) is a one. The other dice of the roll, and the pips
// left over, say when that may have happened; the face is then asked about.
import { median, type Point } from '../raster.ts'
import { faceSide, fitLayout, mean, plausibleGrid, type Face } from './faces.ts'
import { PipGrid, alikePips, type Pip } from './pips.ts'

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
  // Off by as much along x or y is no nearer (hypot is never shorter than either leg): a
  // speckled table's lone specks, each a one, are passed over so against every other speck.
  const reach = SECOND_PIP_REACH * one.side
  if (Math.abs(pip.x - one.centre.x) >= reach || Math.abs(pip.y - one.centre.y) >= reach) return false
  if (inFaces.has(pip)) return false
  const own = one.pips[0]!
  const glinted = pip.polarity === own.polarity && pip.radius > GLINTED_PIP[0] * own.radius && pip.radius < GLINTED_PIP[1] * own.radius
  if (!alikePips(pip, own) && !glinted) return false
  return distance(pip, one.centre) < reach
}

/** A pip run into a glint is larger than a one's by this much, and no more than twice (then it is a blob of its own). */
const GLINTED_PIP = [1.2, 2] as const

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

/**
 * One die read as two or three unsure pieces: the pip finder's groups stop where a glint or a
 * streak crosses the face, and each piece is read as a smaller face of its own (a four as a two
 * and a one, a five as a three and a two). Pieces whose faces overlap or touch (centres within
 * half their sides added) are joined when their pips together fit one layout closely on a
 * square grid, of pips of one kind, making a face no larger than ONE_FACE of the side the roll's
 * sure layouts measure (in a roll of ones, its sure ones), its pips less than ONE_FACE_SPAN of
 * that side apart: two dice side by side, read as a one each, have their pips a side or more
 * apart, and those two pips would make a two larger than any die of the roll.
 * The glint that parts the pieces may leave a pip of the face in no face at all (`pips`: every
 * pip found, the faces' among them): the face around it is no plain ring for a one, nor an
 * unbroken way to the others. When the pieces' own pips fit no layout, those loose pips like
 * theirs and within the span are taken in, and the whole must fit one layout as closely (a four
 * read as a two and a one, its fourth pip on the glint's edge).
 * The joined face stays asked about. With no sure face to measure the roll by, nothing is joined.
 */
export function joinPartFaces(faces: readonly Face[], pips: readonly Pip[] = []): Face[] {
  const sure = faces.filter((f) => f.confidence >= SURE)
  const layouts = sure.filter((f) => f.pips.length >= 2)
  // A roll of ones: its sure ones measure the dice, when two or more agree to be the roll.
  const sides = (layouts.length > 0 ? layouts : sure.length >= 2 ? sure : []).map((f) => f.side)
  if (sides.length === 0) return [...faces]
  const rollSide = median(sides)
  const touch = (a: Face, b: Face) => {
    const reach = 0.5 * (a.side + b.side)
    // Off by more along x or y is farther (hypot is never shorter than either leg): a speckled
    // table gives hundreds of unsure lone specks, each compared with every other.
    if (Math.abs(a.centre.x - b.centre.x) > reach || Math.abs(a.centre.y - b.centre.y) > reach) return false
    return distance(a.centre, b.centre) <= reach
  }
  const pieces = faces.filter((f) => f.confidence < SURE)
  // Pips in no face (a glint or a streak cut them off their face's plain, as it cut the pieces
  // apart), found only when some pieces touch and their own pips fit no layout.
  let loose: Pip[] | undefined
  const loosePips = () => (loose ??= loosePipsOf(faces, pips))
  const joined = new Map<Face, Face>()
  const used = new Set<Face>()
  for (const first of pieces) {
    if (used.has(first)) continue
    // The pieces touching the first, and those touching them: only while they may still be one
    // face's (a speckled table's specks touch one another by the hundred, and a group only grows).
    const group = [first]
    for (let i = 0; i < group.length && group.length <= MOST_PIECES; i++)
      for (const other of pieces) if (!group.includes(other) && !used.has(other) && touch(group[i]!, other)) group.push(other)
    if (group.length < 2 || group.length > MOST_PIECES) continue
    const face = joinedFace(group, rollSide, loosePips)
    if (!face) continue
    for (const piece of group) used.add(piece)
    joined.set(first, face)
  }
  return faces.flatMap((face) => (joined.has(face) ? [joined.get(face)!] : used.has(face) ? [] : [face]))
}

/** The pips in no face: none of the faces' pips lies within the larger radius of the two from it. */
function loosePipsOf(faces: readonly Face[], pips: readonly Pip[]): Pip[] {
  const inFaces = faces.flatMap((f) => f.pips)
  // A face's pip that near lies less than the largest radius from a pip along x and y: only the
  // cells around a pip are looked in (a speckled table's hundreds of specks are each a face).
  const cells = new PipGrid(Math.max(0, ...pips.map((p) => p.radius), ...inFaces.map((p) => p.radius)) + 1)
  for (const pip of inFaces) cells.add(pip)
  const near = (pip: Pip, other: Pip) => {
    const reach = Math.max(pip.radius, other.radius)
    // Off by as much along x or y is no nearer (hypot is never shorter than either leg).
    if (Math.abs(pip.x - other.x) >= reach || Math.abs(pip.y - other.y) >= reach) return false
    return distance(pip, other) < reach
  }
  return pips.filter((pip) => !cells.around(pip).some((other) => near(pip, other)))
}

function joinedFace(group: readonly Face[], rollSide: number, loose: () => readonly Pip[]): Face | null {
  const own = group.flatMap((piece) => piece.pips)
  const byOwn = layoutOf(group, own, rollSide)
  if (byOwn) return byOwn
  // Loose pips like the pieces' and within one face's span of every one of theirs may be the face's too.
  const near = loose().filter((pip) => alikePips(pip, own[0]!) && own.every((other) => distance(pip, other) < ONE_FACE_SPAN * rollSide))
  return near.length > 0 ? layoutOf(group, [...own, ...near], rollSide) : null
}

/** The face the pieces' pips make with `pips` (theirs, and any loose ones taken in), when they fit one layout of the roll's size. */
function layoutOf(group: readonly Face[], pips: readonly Pip[], rollSide: number): Face | null {
  const own = group.reduce((n, piece) => n + piece.pips.length, 0)
  if (pips.length > 6 || pips.some((pip) => pip.polarity !== pips[0]!.polarity || !alikePips(pip, pips[0]!))) return null
  // A face's corner pips lie some 0.7 of its side apart; two dice's middle pips, a side or more.
  if (pips.some((a) => pips.some((b) => distance(a, b) >= ONE_FACE_SPAN * rollSide))) return null
  const fit = fitLayout(pips)
  const radius = mean(pips.map((pip) => pip.radius))
  if (!fit || fit.residual >= JOINED_RESIDUAL || plausibleGrid(fit, radius) !== null) return null
  const side = faceSide(fit, radius)
  if (side > ONE_FACE * rollSide) return null
  return {
    pips: [...pips],
    value: fit.value,
    centre: fit.centre,
    u: fit.u,
    v: fit.v,
    side,
    confidence: Math.min(...group.map((piece) => piece.confidence)),
    doubts: [`${JOINED}: ${group.map((piece) => piece.value).join(' and ')}${pips.length > own ? `, ${withLoose(pips.length - own)}` : ''}`],
  }
}

/** A face is joined from two or three pieces: more touching one another are no one die's. */
const MOST_PIECES = 3

export const JOINED = 'pieces of one face joined'
const withLoose = (count: number) => `with ${count} pip${count > 1 ? 's' : ''} in no face`
/** The pieces' pips must fit their joined layout as closely as a face's own pips before any doubt. */
const JOINED_RESIDUAL = 0.15
/** The joined pips lie less than this share of the roll's side apart: within one face, not across two dice. */
const ONE_FACE_SPAN = 0.85
/** A joined face no larger than this share of the roll's sure layouts' side (nearer dice measure a little larger). */
const ONE_FACE = 1.2
