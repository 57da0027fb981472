// A second, independent board renderer for a held-out board set (issue 10): a small ray caster
// that sets the printed board (bench/vision/boardPrint.ts) on a table in 3-D and photographs it
// with a pinhole camera from a seated player's height. Stones are rounded cylinders (optionally
// domed) with height, bevel and a specular highlight; they cast soft shadows from a lamp whose
// light falls off with distance and across a spot's cone. The table is wood, cloth, a dark top,
// a pattern or stone; the photo gets defocus, blur, sensor noise and JPEG afterwards.
//
// It is written from scratch, sharing no code with the project's fixture renderer
// (scripts/make-photo-fixtures.ts) or with the reader (vision/), so that a reader tuned to how
// those draw a board is measured on boards drawn some other way.
//
// World units are field cells; the field's centre is the origin, x runs along the columns (a
// to h), y along the rows (row 0 to row 12), z up from the table; the board's top is at
// z = thickness.
import { FIELD_COLUMNS, FIELD_ROWS, linear, printedColour, type BoardPrint, type Linear } from './boardPrint.ts'

export type Vec3 = [number, number, number]
type Srgb = [number, number, number]

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
const normalise = (a: Vec3): Vec3 => {
  const length = Math.hypot(a[0], a[1], a[2])
  return [a[0] / length, a[1] / length, a[2] / length]
}
const smoothstep = (edge0: number, edge1: number, x: number) => {
  const t = Math.max(0, Math.min(1, (x - edge0) / (edge1 - edge0)))
  return t * t * (3 - 2 * t)
}

/** The field point (u, v) — u 0–8 across the columns, v 0–13 along the rows — in world x, y. */
export const fieldToWorld = (u: number, v: number): [number, number] => [u - FIELD_COLUMNS / 2, v - FIELD_ROWS / 2]

// ---------------------------------------------------------------------------------------------
// Camera

export interface CameraPose {
  /** The point looked at, world units. */
  target: Vec3
  /** Degrees above the table of the line from the camera to the target. */
  elevation: number
  /** Degrees round the vertical; 0 is behind the start line (row 0), looking up the field. */
  azimuth: number
  /** Degrees the camera is turned about its line of sight. */
  roll: number
  distance: number
  /** Vertical field of view, degrees. */
  verticalFov: number
  width: number
  height: number
}

export interface Camera {
  position: Vec3
  forward: Vec3
  right: Vec3
  /** Down in the photo (y grows downwards). */
  down: Vec3
  focal: number
  cx: number
  cy: number
  width: number
  height: number
}

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** A pinhole camera; pixel (i, j) has its centre at x = i, y = j. */
export function cameraFromPose(pose: CameraPose): Camera {
  const elevation = radians(pose.elevation)
  const azimuth = radians(pose.azimuth)
  const towardCamera: Vec3 = [
    -Math.sin(azimuth) * Math.cos(elevation),
    -Math.cos(azimuth) * Math.cos(elevation),
    Math.sin(elevation),
  ]
  const position: Vec3 = [
    pose.target[0] + pose.distance * towardCamera[0],
    pose.target[1] + pose.distance * towardCamera[1],
    pose.target[2] + pose.distance * towardCamera[2],
  ]
  const forward: Vec3 = [-towardCamera[0], -towardCamera[1], -towardCamera[2]]
  const level = normalise(cross(forward, [0, 0, 1]))
  const upright = cross(level, forward)
  const roll = radians(pose.roll)
  const right: Vec3 = [
    level[0] * Math.cos(roll) + upright[0] * Math.sin(roll),
    level[1] * Math.cos(roll) + upright[1] * Math.sin(roll),
    level[2] * Math.cos(roll) + upright[2] * Math.sin(roll),
  ]
  const up = cross(right, forward)
  return {
    position,
    forward,
    right,
    down: [-up[0], -up[1], -up[2]],
    focal: pose.height / 2 / Math.tan(radians(pose.verticalFov) / 2),
    cx: (pose.width - 1) / 2,
    cy: (pose.height - 1) / 2,
    width: pose.width,
    height: pose.height,
  }
}

export interface Pixel {
  x: number
  y: number
}

/** Where a world point lands in the photo (in front of the camera). */
export function project(camera: Camera, p: Vec3): Pixel {
  const d: Vec3 = [p[0] - camera.position[0], p[1] - camera.position[1], p[2] - camera.position[2]]
  const z = dot(d, camera.forward)
  return { x: camera.cx + (camera.focal * dot(d, camera.right)) / z, y: camera.cy + (camera.focal * dot(d, camera.down)) / z }
}

