// Die faces from pips (issue 10): pips are linked when the face between them is unbroken
// (no die edge, seam or gap of table on the way), the linked groups must show one of the six
// pip layouts, and a group that does not is split into groups that do. Faces whose pips are
// much flatter than a neighbour's are side faces seen at a slant and are not counted.
import { deltaE, hypot, rgbToLabKept, type GrayImage, type Lab, type Point, type RgbaImage } from '../raster.ts'
import { MAX_LINK, ONE_SIZE, type Pip } from './pips.ts'
import { ANOTHER_PIP_ON_ITS_FACE, DARK_SPOT, NO_DIE_AROUND, SPOT, noDieAround, sampleDisc } from './body.ts'

export interface Face {
  pips: Pip[]
  value: number
  centre: Point
  /** From the centre to the middle of one pip column and of one pip row. */
  u: Point
  v: Point
  side: number
  /** 0–1. */
  confidence: number
  /** Reasons the face is unsure, for tests and debugging. */
  doubts: string[]
  /** A lone pip's: how wide the plain face around it runs (pixels of the copy; body.ts noDieAround). */
  faceWidth?: number
}

const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y })
const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y })
const mul = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k })
const norm = (a: Point): number => hypot(a.x, a.y)
/**
 * Whether b lies nearer a than `distance`, as norm measures it: a point off by as much along x
 * or y is not, whatever it is across (norm is never shorter than either leg), and most pairs of
 * a speckled table's hundreds of faces and pips are passed over so.
 */
export function within(a: Point, b: Point, distance: number): boolean {
  if (Math.abs(b.x - a.x) >= distance || Math.abs(b.y - a.y) >= distance) return false
  return norm(sub(b, a)) < distance
}
const rotate = (a: Point, angle: number): Point => ({
  x: a.x * Math.cos(angle) - a.y * Math.sin(angle),
  y: a.x * Math.sin(angle) + a.y * Math.cos(angle),
})
/** The mean of the values (0 for none). */
export const mean = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length)

/** Grid points (in units of u, v) of each value's pips (a six may run either way). */
export const LAYOUTS: Record<number, [number, number][][]> = {
  1: [[[0, 0]]],
  2: [[[-1, -1], [1, 1]]],
  3: [[[-1, -1], [0, 0], [1, 1]]],
  4: [[[-1, -1], [1, -1], [1, 1], [-1, 1]]],
  5: [[[-1, -1], [1, -1], [1, 1], [-1, 1], [0, 0]]],
  6: [
    [[-1, -1], [1, -1], [1, 1], [-1, 1], [-1, 0], [1, 0]],
    [[-1, -1], [1, -1], [1, 1], [-1, 1], [0, -1], [0, 1]],
  ],
}


interface Fit {
  value: number
  centre: Point
  u: Point
  v: Point
  /** Mean distance of the pips from their grid points, over the grid step. */
  residual: number
}

/** Fits the layout of `pips.length` pips; null when the pips are not arranged like a die's. */
export function fitLayout(pips: readonly Pip[]): Fit | null {
  const n = pips.length
  if (n < 1 || n > 6) return null
  const centre = { x: mean(pips.map((p) => p.x)), y: mean(pips.map((p) => p.y)) }
  const radius = mean(pips.map((p) => p.radius))
  let u: Point
  let v: Point
  if (n === 1) {
    u = { x: 2.6 * radius, y: 0 }
    v = { x: 0, y: 2.6 * radius }
  } else if (n === 2 || n === 3) {
    // Ends of the diagonal: the two pips farthest apart.
    let best = [0, 1]
    let far = -1
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        const d = Math.hypot(pips[i]!.x - pips[j]!.x, pips[i]!.y - pips[j]!.y)
        if (d > far) {
          far = d
          best = [i, j]
        }
      }
    const half = mul(sub(pips[best[1]!]!, pips[best[0]!]!), 0.5)
    u = mul(rotate(half, Math.PI / 4), Math.SQRT1_2)
    v = mul(rotate(half, -Math.PI / 4), Math.SQRT1_2)
  } else {
    // Corners: the four pips farthest from the centre, in angular order.
    const byDistance = [...pips].sort((a, b) => norm(sub(b, centre)) - norm(sub(a, centre)))
    const corners = byDistance.slice(0, 4).sort((a, b) => Math.atan2(a.y - centre.y, a.x - centre.x) - Math.atan2(b.y - centre.y, b.x - centre.x))
    const [a, b, , d] = corners as [Pip, Pip, Pip, Pip]
    u = sub(mul(add(a, d), 0.5), centre)
    v = sub(mul(add(a, b), 0.5), centre)
  }
  const step = (norm(u) + norm(v)) / 2
  if (step < 1e-6) return null
  // Each layout of this many pips, and each way the pips could sit on it: the best match.
  let best: Fit | null = null
  for (const layout of LAYOUTS[n]!) {
    const predicted = layout.map(([i, j]) => add(centre, add(mul(u, i), mul(v, j))))
    const used = new Set<number>()
    let total = 0
    for (const pip of pips) {
      let nearest = -1
      let distance = Infinity
      predicted.forEach((p, k) => {
        const d = norm(sub(p, pip))
        if (!used.has(k) && d < distance) {
          distance = d
          nearest = k
        }
      })
      used.add(nearest)
      total += distance
    }
    const residual = total / n / step
    if (!best || residual < best.residual) best = { value: n, centre, u, v, residual }
  }
  return best
}

/** A face's side, from its pips' size and, for a layout, its grid's step. */
export function faceSide(fit: Fit, radius: number): number {
  const step = Math.max(norm(fit.u), norm(fit.v))
  return fit.value === 1 ? 10.5 * radius : 0.5 * (10.5 * radius) + 0.5 * (4.2 * step)
}

/** Whether the grid is shaped like a die's face: a squarish step, sides not too skewed, pips of a fitting size. */
export function plausibleGrid(fit: Fit, radius: number): string | null {
  if (fit.value === 1) return null
  const nu = norm(fit.u)
  const nv = norm(fit.v)
  const ratio = Math.max(nu, nv) / Math.min(nu, nv)
  if (ratio > (fit.value === 6 ? 1.9 : 1.6)) return 'grid not square'
  const cosine = Math.abs(fit.u.x * fit.v.x + fit.u.y * fit.v.y) / (nu * nv)
  if (cosine > 0.5) return 'grid skewed'
  // A pip's radius is measured where it differs from the face by a little: a small, sharp,
  // light pip on a dark die (white on red) spreads its halo into the blur, and its two on a
  // diagonal measure barely 1.3 radii a step.
  const step = Math.max(nu, nv) / radius
  if (step < 1.25 || step > 4.6) return 'pips do not fit the spacing'
  return null
}

export interface FaceImage {
  gray: GrayImage
  /** The same working copy in colour. */
  colour: RgbaImage
  /** Pixels of this copy per pixel of the photo (above 1 on an enlarged copy); 1 when not given. */
  enlarged?: number
}

/**
 * How many pixels in a row off a die's face end it, on this copy: a die's edge or a gap of
 * table is at least a pixel of the photo wide, and the blur of an enlarged copy spreads a
 * small pip's halo over more than one of its pixels.
 */
const offFaceRun = (image: FaceImage): number => 2 * Math.max(1, image.enlarged ?? 1)

/** How far point p lies from the segment from a to b. */
function offSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const length2 = dx * dx + dy * dy
  const f = length2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) : 0
  return hypot(p.x - a.x - f * dx, p.y - a.y - f * dy)
}

/**
 * The pips sorted into square cells of the copy by where they lie. A speckled table gives a
 * thousand pips, and grouping them asks, pair by pair, which pips lie near a place: the cells
 * a box covers hold every pip in it, and only theirs are measured.
 */
export interface PipCells {
  /** The indices, in increasing order, of the pips whose centres lie in the box (edges included). */
  inBox(left: number, top: number, right: number, bottom: number): number[]
  /** The largest pip's radius. */
  largest: number
}

