// The first dice reader (issue 4), kept as a second opinion (issue 10): the dice are blobs
// that differ from a plain surface, the pips are blobs that differ from each die's body. It
// sees small coloured dice on a plain cloth that the pip reader (pips.ts, faces.ts) can miss;
// vision/dice.ts reconciles the two and asks wherever they disagree.
import {
  connectedComponents,
  deltaE,
  labAt,
  limitSize,
  median,
  medianColour,
  otsuThreshold,
  percentile,
  toLab,
  type Component,
  type Lab,
  type Point,
  type RgbaImage,
} from '../raster.ts'

const DICE_IN_A_ROLL = 5

export interface SurfaceDie {
  value: number
  confidence: number
  centre: Point
  side: number
}

/** Side of the working copy: a die of a tenth of the photo's width keeps ~48 px, its pips ~4 px across. */
const WORKING_SIDE = 480

export function readDiceBySurface(image: RgbaImage): SurfaceDie[] {
  const { image: small, scale } = limitSize(image, WORKING_SIDE)
  const { width, height } = small
  const lab = toLab(small)
  const at = (p: number): Lab => labAt(lab, p)

  // First pass: the surface is what the photo's edges show. That finds the dice, roughly,
  // and so their size; the second pass compares each pixel with the surface near it, read
  // over patches a few dice wide, so a shadow across the table does not swallow a die.
  const band = Math.max(2, Math.round(Math.min(width, height) * 0.03))
  const edgePixels: number[] = []
  for (let y = 0; y < height; y += 2)
    for (let x = 0; x < width; x += 2)
      if (x < band || y < band || x >= width - band || y >= height - band) edgePixels.push(y * width + x)
  const surface = medianColour(edgePixels.map(at))
  const uniform = new Float32Array(width * height * 3)
  for (let i = 0; i < uniform.length; i += 3) {
    uniform[i] = surface[0]
    uniform[i + 1] = surface[1]
    uniform[i + 2] = surface[2]
  }
  const rough = findDieBlobs(width, height, lab, edgePixels, uniform)
  const sides = rough.blobs.map((blob) => Math.sqrt(blob.area))
  const shortSide = Math.min(width, height)
  const patch = sides.length > 0 ? Math.min(shortSide / 2, Math.max(shortSide / 10, 2.2 * median(sides))) : shortSide / 3
  const localSurface = surfaceModel(width, height, lab, patch)
  const { labels, blobs: dieBlobs } = findDieBlobs(width, height, lab, edgePixels, localSurface)

  const dice = dieBlobs.map((blob) => {
    const die = readDie(blob, labels, at, width)
    return {
      ...die,
      centre: { x: blob.centroidX / scale, y: blob.centroidY / scale },
      side: Math.sqrt(blob.area) / scale,
    }
  })
  return dice
}

interface DieBlobs {
  labels: Int32Array
  blobs: Component[]
}

/**
 * Dice are regions that differ from the surface (given per pixel) more than the surface
 * differs from itself along the photo's edges, shadows excepted, holes (dark pips) filled.
 */
function findDieBlobs(
  width: number,
  height: number,
  lab: Float32Array,
  edgePixels: number[],
  surface: Float32Array,
): DieBlobs {
  const { away: fromSurface, shadow } = awayFromSurface(lab, surface, 255)
  // Otsu alone can split bright dice from dull ones; a die only needs to stand clear of the
  // surface's own spread (noise, vignette), as measured along the photo's edges.
  const edgeSpread = percentile(edgePixels.map((p) => fromSurface[p]!), 0.95)
  const level = Math.max(15, Math.min(otsuThreshold(fromSurface), 2 * edgeSpread))
  // Hysteresis: a die's dim side (shaded, in the vignette) joins it through its bright side.
  const weakLevel = Math.max(8, 0.5 * level, 1.3 * edgeSpread)
  const mask = new Uint8Array(width * height)
  for (let p = 0; p < mask.length; p++) mask[p] = fromSurface[p]! > weakLevel && !shadow[p] ? 1 : 0
  const weak = connectedComponents(mask, width, height, 4)
  const strongCount = new Uint32Array(weak.components.length + 1)
  for (let p = 0; p < mask.length; p++) if (mask[p] && fromSurface[p]! > level) strongCount[weak.labels[p]!]!++
  // Growth that more than doubles a region has leaked into the surface: keep the strong part.
  const grewSafely = new Uint8Array(weak.components.length + 1)
  for (const { label, area } of weak.components)
    grewSafely[label] = strongCount[label]! > 0 && area <= 1.6 * strongCount[label]! ? 1 : 0
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue
    mask[p] = grewSafely[weak.labels[p]!] || fromSurface[p]! > level ? 1 : 0
  }
  fillHoles(mask, width, height)
  const { labels, components } = connectedComponents(mask, width, height, 4)
  const candidates = components
    .filter((c) => c.area > width * height * 0.002 && !touchesEdge(c, width, height))
    .sort((a, b) => b.area - a.area)
  const typical = candidates[Math.min(candidates.length, DICE_IN_A_ROLL) - 1]?.area ?? 0
  // A die is about as large as the others; stray objects much smaller are not dice.
  return { labels, blobs: candidates.filter((c) => c.area > typical * 0.4).slice(0, DICE_IN_A_ROLL) }
}

