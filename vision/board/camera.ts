// Where a stone's top appears (issue 10): a token has height, and in a photo taken from a
// seated player's chair its top face lands nearer the far end than its base — by half a
// cell or more in the far rows. The camera is recovered from the field's homography
// alone (square pixels, principal point at the photo's centre: Zhang's single-view
// calibration), which says how far a point at a given height leans on the board.
import { applyHomography, invertHomography, type Homography, type Point } from '../raster.ts'

export interface BoardCamera {
  /** The photo point of the field point (u, v) raised by z cells above the board. */
  project: (u: number, v: number, z: number) => Point
  /** Where on the board (field units) a photo point appears to lie, as if it were printed. */
  onBoard: (p: Point) => Point
}

type Vector3 = [number, number, number]

const norm = (v: Vector3) => Math.hypot(v[0], v[1], v[2])
const dot3 = (a: Vector3, b: Vector3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const cross3 = (a: Vector3, b: Vector3): Vector3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]

/**
 * The camera behind `fieldToPhoto` (field units to photo pixels); null when the view is
 * too square-on to tell a focal length — then heights do not lean and need no correction.
 */
export function cameraFromField(fieldToPhoto: Homography, width: number, height: number): BoardCamera | null {
  const cx = width / 2
  const cy = height / 2
  const h = fieldToPhoto
  // Columns of the homography with the principal point moved to the origin.
  const col = (j: number): Vector3 => [h[j]! - cx * h[6 + j]!, h[3 + j]! - cy * h[6 + j]!, h[6 + j]!]
  const h1 = col(0)
  const h2 = col(1)
  const h3 = col(2)
  const estimates: number[] = []
  const orthogonal = -(h1[0] * h2[0] + h1[1] * h2[1]) / (h1[2] * h2[2])
  if (Number.isFinite(orthogonal) && orthogonal > 0 && Math.abs(h1[2] * h2[2]) > 1e-12) estimates.push(orthogonal)
  const equal = (h2[0] ** 2 + h2[1] ** 2 - h1[0] ** 2 - h1[1] ** 2) / (h1[2] ** 2 - h2[2] ** 2)
  if (Number.isFinite(equal) && equal > 0 && Math.abs(h1[2] ** 2 - h2[2] ** 2) > 1e-12) estimates.push(equal)
  if (estimates.length === 0) return null
  const focal = Math.sqrt(estimates.reduce((a, b) => a * b, 1) ** (1 / estimates.length))
  const size = Math.max(width, height)
  if (!(focal > 0.3 * size && focal < 20 * size)) return null
  const unscale = (v: Vector3): Vector3 => [v[0] / focal, v[1] / focal, v[2]]
  const m1 = unscale(h1)
  const m2 = unscale(h2)
  const m3 = unscale(h3)
  let scale = 2 / (norm(m1) + norm(m2))
  // The board lies in front of the camera.
  if (m3[2] * scale < 0) scale = -scale
  const r1 = m1.map((x) => x * scale) as Vector3
  const r2 = m2.map((x) => x * scale) as Vector3
  const t = m3.map((x) => x * scale) as Vector3
  let r3 = cross3(r1, r2)
  const r3Length = norm(r3)
  r3 = r3.map((x) => x / r3Length) as Vector3
  // Up is the side of the board the camera is on.
  if (-dot3(r3, t) < 0) r3 = r3.map((x) => -x) as Vector3
  const toField = invertHomography(fieldToPhoto)
  return {
    project: (u, v, z) => {
      const x = r1[0] * u + r2[0] * v + r3[0] * z + t[0]
      const y = r1[1] * u + r2[1] * v + r3[1] * z + t[1]
      const w = r1[2] * u + r2[2] * v + r3[2] * z + t[2]
      return { x: cx + (focal * x) / w, y: cy + (focal * y) / w }
    },
    onBoard: (p) => applyHomography(toField, p.x, p.y),
  }
}

/** How far (field units) the top of something `height` cells tall standing at (u, v) appears from its base. */
export function leanAt(camera: BoardCamera, u: number, v: number, height: number): Point {
  const top = camera.onBoard(camera.project(u, v, height))
  return { x: top.x - u, y: top.y - v }
}
