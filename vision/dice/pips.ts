// Pips: small round blobs that differ from a plain ring of die face around them (issue 10).
// Found by local contrast at several scales, so neither the table's colour nor the die's
// matters: a black pip on ivory and a white pip on a red die are both a compact blob whose
// surround is uniform and clearly lighter (or darker) than the blob itself.
import { boxBlur, connectedComponents, type GrayImage, type Lab } from '../raster.ts'

export interface Pip {
  x: number
  y: number
  /** Radius of a disc of the blob's area. */
  radius: number
  /** Minor over major axis of the blob's ellipse: 1 round, lower foreshortened (a side face). */
  roundness: number
  /** Direction of the ellipse's major axis (radians). */
  angle: number
  /** Grey level of the face around the pip (ring median) and of the pip itself. */
  face: number
  level: number
  /** Face colour around the pip (Lab), what the faces' clustering compares. */
  faceColour: Lab
  /** |face − level|: how clearly the pip stands out. */
  contrast: number
  /** 1: darker than its face (black pips), −1: lighter (white pips on a coloured die). */
  polarity: 1 | -1
}

/** Pip radii tried, as fractions of the working image's long side. */
const SCALES = [0.004, 0.0075, 0.014, 0.026, 0.05]
/** Smallest pip contrast in grey levels: below it JPEG noise and wood grain pass for pips. */
const MIN_CONTRAST = 28

/** Finds pip candidates of both polarities at every scale, verified by their ring. */
export function findPips(gray: GrayImage, lab: Float32Array): Pip[] {
  const { width, height } = gray
  const longSide = Math.max(width, height)
  const found: Pip[] = []
  for (const polarity of [1, -1] as const) {
    for (const fraction of SCALES) {
      const radius = Math.max(1.5, fraction * longSide)
      const surround = boxBlur(gray, Math.max(2, Math.round(radius * 2.5)))
      const mask = new Uint8Array(width * height)
      for (let p = 0; p < mask.length; p++) {
        const difference = polarity * (surround.data[p]! - gray.data[p]!)
        mask[p] = difference > MIN_CONTRAST * 0.6 ? 1 : 0
      }
      const { labels, components } = connectedComponents(mask, width, height, 8)
      const minArea = Math.max(4, 0.25 * Math.PI * radius * radius)
      const maxArea = 2.5 * Math.PI * radius * radius
      for (const c of components) {
        if (c.area < minArea || c.area > maxArea) continue
        if (c.minX === 0 || c.minY === 0 || c.maxX === width - 1 || c.maxY === height - 1) continue
        const pip = verifyPip(gray, lab, labels, c.label, c.minX, c.minY, c.maxX, c.maxY, polarity)
        if (pip) found.push(pip)
      }
    }
  }
  return dedupe(withoutWholeDice(found))
}

/**
 * A coloured die on a pale table is itself a dark round blob with a plain ring of table
 * around it, just like a pip on a face; what gives it away is the pips of the other
 * polarity inside it (white pips on the red die). A pip holds nothing of its own but, at
 * most, a glint far smaller than the largest die pip would be relative to its die.
 */
function withoutWholeDice(pips: Pip[]): Pip[] {
  return pips.filter(
    (outer) =>
      !pips.some(
        (inner) =>
          inner.polarity !== outer.polarity &&
          inner.radius < CONTAINED_PIP * outer.radius &&
          Math.hypot(inner.x - outer.x, inner.y - outer.y) + inner.radius < 0.9 * outer.radius,
      ),
  )
}

/**
 * A die's pip is about 0.085 of its side and the die as a blob has a radius of about 0.56
 * of its side: its pips are 0.15 of it (a one's large pip up to about 0.25).
 */
const CONTAINED_PIP = 0.3

/** The same blob found at two scales: keep the clearer one. */
function dedupe(pips: Pip[]): Pip[] {
  const sorted = [...pips].sort((a, b) => b.contrast - a.contrast)
  const kept: Pip[] = []
  for (const pip of sorted) {
    if (kept.some((k) => Math.hypot(k.x - pip.x, k.y - pip.y) < Math.max(k.radius, pip.radius) * 1.2)) continue
    kept.push(pip)
  }
  return kept
}

