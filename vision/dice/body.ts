// The die around a lone pip (issue 10). A face of one pip has no layout to vouch for it: a
// screw hole in a plastic bar, a dark coloured die seen whole against a white tray, a knot in
// the wood are all a round blob on a plain ring, just like a one's pip. What a one has and they
// have not is a die's body: a face of the ring's colour that ends, not far off, on every side,
// about as far on one side of the pip as on the other (the pip of a one is at its face's centre).
import { deltaE, hypot, rgbToLabKept, type GrayImage, type Lab, type Point } from '../raster.ts'
import type { FaceImage } from './faces.ts'
import { alikePips, type Pip } from './pips.ts'

/** Rays cast from the pip's centre: enough that a die's four edges each stop several. */
const RAYS = 32
/**
 * How far (in pip radii) a ray may go before the face must have ended: a one's pip is printed
 * at least about 0.06 of the side across its radius, so the face's corner lies within 12 radii;
 * a slanted view adds the front face below the top.
 */
const FARTHEST = 16
/** Rays start beyond the pip's ring, which its finder has already seen plain. */
const NEAREST = 1.8
/** Rays that may run on: where the die touches another of its colour, or its edge is lit like the table. */
const RUNAWAYS = 3

/**
 * Where the face ends: a grey or a colour this far from the face just before. An ivory die on
 * pale wood or grey cloth differs by about ΔE 12–20; the pip's own contrast says nothing of it.
 */
const FACE_GREY = 14
const FACE_COLOUR = 11
/** A ray's step along the photo (pixels of the copy read). */
const RAY_STEP = 0.75
/** How far back along a ray (photo pixels) the face it runs over is remembered. */
const LOOK_BACK = 10
/** A die's top face is square: seen at a slant its width one way and across differ by no more than the pip's own squash. */
const SQUARE = 1.5
/** The pip of a one lies at its face's middle: off it by at most this share of the face's width. */
const OFF_CENTRE = 0.4
/** The face of a one is looked over for spots this far from its middle, in half sides. */
const SPOT_REACH = 0.75
/** A spot this much of the pip's contrast darker (lighter) than the face is a pip. */
export const SPOT = 0.45
/** Pips seen flatter than this are unsquashed only this far (a tiny pip's shape is noise). */
const FLATTEST = 0.5

/** The face around the pip ends nowhere near: no die is there at all (the first and plainest of the verdicts). */
export const NO_DIE_AROUND = 'a lone pip with no die around it'
/** The face around the pip ends, but is no square (a bar, a strip of table). */
export const NO_SQUARE_FACE = 'a lone pip on no square face'
/** A spot of the pip's tone on the plain of its face, where the layout has no pip: a pip missed, or no die's face at all. */
export const DARK_SPOT = 'a dark spot where no pip should be'
/** A pip alike the lone one lies on the face around it: no one's face. */
export const ANOTHER_PIP_ON_ITS_FACE = 'another pip on its face'
/** A face is seen around the pip, but the pip (a two's middle) lies off its middle. */
export const OFF_THE_MIDDLE = 'a lone pip off the middle of its face'

/**
 * What is seen around a lone pip: why no die is seen there (`doubt`, null when one is), and how
 * wide the plain face around it runs (`width`: the mean of its narrowest width and the width
 * across that, pixels of the copy in the face's plane; Infinity where rays ran on). Rays go out from the pip evenly in
 * the plane of the face, each to where the face's grey or colour ends: a pip seen at a slant is
 * an ellipse, and the face around it is squashed the same way, so each ray's direction and
 * length are unsquashed by the pip's shape. A two's die is looked for the same way: rays go out
 * `from` the middle of its layout, through its `own` pips, and its face is looked over for
 * missed pips only `spotReach` half sides out (a small light-pipped die's rounded corners
 * give onto a white tray).
 */