/** The unit direction of the ray through photo point (x, y). */
export function rayThrough(camera: Camera, x: number, y: number): Vec3 {
  const a = (x - camera.cx) / camera.focal
  const b = (y - camera.cy) / camera.focal
  return normalise([
    camera.forward[0] + a * camera.right[0] + b * camera.down[0],
    camera.forward[1] + a * camera.right[1] + b * camera.down[1],
    camera.forward[2] + a * camera.right[2] + b * camera.down[2],
  ])
}

// ---------------------------------------------------------------------------------------------
// Scene

export interface Stone {
  /** Centre of the stone's foot, world units. */
  x: number
  y: number
  /** Height of the surface it stands on (the board's top or the table). */
  base: number
  radius: number
  height: number
  /** Radius of the rounded edge. */
  bevel: number
  /** How far the top bulges above its rim; 0 for a flat top. */
  dome: number
  colour: Srgb
  /** Specular reflectance (plastic about 0.04–0.1) and sharpness (Blinn–Phong exponent). */
  shine: number
  sharpness: number
  /** A groove pressed into the top at this share of the radius, or 0. */
  groove: number
}

export type TableKind = 'wood' | 'cloth' | 'dark' | 'gingham' | 'tiles' | 'marble'

export interface Table {
  kind: TableKind
  /** Two colours the texture moves between (sRGB). */
  light: Srgb
  dark: Srgb
  /** Direction of grain, planks or pattern, radians. */
  angle: number
  /** Plank width, check or tile size, world units. */
  period: number
  seed: number
}

/** A sheet of paper or a card lying on the table (clutter beside the board). */
export interface Paper {
  x: number
  y: number
  width: number
  length: number
  angle: number
  colour: Srgb
}

export interface Lamp {
  position: Vec3
  /** Irradiance at 10 units' distance, facing it. */
  intensity: number
  colour: Linear
  /** The spot's axis (unit) and its cone: full light within `inner`, none beyond `outer` (degrees); null for a bare bulb. */
  spot: { axis: Vec3; inner: number; outer: number } | null
  /** Size of the source, for soft shadow edges (larger is softer). */
  size: number
}

export interface Scene {
  print: BoardPrint
  /** The board's thickness and the colour of its cut edge. */
  thickness: number
  edge: Srgb
  /** Specular reflectance of the printed surface (a laminated board shows the lamp in it), 0 for matte paper. */
  boardGloss: number
  table: Table
  papers: Paper[]
  stones: Stone[]
  lamp: Lamp
  /** Light from everywhere, and how it grows across the scene (a window to one side): world direction and rate a unit. */
  ambient: number
  ambientGradient: { direction: [number, number]; rate: number }
  /** A shape between the lamp and the table (a player's head, a shelf): a disc at height z. */
  occluder: { x: number; y: number; z: number; radius: number } | null
  /** The table's top (world x0–x1, y0–y1, its edge `depth` deep); beyond it the floor and a wall. */
  room: { x0: number; x1: number; y0: number; y1: number; depth: number; edge: Srgb; floor: Srgb; floorZ: number; wall: Srgb }
}

/** The board's sheet as a box: x0, x1, y0, y1 (world), top z. */
function sheetBox(scene: Scene) {
  const m = scene.print.margin
  const [x0, y0] = fieldToWorld(-m, -m)
  const [x1, y1] = fieldToWorld(FIELD_COLUMNS + m, FIELD_ROWS + m)
  return { x0, x1, y0, y1, top: scene.thickness }
}

// ---------------------------------------------------------------------------------------------
// Value noise for the table's textures

function hash2(ix: number, iy: number, seed: number): number {
  let h = Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1) ^ Math.imul(seed, 0x9e3779b1)
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296
}

function valueNoise(x: number, y: number, seed: number): number {
  const ix = Math.floor(x)
  const iy = Math.floor(y)
  const fx = x - ix
  const fy = y - iy
  const sx = fx * fx * (3 - 2 * fx)
  const sy = fy * fy * (3 - 2 * fy)
  const a = hash2(ix, iy, seed)
  const b = hash2(ix + 1, iy, seed)
  const c = hash2(ix, iy + 1, seed)
  const d = hash2(ix + 1, iy + 1, seed)
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy
}

/** Fractal noise, 0–1, of `octaves` octaves. */
function fbm(x: number, y: number, seed: number, octaves: number): number {
  let sum = 0
  let weight = 0.5
  let total = 0
  for (let o = 0; o < octaves; o++) {
    sum += weight * valueNoise(x, y, seed + o * 101)
    total += weight
    x *= 2.03
    y *= 2.03
    weight *= 0.5
  }
  return sum / total
}

const mixLinear = (a: Linear, b: Linear, t: number): Linear => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]