/**
 * The surface's colour near each pixel: the median over patches of side `patch` (dice
 * cover well under half of one), interpolated between patch centres.
 */
export function surfaceModel(width: number, height: number, lab: Float32Array, patch: number): Float32Array {
  const columns = Math.max(1, Math.round(width / patch))
  const rows = Math.max(1, Math.round(height / patch))
  const cellWidth = width / columns
  const cellHeight = height / rows
  const grid: Lab[] = []
  const step = Math.max(1, Math.round(patch / 24))
  // Each channel's samples in a typed array of their own (the Lab image holds 32-bit floats, so they fit exactly).
  const channels = [0, 1, 2].map(() => new Float32Array(Math.ceil(cellWidth / step + 1) * Math.ceil(cellHeight / step + 1)))
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      let count = 0
      for (let y = Math.floor(r * cellHeight); y < (r + 1) * cellHeight; y += step)
        for (let x = Math.floor(c * cellWidth); x < (c + 1) * cellWidth; x += step) {
          const p = (y * width + x) * 3
          channels[0]![count] = lab[p]!
          channels[1]![count] = lab[p + 1]!
          channels[2]![count] = lab[p + 2]!
          count++
        }
      grid.push(channels.map((channel) => medianOfSorted(channel.subarray(0, count).sort())) as Lab)
    }
  // Each column's patch columns and weight, worked out once for every row; the grid flat.
  const left = new Int32Array(width)
  const right = new Int32Array(width)
  const weight = new Float64Array(width)
  for (let x = 0; x < width; x++) {
    const gx = Math.min(columns - 1, Math.max(0, (x + 0.5) / cellWidth - 0.5))
    left[x] = Math.floor(gx)
    right[x] = Math.min(columns - 1, left[x]! + 1)
    weight[x] = gx - left[x]!
  }
  const flat = Float64Array.from(grid.flat())
  const out = new Float32Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    const gy = Math.min(rows - 1, Math.max(0, (y + 0.5) / cellHeight - 0.5))
    const r0 = Math.floor(gy)
    const r1 = Math.min(rows - 1, r0 + 1)
    const ty = gy - r0
    for (let x = 0; x < width; x++) {
      const tx = weight[x]!
      const a = (r0 * columns + left[x]!) * 3
      const b = (r0 * columns + right[x]!) * 3
      const c = (r1 * columns + left[x]!) * 3
      const d = (r1 * columns + right[x]!) * 3
      const o = (y * width + x) * 3
      // The three channels written out: the same sums as a loop over them, in half the time.
      out[o] = (flat[a]! * (1 - tx) + flat[b]! * tx) * (1 - ty) + (flat[c]! * (1 - tx) + flat[d]! * tx) * ty
      out[o + 1] = (flat[a + 1]! * (1 - tx) + flat[b + 1]! * tx) * (1 - ty) + (flat[c + 1]! * (1 - tx) + flat[d + 1]! * tx) * ty
      out[o + 2] = (flat[a + 2]! * (1 - tx) + flat[b + 2]! * tx) * (1 - ty) + (flat[c + 2]! * (1 - tx) + flat[d + 2]! * tx) * ty
    }
  }
  return out
}

