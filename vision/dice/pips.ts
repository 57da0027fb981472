// Pips: small round blobs that differ from a plain ring of die face around them (issue 10).
// Found by local contrast at several scales, so neither the table's colour nor the die's
// matters: a black pip on ivory and a white pip on a red die are both a compact blob whose
// surround is uniform and clearly lighter (or darker) than the blob itself.
import { boxBlurReused, hypot, rgbToLabKept, type GrayImage, type Lab, type RgbaImage } from '../raster.ts'

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
  /** What the pip differs from its face in: grey (when absent), redness or yellowness. */
  channel?: 'redness' | 'yellowness'
}

/** Pips of one kind are of one die's make: dark or light, and in grey or in colour. */
export const pipKind = (pip: Pip): string => `${pip.channel ?? 'grey'}${pip.polarity}`

/** Pip radii tried, as fractions of the working image's long side. */
const SCALES = [0.004, 0.0075, 0.014, 0.026, 0.05]
/** The smallest pip radius looked for on a working copy of this long side, in its pixels. */
export const smallestPipRadius = (longSide: number): number => Math.max(1.5, SCALES[0]! * longSide)

/** Smallest pip contrast in grey levels: below it JPEG noise and wood grain pass for pips. */
const MIN_CONTRAST = 28

/** Pips of one face are of about one size: their radii lie within this ratio. */
export const ONE_SIZE = 1.6

/**
 * Whether two pips could be pips of one face: of one kind, of about one size (within ONE_SIZE) and
 * seen at about one slant (roundness within 1.22×).
 */
export function alikePips(a: Pip, b: Pip): boolean {
  return (
    a.polarity === b.polarity &&
    a.channel === b.channel &&
    Math.max(a.radius, b.radius) / Math.min(a.radius, b.radius) < ONE_SIZE &&
    Math.max(a.roundness, b.roundness) / Math.min(a.roundness, b.roundness) < 1.22
  )
}

/**
 * Finds pip candidates of both polarities at every scale up to a radius of `largest` pixels,
 * verified by their ring. `gray` is the working copy in grey, `colour` the same copy in
 * colour (read only around pips).
 */