/** The table's colour (linear) at world (x, y), and its sheen. */
function tableColour(table: Table, light: Linear, dark: Linear, x: number, y: number): { albedo: Linear; gloss: number } {
  const c = Math.cos(table.angle)
  const s = Math.sin(table.angle)
  const along = x * c + y * s
  const across = -x * s + y * c
  const seed = table.seed
  switch (table.kind) {
    case 'wood': {
      const plank = Math.floor(across / table.period)
      const within = across - plank * table.period
      const shift = hash2(plank, 7, seed) * 40
      const tone = 0.75 + 0.5 * hash2(plank, 3, seed)
      const wobble = fbm((along + shift) * 0.06, within * 0.4, seed, 3)
      const rings = Math.abs(Math.sin((within * 2.2 + wobble * 6 + shift) * Math.PI))
      const fibre = fbm((along + shift) * 0.5, within * 9, seed + 5, 2)
      const t = Math.min(1, Math.max(0, (0.55 * rings ** 3 + 0.45 * fibre) * tone))
      let albedo = mixLinear(light, dark, t)
      // The seam between planks, and the plank's butt joint somewhere along it.
      const seam = Math.min(within, table.period - within)
      const joint = Math.abs(((along + shift * 3) % 60) + 60) % 60
      if (seam < 0.05 || joint < 0.05) albedo = mixLinear(albedo, dark, 0.7).map((v) => v * 0.45) as Linear
      return { albedo, gloss: 0.04 }
    }
    case 'cloth': {
      const weave = 0.5 + 0.5 * Math.sin(along * 38) * Math.sin(across * 38)
      const mottle = fbm(x * 0.35, y * 0.35, seed, 4)
      const lint = valueNoise(x * 14, y * 14, seed + 9)
      const t = 0.25 * weave + 0.5 * mottle + 0.25 * lint
      return { albedo: mixLinear(light, dark, t), gloss: 0 }
    }
    case 'dark': {
      const t = 0.6 * fbm(x * 0.2, y * 0.2, seed, 4) + 0.4 * valueNoise(x * 20, y * 20, seed + 3)
      return { albedo: mixLinear(light, dark, t), gloss: 0.05 }
    }
    case 'gingham': {
      const a = Math.floor(along / table.period) & 1
      const b = Math.floor(across / table.period) & 1
      const weave = 0.04 * Math.sin(along * 45) * Math.sin(across * 45)
      const t = (a + b) / 2 + weave
      return { albedo: mixLinear(light, dark, Math.max(0, t)), gloss: 0 }
    }
    case 'tiles': {
      const u = along / table.period
      const v = across / table.period
      const grout = Math.min(u - Math.floor(u), Math.ceil(u) - u, v - Math.floor(v), Math.ceil(v) - v) * table.period
      if (grout < 0.08) return { albedo: mixLinear(dark, [0, 0, 0], 0.3), gloss: 0 }
      const tile = hash2(Math.floor(u), Math.floor(v), seed)
      const t = 0.15 * tile + 0.2 * fbm(x * 0.8, y * 0.8, seed, 3)
      return { albedo: mixLinear(light, dark, t), gloss: 0.06 }
    }
    case 'marble': {
      const vein = Math.abs(Math.sin((along * 0.25 + fbm(x * 0.12, y * 0.12, seed, 5) * 7) * Math.PI))
      const t = 0.8 * (1 - vein) ** 8 + 0.2 * fbm(x * 0.6, y * 0.6, seed + 1, 3)
      return { albedo: mixLinear(light, dark, t), gloss: 0.05 }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Stones as signed distances

/** Signed distance from a world point to a stone: a rounded cylinder, its top cut by a sphere when domed. */
function stoneDistance(stone: Stone, px: number, py: number, pz: number): number {
  const qx = px - stone.x
  const qy = py - stone.y
  const qz = pz - stone.base
  const rho = Math.hypot(qx, qy)
  const half = stone.height / 2
  const dx = rho - (stone.radius - stone.bevel)
  const dz = Math.abs(qz - half) - (half - stone.bevel)
  const cylinder = Math.min(Math.max(dx, dz), 0) + Math.hypot(Math.max(dx, 0), Math.max(dz, 0)) - stone.bevel
  if (stone.dome <= 0) return cylinder
  const rim = stone.radius - stone.bevel
  const sphereRadius = (rim * rim + stone.dome * stone.dome) / (2 * stone.dome)
  const sphere = Math.hypot(qx, qy, qz - (stone.height - sphereRadius)) - sphereRadius
  return Math.max(cylinder, sphere)
}

/** The ray's span inside the stone's bounding cylinder, or null. */
function stoneSpan(stone: Stone, o: Vec3, d: Vec3): [number, number] | null {
  const ox = o[0] - stone.x
  const oy = o[1] - stone.y
  const a = d[0] * d[0] + d[1] * d[1]
  const b = ox * d[0] + oy * d[1]
  const r = stone.radius + 1e-3
  const c = ox * ox + oy * oy - r * r
  let t0 = -Infinity
  let t1 = Infinity
  if (a > 1e-12) {
    const disc = b * b - a * c
    if (disc < 0) return null
    const root = Math.sqrt(disc)
    t0 = (-b - root) / a
    t1 = (-b + root) / a
  } else if (c > 0) return null
  const z0 = stone.base - 1e-3
  const z1 = stone.base + stone.height + 1e-3
  if (Math.abs(d[2]) > 1e-12) {
    let ta = (z0 - o[2]) / d[2]
    let tb = (z1 - o[2]) / d[2]
    if (ta > tb) [ta, tb] = [tb, ta]
    t0 = Math.max(t0, ta)
    t1 = Math.min(t1, tb)
  } else if (o[2] < z0 || o[2] > z1) return null
  t0 = Math.max(t0, 0)
  return t0 < t1 ? [t0, t1] : null
}

function marchStone(stone: Stone, o: Vec3, d: Vec3): number | null {
  const span = stoneSpan(stone, o, d)
  if (!span) return null
  let t = span[0]
  for (let step = 0; step < 96 && t <= span[1]; step++) {
    const distance = stoneDistance(stone, o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2])
    if (distance < 2e-4) return t
    t += distance
  }
  return null
}

function stoneNormal(stone: Stone, p: Vec3): Vec3 {
  const e = 1e-4
  return normalise([
    stoneDistance(stone, p[0] + e, p[1], p[2]) - stoneDistance(stone, p[0] - e, p[1], p[2]),
    stoneDistance(stone, p[0], p[1] + e, p[2]) - stoneDistance(stone, p[0], p[1] - e, p[2]),
    stoneDistance(stone, p[0], p[1], p[2] + e) - stoneDistance(stone, p[0], p[1], p[2] - e),
  ])
}

// ---------------------------------------------------------------------------------------------
// Shading

interface Hit {
  t: number
  point: Vec3
  normal: Vec3
  albedo: Linear
  /** Specular strength and exponent. */
  shine: number
  sharpness: number
  /** The stone hit, for its own shadow test; -1 for board and table. */
  stone: number
}

/** Everything the ray caster needs, prepared once per scene. */
interface Prepared {
  scene: Scene
  box: ReturnType<typeof sheetBox>
  edge: Linear
  tableLight: Linear
  tableDark: Linear
  stoneColours: Linear[]
  papers: { paper: Paper; colour: Linear; c: number; s: number }[]
  printColours: Map<readonly number[], Linear>
  roomEdge: Linear
  floor: Linear
  wall: Linear
}

function prepare(scene: Scene): Prepared {
  return {
    scene,
    box: sheetBox(scene),
    edge: linear(scene.edge),
    tableLight: linear(scene.table.light),
    tableDark: linear(scene.table.dark),
    stoneColours: scene.stones.map((stone) => linear(stone.colour)),
    papers: scene.papers.map((paper) => ({ paper, colour: linear(paper.colour), c: Math.cos(paper.angle), s: Math.sin(paper.angle) })),
    printColours: new Map(),
    roomEdge: linear(scene.room.edge),
    floor: linear(scene.room.floor),
    wall: linear(scene.room.wall),
  }
}

/** The printed colour at (u, v) in linear light; the print's few colours are converted once each. */
function printedLinear(prep: Prepared, u: number, v: number): Linear | null {
  const srgb = printedColour(prep.scene.print, u, v)
  if (!srgb) return null
  let value = prep.printColours.get(srgb)
  if (!value) {
    value = linear(srgb)
    prep.printColours.set(srgb, value)
  }
  return value
}

/** The nearest surface along the ray: a stone, the board (top or cut edge) or the table. */
function castRay(prep: Prepared, o: Vec3, d: Vec3, candidates: readonly number[]): Hit | null {
  const { scene, box } = prep
  let best: Hit | null = null
  for (const index of candidates) {
    const stone = scene.stones[index]!
    const t = marchStone(stone, o, d)
    if (t === null || (best && t >= best.t)) continue
    const point: Vec3 = [o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2]]
    let albedo = prep.stoneColours[index]!
    if (stone.groove > 0) {
      const rho = Math.hypot(point[0] - stone.x, point[1] - stone.y) / stone.radius
      if (Math.abs(rho - stone.groove) < 0.04 && point[2] > stone.base + stone.height * 0.6) albedo = albedo.map((v) => v * 0.55) as Linear
    }
    best = { t, point, normal: stoneNormal(stone, point), albedo, shine: stone.shine, sharpness: stone.sharpness, stone: index }
  }
  // The board as a box (slabs), then the table below it.
  const { tNear, axis } = enterBox([box.x0, box.y0, 0], [box.x1, box.y1, box.top], o, d)
  if (axis >= 0 && (!best || tNear < best.t)) {
    const point: Vec3 = [o[0] + tNear * d[0], o[1] + tNear * d[1], o[2] + tNear * d[2]]
    if (axis === 2) {
      const u = point[0] + FIELD_COLUMNS / 2
      const v = point[1] + FIELD_ROWS / 2
      const albedo = printedLinear(prep, u, v) ?? prep.edge
      return { t: tNear, point, normal: [0, 0, 1], albedo, shine: scene.boardGloss, sharpness: 30, stone: -1 }
    }
    const normal: Vec3 = [0, 0, 0]
    normal[axis] = -Math.sign(d[axis]!)
    return { t: tNear, point, normal, albedo: prep.edge, shine: 0.02, sharpness: 10, stone: -1 }
  }
  if (best) return best
  const room = scene.room
  const t = d[2] < 0 ? -o[2] / d[2] : Infinity
  const point: Vec3 = [o[0] + t * d[0], o[1] + t * d[1], 0]
  if (!(point[0] > room.x0 && point[0] < room.x1 && point[1] > room.y0 && point[1] < room.y1)) return roomHit(prep, o, d)
  for (const { paper, colour, c, s } of prep.papers) {
    const dx = point[0] - paper.x
    const dy = point[1] - paper.y
    if (Math.abs(dx * c + dy * s) < paper.width / 2 && Math.abs(-dx * s + dy * c) < paper.length / 2)
      return { t, point, normal: [0, 0, 1], albedo: colour, shine: 0.01, sharpness: 8, stone: -1 }
  }
  const table = tableColour(scene.table, prep.tableLight, prep.tableDark, point[0], point[1])
  return { t, point, normal: [0, 0, 1], albedo: table.albedo, shine: table.gloss, sharpness: 20, stone: -1 }
}

/**
 * Where a ray from `o` along `d` enters an axis-aligned box (slabs), and through which face:
 * `axis` 0, 1 or 2 for the x, y or z faces, -1 when the ray misses it or starts inside it.
 */
function enterBox(lows: Vec3, highs: Vec3, o: Vec3, d: Vec3): { tNear: number; axis: number } {
  let tNear = 0
  let tFar = Infinity
  let axis = -1
  for (let k = 0; k < 3; k++) {
    if (Math.abs(d[k]!) < 1e-12) {
      if (o[k]! < lows[k]! || o[k]! > highs[k]!) tNear = Infinity
      continue
    }
    let ta = (lows[k]! - o[k]!) / d[k]!
    let tb = (highs[k]! - o[k]!) / d[k]!
    if (ta > tb) [ta, tb] = [tb, ta]
    if (ta > tNear) {
      tNear = ta
      axis = k
    }
    tFar = Math.min(tFar, tb)
  }
  return tNear <= tFar && tNear < Infinity && axis >= 0 ? { tNear, axis } : { tNear: Infinity, axis: -1 }
}

/** Past the table's top: its cut edge, the floor below, or the wall far off (no texture but a little noise). */
function roomHit(prep: Prepared, o: Vec3, d: Vec3): Hit {
  const room = prep.scene.room
  // The table's edge: a box below its top.
  const { tNear, axis } = enterBox([room.x0, room.y0, -room.depth], [room.x1, room.y1, 0], o, d)
  if (axis >= 0 && axis < 2) {
    const normal: Vec3 = [0, 0, 0]
    normal[axis] = -Math.sign(d[axis]!)
    const point: Vec3 = [o[0] + tNear * d[0], o[1] + tNear * d[1], o[2] + tNear * d[2]]
    return { t: tNear, point, normal, albedo: prep.roomEdge, shine: 0, sharpness: 1, stone: -1 }
  }
  if (d[2] < 0) {
    const t = (room.floorZ - o[2]) / d[2]
    const point: Vec3 = [o[0] + t * d[0], o[1] + t * d[1], room.floorZ]
    if (Math.hypot(point[0], point[1]) < 250) {
      const grain = 0.8 + 0.4 * fbm(point[0] * 0.05, point[1] * 0.05, 17, 3)
      return { t, point, normal: [0, 0, 1], albedo: prep.floor.map((v) => v * grain) as Linear, shine: 0, sharpness: 1, stone: -1 }
    }
  }
  const t = 300
  const point: Vec3 = [o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2]]
  const tone = 0.85 + 0.3 * fbm(Math.atan2(d[1], d[0]) * 8, d[2] * 8, 23, 3)
  return { t, point, normal: [-d[0], -d[1], -d[2]], albedo: prep.wall.map((v) => v * tone) as Linear, shine: 0, sharpness: 1, stone: -1 }
}