export function pipCells(pips: readonly Pip[]): PipCells {
  let left = Infinity
  let top = Infinity
  let right = -Infinity
  let bottom = -Infinity
  for (const p of pips) {
    left = Math.min(left, p.x)
    right = Math.max(right, p.x)
    top = Math.min(top, p.y)
    bottom = Math.max(bottom, p.y)
  }
  // A cell about a face's reach wide: the box of a pair within reach covers a few cells.
  const radii = pips.map((p) => p.radius).sort((a, b) => a - b)
  const cell = Math.max(4, MAX_LINK * (radii[radii.length >> 1] ?? 1))
  const columns = pips.length === 0 ? 0 : Math.floor((right - left) / cell) + 1
  const rows = pips.length === 0 ? 0 : Math.floor((bottom - top) / cell) + 1
  const cells: number[][] = Array.from({ length: columns * rows }, () => [])
  const column = (x: number) => Math.floor((x - left) / cell)
  const row = (y: number) => Math.floor((y - top) / cell)
  // Indices go in in increasing order, so each cell's stay so.
  pips.forEach((p, i) => cells[row(p.y) * columns + column(p.x)]!.push(i))
  return {
    largest: radii[radii.length - 1] ?? 0,
    inBox(x0, y0, x1, y1) {
      const found: number[] = []
      const c0 = Math.max(0, column(x0))
      const c1 = Math.min(columns - 1, column(x1))
      const r0 = Math.max(0, row(y0))
      const r1 = Math.min(rows - 1, row(y1))
      for (let r = r0; r <= r1; r++)
        for (let c = c0; c <= c1; c++)
          for (const i of cells[r * columns + c]!) {
            const p = pips[i]!
            if (p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1) found.push(i)
          }
      // Cells are read row by row: their indices are put back in order (a pair's pips are measured in their order).
      return found.sort((a, b) => a - b)
    },
  }
}

/** Whether the face is unbroken on the way from pip a to pip b (other pips on the way allowed); `cells` holds `pips`. */
function sameFace(image: FaceImage, a: Pip, b: Pip, pips: readonly Pip[], cells: PipCells): boolean {
  const { gray, colour: rgba } = image
  const { width } = gray
  const distance = Math.hypot(b.x - a.x, b.y - a.y)
  const contrast = Math.min(a.contrast, b.contrast)
  const start = a.radius * 1.4
  const end = distance - b.radius * 1.4
  if (end <= start) return true
  // Only the pips near the way from a to b can lie on it (a speckled table gives hundreds): those
  // outside the way's box, widened by their reach and a pixel to spare, are passed over unmeasured,
  // and only the cells of the box widened by the largest pip's reach are looked in.
  const left = Math.min(a.x, b.x)
  const right = Math.max(a.x, b.x)
  const top = Math.min(a.y, b.y)
  const bottom = Math.max(a.y, b.y)
  const widest = cells.largest * 1.4 + 3
  const others = cells.inBox(left - widest, top - widest, right + widest, bottom + widest).map((i) => pips[i]!).filter((p) => {
    const reach = p.radius * 1.4 + 1
    const box = reach + 1
    if (p.x < left - box || p.x > right + box || p.y < top - box || p.y > bottom + box) return false
    return p !== a && p !== b && p.polarity === a.polarity && offSegment(p, a, b) < reach
  })
  let failures = 0
  // The colours along the way, each written over the last one's (a close-up's ways are thousands of steps).
  const colour: Lab = [0, 0, 0]
  const expectedColour: Lab = [0, 0, 0]
  for (let t = start; t <= end; t += 1) {
    const f = t / distance
    const x = a.x + (b.x - a.x) * f
    const y = a.y + (b.y - a.y) * f
    if (others.some((p) => hypot(p.x - x, p.y - y) < p.radius * 1.4)) {
      failures = 0
      continue
    }
    const p = Math.round(y) * width + Math.round(x)
    const expected = a.face + (b.face - a.face) * f
    const g = gray.data[p]!
    rgbToLabKept(rgba.data[p * 4]!, rgba.data[p * 4 + 1]!, rgba.data[p * 4 + 2]!, colour)
    expectedColour[0] = a.faceColour[0] + (b.faceColour[0] - a.faceColour[0]) * f
    expectedColour[1] = a.faceColour[1] + (b.faceColour[1] - a.faceColour[1]) * f
    expectedColour[2] = a.faceColour[2] + (b.faceColour[2] - a.faceColour[2]) * f
    const off = a.polarity * (expected - g) > 0.3 * contrast || deltaE(colour, expectedColour) > 14
    failures = off ? failures + 1 : 0
    if (failures >= offFaceRun(image)) return false
  }
  return true
}

/**
 * The tone that shows a pip's light: its face's around a dark pip, but a light pip's own paint on
 * a coloured die, whose face may be translucent or marbled and so lighter or darker from one pip
 * to the next.
 */
const lighterTone = (pip: Pip) => (pip.polarity === 1 ? pip.face : pip.level)

/** Similar pips' radii lie within this ratio. */
const SIMILAR_SIZE = 1.4

/**
 * `strictly`: pips much rounder than the other, or lying in unlike light, lie on different faces
 * (false: their size is compared, and their tone and contrast either alike or scaled by one
 * factor, shadedAlike; joinAcrossSlants joins such pips only into one close layout).
 */
function similarPips(a: Pip, b: Pip, strictly = true): boolean {
  if (a.polarity !== b.polarity) return false
  const ratio = Math.max(a.radius, b.radius) / Math.min(a.radius, b.radius)
  if (ratio > SIMILAR_SIZE) return false
  // Pips of one face are foreshortened alike: a round pip and a flat one lie on different faces.
  if (strictly && Math.max(a.roundness, b.roundness) / Math.min(a.roundness, b.roundness) > 1.22) return false
  // One face is lit alike, and the lighter tone shows the light (lighterTone).
  const lighter = Math.abs(lighterTone(a) - lighterTone(b))
  const contrasts = Math.max(a.contrast, b.contrast) / Math.min(a.contrast, b.contrast)
  const alike = contrasts <= (a.polarity === 1 ? 1.45 : 1.8) && lighter <= Math.max(12, 0.2 * Math.min(a.contrast, b.contrast))
  if (!alike && (strictly || !shadedAlike(a, b))) return false
  if (strictly && Math.min(a.roundness, b.roundness) < 0.8) {
    const turn = Math.abs(((a.angle - b.angle + Math.PI * 1.5) % Math.PI) - Math.PI / 2)
    if (turn > Math.PI / 6) return false
  }
  return true
}

/**
 * A face lit unevenly (a lamp close by, a glossy die catching it on one side) is lighter by its
 * lit edge than by its shaded one, and a pip's ring takes the tone of the part it sits in. Light
 * scales every tone it falls on alike, a pip's and its face's (in the photo's levels too, a power
 * of the light): two pips of one face lie in more or less light when their lighter tones differ by
 * a factor of up to SHADE and their contrasts by the same factor, each one's contrast the same
 * share of its lighter tone (within SAME_SHARE). Pips of another make differ in that share. Only
 * grey levels scale so: a colour channel's levels lean about a middle grey that light leaves be.
 * A die's top and its side face, seen from a slant, differ so too (the side is turned from the
 * light, and their rounded edge hardly shows on the way between them): pips alike only so are
 * not linked but joined, and only where together they make one layout (joinAcrossSlants), as a
 * side face's pips, lying beyond the top's grid, never do.
 */
function shadedAlike(a: Pip, b: Pip): boolean {
  if (a.channel !== undefined || b.channel !== undefined) return false
  const [lit, shaded] = lighterTone(a) >= lighterTone(b) ? [a, b] : [b, a]
  if (lighterTone(shaded) <= 0 || lighterTone(lit) / lighterTone(shaded) > SHADE) return false
  const share = (pip: Pip) => pip.contrast / lighterTone(pip)
  return Math.max(share(a), share(b)) / Math.min(share(a), share(b)) <= SAME_SHARE
}

/** Two parts of one face lie in light differing by at most this factor. */
const SHADE = 1.6
/** A pip's contrast is this nearly the same share of its face's lighter tone all over one face. */
const SAME_SHARE = 1.15

/** Groups the pips into faces and reads each. */
export function findFaces(image: FaceImage, pips: readonly Pip[]): Face[] {
  return lookAroundLonePips(image, groupIntoFaces(image, pips), pips)
}

/**
 * The faces the pips make, read as findFaces reads them but for the die around each lone pip,
 * not yet looked for (lookAroundLonePips looks). Which faces there are does not hang on it (side
 * faces are dropped by their pips' shape, size and place), and a speckled table gives hundreds of
 * lone specks, most of them dropped beside a rounder or clearer neighbour: only the lone pips
 * kept are looked around, each ray by ray. Faces of two pips or more are read whole.
 */