function verifyPip(
  gray: GrayImage,
  lab: Float32Array,
  labels: Int32Array,
  label: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  polarity: 1 | -1,
): Pip | null {
  const { width, height } = gray
  // Second moments of the blob: its ellipse.
  let n = 0
  let sx = 0
  let sy = 0
  let sum = 0
  for (let y = minY; y <= maxY; y++)
    for (let x = minX; x <= maxX; x++) {
      const p = y * width + x
      if (labels[p] !== label) continue
      n++
      sx += x
      sy += y
      sum += gray.data[p]!
    }
  const cx = sx / n
  const cy = sy / n
  let xx = 0
  let yy = 0
  let xy = 0
  for (let y = minY; y <= maxY; y++)
    for (let x = minX; x <= maxX; x++) {
      if (labels[y * width + x] !== label) continue
      xx += (x - cx) ** 2
      yy += (y - cy) ** 2
      xy += (x - cx) * (y - cy)
    }
  xx /= n
  yy /= n
  xy /= n
  const common = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy)
  const major = Math.sqrt(Math.max(1e-6, (xx + yy) / 2 + common))
  const minor = Math.sqrt(Math.max(1e-6, (xx + yy) / 2 - common))
  const roundness = minor / major
  if (roundness < 0.35) return null
  // A filled ellipse has area 4π·major·minor (moments of a uniform ellipse are a²/4).
  const fill = n / (4 * Math.PI * major * minor)
  if (fill < 0.6 || fill > 1.4) return null
  const radius = Math.sqrt(n / Math.PI)
  const level = sum / n
  // The ring around the pip: a plain face, clearly lighter (darker) than the pip.
  const inner = radius * 1.6
  const outer = Math.max(radius * 2.3, inner + 2)
  const ring: number[] = []
  const ringPixels: number[] = []
  const x0 = Math.max(0, Math.floor(cx - outer))
  const x1 = Math.min(width - 1, Math.ceil(cx + outer))
  const y0 = Math.max(0, Math.floor(cy - outer))
  const y1 = Math.min(height - 1, Math.ceil(cy + outer))
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const d = Math.hypot(x - cx, y - cy)
      if (d < inner || d > outer) continue
      ring.push(gray.data[y * width + x]!)
      ringPixels.push(y * width + x)
    }
  if (ring.length < 8) return null
  ring.sort((a, b) => a - b)
  const face = ring[ring.length >> 1]!
  const contrast = polarity * (face - level)
  if (contrast < MIN_CONTRAST) return null
  // Most of the ring is face: neighbouring pips may cut into it, a cable or a die's edge cuts more.
  const tolerance = 0.3 * contrast
  const plain = ring.filter((v) => Math.abs(v - face) <= tolerance).length / ring.length
  if (plain < 0.6) return null
  // Towards the pip's side the ring is at most as far from the face as the pip.
  const facing = ring.filter((v) => polarity * (face - v) > 0.6 * contrast).length / ring.length
  if (facing > 0.2) return null
  // A pip's core is one flat tone; a blob whose core holds pips of its own is a whole die.
  let coreCount = 0
  let coreSum = 0
  let coreSquares = 0
  for (let y = Math.floor(cy - radius * 0.6); y <= Math.ceil(cy + radius * 0.6); y++)
    for (let x = Math.floor(cx - radius * 0.6); x <= Math.ceil(cx + radius * 0.6); x++) {
      if (x < 0 || y < 0 || x >= width || y >= height || Math.hypot(x - cx, y - cy) > radius * 0.6) continue
      const g = gray.data[y * width + x]!
      coreCount++
      coreSum += g
      coreSquares += g * g
    }
  if (coreCount >= 9) {
    const coreMean = coreSum / coreCount
    if (Math.sqrt(Math.max(0, coreSquares / coreCount - coreMean * coreMean)) > 0.32 * contrast) return null
  }
  const colours = ringPixels.filter((p) => Math.abs(gray.data[p]! - face) <= tolerance)
  const faceColour: Lab = [0, 0, 0]
  for (const p of colours) {
    faceColour[0] += lab[p * 3]! / colours.length
    faceColour[1] += lab[p * 3 + 1]! / colours.length
    faceColour[2] += lab[p * 3 + 2]! / colours.length
  }
  return {
    x: cx,
    y: cy,
    radius,
    roundness,
    angle: 0.5 * Math.atan2(2 * xy, xx - yy),
    face,
    level,
    faceColour,
    contrast,
    polarity,
  }
}