/** How much of the lamp reaches `p` (0–1): soft shadows of stones and of the occluder, the board's hard one. */
function lampVisible(prep: Prepared, p: Vec3, toLamp: Vec3, lampDistance: number, self: number): number {
  const { scene, box } = prep
  let light = 1
  const softness = 1 / Math.max(0.02, scene.lamp.size / lampDistance)
  for (let index = 0; index < scene.stones.length; index++) {
    if (index === self) continue
    const stone = scene.stones[index]!
    // Quick rejection: the ray's nearest approach to the stone's middle.
    const cx = stone.x - p[0]
    const cy = stone.y - p[1]
    const cz = stone.base + stone.height / 2 - p[2]
    const along = cx * toLamp[0] + cy * toLamp[1] + cz * toLamp[2]
    if (along < -stone.radius) continue
    const nearest = Math.hypot(cx - along * toLamp[0], cy - along * toLamp[1], cz - along * toLamp[2])
    const reach = stone.radius + stone.height + Math.max(0, along) / softness + 0.05
    if (nearest > reach) continue
    let t = 0.002
    for (let step = 0; step < 48 && t < lampDistance; step++) {
      const h = stoneDistance(stone, p[0] + t * toLamp[0], p[1] + t * toLamp[1], p[2] + t * toLamp[2])
      if (h < 1e-4) return 0
      light = Math.min(light, (softness * h) / t)
      t += Math.max(h, 0.004)
      if (t > along + stone.radius * 2 + stone.height) break
    }
  }
  // The board's edge throws a thin shadow on the table.
  if (p[2] < 1e-3 && toLamp[2] > 0) {
    const t = box.top / toLamp[2]
    const x = p[0] + t * toLamp[0]
    const y = p[1] + t * toLamp[1]
    if (x > box.x0 && x < box.x1 && y > box.y0 && y < box.y1) return 0
  }
  const occluder = scene.occluder
  if (occluder && toLamp[2] > 0 && occluder.z > p[2]) {
    const t = (occluder.z - p[2]) / toLamp[2]
    const r = Math.hypot(p[0] + t * toLamp[0] - occluder.x, p[1] + t * toLamp[1] - occluder.y)
    const penumbra = (scene.lamp.size * t) / Math.max(1, lampDistance - t) + 0.3
    light = Math.min(light, 0.15 + 0.85 * smoothstep(occluder.radius - penumbra, occluder.radius + penumbra, r))
  }
  return Math.max(0, Math.min(1, light))
}