export function groupIntoFaces(image: FaceImage, pips: readonly Pip[]): Face[] {
  const n = pips.length
  const parent = pips.map((_, i) => i)
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)))
  const links = new Links(n)
  const cells = pipCells(pips)
  for (let i = 0; i < n; i++) {
    const a = pips[i]!
    // A similar pip is at most SIMILAR_SIZE times as large: farther along x or y than the reach
    // of two such pips (and a pixel to spare), no pip is linked, and its cell is not looked in.
    const farthest = MAX_LINK * (1 + SIMILAR_SIZE) * a.radius * 0.5 + 1
    for (const j of cells.inBox(a.x - farthest, a.y - farthest, a.x + farthest, a.y + farthest)) {
      if (j <= i) continue
      const b = pips[j]!
      // Pips farther apart along x or y than a face's reach are farther apart still (a speckled table gives hundreds).
      const reach = MAX_LINK * (a.radius + b.radius) * 0.5
      if (Math.abs(a.x - b.x) > reach || Math.abs(a.y - b.y) > reach) continue
      if (!similarPips(a, b)) continue
      const d = Math.hypot(a.x - b.x, a.y - b.y)
      if (d > reach) continue
      if (!sameFace(image, a, b, pips, cells)) continue
      links.join(i, j)
      parent[root(i)] = root(j)
    }
  }
  const groups = new Map<number, number[]>()
  for (let i = 0; i < n; i++) groups.set(root(i), [...(groups.get(root(i)) ?? []), i])
  const joinedGroups = new Set<number[]>()
  const joinedAcrossMarks = new Set<number[]>()
  const joined = joinAcrossSlants([...groups.values()], image, pips, cells, links, joinedGroups, joinedAcrossMarks)
  const faces: Face[] = []
  // Top faces parted from their die's side face by roundness are whole faces, not guesses.
  const topFaces = new Set<number[]>()
  for (const members of joined) {
    for (const part of splitIntoFaces(members, pips, links, topFaces)) {
      const face = readFace(image, part.map((i) => pips[i]!), part.length < members.length && !topFaces.has(part), pips)
      if (!face) continue
      if (joinedGroups.has(members) && part === members) {
        face.doubts.push(JOINED)
        face.confidence = Math.min(face.confidence, JOINED_CONFIDENCE)
      }
      if (joinedAcrossMarks.has(members) && part === members) {
        face.doubts.push(JOINED_ACROSS_MARKS)
        face.confidence = Math.min(face.confidence, JOINED_CONFIDENCE)
      }
      faces.push(face)
    }
  }
  return dropSideFaces(faces, pips, cells)
}

/**
 * Which pips of a copy are linked as pips of one face, each pair both ways. A speckled table gives
 * thousands of pips and few links: a table of every pair would be millions of entries, made and
 * dropped for each copy read.
 */
export class Links {
  private readonly pairs = new Set<number>()
  constructor(private readonly count: number) {}

  join(i: number, j: number): void {
    this.pairs.add(i * this.count + j)
    this.pairs.add(j * this.count + i)
  }

  has(i: number, j: number): boolean {
    return this.pairs.has(i * this.count + j)
  }
}

const JOINED = 'pips of unlike roundness or light joined into one layout'
export const JOINED_ACROSS_MARKS = 'pips joined into one layout across marks on its face'
/**
 * A die's side face seen at a slant shows its pips flatter and smaller together (their area
 * shrinks as they flatten), where a streak cutting into a pip flattens it alone: two pips or more
 * flatter than the other group's and this much smaller (in radius) are a side face's.
 */
const SLANT_SMALLER = 0.85

function sideFaceOf(a: readonly Pip[], b: readonly Pip[]): boolean {
  const [flatter, rounder] = mean(a.map((p) => p.roundness)) < mean(b.map((p) => p.roundness)) ? [a, b] : [b, a]
  return flatter.length >= 2 && mean(flatter.map((p) => p.radius)) < SLANT_SMALLER * mean(rounder.map((p) => p.radius))
}
/** A face joined from groups of several pips each is likelier right than its parts, but the player confirms it. */
const JOINED_CONFIDENCE = 0.6
/** A joined layout must fit its grid this closely (a face's own pips: up to 0.15 before any doubt). */
const JOINED_RESIDUAL = 0.15

/**
 * Small pips on a marbled or translucent face (a few pixels of the photo each) are cut into by
 * its streaks, and their measured roundness scatters far more than a slant makes it: the pips of
 * one face are then left in two groups, each read as a smaller face (a four's side as a two).
 * A face lit unevenly is left in pieces alike (shadedAlike).
 * Two groups of one kind, linked but for their pips' roundness or light, whose pips together fit a
 * layout closely on a die's grid, are joined into one face. A single pip joined to a layout is
 * read surely: a side face at a slant could only add it beyond the top face's grid (and a
 * speck exactly at a two's or a four's middle is checked as a dark spot is). Joins of two groups
 * of two pips or more each are added to `joinedGroups` and asked about.
 */
function joinAcrossSlants(
  groups: number[][],
  image: FaceImage,
  pips: readonly Pip[],
  cells: PipCells,
  links: Links,
  joinedGroups: Set<number[]>,
  joinedAcrossMarks: Set<number[]>,
): number[][] {
  const result = [...groups]
  // A group's pips are never changed (a join makes a new group): what is worked out of them is kept.
  const layoutless = new WeakMap<number[], boolean>()
  const noLayout = (group: number[]) => {
    if (group.length < 3) return false
    let answer = layoutless.get(group)
    if (answer === undefined) {
      const members = group.map((i) => pips[i]!)
      const fit = fitLayout(members)
      answer = !fit || fit.residual >= 0.3 || plausibleGrid(fit, mean(members.map((p) => p.radius))) !== null
      layoutless.set(group, answer)
    }
    return answer
  }
  const extents = new WeakMap<number[], Extent>()
  const extentOf = (group: number[]) => {
    let extent = extents.get(group)
    if (!extent) {
      extent = pipsExtent(group.map((i) => pips[i]!))
      extents.set(group, extent)
    }
    return extent
  }
  const near = (i: number, j: number) => {
    const reach = MAX_LINK * (pips[i]!.radius + pips[j]!.radius) * 0.5
    // Out of reach along x or y is out of reach (hypot is never shorter than either).
    if (Math.abs(pips[i]!.x - pips[j]!.x) > reach || Math.abs(pips[i]!.y - pips[j]!.y) > reach) return false
    return hypot(pips[i]!.x - pips[j]!.x, pips[i]!.y - pips[j]!.y) <= reach
  }
  // Two groups once found not to join never do (the test reads only them and the photo): after
  // each join the search starts over, and passes over the pairs it has tried.
  const unjoined = new WeakMap<number[], WeakSet<number[]>>()
  for (let changed = true; changed; ) {
    changed = false
    search: for (let a = 0; a < result.length; a++)
      for (let b = a + 1; b < result.length; b++) {
        const size = result[a]!.length + result[b]!.length
        // Groups that cannot meet are never bridged: they are passed over unmeasured.
        if (size < 3 || size > 6 || !mayMeet(extentOf(result[a]!), extentOf(result[b]!)) || unjoined.get(result[a]!)?.has(result[b]!)) continue
        const bridgedWhere = (test: (i: number, j: number) => boolean) =>
          result[a]!.some((i) => result[b]!.some((j) => near(i, j) && similarPips(pips[i]!, pips[j]!, false) && test(i, j)))
        const bridged = bridgedWhere((i, j) => sameFace(image, pips[i]!, pips[j]!, pips, cells))
        // A group that is no layout is a face's pips cut off from the rest by marks on the face
        // (or two dice's, which no close fit of one layout takes in with pips of a third place).
        const acrossMarks = !bridged && (noLayout(result[a]!) || noLayout(result[b]!)) && bridgedWhere(() => true)
        const union = [...result[a]!, ...result[b]!]
        const members = union.map((i) => pips[i]!)
        const fit = (bridged || acrossMarks) && !sideFaceOf(result[a]!.map((i) => pips[i]!), result[b]!.map((i) => pips[i]!)) ? fitLayout(members) : null
        if (!fit || fit.residual >= JOINED_RESIDUAL || plausibleGrid(fit, mean(members.map((p) => p.radius))) !== null) {
          if (!unjoined.has(result[a]!)) unjoined.set(result[a]!, new WeakSet())
          unjoined.get(result[a]!)!.add(result[b]!)
          continue
        }
        for (const i of result[a]!) for (const j of result[b]!) links.join(i, j)
        // One pip flattened alone is what a streak does; two groups of pips each are asked about.
        if ((result[a]!.length >= 2 && result[b]!.length >= 2) || joinedGroups.has(result[a]!) || joinedGroups.has(result[b]!)) joinedGroups.add(union)
        if (acrossMarks || joinedAcrossMarks.has(result[a]!) || joinedAcrossMarks.has(result[b]!)) joinedAcrossMarks.add(union)
        result.splice(b, 1)
        result[a] = union
        changed = true
        break search
      }
  }
  return result
}