export function findPips(gray: GrayImage, colour: RgbaImage, largest = Infinity): Pip[] {
  if (!mayHoldPips(gray)) return []
  const longSide = Math.max(gray.width, gray.height)
  const found: Pip[] = []
  // Pips parted from a run of them on the finest scale, kept where no pip was found whole.
  const crowded: Pip[] = []
  // Large pips are looked for on a halved (quartered …) copy: a pip of MIN_PIXELS radius or
  // more is as clear there, and the work per scale stays that of a small photo.
  let level: Level = { gray, factor: 1 }
  for (const fraction of SCALES) {
    const fullRadius = Math.max(1.5, fraction * longSide)
    if (fullRadius > largest) break
    while (fullRadius / level.factor >= 2 * MIN_PIXELS && level.gray.width >= 64 && level.gray.height >= 64)
      level = halve(level)
    const radius = fullRadius / level.factor
    const { factor } = level
    const labAt = (x: number, y: number, out: Lab): Lab => {
      const fx = Math.min(colour.width - 1, Math.round((x + 0.5) * factor - 0.5))
      const fy = Math.min(colour.height - 1, Math.round((y + 0.5) * factor - 0.5))
      const i = (fy * colour.width + fx) * 4
      return rgbToLabKept(colour.data[i]!, colour.data[i + 1]!, colour.data[i + 2]!, out)
    }
    // Read only while this scale is looked at (blobs, their cores): the blur's buffer is reused.
    const surround = boxBlurReused(level.gray, Math.max(2, Math.round(radius * 2.5)))
    const minArea = Math.max(4, 0.25 * Math.PI * radius * radius)
    const maxArea = 2.5 * Math.PI * radius * radius
    const blobsOfBoth = findBlobsOfBoth(level.gray, surround, MIN_CONTRAST * 0.6)
    for (const polarity of [1, -1] as const) {
      const smeared: { blob: Blob; pips: Pip[] }[] = []
      const hemmed: Blob[] = []
      const atThisScale = found.length
      for (const blob of blobsOfBoth[polarity]) {
        if (blob.n < minArea) continue
        if (blob.n > maxArea) {
          if (fraction === SCALES[0])
            crowded.push(...crowdedPips(level.gray, labAt, surround, polarity, blob, radius, maxArea).map((pip) => atFullSize(pip, factor)))
          continue
        }
        if (blob.minX === 0 || blob.minY === 0 || blob.maxX === level.gray.width - 1 || blob.maxY === level.gray.height - 1)
          continue
        const pip = verifyPip(level.gray, labAt, blob, polarity)
        if (pip) found.push(atFullSize(pip, factor))
        else if (blob.n < 2 * minArea || elongation(blob) <= 2) hemmed.push(blob)
        else {
          // Pips smeared into one another (motion blur) keep separate cores.
          // A core is smaller than its pip: the smeared blob shared among its cores says the pip's size.
          for (const split of cores(level.gray, surround, polarity, blob)) {
            const inner = split.flatMap((core) => verifyPip(level.gray, labAt, core, polarity) ?? [])
            if (inner.length < 2 || inner.length !== split.length) continue
            const pipRadius = Math.sqrt(blob.n / Math.max(1, inner.length) / Math.PI)
            // Pips of this scale: a row of smaller pips already found at a finer one is not split again.
            if (pipRadius < 0.6 * radius) continue
            const pips = inner.map((pip) => atFullSize({ ...pip, radius: Math.max(pip.radius, pipRadius) }, factor))
            // Crisp pips in a row merge at a coarse scale too; they were found one by one at a finer one.
            if (pips.some((pip) => found.some((seen) => Math.hypot(seen.x - pip.x, seen.y - pip.y) < pip.radius))) break
            smeared.push({ blob, pips })
            break
          }
        }
      }
      // Motion blur smears every pip of a die along one direction: a blob is split into its
      // cores only when another smeared blob beside it (same die) runs the same way and parts
      // into cores too. A lone long dark mark (a groove, a shadow, a die's edge) is never cut
      // into pips, nor is half a die (one column of a 6 read as a 3).
      for (const { blob, pips } of smeared)
        if (smeared.some((other) => other.blob !== blob && sharesBlur(blob, other.blob, radius)))
          found.push(...pips)
      // The middle pip of a small die's five (or three) has its neighbours' pips in its ring: seen
      // without the pips found beside it at this scale, its ring is plain face.
      const beside = found.slice(atThisScale).map((pip) => ({ x: (pip.x + 0.5) / factor - 0.5, y: (pip.y + 0.5) / factor - 0.5, radius: pip.radius / factor }))
      if (beside.length >= 2)
        for (const blob of hemmed) {
          const pip = verifyPip(level.gray, labAt, blob, polarity, beside)
          if (pip) found.push(atFullSize(pip, factor))
        }
    }
  }
  const apart = crowded.filter((pip) => !found.some((seen) => Math.hypot(seen.x - pip.x, seen.y - pip.y) < 1.2 * Math.max(seen.radius, pip.radius)))
  return dedupe(withoutWholeDice([...found, ...apart]))
}

/**
 * Whether a copy may hold a pip at all. A pip's blob is where a pixel differs from its surround
 * by more than 0.6 of MIN_CONTRAST, and a surround — a mean, as are a blur and a halved copy —
 * lies within the copy's own levels: a copy whose levels all lie that close together (a colour
 * channel of a grey photo) holds none, and neither does its blur. Half a level is left for the
 * rounding of the means.
 */
export function mayHoldPips(gray: GrayImage): boolean {
  const spread = MIN_CONTRAST * 0.6 - 0.5
  let low = Infinity
  let high = -Infinity
  const { data } = gray
  // Most copies show a spread within their first rows: only a plain one is read to its end.
  for (let p = 0; p < data.length; p++) {
    const v = data[p]!
    if (v < low) low = v
    if (v > high) high = v
    if (high - low > spread) return true
  }
  return false
}

/** Two streaks of one die smeared by one motion: near each other and along the same axis. */
function sharesBlur(a: Blob, b: Blob, radius: number): boolean {
  const dx = b.sx / b.n - a.sx / a.n
  const dy = b.sy / b.n - a.sy / a.n
  if (Math.hypot(dx, dy) > 8 * radius) return false
  const turn = Math.abs(axisAngle(a) - axisAngle(b)) % Math.PI
  return Math.min(turn, Math.PI - turn) < Math.PI / 12
}