/** Light falling on the table near a stone's foot from everywhere is partly blocked by it. */
function contactOcclusion(scene: Scene, p: Vec3, self: number): number {
  let occlusion = 1
  for (let index = 0; index < scene.stones.length; index++) {
    if (index === self) continue
    const stone = scene.stones[index]!
    if (Math.abs(p[2] - stone.base) > 0.02) continue
    const gap = Math.hypot(p[0] - stone.x, p[1] - stone.y) - stone.radius
    if (gap < 0.4) occlusion *= 1 - 0.55 * Math.exp(-Math.max(gap, 0) / (0.12 * stone.height + 0.02))
  }
  return occlusion
}

function shade(prep: Prepared, hit: Hit, toEye: Vec3): Linear {
  const { scene } = prep
  const { lamp } = scene
  const p = hit.point
  const n = hit.normal
  const lx = lamp.position[0] - p[0]
  const ly = lamp.position[1] - p[1]
  const lz = lamp.position[2] - p[2]
  const lampDistance = Math.hypot(lx, ly, lz)
  const toLamp: Vec3 = [lx / lampDistance, ly / lampDistance, lz / lampDistance]
  let irradiance = (lamp.intensity * 100) / (lampDistance * lampDistance)
  if (lamp.spot) {
    const cosine = -dot(toLamp, lamp.spot.axis)
    irradiance *= smoothstep(Math.cos(radians(lamp.spot.outer)), Math.cos(radians(lamp.spot.inner)), cosine)
  }
  const facing = dot(n, toLamp)
  let direct = 0
  let specular = 0
  if (facing > 0 && irradiance > 1e-4) {
    const start: Vec3 = [p[0] + n[0] * 1e-3, p[1] + n[1] * 1e-3, p[2] + n[2] * 1e-3]
    const visible = lampVisible(prep, start, toLamp, lampDistance, hit.stone)
    direct = irradiance * facing * visible
    if (hit.shine > 0) {
      const half = normalise([toLamp[0] + toEye[0], toLamp[1] + toEye[1], toLamp[2] + toEye[2]])
      // Blinn–Phong, normalised so that a broad lobe is dim and a tight one bright (energy kept).
      specular = ((hit.shine * (hit.sharpness + 8)) / 8) * irradiance * visible * facing * Math.max(0, dot(n, half)) ** hit.sharpness
    }
  }
  const g = scene.ambientGradient
  const sky = scene.ambient * Math.max(0.2, 1 + g.rate * (p[0] * g.direction[0] + p[1] * g.direction[1])) * (0.55 + 0.45 * n[2])
  const ambient = sky * (hit.stone < 0 ? contactOcclusion(scene, p, -1) : 1)
  return [
    hit.albedo[0] * (ambient + direct * lamp.colour[0]) + specular * lamp.colour[0],
    hit.albedo[1] * (ambient + direct * lamp.colour[1]) + specular * lamp.colour[1],
    hit.albedo[2] * (ambient + direct * lamp.colour[2]) + specular * lamp.colour[2],
  ]
}