/** The box around a group's pips' centres, and its largest pip's radius. */
interface Extent {
  left: number
  right: number
  top: number
  bottom: number
  largest: number
}

export function pipsExtent(pips: readonly Pip[]): Extent {
  const xs = pips.map((p) => p.x)
  const ys = pips.map((p) => p.y)
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys), largest: Math.max(...pips.map((p) => p.radius)) }
}

/**
 * Whether two groups of pips may hold a pip of each within a face's reach of each other
 * (joinAcrossSlants's near): groups farther apart along x or y than their largest pips' reach,
 * with a pixel to spare, hold none (a speckled table gives hundreds of groups).
 */
export function mayMeet(one: Extent, other: Extent): boolean {
  const reach = MAX_LINK * (one.largest + other.largest) * 0.5 + 1
  return one.left - other.right <= reach && other.left - one.right <= reach && one.top - other.bottom <= reach && other.top - one.bottom <= reach
}

/** A face whose pips are this much less round than a neighbour's is a side face of that neighbour's die. */
const SIDE_FACE_FLATTER = 1.12
/** A face whose pips stand out this much less than a neighbour's is a side face in shade. */
const SIDE_FACE_FAINTER = 1.6
/**
 * Centres of a die's top and front face lie 0.7–1.1 sides apart, tops of two dice at least
 * about 1.2 (a side and a little, touching) apart; sides as each face's pips measure them.
 */
const FRONT_FACE_DISTANCE = 1.15
/** Pips of a top face seen from nearly straight above are at least this round. */
const SEEN_FROM_ABOVE = 0.88
/** A face below the top yet this much rounder is no front face of it but a top of its own. */
const FRONT_FACE_ROUNDER = 1.35

/** A group that is no die's layout is split (touching dice whose seam did not show) into parts that are. */
function splitIntoFaces(members: number[], pips: readonly Pip[], links: Links, topFaces: Set<number[]>): number[][] {
  const good = (part: number[]) => {
    const fit = fitLayout(part.map((i) => pips[i]!))
    return fit !== null && fit.residual < 0.3 && plausibleGrid(fit, mean(part.map((i) => pips[i]!.radius))) === null
  }
  if (members.length <= 6 && good(members)) return [members]
  if (members.length > 18) return members.map((i) => [i])
  // A top face and a side face of one die, linked where the edge between them hardly shows:
  // the top's pips are the round ones.
  const byRoundness = [...members].sort((a, b) => pips[a]!.roundness - pips[b]!.roundness)
  let cut = 0
  let gap = 1
  for (let k = 1; k < byRoundness.length; k++) {
    const ratio = pips[byRoundness[k]!]!.roundness / pips[byRoundness[k - 1]!]!.roundness
    if (ratio > gap) {
      gap = ratio
      cut = k
    }
  }
  const top = byRoundness.slice(cut)
  if (gap >= SIDE_FACE_FLATTER && top.length <= 6 && connected(top, links) && good(top)) {
    topFaces.add(top)
    return [top, ...splitIntoFaces(byRoundness.slice(0, cut), pips, links, topFaces)]
  }
  // k-means on position, k = 2…4, a few seeds: the first split whose parts are all layouts.
  for (let k = Math.max(2, Math.ceil(members.length / 6)); k <= Math.min(4, members.length); k++) {
    for (let seed = 0; seed < members.length; seed++) {
      const parts = kMeans(members, pips, k, seed)
      if (parts.every((part) => part.length > 0 && connected(part, links) && good(part))) return parts
    }
  }
  // No reading: each pip stays its own (unsure) face rather than a guessed grouping.
  return members.length <= 6 ? [members] : members.map((i) => [i])
}

function connected(part: number[], links: Links): boolean {
  const seen = new Set([part[0]!])
  const queue = [part[0]!]
  while (queue.length > 0) {
    const i = queue.pop()!
    for (const j of part) {
      if (seen.has(j) || !links.has(i, j)) continue
      seen.add(j)
      queue.push(j)
    }
  }
  return seen.size === part.length
}

function kMeans(members: number[], pips: readonly Pip[], k: number, seed: number): number[][] {
  // Farthest-point seeding from the seed-th pip, then a few Lloyd rounds.
  const centres: Point[] = [pips[members[seed % members.length]!]!]
  while (centres.length < k) {
    let far = members[0]!
    let farDistance = -1
    for (const i of members) {
      const d = Math.min(...centres.map((c) => norm(sub(pips[i]!, c))))
      if (d > farDistance) {
        farDistance = d
        far = i
      }
    }
    centres.push(pips[far]!)
  }
  let parts: number[][] = []
  for (let round = 0; round < 8; round++) {
    parts = centres.map(() => [])
    for (const i of members) {
      let nearest = 0
      centres.forEach((c, j) => {
        if (norm(sub(pips[i]!, c)) < norm(sub(pips[i]!, centres[nearest]!))) nearest = j
      })
      parts[nearest]!.push(i)
    }
    parts.forEach((part, j) => {
      if (part.length > 0)
        centres[j] = { x: mean(part.map((i) => pips[i]!.x)), y: mean(part.map((i) => pips[i]!.y)) }
    })
  }
  return parts
}

/**
 * The face's grey at a point, from the grey around the pips nearest it: a marbled or
 * translucent face is lighter in one part than in another, and is still plain where it
 * shades smoothly from pip to pip.
 */
function faceNear(pips: readonly Pip[], x: number, y: number): number {
  let sum = 0
  let weights = 0
  for (const pip of pips) {
    const weight = 1 / (1 + hypot(pip.x - x, pip.y - y) ** 2)
    sum += weight * pip.face
    weights += weight
  }
  return sum / weights
}

/**
 * How much of the face around the pips is plain face colour: a die's face is, text on a
 * label or a knot in the wood is not.
 */
function plainFace(image: FaceImage, pips: readonly Pip[], centre: Point, u: Point, v: Point, round: boolean): number {
  const { gray } = image
  const tolerance = 0.3 * Math.min(...pips.map((p) => p.contrast))
  const polarity = pips[0]!.polarity
  const marbled = !round && (polarity === -1 || pips[0]!.channel !== undefined)
  const away = marbled ? AWAY_FROM_PIPS : 1
  const reach = norm(u)
  let plain = 0
  let total = 0
  // Every face is looked over at 289 points, a speckled table's hundreds of specks too: each
  // point is worked out in place, as add, mul and norm would (the same sums in the same order).
  for (let s = -1; s <= 1.001; s += 0.125)
    for (let t = -1; t <= 1.001; t += 0.125) {
      if (round && s * s + t * t > 1) continue
      const px = round ? centre.x + s * reach * 1.5 : centre.x + (u.x * (1.55 * s) + v.x * (1.55 * t))
      const py = round ? centre.y + t * reach * 1.5 : centre.y + (u.y * (1.55 * s) + v.y * (1.55 * t))
      if (pips.some((p) => hypot(p.x - px, p.y - py) < p.radius * 1.5)) continue
      const x = Math.round(px)
      const y = Math.round(py)
      total++
      if (x < 0 || y < 0 || x >= gray.width || y >= gray.height) continue
      const towardPip = polarity * (faceNear(pips, px, py) - gray.data[y * gray.width + x]!)
      if (towardPip <= tolerance && -towardPip <= away * tolerance) plain++
    }
  return total > 0 ? plain / total : 0
}

/**
 * A marbled or translucent die's face has streaks lighter and darker than its median, but none
 * of its pips' tone: around a layout of two pips or more, light or coloured ones (a marbled
 * die's paint), the face is allowed this many times more away from its pips' tone than towards
 * it. Not around a lone pip, which has no layout to vouch for it (a speck on a lit edge passes
 * for one), nor around dark pips, an ivory die's, whose face is plain (a die's slanted side
 * beside it is not).
 */
const AWAY_FROM_PIPS = 2

/** A lone pip with no die seen around it is asked about below every other doubt: it is likelier no die at all. */
const NO_BODY = 0.25