function axisAngle(blob: Blob): number {
  const cx = blob.sx / blob.n
  const cy = blob.sy / blob.n
  return 0.5 * Math.atan2(2 * (blob.sxy / blob.n - cx * cy), blob.sxx / blob.n - cx * cx - (blob.syy / blob.n - cy * cy))
}

/** Major over minor axis of the blob's ellipse. */
function elongation(blob: Blob): number {
  const cx = blob.sx / blob.n
  const cy = blob.sy / blob.n
  const xx = blob.sxx / blob.n - cx * cx
  const yy = blob.syy / blob.n - cy * cy
  const xy = blob.sxy / blob.n - cx * cy
  const common = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy)
  return Math.sqrt(Math.max(1e-6, (xx + yy) / 2 + common) / Math.max(1e-6, (xx + yy) / 2 - common))
}

/** The darkest (lightest) parts of a blob that failed as one pip: above two and three times the level. */
function cores(gray: GrayImage, surround: GrayImage, polarity: 1 | -1, blob: Blob): Blob[][] {
  const box = { minX: blob.minX, minY: blob.minY, maxX: blob.maxX, maxY: blob.maxY }
  return [2, 3].map((k) => findBlobs(gray, surround, polarity, k * MIN_CONTRAST * 0.6, box).filter((core) => core.n >= 4))
}

/** A pip's disc and the soft edge around it, in its radii, left out of a neighbour's ring. */
const BESIDE_PIP = 1.5

/** A face's pips at most (six), with room: a blob larger than this many pips is no face's pips run together. */
const CROWD = 8

/**
 * Pips of a six on a small die lie so close that, at the level where a faint pip still shows,
 * a column of them runs together into one blob too large for a pip. Clear pips part at a
 * deeper level: when every core there is a pip on its own, of about this scale's size, they are kept.
 * Only on the finest scale: on coarser ones the cores of a run are whole dice, side by side.
 */
function crowdedPips(
  gray: GrayImage,
  labAt: (x: number, y: number, out: Lab) => Lab,
  surround: GrayImage,
  polarity: 1 | -1,
  blob: Blob,
  radius: number,
  maxArea: number,
): Pip[] {
  if (blob.n > CROWD * maxArea) return []
  const box = { minX: blob.minX, minY: blob.minY, maxX: blob.maxX, maxY: blob.maxY }
  const cores = findBlobs(gray, surround, polarity, 3 * MIN_CONTRAST * 0.6, box).filter((core) => core.n >= 4)
  const pips = cores.flatMap((core) => verifyPip(gray, labAt, core, polarity) ?? [])
  if (pips.length < 2 || pips.length !== cores.length) return []
  return pips.every((pip) => pip.radius >= 0.6 * radius && pip.radius <= 1.6 * radius) ? pips : []
}

/** Smallest pip radius, in pixels of the copy it is looked for on, that is not halved further. */
const MIN_PIXELS = 6

interface Level {
  gray: GrayImage
  /** Full-size pixels per pixel of this copy. */
  factor: number
}

/** The copy at half the size: each pixel the mean of a 2×2 block. */
function halve({ gray, factor }: Level): Level {
  const width = gray.width >> 1
  const height = gray.height >> 1
  const data = new Float32Array(width * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const a = 2 * y * gray.width + 2 * x
      data[y * width + x] = 0.25 * (gray.data[a]! + gray.data[a + 1]! + gray.data[a + gray.width]! + gray.data[a + gray.width + 1]!)
    }
  return { gray: { width, height, data }, factor: factor * 2 }
}

function atFullSize(pip: Pip, factor: number): Pip {
  if (factor === 1) return pip
  return { ...pip, x: (pip.x + 0.5) * factor - 0.5, y: (pip.y + 0.5) * factor - 0.5, radius: pip.radius * factor }
}

/** A connected blob of the mask, with what its ellipse and its mean level need. */
interface Blob {
  n: number
  sx: number
  sy: number
  sxx: number
  syy: number
  sxy: number
  sum: number
  minX: number
  minY: number
  maxX: number
  maxY: number
}

/** Σ k² for k = 0…m. */
const squares = (m: number) => (m * (m + 1) * (2 * m + 1)) / 6

