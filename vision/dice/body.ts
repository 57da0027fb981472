// The die around a lone pip (issue 10). A face of one pip has no layout to vouch for it: a
// screw hole in a plastic bar, a dark coloured die seen whole against a white tray, a knot in
// the wood are all a round blob on a plain ring, just like a one's pip. What a one has and they
// have not is a die's body: a face of the ring's colour that ends, not far off, on every side,
// about as far on one side of the pip as on the other (the pip of a one is at its face's centre).
import { deltaE, hypot, rgbToLab, type GrayImage, type Lab, type Point } from '../raster.ts'
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
/** How far back along a ray (photo pixels) the face it runs over is remembered. */
const LOOK_BACK = 10
/** A die's top face is square: seen at a slant its width one way and across differ by no more than the pip's own squash. */
const SQUARE = 1.5
/** The pip of a one lies at its face's middle: off it by at most this share of the face's width. */
const OFF_CENTRE = 0.4
/** The face of a one is looked over for spots this far from its middle, in half sides. */
const SPOT_REACH = 0.75
/** A spot this much of the pip's contrast darker (lighter) than the face is a pip. */
const SPOT = 0.45
/** Pips seen flatter than this are unsquashed only this far (a tiny pip's shape is noise). */
const FLATTEST = 0.5

/** The face around the pip ends nowhere near: no die is there at all (the first and plainest of the verdicts). */
export const NO_DIE_AROUND = 'a lone pip with no die around it'
/** The face around the pip ends, but is no square (a bar, a strip of table). */
export const NO_SQUARE_FACE = 'a lone pip on no square face'
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
  for (let k = 0; k < RAYS; k++) {
    const theta = (2 * Math.PI * k) / RAYS
    // The face's direction (cos θ, sin θ) as the photo shows it: squashed across the pip's major axis, then turned.
    const along = Math.cos(theta)
    const across = squash * Math.sin(theta)
    const stretch = Math.hypot(along, across)
    const dx = (along * cos - across * sin) / stretch
    const dy = (along * sin + across * cos) / stretch
    // The face as the ray last saw it (a few pixels back): a face shaded from one side to the
    // other changes slowly, its edge all at once.
    const seen: { t: number; grey: number; lab: Lab }[] = []
    // The points seen from LOOK_BACK to LOOK_BACK / 2 back are seen[first] to seen[last − 1]:
    // `seen` runs outwards, so both ends only move on as the ray does.
    let first = 0
    let last = 0
    const away = (t: number, grey: number, lab: Lab) => {
      while (first < seen.length && seen[first]!.t < t - LOOK_BACK) first++
      if (last < first) last = first
      while (last < seen.length && seen[last]!.t <= t - LOOK_BACK / 2) last++
      const count = last - first
      let face = pip.face
      let faceColour = pip.faceColour
      if (count > 0) {
        let sum = 0
        let l = 0
        let a = 0
        let b = 0
        for (let i = first; i < last; i++) {
          const s = seen[i]!
          sum += s.grey
          l += s.lab[0]
          a += s.lab[1]
          b += s.lab[2]
        }
        face = sum / count
        faceColour = [l / count, a / count, b / count]
      }
      return Math.abs(grey - face) > FACE_GREY || deltaE(lab, faceColour) > FACE_COLOUR
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
    for (let t = near; t <= far; t += 0.75) {
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
      const lab = rgbToLab(colour.data[p * 4]!, colour.data[p * 4 + 1]!, colour.data[p * 4 + 2]!)
      off = away(t, grey, lab) ? off + 1 : 0
      if (off >= 2) {
        end = t - 0.75
        break
      }
      if (off === 0) seen.push({ t, grey, lab })
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
  if (crossed.size > 0) return { doubt: 'another pip on its face', width: faceWidth }
  // A ray that ran on makes a width infinite, and the comparisons below false.
  if (!(aspect <= SQUARE)) return { doubt: NO_SQUARE_FACE, width: faceWidth }
  if (!(offCentre <= OFF_CENTRE)) return { doubt: OFF_THE_MIDDLE, width: faceWidth }
  // A one's face is plain but for its pip: a spot of the pip's kind on it is a pip the finder
  // missed (a two or a three read from one of its pips).
  const onPhoto = (fx: number, fy: number) => ({
    x: from.x + radius * (fx * cos - squash * fy * sin),
    y: from.y + radius * (fx * sin + squash * fy * cos),
  })
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
  return { doubt: spot > SPOT * pip.contrast ? 'a dark spot where no pip should be' : null, width: faceWidth }
}

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