/** A two with no die seen around it is asked about (its pips are two of a larger face's, or no pips at all). */
const TWO_NO_BODY = 0.5
/** A two's face is looked over for missed pips as far as its layout's corners (0.54 half sides), not to its rounded edges. */
const TWO_SPOT_REACH = 0.6

/**
 * Whether a spot of a pip's tone lies at `point` on a face of grey `face`: a disc there darker
 * (for light pips, lighter) than the face by SPOT of the pips' contrast. Off the photo, none.
 */
function pipToneAt(gray: GrayImage, point: Point, face: number, contrast: number, radius: number, polarity: 1 | -1): boolean {
  return polarity * (face - sampleDisc(gray, point, 0.6 * radius)) > SPOT * contrast
}

/**
 * Whether the square a face's layout fills (EVEN_REACH grid steps about its middle) is of its
 * face's grey wherever no pip of the face lies: no spot of the pips' tone on it (pipToneAt).
 */
function evenSquare(gray: GrayImage, fit: Fit, pips: readonly Pip[], face: number, contrast: number, radius: number): boolean {
  for (let i = -EVEN_REACH; i <= EVEN_REACH + 1e-9; i += EVEN_REACH / 6)
    for (let j = -EVEN_REACH; j <= EVEN_REACH + 1e-9; j += EVEN_REACH / 6) {
      const point = add(fit.centre, add(mul(fit.u, i), mul(fit.v, j)))
      if (pips.some((p) => hypot(p.x - point.x, p.y - point.y) < 1.8 * p.radius)) continue
      if (pipToneAt(gray, point, face, contrast, radius, pips[0]!.polarity)) return false
    }
  return true
}

/**
 * Whether a pip's worth of its tone lies about an empty place of a layout: of the points of a
 * disc of the pips' radius there, away from the face's own pips, PIP_TONE_SHARE or more differ
 * from the face towards the pips by half their contrast. A glossy pip shines in its middle (a
 * lamp's glint, large on a large die seen close): a five's middle pip so lit is found by no
 * scale, and its disc's mean (pipToneAt) is hardly darker than the face, yet its dark ring covers
 * most of the disc. The four its corners make is asked about. The plain face between a layout's
 * pips holds no such ring: a neighbour pip's blurred rim reaches at most a sliver of the disc.
 */
function ringOfPipToneAt(gray: GrayImage, point: Point, pips: readonly Pip[], face: number, contrast: number, radius: number, polarity: 1 | -1): boolean {
  const step = Math.max(0.5, radius / 4)
  let toned = 0
  let total = 0
  for (let dy = -radius; dy <= radius; dy += step)
    for (let dx = -radius; dx <= radius; dx += step) {
      if (dx * dx + dy * dy > radius * radius) continue
      const x = Math.round(point.x + dx)
      const y = Math.round(point.y + dy)
      if (x < 0 || y < 0 || x >= gray.width || y >= gray.height) continue
      if (pips.some((p) => hypot(p.x - x, p.y - y) < OWN_PIP_CLEAR * p.radius)) continue
      total++
      if (polarity * (face - gray.data[y * gray.width + x]!) > 0.5 * contrast) toned++
    }
  return total > 0 && toned >= PIP_TONE_SHARE * total
}

export const PIP_RING = 'a ring of a pip’s tone where no pip should be'
/** A ring left of a pip by a glint in its middle covers three quarters of its disc; a third is taken for a pip. */
const PIP_TONE_SHARE = 0.35
/** Points this many of a face pip's radii from its middle are its own blurred rim, not the empty place's. */
const OWN_PIP_CLEAR = 1.5

/**
 * How far out a face's square is looked over, in grid steps: its edges lie 2.1 out (faceSide), a
 * sampled disc's width farther; a die's corner rounded by up to a quarter of its side leaves the
 * square's corner points on its face.
 */
const EVEN_REACH = 1.8

/** `all` are every pip found in the photo, the face's among them. */
function readFace(image: FaceImage, pips: Pip[], wasSplit: boolean, all: readonly Pip[]): Face | null {
  const doubts: string[] = []
  const fit = fitLayout(pips)
  const radius = mean(pips.map((p) => p.radius))
  const face = mean(pips.map((p) => p.face))
  const contrast = Math.min(...pips.map((p) => p.contrast))
  if (fit && plainFace(image, pips, fit.centre, fit.u, fit.v, fit.value === 1) < 0.7) return null
  if (!fit) {
    // More than six linked pips and no split: a face is there but its count is not known.
    const centre = { x: mean(pips.map((p) => p.x)), y: mean(pips.map((p) => p.y)) }
    return { pips, value: Math.min(6, pips.length), centre, u: { x: 0, y: 0 }, v: { x: 0, y: 0 }, side: 10.5 * radius, confidence: 0, doubts: ['no layout'] }
  }
  let confidence = 1
  if (fit.residual > 0.15) {
    doubts.push(`layout residual ${fit.residual.toFixed(2)}`)
    confidence = Math.min(confidence, fit.residual > 0.3 ? 0.2 : 0.6)
  }
  const implausible = plausibleGrid(fit, radius)
  if (implausible) {
    doubts.push(implausible)
    confidence = Math.min(confidence, 0.3)
  }
  if (wasSplit) {
    doubts.push(SPLIT_FROM_GROUP)
    confidence = Math.min(confidence, 0.65)
  }
  // A one's die is looked for once the side faces are dropped (lookAroundLonePips): its doubt goes here.
  const dieDoubtAt = doubts.length
  // A two is a diagonal of two pips: two pips of a four or a five along its side, or two whole
  // dark dice on a white tray, fit it as well. Its die must be seen around it as a one's is,
  // with the two's middle at the face's middle. Dark pips are mostly an ivory die's on pale
  // wood, whose edges hardly show: of those only a face that ends nowhere (the white tray
  // between two whole dark dice) is asked about, or one with a third pip alike its two on the
  // plain around them, when the square the two's face would fill is no even plain either: a
  // die's face is its body's colour all over but for its pips, where granite or a speckled
  // cloth around two grains that fit a diagonal holds more grains and patches like them. The
  // plain around a real two may run on over its die's side face, as ivory as its top, to that
  // side's pips: its own square is even all the same.
  if (fit.value === 2) {
    const noDie = noDieAround(image, pips[0]!, all, fit.centre, pips, TWO_SPOT_REACH).doubt
    const grainsAround = noDie === ANOTHER_PIP_ON_ITS_FACE && !evenSquare(image.gray, fit, pips, face, contrast, radius)
    if (noDie && (pips[0]!.polarity === -1 || noDie === NO_DIE_AROUND || grainsAround)) {
      doubts.push(`a two: ${noDie}`)
      confidence = Math.min(confidence, TWO_NO_BODY)
    }
  }
  const sizes = pips.map((p) => p.radius)
  if (Math.max(...sizes) / Math.min(...sizes) > 1.45) {
    doubts.push('pips of unequal size')
    confidence = Math.min(confidence, 0.6)
  }
  // Where the layout has no pip the face must be plain: a dark spot there is a pip missed.
  const polarity = pips[0]!.polarity
  const occupied = LAYOUTS[fit.value]!.flat().map(([i, j]) => `${i},${j}`)
  const spots: Point[] = []
  if (fit.value === 1) {
    for (let a = 0; a < 8; a++) spots.push(add(fit.centre, rotate({ x: 2.6 * radius, y: 0 }, (a * Math.PI) / 4)))
  } else {
    for (const i of [-1, 0, 1])
      for (const j of [-1, 0, 1])
        if (!occupied.includes(`${i},${j}`)) spots.push(add(fit.centre, add(mul(fit.u, i), mul(fit.v, j))))
  }
  for (const spot of spots) {
    if (pipToneAt(image.gray, spot, face, contrast, radius, polarity)) {
      doubts.push(DARK_SPOT)
      confidence = Math.min(confidence, 0.3)
      break
    }
  }
  if (fit.value > 1 && !doubts.includes(DARK_SPOT) && spots.some((spot) => ringOfPipToneAt(image.gray, spot, pips, face, contrast, radius, polarity))) {
    doubts.push(PIP_RING)
    confidence = Math.min(confidence, 0.3)
  }
  if (fit.value === 3 && !wideAcross(image, pips, face, contrast)) {
    const six = otherColumn(image, pips, face, contrast, radius)
    if (six) {
      // Read as the six it is more likely to be, and asked all the same.
      doubts.push('a row of three beside a column of unfound pips: a six')
      Object.assign(fit, six)
    } else doubts.push('a three whose face ends close beside it')
    confidence = Math.min(confidence, 0.5)
  }
  if (fit.value === 2) {
    const four = rowBesideTwo(image, pips, all, face, contrast, radius)
    if (four) {
      // Read as the four it is more likely to be, and asked all the same.
      doubts.push(FOUR_OF_A_TWO)
      Object.assign(fit, four)
      confidence = Math.min(confidence, 0.5)
    }
  }
  if (fit.value === 4) {
    const six = rowBeyondFour(image, fit, face, contrast, radius, polarity)
    if (six) {
      // Read as the six it is more likely to be. It is a face all the same, the roll's evidence
      // of its dice's size and kind: it is asked about (askSixesOfFours) once the others are read.
      doubts.push(FOUR_OF_A_SIX)
      Object.assign(fit, six)
    }
  }
  const side = faceSide(fit, radius)
  const read = { pips, value: fit.value, centre: fit.centre, u: fit.u, v: fit.v, side, confidence, doubts }
  if (fit.value === 1) dieNotLookedFor.set(read, dieDoubtAt)
  return read
}