/** Runs of one polarity's mask, joined into 8-connected blobs as the scan lays them down, row by row. */
class BlobRuns {
  readonly starts: number[] = []
  readonly ends: number[] = []
  readonly rows: number[] = []
  readonly parent: number[] = []
  private rowFirst = 0
  private previousFirst = 0
  private previousLast = 0

  private root(i: number): number {
    const { parent } = this
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!
      i = parent[i]!
    }
    return i
  }

  startRow(): void {
    this.rowFirst = this.starts.length
  }

  /** The run of pixels start ≤ x < stop on row y. */
  add(start: number, stop: number, y: number): void {
    const run = this.starts.length
    this.starts.push(start)
    this.ends.push(stop - 1)
    this.rows.push(y)
    this.parent.push(run)
    // Runs of the row above that touch this one, diagonals included.
    for (let other = this.previousFirst; other < this.previousLast; other++) {
      if (this.ends[other]! < start - 1) continue
      if (this.starts[other]! > stop) break
      const a = this.root(other)
      const b = this.root(run)
      if (a !== b) this.parent[Math.max(a, b)] = Math.min(a, b)
    }
  }

  endRow(): void {
    this.previousFirst = this.rowFirst
    this.previousLast = this.starts.length
  }

  blobs(gray: GrayImage): Blob[] {
    const { width, height } = gray
    const blobs = new Map<number, Blob>()
    for (let run = 0; run < this.starts.length; run++) {
      const key = this.root(run)
      let blob = blobs.get(key)
      if (!blob) {
        blob = { n: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0, sum: 0, minX: width, minY: height, maxX: -1, maxY: -1 }
        blobs.set(key, blob)
      }
      const a = this.starts[run]!
      const b = this.ends[run]!
      const y = this.rows[run]!
      const length = b - a + 1
      const sumX = ((a + b) * length) / 2
      blob.n += length
      blob.sx += sumX
      blob.sy += y * length
      blob.sxx += squares(b) - (a > 0 ? squares(a - 1) : 0)
      blob.syy += y * y * length
      blob.sxy += y * sumX
      for (let p = y * width + a; p <= y * width + b; p++) blob.sum += gray.data[p]!
      if (a < blob.minX) blob.minX = a
      if (b > blob.maxX) blob.maxX = b
      if (y < blob.minY) blob.minY = y
      if (y > blob.maxY) blob.maxY = y
    }
    return [...blobs.values()]
  }
}

/**
 * The 8-connected blobs where the pixel differs from its surround by more than `level`, of
 * both polarities (1: darker, −1: lighter), found run by run in one scan: no label image, and
 * each pixel's difference is read once for both. With `only`, the other polarity's runs are
 * passed over and its blobs left empty.
 */
function findBlobsOfBoth(
  gray: GrayImage,
  surround: GrayImage,
  level: number,
  box = { minX: 0, minY: 0, maxX: gray.width - 1, maxY: gray.height - 1 },
  only?: 1 | -1,
): Record<1 | -1, Blob[]> {
  const { width } = gray
  const source = gray.data
  const around = surround.data
  const dark = new BlobRuns()
  const light = new BlobRuns()
  const end = box.maxX + 1
  for (let y = box.minY; y <= box.maxY; y++) {
    dark.startRow()
    light.startRow()
    const row = y * width
    let x = box.minX
    while (x < end) {
      const difference = around[row + x]! - source[row + x]!
      const start = x++
      if (difference > level) {
        while (x < end && around[row + x]! - source[row + x]! > level) x++
        if (only !== -1) dark.add(start, x, y)
      } else if (-difference > level) {
        while (x < end && -(around[row + x]! - source[row + x]!) > level) x++
        if (only !== 1) light.add(start, x, y)
      }
    }
    dark.endRow()
    light.endRow()
  }
  return { 1: dark.blobs(gray), [-1]: light.blobs(gray) }
}

/** findBlobsOfBoth's blobs of one polarity. */
function findBlobs(
  gray: GrayImage,
  surround: GrayImage,
  polarity: 1 | -1,
  level: number,
  box = { minX: 0, minY: 0, maxX: gray.width - 1, maxY: gray.height - 1 },
): Blob[] {
  return findBlobsOfBoth(gray, surround, level, box, polarity)[polarity]
}