export function noDieAround(
  image: FaceImage,
  pip: Pip,
  pips: readonly Pip[],
  from: { x: number; y: number } = pip,
  own: readonly Pip[] = [pip],
  spotReach = SPOT_REACH,
): { doubt: string | null; width: number } {
  const { gray, colour } = image
  const { width, height } = gray
  const squash = Math.max(FLATTEST, pip.roundness)
  const cos = Math.cos(pip.angle)
  const sin = Math.sin(pip.angle)
  // Distances on the face, in the pip's major radii.
  const radius = pip.radius / Math.sqrt(squash)
  // Pips like this one (seen at the same slant, of about its size): a ray runs on across them,
  // and one on the face makes it no one.
  // Only those a ray can reach are kept: a ray never runs farther than FARTHEST radii from
  // `from` (its stretch is at most 1), and a speckled table gives hundreds of alike specks.
  const alike = pips.filter((other) => {
    const reach = FARTHEST * radius + NEAREST * other.radius + 1
    // Out of reach along x or y is out of reach (hypot is never shorter than either).
    if (Math.abs(other.x - from.x) >= reach || Math.abs(other.y - from.y) >= reach) return false
    return !own.includes(other) && hypot(other.x - from.x, other.y - from.y) < reach && alikePips(other, pip)
  })
  const crossed = new Set<Pip>()
  // Reach of each ray: from the pip's centre to where the face ends, or Infinity.
  const reach: number[] = []
  // The face as a ray last saw it (a few pixels back): a face shaded from one side to the other
  // changes slowly, its edge all at once. Each point seen, where along the ray (t), its grey and
  // its Lab, in arrays of their own, reused from ray to ray (a speckled table's hundreds of
  // specks each cast every ray, and a record for each point was most of what the collector did).
  const steps = Math.ceil(((FARTHEST - NEAREST) * radius) / RAY_STEP) + 2
  const seenT = new Float64Array(steps)
  const seenGrey = new Float64Array(steps)
  const seenLab = new Float64Array(3 * steps)
  const lab: Lab = [0, 0, 0]
  // The mean colour of the points looked back on, reused likewise.
  const seenMean: Lab = [0, 0, 0]
  for (let k = 0; k < RAYS; k++) {
    const theta = (2 * Math.PI * k) / RAYS
    // The face's direction (cos θ, sin θ) as the photo shows it: squashed across the pip's major axis, then turned.
    const along = Math.cos(theta)
    const across = squash * Math.sin(theta)
    const stretch = Math.hypot(along, across)
    const dx = (along * cos - across * sin) / stretch
    const dy = (along * sin + across * cos) / stretch
    let seen = 0
    // The points seen from LOOK_BACK to LOOK_BACK / 2 back are those first to last − 1: the
    // points run outwards, so both ends only move on as the ray does.
    let first = 0
    let last = 0
    const away = (t: number, grey: number) => {
      while (first < seen && seenT[first]! < t - LOOK_BACK) first++
      if (last < first) last = first
      while (last < seen && seenT[last]! <= t - LOOK_BACK / 2) last++
      const count = last - first
      if (count === 0) return Math.abs(grey - pip.face) > FACE_GREY || deltaE(lab, pip.faceColour) > FACE_COLOUR
      let sum = 0
      let l = 0
      let a = 0
      let b = 0
      for (let i = first; i < last; i++) {
        sum += seenGrey[i]!
        l += seenLab[3 * i]!
        a += seenLab[3 * i + 1]!
        b += seenLab[3 * i + 2]!
      }
      seenMean[0] = l / count
      seenMean[1] = a / count
      seenMean[2] = b / count
      return Math.abs(grey - sum / count) > FACE_GREY || deltaE(lab, seenMean) > FACE_COLOUR
    }
    let end = Infinity
    let off = 0
    const near = NEAREST * radius * stretch
    const far = FARTHEST * radius * stretch
    // Only the alike pips this ray can pass over are asked at each step (a pixel to spare).
    const onTheWay = alike.filter((other) => {
      const within = NEAREST * other.radius + 1
      const ahead = (other.x - from.x) * dx + (other.y - from.y) * dy
      return Math.abs((other.y - from.y) * dx - (other.x - from.x) * dy) < within && ahead > near - within && ahead < far + within
    })
    for (let t = near; t <= far; t += RAY_STEP) {
      const x = from.x + dx * t
      const y = from.y + dy * t
      // The photo's edge ends the face as well as a die's edge does.
      if (Math.round(x) < 0 || Math.round(y) < 0 || Math.round(x) >= width || Math.round(y) >= height) {
        end = t
        break
      }
      if (own.some((p) => p !== pip && hypot(p.x - x, p.y - y) < NEAREST * p.radius)) {
        off = 0
        continue
      }
      const onPip = onTheWay.find((other) => hypot(other.x - x, other.y - y) < NEAREST * other.radius)
      if (onPip) {
        crossed.add(onPip)
        off = 0
        continue
      }
      const p = Math.round(y) * width + Math.round(x)
      const grey = gray.data[p]!
      rgbToLabKept(colour.data[p * 4]!, colour.data[p * 4 + 1]!, colour.data[p * 4 + 2]!, lab)
      off = away(t, grey) ? off + 1 : 0
      if (off >= 2) {
        end = t - RAY_STEP
        break
      }
      if (off === 0) {
        seenT[seen] = t
        seenGrey[seen] = grey
        seenLab[3 * seen] = lab[0]
        seenLab[3 * seen + 1] = lab[1]
        seenLab[3 * seen + 2] = lab[2]
        seen++
      }
    }
    reach.push(end / stretch / radius)
  }
  const runaways = reach.filter((d) => !Number.isFinite(d)).length
  // Widths across the face, each smoothed over its neighbours: the narrowest runs across two
  // edges, and across it a square is as wide, a bar or a strip of table far wider.
  const quarter = RAYS / 4
  const at = (k: number) => reach[((k % RAYS) + RAYS) % RAYS]!
  const middle = (k: number) => [at(k - 1), at(k), at(k + 1)].sort((a, b) => a - b)[1]!
  const widthAt = (k: number) => middle(k) + middle(k + RAYS / 2)
  let narrowest = 0
  for (let k = 1; k < RAYS / 2; k++) if (widthAt(k) < widthAt(narrowest)) narrowest = k
  const across = widthAt(narrowest + quarter)
  const aspect = across / widthAt(narrowest)
  // Where the face's middle lies from the pip, in the face's plane: x along the pip's major axis
  // (across the line of sight), y along its minor axis, towards or away from the camera.
  const half = (widthAt(narrowest) + across) / 4
  const shift = (k: number) => (middle(k) - middle(k + RAYS / 2)) / 2
  const angleOf = (k: number) => (2 * Math.PI * k) / RAYS
  const middleX = (shift(narrowest) * Math.cos(angleOf(narrowest)) + shift(narrowest + quarter) * Math.cos(angleOf(narrowest + quarter))) / half
  const middleY = (shift(narrowest) * Math.sin(angleOf(narrowest)) + shift(narrowest + quarter) * Math.sin(angleOf(narrowest + quarter))) / half
  const offCentre = Math.hypot(middleX, middleY)
  const halfSide = widthAt(narrowest) / 2
  const faceWidth = 2 * half * radius
  if (runaways > RUNAWAYS) return { doubt: NO_DIE_AROUND, width: faceWidth }
  if (crossed.size > 0) return { doubt: ANOTHER_PIP_ON_ITS_FACE, width: faceWidth }
  // A ray that ran on makes a width infinite, and the comparisons below false.
  if (!(aspect <= SQUARE)) return { doubt: NO_SQUARE_FACE, width: faceWidth }
  if (!(offCentre <= OFF_CENTRE)) return { doubt: OFF_THE_MIDDLE, width: faceWidth }
  // A one's face is plain but for its pip: a spot of the pip's kind on it is a pip the finder
  // missed (a two or a three read from one of its pips).
  const onPhoto = (fx: number, fy: number) => ({
    x: from.x + radius * (fx * cos - squash * fy * sin),
    y: from.y + radius * (fx * sin + squash * fy * cos),
  })
  if (own.length === 1 && reach.some((d, k) => Number.isFinite(d) && pipWhereTheRayEnds(gray, pip, pips, onPhoto, d, angleOf(k))))
    return { doubt: A_PIP_ENDS_THE_FACE, width: faceWidth }
  const centreX = middleX * half
  const centreY = middleY * half
  const n = { x: Math.cos(angleOf(narrowest)), y: Math.sin(angleOf(narrowest)) }
  let spot = 0
  for (let a = -spotReach; a <= spotReach + 1e-9; a += spotReach / 3)
    for (let b = -spotReach; b <= spotReach + 1e-9; b += spotReach / 3) {
      const fx = centreX + halfSide * (a * n.x - b * n.y)
      const fy = centreY + halfSide * (a * n.y + b * n.x)
      if (own.length === 1 && Math.hypot(fx, fy) < 2) continue
      const point = onPhoto(fx, fy)
      if (own.length > 1 && own.some((p) => Math.hypot(p.x - point.x, p.y - point.y) < 2 * p.radius)) continue
      spot = Math.max(spot, pip.polarity * (pip.face - sampleDisc(gray, point, 0.6 * pip.radius)))
    }
  if (spot > SPOT * pip.contrast) return { doubt: DARK_SPOT, width: faceWidth }
  // Every other test passed: the last is whether the face it measured is a die's at all.
  return { doubt: own.length === 1 && raggedOutline(reach) ? NO_SQUARE_FACE : null, width: faceWidth }
}