// ---------------------------------------------------------------------------------------------
// Rendering

/** The photo in linear light (3 floats a pixel) and the depth of each pixel along the view. */
export interface Exposure {
  width: number
  height: number
  light: Float32Array
  depth: Float32Array
}

/** The photo's box round each stone, so a pixel's rays only march the stones that may cover it. */
function stoneBoxes(camera: Camera, stones: readonly Stone[]): [number, number, number, number][] {
  return stones.map((stone) => {
    let x0 = Infinity
    let y0 = Infinity
    let x1 = -Infinity
    let y1 = -Infinity
    for (let k = 0; k < 16; k++) {
      const angle = (k / 16) * 2 * Math.PI
      const r = stone.radius * 1.09
      for (const z of [stone.base, stone.base + stone.height]) {
        const q = project(camera, [stone.x + r * Math.cos(angle), stone.y + r * Math.sin(angle), z])
        x0 = Math.min(x0, q.x)
        y0 = Math.min(y0, q.y)
        x1 = Math.max(x1, q.x)
        y1 = Math.max(y1, q.y)
      }
    }
    return [x0 - 1, y0 - 1, x1 + 1, y1 + 1]
  })
}

/** 2 × 2 rays a pixel on a rotated grid, averaged. */
const SAMPLES: readonly [number, number][] = [
  [-0.375, -0.125],
  [0.125, -0.375],
  [0.375, 0.125],
  [-0.125, 0.375],
]