/**
 * A coloured die on a pale table is itself a dark round blob with a plain ring of table
 * around it, just like a pip on a face; what gives it away is the pips of the other
 * polarity inside it (white pips on the red die). A pip holds nothing of its own but, at
 * most, a glint far smaller than the largest die pip would be relative to its die. A lamp's
 * glint in a large hollow pip is as small against it as a die's pip against the die, but
 * faint: blurred, it stands out from the pip far less than the pip from its face, where a
 * die's pips stand out from its body as much as the body from the table or more. Inside a
 * large soft pip seen close, the spot's own ring is the pip's darkest core, far darker than the
 * pip as a whole (its soft rim): measured from it, a glint stands out by more than half the
 * pip's contrast, though its level lies nearer the pip's than the face's. A spot so clear is a
 * glint only beside a pip of its face that holds no spot (plainSibling, below): a small die seen
 * whole, its blurred one's pip as near the die's level, stands alone. It is one
 * spot, off the pip's middle (the lamp shows on the hollow's slope): a dark die seen whole holds
 * several pips, or a one's pip at its very middle. A lamp near the camera lights the hollow's
 * bottom, at its middle, as a one's pip lies at its die's: such a pip is told by the other pips
 * of its face, alike and within a face's reach, some of them holding no spot at all, where dark
 * dice seen whole each hold their pips (a die whose pips show none is no die seen whole).
 */
export function withoutWholeDice(pips: Pip[]): Pip[] {
  // A pip inside another lies less than 0.9 of the outer's radius from its middle along x and y:
  // only the cells around the outer one are looked in (a speckled table gives thousands of pips).
  const cells = new PipGrid(0.9 * Math.max(0, ...pips.map((p) => p.radius)) + 1)
  for (const pip of pips) cells.add(pip)
  const heldBy = new Map(
    pips.map((outer) => [
      outer,
      cells.around(outer).filter(
        (inner) =>
          inner.polarity !== outer.polarity &&
          inner.radius < CONTAINED_PIP * outer.radius &&
          // Off by more along x or y is off by more (hypot is never shorter than either).
          Math.abs(inner.x - outer.x) + inner.radius < 0.9 * outer.radius &&
          Math.abs(inner.y - outer.y) + inner.radius < 0.9 * outer.radius &&
          Math.hypot(inner.x - outer.x, inner.y - outer.y) + inner.radius < 0.9 * outer.radius,
      ),
    ]),
  )
  const plainSibling = (outer: Pip) =>
    pips.some(
      (other) =>
        other !== outer &&
        heldBy.get(other)!.length === 0 &&
        alikePips(other, outer) &&
        Math.hypot(other.x - outer.x, other.y - outer.y) < (MAX_LINK * (other.radius + outer.radius)) / 2,
    )
  return pips.filter((outer) => {
    const held = heldBy.get(outer)!
    if (held.length !== 1) return held.length === 0
    const [spot] = held as [Pip]
    const faint = spot.contrast <= GLINT_CONTRAST * outer.contrast
    const nearerThePip = outer.polarity * (spot.level - outer.level) <= GLINT_CONTRAST * outer.contrast
    if (!faint && !(nearerThePip && plainSibling(outer))) return false
    // One faint spot off the middle is a glint; one at the middle is, among a face's plain pips.
    return Math.hypot(spot.x - outer.x, spot.y - outer.y) >= GLINT_OFF_MIDDLE * outer.radius || plainSibling(outer)
  })
}

/**
 * A die's pip is about 0.085 of its side and the die as a blob has a radius of about 0.56
 * of its side: its pips are 0.15 of it (a one's large pip up to about 0.25).
 */
const CONTAINED_PIP = 0.3
/**
 * A spot inside a pip standing out from it by less than this share of the pip's own contrast is a
 * glint; among plain pips, one whose level lies less than this share of the way from the pip's to the face's.
 */
const GLINT_CONTRAST = 0.5
/** A glint lies at least this share of its pip's radius off the pip's middle. */
const GLINT_OFF_MIDDLE = 0.2
/** The largest distance between two pips of one face, in pip radii (a 2's diagonal, with margin). */
export const MAX_LINK = 8.5