/**
 * Seen from a one's pip, its face ends at the die's four edges: each ray ends about where its
 * neighbours end (a square's outline, its width changing smoothly from side to corner, by at most
 * a quarter from one ray to the next). A fleck on a fleece, a cloth or a carpet lies on no face:
 * its rays end at the tufts and gaps of the weave, each at its own distance, some a step past the
 * fleck's ring and the next many radii on; smoothed over three rays (noDieAround's widths) such a
 * patch can still measure square and centred. Where a quarter of the rays or more end RAGGED times
 * as far as the ray beside them (or as near), the face's outline is no square, whatever its widths.
 * Rays that ran on are left out: a die touching another of its colour lets a few run on.
 */
function raggedOutline(reach: readonly number[]): boolean {
  let jumps = 0
  for (let k = 0; k < reach.length; k++) {
    const a = reach[k]!
    const b = reach[(k + 1) % reach.length]!
    if (Number.isFinite(a) && Number.isFinite(b) && Math.max(a, b) > RAGGED * Math.min(a, b)) jumps++
  }
  return jumps >= RAGGED_RAYS
}

/** Two neighbouring rays ending this many times as far as each other end on no straight edge (a square's differ by a quarter at most). */
const RAGGED = 1.6
/** A quarter of the rays ending so: the outline is ragged. */
const RAGGED_RAYS = RAYS / 4