/** The middle of sorted values (the mean of the two middle ones for an even count), as raster's median gives it. */
function medianOfSorted(sorted: Float32Array): number {
  if (sorted.length === 0) return 0
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * How far (ΔE, at most `limit`) each pixel's colour is from the surface's there, and whether it
 * is the surface's shadow.
 */
export function awayFromSurface(lab: Float32Array, surface: Float32Array, limit = Infinity): { away: Float32Array; shadow: Uint8Array } {
  const away = new Float32Array(lab.length / 3)
  const shadow = new Uint8Array(away.length)
  for (let p = 0; p < away.length; p++) {
    const lightness = lab[p * 3]!
    const surfaceLightness = surface[p * 3]!
    const da = lab[p * 3 + 1]! - surface[p * 3 + 1]!
    const db = lab[p * 3 + 2]! - surface[p * 3 + 2]!
    const dl = lightness - surfaceLightness
    away[p] = Math.min(limit, Math.sqrt(dl * dl + da * da + db * db))
    shadow[p] = isShadow(lightness, surfaceLightness, Math.sqrt(da * da + db * db)) ? 1 : 0
  }
  return { away, shadow }
}

/** A die's shadow is the surface, darker but of the same hue: not part of the die. */
function isShadow(lightness: number, surfaceLightness: number, hueDistance: number): boolean {
  return lightness < surfaceLightness && lightness > 0.5 * surfaceLightness && hueDistance < 8
}

function touchesEdge(c: Component, width: number, height: number): boolean {
  return c.minX === 0 || c.minY === 0 || c.maxX === width - 1 || c.maxY === height - 1
}

/** Pips the colour of the surface leave holes in a die's mask: everything enclosed belongs to it. */
export function fillHoles(mask: Uint8Array, width: number, height: number): void {
  const inverse = new Uint8Array(mask.length)
  for (let p = 0; p < mask.length; p++) inverse[p] = mask[p] ? 0 : 1
  const { labels, components } = connectedComponents(inverse, width, height, 4)
  const enclosed = new Uint8Array(components.length + 1)
  for (const c of components) if (!touchesEdge(c, width, height)) enclosed[c.label] = 1
  for (let p = 0; p < mask.length; p++) if (enclosed[labels[p]!]) mask[p] = 1
}

/**
 * Counts one die's pips: its body colour is the median of its inner part (the rim is
 * shaded), pips are compact blobs that differ from the body, of a size fitting the die.
 */
function readDie(
  blob: Component,
  labels: Int32Array,
  at: (p: number) => Lab,
  width: number,
): { value: number; confidence: number } {
  const boxWidth = blob.maxX - blob.minX + 1
  const boxHeight = blob.maxY - blob.minY + 1
  const inside = new Uint8Array(boxWidth * boxHeight)
  for (let y = 0; y < boxHeight; y++)
    for (let x = 0; x < boxWidth; x++)
      inside[y * boxWidth + x] = labels[(y + blob.minY) * width + x + blob.minX] === blob.label ? 1 : 0
  const side = Math.sqrt(blob.area)
  const inner = erode(inside, boxWidth, boxHeight, Math.max(1, Math.round(side * 0.11)))
  const colours: Lab[] = []
  const contrast = new Float32Array(boxWidth * boxHeight)
  for (let y = 0; y < boxHeight; y++)
    for (let x = 0; x < boxWidth; x++)
      if (inner[y * boxWidth + x]) colours.push(at((y + blob.minY) * width + x + blob.minX))
  const body = medianColour(colours)
  const innerValues: number[] = []
  for (let y = 0; y < boxHeight; y++)
    for (let x = 0; x < boxWidth; x++) {
      const q = y * boxWidth + x
      if (!inner[q]) continue
      contrast[q] = Math.min(255, deltaE(at((y + blob.minY) * width + x + blob.minX), body))
      innerValues.push(contrast[q]!)
    }
  const level = Math.max(30, otsuThreshold(innerValues))
  const pipMask = new Uint8Array(boxWidth * boxHeight)
  for (let q = 0; q < pipMask.length; q++) pipMask[q] = inner[q] && contrast[q]! > level ? 1 : 0
  // A pip's diameter is about a sixth of the die's side.
  const expectedArea = Math.PI * (0.085 * side) ** 2
  const pips = connectedComponents(pipMask, boxWidth, boxHeight, 8).components.filter((c) => {
    const w = c.maxX - c.minX + 1
    const h = c.maxY - c.minY + 1
    const compact = c.area / (w * h) > 0.4 && Math.max(w, h) / Math.min(w, h) < 2.6
    return compact && c.area > expectedArea * 0.3 && c.area < expectedArea * 4.5
  })
  if (pips.length === 0) return { value: 0, confidence: 0 }
  // Pips run together under blur: a blob twice a pip's size is two pips.
  const single = median(pips.map((p) => p.area))
  const unit = Math.max(single, expectedArea * 0.5)
  let value = 0
  let irregularity = 0
  for (const pip of pips) {
    const count = Math.max(1, Math.round(pip.area / unit))
    value += count
    irregularity = Math.max(irregularity, Math.abs(pip.area / unit - count))
  }
  const sizeFit = Math.min(single, expectedArea) / Math.max(single, expectedArea)
  const plausible = value >= 1 && value <= 6
  const confidence = plausible ? Math.max(0, Math.min(1, 1 - irregularity)) * Math.min(1, 0.4 + sizeFit) : 0.2
  return { value: Math.min(value, 6), confidence }
}

/** Removes every pixel closer than `radius` (in 4-steps) to the outside. */
function erode(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  let current = mask
  for (let step = 0; step < radius; step++) {
    const next = new Uint8Array(current.length)
    for (let y = 1; y < height - 1; y++)
      for (let x = 1; x < width - 1; x++) {
        const p = y * width + x
        next[p] = current[p] && current[p - 1] && current[p + 1] && current[p - width] && current[p + width] ? 1 : 0
      }
    current = next
  }
  return current
}