/** The same blob found at two scales: keep the clearer one. */
function dedupe(pips: Pip[]): Pip[] {
  const sorted = [...pips].sort((a, b) => b.contrast - a.contrast)
  const kept: Pip[] = []
  // A pip kept is the same blob only within 1.2 of the larger radius along x and y: only the cells around a pip are looked in.
  const keptCells = new PipGrid(1.2 * Math.max(0, ...pips.map((p) => p.radius)) + 1)
  for (const pip of sorted) {
    const same = (k: Pip) => {
      const reach = Math.max(k.radius, pip.radius) * 1.2
      // Out of reach along x or y is out of reach (hypot is never shorter than either).
      return Math.abs(k.x - pip.x) < reach && Math.abs(k.y - pip.y) < reach && hypot(k.x - pip.x, k.y - pip.y) < reach
    }
    if (keptCells.around(pip).some(same)) continue
    kept.push(pip)
    keptCells.add(pip)
  }
  return kept
}

/**
 * Pips sorted into square cells `side` wide: every pip less than `side` from a point along x and
 * along y lies in the nine cells around the point's own (in no particular order).
 */
export class PipGrid {
  private readonly cells = new Map<number, Pip[]>()
  constructor(private readonly side: number) {}

  private key(column: number, row: number): number {
    return row * 1_048_576 + column
  }

  add(pip: Pip): void {
    const key = this.key(Math.floor(pip.x / this.side), Math.floor(pip.y / this.side))
    const cell = this.cells.get(key)
    if (cell) cell.push(pip)
    else this.cells.set(key, [pip])
  }

  around(point: { x: number; y: number }): Pip[] {
    const column = Math.floor(point.x / this.side)
    const row = Math.floor(point.y / this.side)
    const found: Pip[] = []
    for (let r = row - 1; r <= row + 1; r++)
      for (let c = column - 1; c <= column + 1; c++) {
        const cell = this.cells.get(this.key(c, r))
        if (cell) for (const pip of cell) found.push(pip)
      }
    return found
  }
}

/**
 * The face around a pip, from the pixels of its ring: their median, and how far the pip stands
 * out from it. Null when the ring is no plain face clearly lighter (darker) than the pip.
 */
function ringTones(ring: Float32Array, level: number, polarity: 1 | -1) {
  if (ring.length < 8) return null
  // The face is the ring's middle level: a ring whose levels mostly lie within MIN_CONTRAST of
  // the pip's has it there too, and is told so by counting them, before the middle is looked for
  // (most blobs on a speckled table are such; a level nearer the pip than one so near is nearer still).
  const middle = ring.length >> 1
  let near = 0
  for (let k = 0; k < ring.length; k++) if (polarity * (ring[k]! - level) < MIN_CONTRAST) near++
  if (polarity === 1 ? near > middle : near >= ring.length - middle) return null
  const face = nthLevel(ring, middle)
  const contrast = polarity * (face - level)
  // Most of the ring is face: neighbouring pips may cut into it, a cable or a die's edge cuts more.
  // Towards the pip's side the ring is at most as far from the face as the pip.
  const tolerance = 0.3 * contrast
  let plain = 0
  let facing = 0
  for (let k = 0; k < ring.length; k++) {
    const v = ring[k]!
    if (Math.abs(v - face) <= tolerance) plain++
    if (polarity * (face - v) > 0.6 * contrast) facing++
  }
  if (plain / ring.length < 0.6) return null
  if (facing / ring.length > 0.2) return null
  return { face, contrast, tolerance }
}

/**
 * The pixels of a pip's ring (indices into the copy, row by row) and their levels, in typed arrays
 * reused from pip to pip (a speckled table has thousands of blobs, each ring a new one): valid
 * until the next pip is looked at. The ring's levels may be reordered (nthLevel); its pixels keep their order.
 */
let ringPixels = new Int32Array(256)
let ringLevels = new Float32Array(256)
/** The ring's pixels left on the face (onTheFace), in a buffer of their own, valid as long. */
let keptPixels = new Int32Array(256)
function ringBuffers(size: number): void {
  if (ringPixels.length >= size) return
  ringPixels = new Int32Array(2 * size)
  ringLevels = new Float32Array(2 * size)
}

/**
 * The pixels from `inner` to `outer` from (cx, cy), but those within BESIDE_PIP radii of a pip
 * `near`. Each row is measured only where the ring can lie: a pixel a pixel or more inside the
 * inner circle, or outside the outer one, is surely off it (float rounding is far finer).
 */