/**
 * A lone pip's face ends, ray after ray, at its die's edges, past which lie the table or the
 * die's side. The face of a die whose other pips the finder missed (a glint at their middles,
 * too faint, too near the edge) ends where a ray meets one of them: a mark of the lone pip's
 * size and tone with face around it, on the side it was reached from and on both sides across
 * the ray. No edge is that: the ring around a mark just past an edge is mostly table, and a
 * seam or a shadow between two dice runs through it, darkening two opposite sides. Such a pip
 * makes the lone pip one of a larger face's, however well the face around it otherwise looks
 * like a one's (the rays that missed pips end make it small, square and centred on the pip).
 */
export const A_PIP_ENDS_THE_FACE = 'a mark of a pip’s size where its face should run on'

/**
 * Whether the ray from the pip at `angle` (in the face's plane), which ended `reach` radii out,
 * ended at a pip: a disc one radius farther on, its middle if it is one, of the pip's tone, and
 * the ring around that disc (MISSED_PIP_RING radii out) of the face's tone at RING_FACE points
 * or more, with no two opposite points off the face (a pip beside its face's edge has the edge
 * in its ring on the side beyond); the mark as wide as a pip along the ray and across it; and no
 * pip found there.
 */
function pipWhereTheRayEnds(gray: GrayImage, pip: Pip, pips: readonly Pip[], onPhoto: (fx: number, fy: number) => Point, reach: number, angle: number): boolean {
  const fx = (reach + 1) * Math.cos(angle)
  const fy = (reach + 1) * Math.sin(angle)
  if (!(pip.polarity * (pip.face - sampleDisc(gray, onPhoto(fx, fy), 0.6 * pip.radius)) > SPOT * pip.contrast)) return false
  const offFace: boolean[] = []
  for (let m = 0; m < RING_POINTS; m++) {
    const around = angle + (2 * Math.PI * m) / RING_POINTS
    const point = onPhoto(fx + MISSED_PIP_RING * Math.cos(around), fy + MISSED_PIP_RING * Math.sin(around))
    offFace.push(!(Math.abs(pip.face - sampleDisc(gray, point, 0.4 * pip.radius)) < RING_TONE * pip.contrast))
  }
  const half = RING_POINTS / 2
  // Points 0 … 7 run round from the side beyond: 4 lies towards the lone pip, 2 and 6 across the ray.
  if (offFace[half] || offFace[half / 2] || offFace[half + half / 2]) return false
  if (offFace.some((off, m) => off && offFace[(m + half) % RING_POINTS])) return false
  if (offFace.filter((off) => !off).length < RING_FACE) return false
  // As wide as the pip both along the ray and across it, in the face's plane: a pip of the die's
  // side face, seen past the top's edge, is flattened in that plane (and a one's side pips are
  // smaller than its pip).
  const ofPipTone = (x: number, y: number) => pip.polarity * (pip.face - sampleDisc(gray, onPhoto(x, y), 0.25 * pip.radius)) > SPOT * pip.contrast
  const along = { x: Math.cos(angle), y: Math.sin(angle) }
  const toneAlong = MARK_STEPS.filter((t) => ofPipTone((reach + t) * along.x, (reach + t) * along.y))
  if (toneAlong.length === 0 || toneAlong.at(-1)! - toneAlong[0]! < MARK_WIDTH) return false
  const middle = reach + (toneAlong[0]! + toneAlong.at(-1)!) / 2
  const toneAcross = MARK_STEPS.map((t) => t - MARK_STEPS.at(-1)! / 2).filter((t) => ofPipTone(middle * along.x - t * along.y, middle * along.y + t * along.x))
  if (toneAcross.length === 0 || toneAcross.at(-1)! - toneAcross[0]! < MARK_WIDTH) return false
  // A pip the finder did find there (a side face's, seen round enough) has been judged with its own face.
  const mark = onPhoto(middle * along.x, middle * along.y)
  return !pips.some((other) => other !== pip && other.polarity === pip.polarity && hypot(other.x - mark.x, other.y - mark.y) < FOUND_THERE * Math.max(other.radius, pip.radius))
}