/**
 * A one's pip is printed a fifth to a third of its face across (up to twice the other pips'), and
 * the plain face measured around it (noDieAround's width) spans its die's top. A lone blob as
 * wide as ONE_PIP_ACROSS of the plain it lies on or more is no pip in the middle of a face: it
 * is a small pale die seen whole on a dark cloth, its pips lost in blur (a purple five read as a
 * one, the carpet's plain taken for its face), a knob, a hole. It is asked about. Real ones
 * measured 0.17–0.32 of their plain across, on small blurred dice too, but for a large wooden
 * die's one seen close, whose grain ends the rays early (0.45, asked); that die measured 0.53.
 */
const ONE_PIP_ACROSS = 0.42
const PIP_FILLS_ITS_FACE_CONFIDENCE = 0.4
export const PIP_FILLS_ITS_FACE = 'a lone blob too large for the plain face around it: maybe a die seen whole'

/** Faces of a lone pip whose die is yet to be looked for, with where its doubt goes among the face's doubts. */
const dieNotLookedFor = new WeakMap<Face, number>()

/**
 * The die around each lone pip of `faces` (groupIntoFaces's, of `pips`) looked for, as readFace
 * would have: its doubt put among the face's where readFace would have put it, the face's
 * confidence lowered alike, its plain face's width noted. The faces are changed in place.
 */
export function lookAroundLonePips(image: FaceImage, faces: Face[], pips: readonly Pip[]): Face[] {
  for (const face of faces) {
    const doubtAt = dieNotLookedFor.get(face)
    if (doubtAt === undefined) continue
    dieNotLookedFor.delete(face)
    const pip = face.pips[0]!
    const { doubt: noDie, width } = noDieAround(image, pip, pips)
    if (noDie) {
      face.doubts.splice(doubtAt, 0, noDie)
      face.confidence = Math.min(face.confidence, NO_BODY)
    } else if (2 * pip.radius > ONE_PIP_ACROSS * width) {
      face.doubts.splice(doubtAt, 0, PIP_FILLS_ITS_FACE)
      face.confidence = Math.min(face.confidence, PIP_FILLS_ITS_FACE_CONFIDENCE)
    }
    face.faceWidth = width
  }
  return faces
}

/**
 * A three in a row whose face ends close on one side may be one column of a six whose other
 * column the pip finder lost (faint or marbled pips): two spacings across, on one side, three
 * spots of the pips' tone, each level with a pip of the row, with face between them (where the
 * tray past a die's edge would be of one tone throughout). The six's centre and grid, or null.
 */
function otherColumn(image: FaceImage, pips: readonly Pip[], face: number, contrast: number, radius: number) {
  const { first, middle, last, along, spacing, across } = rowOfThree(pips)
  const polarity = middle.polarity
  const toward = (point: Point) => polarity * (face - sampleDisc(image.gray, point, 0.6 * radius))
  for (const sign of [1, -1]) {
    const shift = mul(across, 2 * sign * spacing)
    const column = [first, middle, last].map((p) => add(p, shift))
    const between = [mul(add(column[0]!, column[1]!), 0.5), mul(add(column[1]!, column[2]!), 0.5), add(middle, mul(shift, 0.5))]
    const pipLike = column.every((spot) => toward(spot) > SIX_COLUMN_PIP * contrast)
    const faceLike = between.every((spot) => toward(spot) < SIX_COLUMN_FACE * contrast)
    if (pipLike && faceLike)
      return { value: 6, centre: add(middle, mul(shift, 0.5)), u: mul(shift, 0.5), v: mul(along, 0.5) }
  }
  return null
}

export const FOUR_OF_A_SIX = 'a four beside a row of unfound pips: a six'
/** Pips of one group parted into faces: this one is a piece, another die's or its own die's other part beside it. */
export const SPLIT_FROM_GROUP = 'split from a larger group'
/** A face below it, seen rounder, is its die's front face: a die's pips lie just beside it. */
export const ROUNDER_FRONT_FACE = 'its die’s front face looks rounder'
/** Faces nearer than two dice can lie: one die's top and front, or a face and a stray. */
export const ANOTHER_FACE = 'another face of the same die'

/**
 * A six whose columns lie as close as its rows (some dice print it so) shows two rows as a
 * square four; the third row can be lost where the die's edge runs into its shadow and the
 * pips there merge with the shade. One row-spacing beyond the four on one side, two spots of the
 * pips' tone in line with its columns, standing out as pips do from the face between them and
 * between them and the four (that face may be in shade; a die's edge and the table past it are of
 * one tone throughout): a six. Its centre and grid, or null.
 */
function rowBeyondFour(image: FaceImage, fit: Fit, face: number, contrast: number, radius: number, polarity: 1 | -1) {
  const toward = (point: Point, reach = 0.6) => polarity * (face - sampleDisc(image.gray, point, reach * radius))
  for (const [along, across] of [[fit.v, fit.u], [fit.u, fit.v]] as const)
    for (const sign of [1, -1]) {
      const beyond = add(fit.centre, mul(along, 3 * sign))
      const row = [add(beyond, across), sub(beyond, across)]
      const gap = add(fit.centre, mul(along, 2 * sign))
      const between = [beyond, add(gap, across), sub(gap, across)]
      // Each lost pip darkens a disc of its found fellows' size (a slanted side face's pips are
      // slivers), and stands out from the face between them as pips do (it darkens towards an edge in shade).
      const tone = Math.min(...row.map((spot) => toward(spot, LOST_PIP_DISC)))
      if (tone > SIX_COLUMN_PIP * contrast && between.every((spot) => toward(spot) < tone - SIX_COLUMN_PIP * contrast))
        return { value: 6, centre: add(fit.centre, mul(along, sign)), u: across, v: mul(along, 2) }
    }
  return null
}

export const FOUR_OF_A_TWO = 'a two beside a row of pips: a four'

/**
 * A two's diagonal is also one side of a four whose other two pips the faces left out: one
 * found but not linked (a pip on a part of the face lit otherwise), the other lost by the pip
 * finder (a blurred pip whose lit rim spoils its ring). Those pips lie square to the two's
 * pips, as far from them as they are apart. On one side of the two, a pip found at one of those
 * spots, of the two's kind and about its size, the other spot of the pips' tone or a pip too,
 * and the face plain at the four's middle, between the two spots, and between each and its pip
 * of the two: a four. A found pip is asked for because a spot's tone alone is no pip: past a
 * small face's edge lie the table and the die's sides, of any tone. Its centre and grid, or null.
 */
function rowBesideTwo(image: FaceImage, pips: readonly Pip[], all: readonly Pip[], face: number, contrast: number, radius: number) {
  const [a, b] = pips as [Pip, Pip]
  const polarity = a.polarity
  const toward = (point: Point) => polarity * (face - sampleDisc(image.gray, point, 0.6 * radius))
  const along = sub(b, a)
  const found = (spot: Point) =>
    all.some(
      (pip) =>
        !pips.includes(pip) &&
        pip.polarity === polarity &&
        pip.channel === a.channel &&
        Math.max(pip.radius, radius) / Math.min(pip.radius, radius) < ONE_SIZE &&
        norm(sub(pip, spot)) < ROW_SPOT * norm(along),
    )
  for (const sign of [1, -1]) {
    const across = { x: -sign * along.y, y: sign * along.x }
    const row = [add(a, across), add(b, across)]
    const middle = add(mul(add(a, b), 0.5), mul(across, 0.5))
    const between = [middle, mul(add(row[0]!, row[1]!), 0.5), mul(add(a, row[0]!), 0.5), mul(add(b, row[1]!), 0.5)]
    const pipLike = (spot: Point) => found(spot) || toward(spot) > SIX_COLUMN_PIP * contrast
    if (row.some(found) && row.every(pipLike) && between.every((spot) => toward(spot) < SIX_COLUMN_FACE * contrast))
      return { value: 4, centre: middle, u: mul(along, 0.5), v: mul(across, 0.5) }
  }
  return null
}