export function ringAround(gray: GrayImage, cx: number, cy: number, inner: number, outer: number, near: readonly { x: number; y: number; radius: number }[]) {
  const { width, height, data } = gray
  const x0 = Math.max(0, Math.floor(cx - outer))
  const x1 = Math.min(width - 1, Math.ceil(cx + outer))
  const y0 = Math.max(0, Math.floor(cy - outer))
  const y1 = Math.min(height - 1, Math.ceil(cy + outer))
  ringBuffers((x1 - x0 + 1) * (y1 - y0 + 1))
  const pixels = ringPixels
  const levels = ringLevels
  let count = 0
  for (let y = y0; y <= y1; y++) {
    const dy = y - cy
    const reach = Math.sqrt(Math.max(0, outer * outer - dy * dy)) + 1
    const hole = inner * inner > dy * dy ? Math.sqrt(inner * inner - dy * dy) - 1 : 0
    const from = Math.max(x0, Math.ceil(cx - reach))
    const to = Math.min(x1, Math.floor(cx + reach))
    // The hole's pixels, leftEnd < x < rightStart, are passed over.
    const leftEnd = hole > 0 ? Math.floor(cx - hole) : to
    const rightStart = hole > 0 ? Math.ceil(cx + hole) : to
    for (let x = from; x <= to; x++) {
      if (x > leftEnd && x < rightStart) {
        x = rightStart
        if (x > to) break
      }
      const d = hypot(x - cx, dy)
      if (d < inner || d > outer) continue
      if (near.length > 0 && near.some((other) => hypot(x - other.x, y - other.y) < BESIDE_PIP * other.radius)) continue
      const p = y * width + x
      pixels[count] = p
      levels[count] = data[p]!
      count++
    }
  }
  return { pixels: pixels.subarray(0, count), levels: levels.subarray(0, count) }
}

/** The levels of the pixels, in the ring's buffer (as ringAround leaves them). */
function levelsOf(gray: GrayImage, pixels: Int32Array): Float32Array {
  ringBuffers(pixels.length)
  const levels = ringLevels.subarray(0, pixels.length)
  for (let k = 0; k < levels.length; k++) levels[k] = gray.data[pixels[k]!]!
  return levels
}

/**
 * The n-th smallest of the levels (0 the least): what sorting them would put at n, found by
 * quickselect, which leaves them in another order. A ring's median was its sorted levels' middle,
 * and sorting every ring cost a close-up on a speckled table as much as all the rest of its pips' checks.
 */
export function nthLevel(levels: Float32Array, n: number): number {
  let low = 0
  let high = levels.length - 1
  while (low < high) {
    const pivot = levels[(low + high) >> 1]!
    let i = low
    let j = high
    while (i <= j) {
      while (levels[i]! < pivot) i++
      while (levels[j]! > pivot) j--
      if (i <= j) {
        const t = levels[i]!
        levels[i] = levels[j]!
        levels[j] = t
        i++
        j--
      }
    }
    if (n <= j) high = j
    else if (n >= i) low = i
    else return levels[n]!
  }
  return levels[n]!
}

/**
 * The ring of a pip close to its face's edge, without the part past that edge. Large pips seen
 * close up lie two of their radii or less from the edge, and the ring reaches past it onto the
 * die's side or the table, as dark as the pip. A face is convex: on the way from the pip to
 * anything past its edge lies face, where a mark the blob is part of runs on from it. The
 * ring's pixels of the pip's tone are left out where the way to them, just past the pip's rim
 * (EDGE_GAP), is face; at least half the ring must remain.
 */