/** One ray a pixel, through its centre: a quick, aliased picture for unit tests. */
const ONE_SAMPLE: readonly [number, number][] = [[0, 0]]

export function render(scene: Scene, camera: Camera, quick = false): Exposure {
  const samples = quick ? ONE_SAMPLE : SAMPLES
  const prep = prepare(scene)
  const { width, height } = camera
  const light = new Float32Array(width * height * 3)
  const depth = new Float32Array(width * height)
  const boxes = stoneBoxes(camera, scene.stones)
  const candidates: number[] = []
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      candidates.length = 0
      for (let i = 0; i < boxes.length; i++) {
        const b = boxes[i]!
        if (x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3]) candidates.push(i)
      }
      let r = 0
      let g = 0
      let bl = 0
      let nearest = Infinity
      for (const [sx, sy] of samples) {
        const d = rayThrough(camera, x + sx, y + sy)
        const hit = castRay(prep, camera.position, d, candidates)
        if (!hit) continue
        const colour = shade(prep, hit, [-d[0], -d[1], -d[2]])
        r += colour[0]
        g += colour[1]
        bl += colour[2]
        nearest = Math.min(nearest, hit.t * dot(d, camera.forward))
      }
      const at = y * width + x
      light[at * 3] = r / samples.length
      light[at * 3 + 1] = g / samples.length
      light[at * 3 + 2] = bl / samples.length
      depth[at] = nearest
    }
  }
  return { width, height, light, depth }
}

// ---------------------------------------------------------------------------------------------
// The camera's own marks: defocus, blur, vignetting, white balance, exposure, noise

export interface Development {
  /** Blur radius (pixels, σ) a unit of 1/depth away from the focused depth. */
  defocus: number
  focusDepth: number
  /** Blur of the whole photo (σ, pixels): lens softness, shake. */
  blur: number
  /** A smear along one direction, pixels, or 0. */
  motion: { length: number; angle: number }
  vignette: number
  /** Multipliers the camera applies per channel (an imperfect white balance). */
  balance: Linear
  /** The share of the brightest pixels allowed to clip. */
  clip: number
  /** Sensor noise (σ, 0–255 at mid grey). */
  noise: number
  seed: number
}

function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3))
  const kernel = new Float32Array(2 * radius + 1)
  let sum = 0
  for (let i = -radius; i <= radius; i++) sum += kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma))
  return kernel.map((value) => value / sum)
}