/** A four's pip lies within this share of its side's length of where the two's pips put it. */
const ROW_SPOT = 0.2

/** A lost pip of a six's row darkens a disc this share of the found pips' radius across. */
const LOST_PIP_DISC = 0.9

/** A lost pip differs from the face by at least this share of the found pips' contrast (as a dark spot does). */
const SIX_COLUMN_PIP = 0.45
/** The face between a six's pips differs from the face around its found pips by less than this share of their contrast. */
const SIX_COLUMN_FACE = 0.25

/** A three's pips in order along its row, the row from first to last, its pips' spacing and the unit vector across it. */
function rowOfThree(pips: readonly Pip[]) {
  const centre = { x: mean(pips.map((p) => p.x)), y: mean(pips.map((p) => p.y)) }
  const middle = [...pips].sort((a, b) => norm(sub(a, centre)) - norm(sub(b, centre)))[0]!
  const [first, last] = pips.filter((p) => p !== middle) as [Pip, Pip]
  const along = sub(last, first)
  const spacing = norm(along) / 2
  return { first, middle, last, along, spacing, across: { x: -along.y / (2 * spacing), y: along.x / (2 * spacing) } }
}

/**
 * A three lies along its face's diagonal, and across it the face runs on to the other two
 * corners, about twice its pips' spacing either way. Three pips in a row are also one column of
 * a six whose other column was lost (faint or marbled), and across that column the face ends
 * (or the lost column shows) within about one spacing on one side. Walked from the middle pip
 * across the row each way, the face must go on for WIDE_ACROSS spacings before anything of the
 * pips' tone (the tray past a light-pipped die's edge, a pip) comes.
 */
function wideAcross(image: FaceImage, pips: readonly Pip[], face: number, contrast: number): boolean {
  const { gray } = image
  const { middle, spacing, across } = rowOfThree(pips)
  const run = offFaceRun(image)
  for (const sign of [1, -1]) {
    let off = 0
    for (let t = middle.radius * 1.4; t <= WIDE_ACROSS * spacing; t += 0.5) {
      const x = Math.round(middle.x + sign * across.x * t)
      const y = Math.round(middle.y + sign * across.y * t)
      if (x < 0 || y < 0 || x >= gray.width || y >= gray.height) return false
      off = middle.polarity * (face - gray.data[y * gray.width + x]!) > 0.5 * contrast ? off + 1 : 0
      if (off >= run) return false
    }
  }
  return true
}

/** How far across a three's row (in its pips' spacings) its face reaches at the least: its corners lie about 1.9 away. */
const WIDE_ACROSS = 1.5

/**
 * Whether `front` is the face of `top`'s die turned towards the camera: just below it (within
 * 45° of the photo's down) and nearer than another die's top, and not far rounder than it.
 */
function frontFaceOf(front: Face, top: Face, down: Point | null): boolean {
  if (!down) return false
  // A top seen from nearly above (round pips) shows no front face; two lone pips one above the
  // other there are more likely one face's pips left unlinked.
  if (roundness(top) > SEEN_FROM_ABOVE) return false
  const reach = FRONT_FACE_DISTANCE * 0.5 * (front.side + top.side)
  // Off by more along x or y is farther (norm is never shorter than either leg): a speckled
  // table's hundreds of lone specks are each compared with every face kept above them.
  if (Math.abs(front.centre.x - top.centre.x) > reach || Math.abs(front.centre.y - top.centre.y) > reach) return false
  const offset = sub(front.centre, top.centre)
  const distance = norm(offset)
  if (distance > reach) return false
  if (offset.x * down.x + offset.y * down.y < Math.SQRT1_2 * distance) return false
  return roundness(front) < FRONT_FACE_ROUNDER * roundness(top)
}

/**
 * Which way the photo's down is (towards the camera): where, from a top face, its die's front
 * face lies, where the pair is clear (the front far flatter). A top's pips are squashed along
 * the line of sight, so its front face lies along their short axis and its left and right
 * faces, which say nothing of down, across it. A photo is upright or turned by quarter turns,
 * so the answer is one of four directions; unless clear pairs agree on one, the photo is
 * taken as upright (as the browser decodes a phone photo), or, when a clear pair points
 * another way as often, as not known (null).
 */
function photoDown(faces: readonly Face[]): Point | null {
  const directions = [{ x: 0, y: 1 }, { x: 1, y: 0 }, { x: 0, y: -1 }, { x: -1, y: 0 }]
  const votes = [0, 0, 0, 0]
  for (const top of faces) {
    let sight: Point | undefined
    for (const side of faces) {
      if (side === top || roundness(top) < CLEARLY_ROUNDER * roundness(side)) continue
      const reach = FRONT_FACE_DISTANCE * 0.5 * (top.side + side.side)
      // Off by more along x or y is farther (norm is never shorter than either leg).
      if (Math.abs(side.centre.x - top.centre.x) > reach || Math.abs(side.centre.y - top.centre.y) > reach) continue
      const offset = sub(side.centre, top.centre)
      const distance = norm(offset)
      if (distance > reach) continue
      sight ??= squashAxis(top)
      if (Math.abs(offset.x * sight.x + offset.y * sight.y) < Math.cos(Math.PI / 7) * distance) continue
      const along = directions.map((d) => d.x * offset.x + d.y * offset.y)
      votes[along.indexOf(Math.max(...along))]!++
    }
  }
  // Left and right faces, and faces of two dice, vote too: only a clear, one-sided verdict counts.
  const best = votes.indexOf(Math.max(...votes))
  const total = votes.reduce((a, b) => a + b, 0)
  if (votes[best]! >= 2 && votes[best]! >= 0.8 * total) return directions[best]!
  // Not decided: upright, unless some clear pair says otherwise (then no face is judged by where it lies).
  return votes[best] === votes[0] ? directions[0]! : null
}

/** The angle of a face's pips' mean long axis (either way), each pip weighted by how flat it is. */
export function squashAngle(face: Face): number {
  // Axes are directions without a sign: averaged as doubled angles.
  let c = 0
  let s = 0
  for (const pip of face.pips) {
    c += (1 - pip.roundness) * Math.cos(2 * pip.angle)
    s += (1 - pip.roundness) * Math.sin(2 * pip.angle)
  }
  return 0.5 * Math.atan2(s, c)
}

/** The direction (either way) in which a face's pips are shortest: their mean short axis. */
function squashAxis(face: Face): Point {
  const along = squashAngle(face)
  return { x: -Math.sin(along), y: Math.cos(along) }
}

/** The tops of two dice lie at least a side apart: touching dice measure 1.2 sides and more in photos. */
const TWO_DICE_APART = 1

/**
 * Whether two faces can be two faces of one die, by how round their pips look. A round pip seen
 * at an angle θ off its face's normal looks squashed to cos θ; two faces of a cube stand at right
 * angles, so the cosines of the sight line to their normals add up, squared, to at most 1 (45°
 * each: 0.71 and 0.71; from straight above the top is round and its sides are not seen). Two
 * faces whose pips both look nearly round (touching dice seen from above, each face's pips
 * 0.9 round or more) are two dice's tops, however close their centres and however large their
 * sides were reckoned. ONE_DIE_ROUNDNESS allows for pips measured rounder than they are.
 */
const mayShareADie = (a: Face, b: Face) => roundness(a) ** 2 + roundness(b) ** 2 <= ONE_DIE_ROUNDNESS
const ONE_DIE_ROUNDNESS = 1.3

/**
 * How far apart two faces' centres lie on the table, in sides: the offset and the sides
 * measured in the plane the pips lie in, unsquashed along the pips' short axis.
 */
function apart(a: Face, b: Face): number {
  const squash = Math.max(0.5, Math.min(1, (roundness(a) + roundness(b)) / 2))
  const axis = squashAxis(a.pips.length >= b.pips.length ? a : b)
  const offset = sub(b.centre, a.centre)
  const along = offset.x * axis.x + offset.y * axis.y
  const across = offset.x * axis.y - offset.y * axis.x
  const distance = Math.hypot(along / squash, across)
  // A face's side is measured from its pips' mean radius, which a squash shrinks by its square root.
  const side = (0.5 * (a.side + b.side)) / Math.sqrt(squash)
  return distance / side
}