/** A pip found within this many radii of a mark is the mark. */
const FOUND_THERE = 1.5

/** Where a missed pip's extent is looked at: from the ray's end on, and across its middle, in the lone pip's radii (a pip is two across, blurred). */
const MARK_STEPS = Array.from({ length: 12 }, (_, k) => 0.2 * k)
/** A missed pip is of the pip's tone over this many of the lone pip's radii along the ray and across it (a sharp pip, two). */
const MARK_WIDTH = 1.4

/** Points of the ring around a missed pip. */
const RING_POINTS = 8
/** The ring around a missed pip, in the lone pip's radii from its middle: past its rim and its blur. */
const MISSED_PIP_RING = 1.8
/**
 * Points of that ring that must be face: a pip two radii from its face's edge has three points
 * beyond the edge; a mark just past a straight edge has at most three of its ring on the face.
 */
const RING_FACE = 5
/** The ring's points are face within this share of the lone pip's contrast from its face. */
const RING_TONE = 0.35

/** The mean grey of a disc (NaN when it lies off the image). */
export function sampleDisc(gray: GrayImage, centre: Point, radius: number): number {
  let sum = 0
  let count = 0
  const r = Math.max(1, radius)
  for (let y = Math.floor(centre.y - r); y <= Math.ceil(centre.y + r); y++)
    for (let x = Math.floor(centre.x - r); x <= Math.ceil(centre.x + r); x++) {
      if (x < 0 || y < 0 || x >= gray.width || y >= gray.height) continue
      if (hypot(x - centre.x, y - centre.y) > r) continue
      sum += gray.data[y * gray.width + x]!
      count++
    }
  return count > 0 ? sum / count : NaN
}