function onTheFace(gray: GrayImage, pixels: Int32Array, cx: number, cy: number, radius: number, level: number, polarity: 1 | -1): Int32Array {
  const { width, height } = gray
  const face = nthLevel(levelsOf(gray, pixels), pixels.length >> 1)
  const contrast = polarity * (face - level)
  if (contrast <= 0) return new Int32Array(0)
  const towardPip = (v: number) => polarity * (face - v)
  const pastEdge = (p: number) => {
    if (towardPip(gray.data[p]!) <= 0.6 * contrast) return false
    const x = (p % width) - cx
    const y = Math.floor(p / width) - cy
    const d = hypot(x, y)
    for (let t = EDGE_GAP[0] * radius; t <= EDGE_GAP[1] * radius; t += 1) {
      const gx = Math.round(cx + (x * t) / d)
      const gy = Math.round(cy + (y * t) / d)
      if (gx < 0 || gy < 0 || gx >= width || gy >= height || towardPip(gray.data[gy * width + gx]!) > 0.3 * contrast) return false
    }
    return true
  }
  // Counted out by hand into a buffer of their own (a typed array's filter calls its test
  // through the engine's slow path, and each new typed array costs more than its pixels).
  if (keptPixels.length < pixels.length) keptPixels = new Int32Array(2 * pixels.length)
  const kept = keptPixels
  let count = 0
  for (let k = 0; k < pixels.length; k++) {
    if (!pastEdge(pixels[k]!)) kept[count++] = pixels[k]!
    // Less than half the ring can be left, whatever the rest of it: the ring is none already.
    else if (count + (pixels.length - k - 1) < pixels.length / 2) return new Int32Array(0)
  }
  return count < pixels.length && count >= pixels.length / 2 ? kept.subarray(0, count) : new Int32Array(0)
}

/** Just past a pip's rim, from and to these many of its radii from its middle, a face's edge beyond it leaves face. */
const EDGE_GAP = [1.25, 1.45] as const

/** `beside`: pips already found around this one, whose discs are left out of its ring. */
function verifyPip(
  gray: GrayImage,
  labAt: (x: number, y: number, out: Lab) => Lab,
  blob: Blob,
  polarity: 1 | -1,
  beside: readonly { x: number; y: number; radius: number }[] = [],
): Pip | null {
  const { width, height } = gray
  // Second moments of the blob: its ellipse.
  const { n, sum } = blob
  const cx = blob.sx / n
  const cy = blob.sy / n
  const xx = blob.sxx / n - cx * cx
  const yy = blob.syy / n - cy * cy
  const xy = blob.sxy / n - cx * cy
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
  // Only the pips whose discs can reach the ring are asked, pixel by pixel: a speckled table
  // gives hundreds of them.
  const near = beside.length === 0 ? beside : beside.filter((other) => hypot(other.x - cx, other.y - cy) < outer + BESIDE_PIP * other.radius + 1)
  const ring = ringAround(gray, cx, cy, inner, outer, near)
  let pixels: Int32Array = ring.pixels
  let tones = ringTones(ring.levels, level, polarity)
  if (!tones) {
    pixels = onTheFace(gray, pixels, cx, cy, radius, level, polarity)
    tones = ringTones(levelsOf(gray, pixels), level, polarity)
  }
  if (!tones) return null
  const { face, contrast, tolerance } = tones
  // A pip's core is one flat tone; a blob whose core holds pips of its own is a whole die.
  let coreCount = 0
  let coreSum = 0
  let coreSquares = 0
  for (let y = Math.floor(cy - radius * 0.6); y <= Math.ceil(cy + radius * 0.6); y++)
    for (let x = Math.floor(cx - radius * 0.6); x <= Math.ceil(cx + radius * 0.6); x++) {
      if (x < 0 || y < 0 || x >= width || y >= height || hypot(x - cx, y - cy) > radius * 0.6) continue
      const g = gray.data[y * width + x]!
      coreCount++
      coreSum += g
      coreSquares += g * g
    }
  if (coreCount >= 9) {
    const coreMean = coreSum / coreCount
    if (Math.sqrt(Math.max(0, coreSquares / coreCount - coreMean * coreMean)) > 0.32 * contrast) return null
  }
  // The face's colour: the mean over the ring's pixels of the face's grey, counted first.
  const ofFace = (p: number) => Math.abs(gray.data[p]! - face) <= tolerance
  let colours = 0
  for (let k = 0; k < pixels.length; k++) if (ofFace(pixels[k]!)) colours++
  const faceColour: Lab = [0, 0, 0]
  const colour: Lab = [0, 0, 0]
  for (let k = 0; k < pixels.length; k++) {
    const p = pixels[k]!
    if (!ofFace(p)) continue
    labAt(p % width, Math.floor(p / width), colour)
    for (let c = 0; c < 3; c++) faceColour[c] = faceColour[c]! + colour[c]! / colours
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