/**
 * Faces off along x or y by TWINS_REACH of their sides added or more are neither nearer than 0.7
 * of the larger side nor less than TWO_DICE_APART apart: apart measures their offset stretched
 * along one axis (never shorter, up to rounding) against their sides over √squash, at most 1/√2
 * (0.71) of the two added. 0.75 of them leaves a margin far wider than rounding. Tested first,
 * the hundreds of lone specks of a speckled table pass one another over cheaply.
 */
const TWINS_REACH = 0.75 * Math.max(1, TWO_DICE_APART)
const fartherThanTwins = (a: Face, b: Face) => {
  const reach = TWINS_REACH * (a.side + b.side)
  return Math.abs(a.centre.x - b.centre.x) >= reach || Math.abs(a.centre.y - b.centre.y) >= reach
}

/** A side face this much flatter than its top says, by where it lies, which way is down. */
const CLEARLY_ROUNDER = 1.3

/**
 * A face's mean of one measure of its pips, worked out once for its list of pips: faces are
 * compared pair by pair, and with every pip left loose (hundreds on a speckled table). A face's
 * list of pips is never changed once read; a face given more pips is given a new list.
 */
function perFace(measure: (pip: Pip) => number): (face: Face) => number {
  const known = new WeakMap<readonly Pip[], number>()
  return (face) => {
    let value = known.get(face.pips)
    if (value === undefined) {
      value = mean(face.pips.map(measure))
      known.set(face.pips, value)
    }
    return value
  }
}
const roundness = perFace((p) => p.roundness)
const contrast = perFace((p) => p.contrast)
const pipSize = perFace((p) => p.radius)
const bodyTone = perFace((p) => p.face)

/**
 * A die's side in shade is its own body turned from the light: never lighter than its top. A
 * faint face whose plain is this much lighter than a neighbour's (a pale purple die beside a black
 * one) is no side of that neighbour's die, however much more its neighbour's pips stand out.
 */
const LIGHTER_BODY = 40
const lighterBody = (face: Face, other: Face) => bodyTone(face) > bodyTone(other) + LIGHTER_BODY

/**
 * Faces whose pips differ in size this much are not of one die: the larger "pip" is a die seen
 * whole, dark on a white tray, whose own pips do not show (a one's pip is printed at most about
 * twice the others'). Its side, reckoned from that pip, would reach over every die near it.
 */
export const WHOLE_DIE_PIP = 3
const oneScale = (a: Face, b: Face) => Math.max(pipSize(a), pipSize(b)) < WHOLE_DIE_PIP * Math.min(pipSize(a), pipSize(b))

/**
 * In a slanted view a die shows its top and one or two sides: the top's pips are the round
 * ones, seen from above. A face next to a clearly rounder one is a side face and is dropped;
 * two faces of one die equally round cannot be told apart, and both are asked about.
 *
 * Seen from low down, the face towards the camera is foreshortened less than the top and its
 * pips look rounder. But the camera is above the table: a die's side faces lie below its top
 * in the photo, never above it. So a face just below another, nearer than two dice would sit,
 * is that die's front face unless it is far rounder; and the faces are taken from the top of
 * the photo down, so a far die's front face is settled (dropped) before the top of the die in
 * front of it is compared with anything.
 */
function dropSideFaces(faces: Face[], pips: readonly Pip[], cells: PipCells): Face[] {
  const down = photoDown(faces)
  const height = (face: Face) => (down ? -(face.centre.x * down.x + face.centre.y * down.y) : 0)
  const ordered = [...faces].sort((a, b) => height(b) - height(a))
  const kept: Face[] = []
  const dropped = new Set<Face>()
  for (const face of ordered) {
    const neighbours = faces.filter(
      (other) =>
        other !== face && within(face.centre, other.centre, 0.8 * (face.side + other.side)) && !dropped.has(other) && oneScale(face, other),
    )
    // The top face is lit at least as well as the sides: a faint neighbour is no top face,
    // and a face far fainter than its neighbour is that die's side in shade.
    const flatterThan = (other: Face) =>
      roundness(other) > roundness(face) * SIDE_FACE_FLATTER &&
      contrast(other) >= 0.75 * contrast(face) &&
      !frontFaceOf(other, face, down)
    const side =
      neighbours.some((other) => flatterThan(other) || (contrast(other) > SIDE_FACE_FAINTER * contrast(face) && !lighterBody(face, other))) ||
      kept.some((top) => frontFaceOf(face, top, down))
    if (side) {
      dropped.add(face)
      continue
    }
    // Kept by where it lies although a face below it is rounder: the player confirms it.
    if (neighbours.some((other) => frontFaceOf(other, face, down) && roundness(other) > roundness(face) * SIDE_FACE_FLATTER)) {
      face.doubts.push(ROUNDER_FRONT_FACE)
      face.confidence = Math.min(face.confidence, 0.6)
    }
    kept.push(face)
  }
  const best = Math.max(0, ...kept.map(roundness))
  const result = kept.filter((face) => roundness(face) >= 0.6 * best)
  const inFaces = new Set(result.flatMap((face) => face.pips))
  for (const face of result) {
    // Two dice stand side by side at the closest: faces nearer than a side on the table are
    // two faces of one die (its top and its front, seen from low down), or one face and a stray.
    // Faces overlapping (nearer than 0.7 of a side) are so however they are seen; faces a
    // side or less apart only when they can be one cube's two faces at all (mayShareADie).
    const twin = result.find(
      (other) =>
        other !== face &&
        !fartherThanTwins(face, other) &&
        oneScale(face, other) &&
        (norm(sub(other.centre, face.centre)) < 0.7 * Math.max(face.side, other.side) ||
          (apart(face, other) < TWO_DICE_APART && mayShareADie(face, other))),
    )
    if (twin) {
      face.doubts.push(ANOTHER_FACE)
      face.confidence = Math.min(face.confidence, 0.3)
    }
    // A round pip of the same kind close by that joined no face may be one of this face's: only
    // the pips of the cells around the face (a pixel to spare) can be, as within is never true
    // off by as much along x or y.
    const reach = 0.55 * face.side
    const nearby = cells.inBox(face.centre.x - reach - 1, face.centre.y - reach - 1, face.centre.x + reach + 1, face.centre.y + reach + 1)
    const loose = nearby.some((i) => {
      const p = pips[i]!
      return (
        within(face.centre, p, reach) &&
        !inFaces.has(p) &&
        p.polarity === face.pips[0]!.polarity &&
        p.roundness >= 0.8 * roundness(face) &&
        similarPips(p, face.pips[0]!)
      )
    })
    if (loose) {
      face.doubts.push('a pip nearby belongs to no face')
      face.confidence = Math.min(face.confidence, 0.4)
    }
  }
  return result
}

/**
 * Each channel's faces are read apart (grey, redness, yellowness: findFaces once a channel), and
 * dropSideFaces settles a die's top and its front face only when both show in one channel. A
 * translucent or lit die may show its top's pips in grey and its front face's only in colour
 * (pips of the faces behind shining through the plastic, a shaded front face): the two faces
 * then come from two channels, each read as a die. The camera is above the table, so a die's
 * front face lies just below its top, nearer than another die's top could (frontFaceOf), and is
 * seen at a lower angle than the top, its pips flatter. A face of one channel lying so below a
 * face of another, and flatter than it by as much as dropSideFaces asks of a side face, is that
 * die's front face, whatever channel showed it: it is dropped, as dropSideFaces drops one of its
 * own channel, however sure or unsure the top was read (a one's face, running on over the front
 * face of a die of one colour, looks off its middle).
 */
export function dropFrontFacesAcrossChannels(faces: Face[]): Face[] {
  const channel = (face: Face) => face.pips[0]!.channel ?? 'grey'
  if (new Set(faces.map(channel)).size < 2) return faces
  const down = photoDown(faces)
  const frontOfAnother = (face: Face) =>
    faces.some(
      (top) =>
        top !== face &&
        channel(top) !== channel(face) &&
        oneScale(face, top) &&
        roundness(top) > SIDE_FACE_FLATTER * roundness(face) &&
        frontFaceOf(face, top, down),
    )
  return faces.filter((face) => !frontOfAnother(face))
}