/** A separable blur of a 3-channel float image, along (dx, dy) steps for each pass. */
function blurPass(src: Float32Array, width: number, height: number, kernel: Float32Array, dx: number, dy: number): Float32Array {
  const out = new Float32Array(src.length)
  const radius = (kernel.length - 1) / 2
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0
      let g = 0
      let b = 0
      for (let k = -radius; k <= radius; k++) {
        const sx = Math.min(width - 1, Math.max(0, Math.round(x + k * dx)))
        const sy = Math.min(height - 1, Math.max(0, Math.round(y + k * dy)))
        const w = kernel[k + radius]!
        const at = (sy * width + sx) * 3
        r += src[at]! * w
        g += src[at + 1]! * w
        b += src[at + 2]! * w
      }
      const at = (y * width + x) * 3
      out[at] = r
      out[at + 1] = g
      out[at + 2] = b
    }
  }
  return out
}

function gaussianBlur3(src: Float32Array, width: number, height: number, sigma: number): Float32Array {
  if (sigma < 0.2) return src
  const kernel = gaussianKernel(sigma)
  return blurPass(blurPass(src, width, height, kernel, 1, 0), width, height, kernel, 0, 1)
}

/** A deterministic source of numbers in [0, 1): xoshiro128**, seeded through splitmix32. */
export function xoshiro(seed: number): () => number {
  let s = seed >>> 0
  const next32 = () => {
    s = (s + 0x9e3779b9) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad)
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97)
    return (z ^ (z >>> 15)) >>> 0
  }
  const state = [next32(), next32(), next32(), next32()]
  return () => {
    const [a, b, c, d] = state as [number, number, number, number]
    const result = Math.imul(((Math.imul(b, 5) << 7) | (Math.imul(b, 5) >>> 25)) >>> 0, 9) >>> 0
    const t = (b << 9) >>> 0
    state[2] = (c ^ a) >>> 0
    state[3] = (d ^ b) >>> 0
    state[1] = (b ^ state[2]) >>> 0
    state[0] = (a ^ state[3]) >>> 0
    state[2] = (state[2] ^ t) >>> 0
    state[3] = ((state[3] << 11) | (state[3] >>> 21)) >>> 0
    return result / 4294967296
  }
}

const toSrgb = (value: number) => (value <= 0.0031308 ? 12.92 * value : 1.055 * value ** (1 / 2.4) - 0.055) * 255

/** The exposure developed into an 8-bit RGBA photo, as a camera would. */
export function develop(exposure: Exposure, development: Development): { width: number; height: number; data: Uint8Array } {
  const { width, height, depth } = exposure
  let light = exposure.light
  // Defocus: mix in a blurred copy where the depth is away from the focused one.
  if (development.defocus > 0.05) {
    const widest = Math.min(4, development.defocus * 0.6)
    const blurred = gaussianBlur3(light, width, height, widest)
    const mixed = new Float32Array(light.length)
    for (let i = 0; i < width * height; i++) {
      const away = Math.abs(1 / Math.max(depth[i]!, 1e-3) - 1 / development.focusDepth) * development.focusDepth
      const weight = Math.min(1, (development.defocus * away) / widest)
      for (let c = 0; c < 3; c++) mixed[i * 3 + c] = light[i * 3 + c]! * (1 - weight) + blurred[i * 3 + c]! * weight
    }
    light = mixed
  }
  light = gaussianBlur3(light, width, height, development.blur)
  if (development.motion.length >= 1) {
    const steps = Math.ceil(development.motion.length)
    const kernel = new Float32Array(2 * steps + 1).fill(1 / (2 * steps + 1))
    const scaleStep = development.motion.length / (2 * steps)
    light = blurPass(light, width, height, kernel, Math.cos(development.motion.angle) * scaleStep * 2, Math.sin(development.motion.angle) * scaleStep * 2)
  }
  // Exposure: the brightest `clip` share of pixels reach white.
  const luminance = new Float32Array(width * height)
  for (let i = 0; i < luminance.length; i++) luminance[i] = 0.2126 * light[i * 3]! + 0.7152 * light[i * 3 + 1]! + 0.0722 * light[i * 3 + 2]!
  const sorted = Float32Array.from(luminance).sort()
  const white = sorted[Math.floor(sorted.length * (1 - development.clip))]! || 1
  const random = xoshiro(development.seed)
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
  const data = new Uint8Array(width * height * 4)
  const diagonal = Math.hypot(width / 2, height / 2)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      const r = Math.hypot(x - width / 2, y - height / 2) / diagonal
      const gain = (1 - development.vignette * r * r) / white
      const grain = gaussian() * 0.5
      for (let c = 0; c < 3; c++) {
        const value = toSrgb(Math.max(0, Math.min(1, light[i * 3 + c]! * gain * development.balance[c]!)))
        // Noise grows with the signal's square root (shot noise), partly shared by the channels.
        const sigma = development.noise * (0.4 + 0.6 * Math.sqrt(value / 128))
        data[i * 4 + c] = Math.max(0, Math.min(255, Math.round(value + sigma * (grain + gaussian() * 0.85))))
      }
      data[i * 4 + 3] = 255
    }
  }
  return { width, height, data }
}
