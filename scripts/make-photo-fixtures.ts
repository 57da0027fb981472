// Generates the photo fixtures of issue 4 with their ground truth: boards under perspective,
// uneven light, blur and noise with 0–16 stones of varied colour pairs, and five dice on a
// plain surface. Deterministic (seeded), so re-running rewrites the same files.
//
//   npx tsx scripts/make-photo-fixtures.ts [--only board | board-tilted | dice]
//
// Writes tests/fixtures/photos/board/{board-NN.jpg, truth.json}, .../board-tilted/{tilted-NN.jpg,
// truth.json} (a seated player's view, issue 10) and .../dice/{dice-NN.jpg, truth.json}.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import jpeg from 'jpeg-js'
import { ALL_CELLS, COLUMNS, ROWS, isOnField, parseCell, zoneAt } from '../engine/index.ts'
import type { Cell, Position } from '../engine/index.ts'
import {
  applyHomography,
  createRgbaImage,
  gaussianBlur,
  homographyFromPoints,
  mapChannels,
  type Point,
  type RgbaImage,
  type Rgb,
} from '../vision/raster.ts'
import { seededRandom, type Random } from './seededRandom.ts'

const BOARD_PHOTOS = 60
const DICE_PHOTOS = 60
const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'fixtures', 'photos')

const between = (random: Random, low: number, high: number) => low + (high - low) * random()
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!
function gaussian(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
const scale = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k]
const jitter = (random: Random, c: Rgb, amount: number): Rgb => [
  c[0] + between(random, -amount, amount),
  c[1] + between(random, -amount, amount),
  c[2] + between(random, -amount, amount),
]

/** Stone colour pairs: [the side called red, the side called blue]. */
const STONE_PAIRS: { red: Rgb; blue: Rgb; standard: boolean }[] = [
  { red: [205, 35, 40], blue: [35, 70, 200], standard: true },
  { red: [165, 20, 45], blue: [25, 40, 120], standard: true },
  { red: [235, 80, 40], blue: [30, 120, 190], standard: true },
  { red: [235, 200, 30], blue: [30, 140, 60], standard: false },
  { red: [240, 130, 20], blue: [110, 40, 150], standard: false },
  { red: [30, 30, 35], blue: [235, 205, 40], standard: false },
]

const TABLES: Rgb[] = [
  [200, 170, 130],
  [175, 175, 170],
  [215, 210, 200],
  [150, 115, 80],
  [120, 150, 120],
]
const FRAMES: Rgb[] = [
  [45, 30, 25],
  [25, 25, 30],
  [30, 55, 40],
  [70, 40, 30],
]

interface BoardStyle {
  table: Rgb
  frame: Rgb
  guard: Rgb
  none: Rgb
  outer: Rgb
  middle: Rgb
  centre: Rgb
  line: Rgb
  margin: number
  lineWidth: number
  stoneRadius: number
  stones: { red: Rgb; blue: Rgb }
}

function boardStyle(random: Random, pair: (typeof STONE_PAIRS)[number]): BoardStyle {
  return {
    table: jitter(random, pick(random, TABLES), 12),
    frame: jitter(random, pick(random, FRAMES), 8),
    guard: jitter(random, [225, 225, 215], 10),
    none: jitter(random, [205, 210, 200], 10),
    outer: jitter(random, [170, 205, 230], 10),
    middle: jitter(random, [240, 240, 235], 8),
    centre: jitter(random, [235, 185, 180], 10),
    line: jitter(random, [90, 90, 95], 15),
    margin: between(random, 0.45, 0.75),
    lineWidth: between(random, 0.025, 0.05),
    stoneRadius: between(random, 0.34, 0.45),
    stones: { red: jitter(random, pair.red, 10), blue: jitter(random, pair.blue, 10) },
  }
}

interface Disc {
  u: number
  v: number
  radius: number
  colour: Rgb
}

/** A stone seen from above: darker towards its rim, a soft highlight, a thin dark edge. */
function stoneColour(disc: Disc, u: number, v: number): Rgb | null {
  const d = Math.hypot(u - disc.u, v - disc.v) / disc.radius
  if (d > 1) return null
  if (d > 0.93) return scale(disc.colour, 0.45)
  const shaded = scale(disc.colour, 1 - 0.3 * d * d)
  const highlight = Math.max(0, 1 - Math.hypot(u - disc.u + 0.3 * disc.radius, v - disc.v + 0.3 * disc.radius) / (0.35 * disc.radius))
  return mix(shaded, [255, 255, 255], 0.35 * highlight)
}

function zoneColour(style: BoardStyle, col: number, row: number): Rgb {
  switch (zoneAt(col, row)) {
    case 'guard':
      return style.guard
    case 'outer':
      return style.outer
    case 'middle':
      return style.middle
    case 'centre':
      return style.centre
    case 'start':
      return style.guard
    default:
      return style.none
  }
}

/**
 * The board in its own plane: the field spans u ∈ [0, 8] (columns a–h) and v ∈ [0, 13]
 * (row 12 at the top, row 0 at the bottom); a dark frame of `margin` cells surrounds it, and
 * row 0's four cells off the field (a0 b0 g0 h0) are frame too, as on the drawing in RULES.md §2.
 */
function boardScene(style: BoardStyle, discs: Disc[], u: number, v: number): Rgb {
  for (const disc of discs) {
    const colour = stoneColour(disc, u, v)
    if (colour) return colour
  }
  const m = style.margin
  if (u < -m || u > COLUMNS + m || v < -m || v > ROWS + m) {
    // A wooden table: soft stripes along u.
    const grain = 0.06 * Math.sin(v * 3.1 + 2 * Math.sin(u * 0.7)) + 0.03 * Math.sin(v * 17 + u)
    return scale(style.table, 1 + grain)
  }
  const col = Math.floor(u)
  const rowFromTop = Math.floor(v)
  const row = ROWS - 1 - rowFromTop
  if (u < 0 || u >= COLUMNS || v < 0 || v >= ROWS || !isOnField(col, row)) return style.frame
  const fu = u - col
  const fv = v - rowFromTop
  const w = style.lineWidth
  if (fu < w / 2 || fu > 1 - w / 2 || fv < w / 2 || fv > 1 - w / 2) return style.line
  return zoneColour(style, col, row)
}

/** Uneven light: a linear gradient, a vignette and a slight colour cast, per photo. */
function lightingField(random: Random, width: number, height: number): (x: number, y: number) => Rgb {
  const gx = between(random, -0.35, 0.35) / width
  const gy = between(random, -0.35, 0.35) / height
  const vignette = between(random, 0, 0.35)
  const base = between(random, 0.85, 1.1)
  const cast: Rgb = [between(random, 0.94, 1.06), between(random, 0.96, 1.04), between(random, 0.94, 1.06)]
  const cx = width / 2
  const cy = height / 2
  const reach = Math.hypot(cx, cy)
  // One photo in three has a soft shadow (the photographer's arm) across one side.
  const shadowed = random() < 0.35
  const shadowAngle = between(random, 0, 2 * Math.PI)
  const shadowOffset = between(random, 0.15, 0.45) * reach
  const shadowDepth = between(random, 0.2, 0.4)
  const softness = between(random, 0.05, 0.2) * reach
  return (x, y) => {
    const r = Math.hypot(x - cx, y - cy) / reach
    const across = (x - cx) * Math.cos(shadowAngle) + (y - cy) * Math.sin(shadowAngle) - shadowOffset
    const shade = shadowed ? 1 - shadowDepth / (1 + Math.exp(-across / softness)) : 1
    const k = shade * base * (1 + gx * (x - cx) + gy * (y - cy)) * (1 - vignette * r * r)
    return [k * cast[0], k * cast[1], k * cast[2]]
  }
}

/** Renders scene(photo point) with 2×2 supersampling, then light, blur, sensor noise. */
function photograph(
  random: Random,
  width: number,
  height: number,
  scene: (x: number, y: number) => Rgb,
): RgbaImage {
  const image = createRgbaImage(width, height)
  const light = lightingField(random, width, height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let r = 0
      let g = 0
      let b = 0
      for (const [dx, dy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ] as const) {
        const c = scene(x + dx, y + dy)
        r += c[0]
        g += c[1]
        b += c[2]
      }
      const k = light(x, y)
      const i = (y * width + x) * 4
      image.data[i] = (r / 4) * k[0]
      image.data[i + 1] = (g / 4) * k[1]
      image.data[i + 2] = (b / 4) * k[2]
      image.data[i + 3] = 255
    }
  const sigma = between(random, 0, 1.3)
  const blurred = sigma > 0.3 ? mapChannels(image, (channel) => gaussianBlur(channel, sigma)) : image
  const noise = between(random, 1.5, 6)
  for (let i = 0; i < blurred.data.length; i++) if (i % 4 !== 3) blurred.data[i] = blurred.data[i]! + noise * gaussian(random)
  return blurred
}

function saveJpeg(path: string, image: RgbaImage, quality: number): void {
  const encoded = jpeg.encode({ width: image.width, height: image.height, data: Buffer.from(image.data.buffer) }, quality)
  writeFileSync(path, encoded.data)
}

function randomPosition(random: Random): Position {
  const free = ALL_CELLS.filter((cell) => !cell.endsWith('0') || cell.length === 3)
  const stones = Math.floor(random() * 17)
  const chosen: Cell[] = []
  while (chosen.length < stones) {
    const cell = pick(random, free)
    if (!chosen.includes(cell)) chosen.push(cell)
  }
  const redCount = Math.min(8, Math.max(stones - 8, Math.round(random() * stones)))
  return { red: chosen.slice(0, redCount), blue: chosen.slice(redCount) }
}

export interface BoardTruth {
  file: string
  position: Position
  /** Field corners in the photo: the outer corners at a12, h12, h0, a0. */
  corners: Point[]
  /** Colours as a player would tap them: one stone of each side lying beside the board. */
  taps: { red: Point; blue: Point }
  standardColours: boolean
}

function makeBoard(index: number): BoardTruth {
  const random = seededRandom(1000 + index)
  const pair = STONE_PAIRS[index % STONE_PAIRS.length]!
  const style = boardStyle(random, pair)
  // Every fourth photo at a phone-like size, to measure latency where it matters.
  const large = index % 4 === 3
  const width = large ? 900 : 480
  const height = large ? 1200 : 640
  const m = style.margin
  // The board's outer edge in the photo: a rectangle, narrowed at the far edge (camera tilt),
  // rotated, each corner nudged; one photo in six is taken from the other side of the table.
  const boardHeight = height * between(random, 0.62, 0.74)
  const boardWidth = (boardHeight * (COLUMNS + 2 * m)) / (ROWS + 2 * m)
  const tilt = between(random, 0.7, 1)
  const angle = (between(random, -14, 14) * Math.PI) / 180 + (index % 6 === 5 ? Math.PI : 0)
  const cx = width / 2 + between(random, -0.06, 0.06) * width
  const cy = height / 2 + between(random, -0.04, 0.04) * height
  const local: Point[] = [
    { x: (-boardWidth / 2) * tilt, y: -boardHeight / 2 },
    { x: (boardWidth / 2) * tilt, y: -boardHeight / 2 },
    { x: boardWidth / 2, y: boardHeight / 2 },
    { x: -boardWidth / 2, y: boardHeight / 2 },
  ]
  const outer = local.map((p) => ({
    x: cx + p.x * Math.cos(angle) - p.y * Math.sin(angle) + between(random, -0.015, 0.015) * boardWidth,
    y: cy + p.x * Math.sin(angle) + p.y * Math.cos(angle) + between(random, -0.015, 0.015) * boardHeight,
  }))
  const boardOuter: Point[] = [
    { x: -m, y: -m },
    { x: COLUMNS + m, y: -m },
    { x: COLUMNS + m, y: ROWS + m },
    { x: -m, y: ROWS + m },
  ]
  const toPhoto = homographyFromPoints(boardOuter, outer)
  const toBoard = homographyFromPoints(outer, boardOuter)

  const position = randomPosition(random)
  const discs: Disc[] = []
  for (const side of ['red', 'blue'] as const)
    for (const cell of position[side]) {
      const { col, row } = parseCell(cell)!
      discs.push({
        u: col + 0.5 + between(random, -0.07, 0.07),
        v: ROWS - 1 - row + 0.5 + between(random, -0.07, 0.07),
        radius: style.stoneRadius,
        colour: jitter(random, style.stones[side], 6),
      })
    }
  // One spare stone of each side beside the board, for the colour taps.
  const taps = {} as BoardTruth['taps']
  const sides = ['red', 'blue'] as const
  sides.forEach((side, i) => {
    const u = i === 0 ? -m - 1.1 : COLUMNS + m + 1.1
    const v = between(random, 2, ROWS - 2)
    discs.push({ u, v, radius: style.stoneRadius, colour: jitter(random, style.stones[side], 6) })
    taps[side] = applyHomography(toPhoto, u, v)
  })

  const image = photograph(random, width, height, (x, y) => {
    const p = applyHomography(toBoard, x, y)
    return boardScene(style, discs, p.x, p.y)
  })
  const file = `board-${String(index).padStart(2, '0')}.jpg`
  saveJpeg(join(root, 'board', file), image, Math.round(between(random, 68, 80)))
  const fieldCorners = [
    { x: 0, y: 0 },
    { x: COLUMNS, y: 0 },
    { x: COLUMNS, y: ROWS },
    { x: 0, y: ROWS },
  ].map((p) => roundPoint(applyHomography(toPhoto, p.x, p.y)))
  return {
    file,
    position,
    corners: fieldCorners,
    taps: { red: roundPoint(taps.red), blue: roundPoint(taps.blue) },
    standardColours: pair.standard,
  }
}

function roundPoint(p: Point): Point {
  return { x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 }
}

/** Pip centres of a die face in units of the die's side, from its centre. */
const PIP_LAYOUTS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
}

const DICE_STYLES: { body: Rgb; pip: Rgb }[] = [
  { body: [240, 238, 230], pip: [20, 20, 25] },
  { body: [200, 30, 35], pip: [245, 245, 245] },
  { body: [25, 25, 30], pip: [240, 240, 240] },
  { body: [30, 80, 180], pip: [250, 250, 250] },
  { body: [245, 215, 60], pip: [30, 30, 30] },
  { body: [40, 140, 70], pip: [250, 250, 250] },
]
const SURFACES: Rgb[] = [
  [40, 110, 60],
  [120, 85, 55],
  [150, 150, 155],
  [210, 195, 170],
  [60, 60, 70],
]

interface Die {
  x: number
  y: number
  side: number
  angle: number
  value: number
  body: Rgb
  pip: Rgb
}

function contrast(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])
}

/** A die from above: a rounded square with shading toward one edge and round pips. */
function dieColour(die: Die, x: number, y: number): Rgb | null {
  const dx = x - die.x
  const dy = y - die.y
  const c = Math.cos(-die.angle)
  const s = Math.sin(-die.angle)
  const lx = (dx * c - dy * s) / die.side
  const ly = (dx * s + dy * c) / die.side
  const corner = 0.14
  const qx = Math.max(Math.abs(lx) - (0.5 - corner), 0)
  const qy = Math.max(Math.abs(ly) - (0.5 - corner), 0)
  if (Math.hypot(qx, qy) > corner) return null
  const edge = Math.min(0.5 - Math.abs(lx), 0.5 - Math.abs(ly))
  const pipRadius = 0.085
  for (const [px, py] of PIP_LAYOUTS[die.value]!)
    if (Math.hypot(lx - px * 0.26, ly - py * 0.26) < pipRadius) return die.pip
  const shade = 0.88 + 0.12 * Math.min(1, edge / 0.08) - 0.08 * (lx + ly)
  return scale(die.body, shade)
}

export interface DiceTruth {
  file: string
  dice: { x: number; y: number; value: number }[]
}

function makeDice(index: number): DiceTruth {
  const random = seededRandom(5000 + index)
  const large = index % 4 === 3
  const width = large ? 960 : 480
  const height = large ? 720 : 360
  const surface = jitter(random, pick(random, SURFACES), 10)
  const styles = DICE_STYLES.filter((style) => contrast(style.body, surface) > 90)
  const oneStyle = random() < 0.6 ? pick(random, styles) : null
  const dice: Die[] = []
  const side = between(random, 38, 66) * (large ? 2 : 1)
  while (dice.length < 5) {
    const style = oneStyle ?? pick(random, styles)
    const candidate: Die = {
      x: between(random, side, width - side),
      y: between(random, side, height - side),
      side: side * between(random, 0.95, 1.05),
      angle: between(random, 0, Math.PI / 2),
      value: 1 + Math.floor(random() * 6),
      body: jitter(random, style.body, 8),
      pip: style.pip,
    }
    if (dice.every((d) => Math.hypot(d.x - candidate.x, d.y - candidate.y) > side * 1.7)) dice.push(candidate)
  }
  const shadowOffset = { x: between(random, -5, 5), y: between(random, 2, 6) }
  const image = photograph(random, width, height, (x, y) => {
    for (const die of dice) {
      const colour = dieColour(die, x, y)
      if (colour) return colour
    }
    const texture = 1 + 0.03 * Math.sin(x * 0.9 + Math.sin(y * 0.13) * 3) * Math.sin(y * 0.7)
    const shadowed = dice.some((die) => dieColour(die, x - shadowOffset.x, y - shadowOffset.y))
    return scale(surface, texture * (shadowed ? 0.7 : 1))
  })
  const file = `dice-${String(index).padStart(2, '0')}.jpg`
  saveJpeg(join(root, 'dice', file), image, Math.round(between(random, 68, 80)))
  return { file, dice: dice.map((d) => ({ x: Math.round(d.x), y: Math.round(d.y), value: d.value })) }
}

// ---------------------------------------------------------------------------------------
// Boards seen from a seated player (issue 10): a camera at 25–45° above the table at the
// start end, so the far rows shrink; round tokens with height (a top face, a darker side,
// a highlight and a soft shadow), whose tops lean into the next row in the far rows; a
// textured table (wood grain or cloth), sometimes as dark as the frame; light falling off
// towards the far end; the house's ring lines printed in a dark red; light labels in the
// frame; a spare stone of each side lying beside the board.

const TILTED_PHOTOS = 12

interface Vector {
  x: number
  y: number
  z: number
}
const add = (a: Vector, b: Vector): Vector => ({ x: a.x + b.x, y: a.y + b.y, z: a.z + b.z })
const sub = (a: Vector, b: Vector): Vector => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z })
const times = (a: Vector, k: number): Vector => ({ x: a.x * k, y: a.y * k, z: a.z * k })
const dot = (a: Vector, b: Vector) => a.x * b.x + a.y * b.y + a.z * b.z
const crossProduct = (a: Vector, b: Vector): Vector => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
})
const unit = (a: Vector) => times(a, 1 / Math.hypot(a.x, a.y, a.z))

/** A pinhole camera: board units (cells), z up from the board; y of the photo downwards. */
interface Camera {
  centre: Vector
  right: Vector
  down: Vector
  forward: Vector
  focal: number
  cx: number
  cy: number
}

function project(camera: Camera, p: Vector): Point {
  const d = sub(p, camera.centre)
  const z = dot(d, camera.forward)
  return { x: camera.cx + (camera.focal * dot(d, camera.right)) / z, y: camera.cy + (camera.focal * dot(d, camera.down)) / z }
}

function rayThrough(camera: Camera, x: number, y: number): Vector {
  return unit(
    add(camera.forward, add(times(camera.right, (x - camera.cx) / camera.focal), times(camera.down, (y - camera.cy) / camera.focal))),
  )
}

/** A token: a short cylinder standing on the board (u, v in field units as boardScene takes them). */
interface Token {
  u: number
  v: number
  radius: number
  height: number
  colour: Rgb
}

/** Field units (u across, v down from row 12's far edge) to the world: x across, y away from the player. */
const world = (u: number, v: number, z = 0): Vector => ({ x: u - COLUMNS / 2, y: ROWS / 2 - v, z })

interface TokenHit {
  t: number
  colour: Rgb
}

/** Where a ray first meets a token: its top face or its side. */
function hitToken(origin: Vector, ray: Vector, token: Token): TokenHit | null {
  const base = world(token.u, token.v)
  let best: TokenHit | null = null
  if (ray.z < 0) {
    const t = (token.height - origin.z) / ray.z
    const p = add(origin, times(ray, t))
    const d = Math.hypot(p.x - base.x, p.y - base.y) / token.radius
    if (t > 0 && d <= 1) {
      const highlight = Math.max(0, 1 - Math.hypot(p.x - base.x + 0.35 * token.radius, p.y - base.y - 0.3 * token.radius) / (0.4 * token.radius))
      const rim = d > 0.9 ? 0.8 : 1
      best = { t, colour: mix(scale(token.colour, rim * (1 - 0.12 * d * d)), [255, 255, 255], 0.55 * highlight ** 2) }
    }
  }
  // The side: |(o + t·r − base)_xy| = radius with 0 ≤ z ≤ height.
  const ox = origin.x - base.x
  const oy = origin.y - base.y
  const a = ray.x * ray.x + ray.y * ray.y
  const b = 2 * (ox * ray.x + oy * ray.y)
  const c = ox * ox + oy * oy - token.radius * token.radius
  const disc = b * b - 4 * a * c
  if (disc >= 0 && a > 0) {
    const t = (-b - Math.sqrt(disc)) / (2 * a)
    const p = add(origin, times(ray, t))
    if (t > 0 && p.z >= 0 && p.z <= token.height && (!best || t < best.t)) {
      // Lit from behind the far end and above: the side facing the player is in shade.
      const facing = ((p.x - base.x) * 0.3 + (p.y - base.y) * 0.9) / token.radius
      best = { t, colour: scale(token.colour, 0.45 + 0.25 * Math.max(0, facing)) }
    }
  }
  return best
}

const TILTED_TABLES: { colour: Rgb; kind: 'wood' | 'cloth' }[] = [
  { colour: [95, 60, 40], kind: 'wood' },
  { colour: [200, 150, 100], kind: 'wood' },
  { colour: [225, 195, 150], kind: 'wood' },
  { colour: [40, 40, 45], kind: 'cloth' },
  { colour: [35, 80, 50], kind: 'cloth' },
  { colour: [70, 50, 35], kind: 'wood' },
]
const RING_LINES: Rgb[] = [
  [140, 45, 50],
  [120, 40, 40],
  [60, 70, 120],
]

/** A textured table: wood with strong grain and planks, or cloth with fine noise. */
function tableColour(kind: 'wood' | 'cloth', base: Rgb, x: number, y: number, seed: number): Rgb {
  if (kind === 'wood') {
    const grain = 0.14 * Math.sin(y * 2.3 + 1.5 * Math.sin(x * 0.35 + seed)) + 0.08 * Math.sin(y * 11 + x * 0.4)
    const plank = Math.abs(((y + seed) % 4) - 2) < 0.04 ? -0.35 : 0
    return scale(base, 1 + grain + plank)
  }
  const weave = 0.06 * Math.sin(x * 40) * Math.sin(y * 40) + 0.05 * Math.sin(x * 7 + y * 5 + seed)
  return scale(base, 1 + weave)
}

/** Whether the point of the field (u, v) lies on a printed ring line: a house zone's border. */
function onRingLine(u: number, v: number, width: number): boolean {
  const row = ROWS - 1 - v
  // Ring outlines of the outer (b6–g11), middle (c7–f10) and centre (d8–e9) zones, in (u, row) units.
  for (const [left, right, bottom, top] of [
    [1, 7, 6, 12],
    [2, 6, 7, 11],
    [3, 5, 8, 10],
  ] as const) {
    const inside = u >= left - width && u <= right + width && row >= bottom - width && row <= top + width
    if (!inside) continue
    if (Math.abs(u - left) < width || Math.abs(u - right) < width || Math.abs(row - bottom) < width || Math.abs(row - top) < width) return true
  }
  return false
}

export interface TiltedBoardTruth extends BoardTruth {
  /** The camera's elevation above the table, in degrees; the tokens' height in cells. */
  elevation: number
  tokenHeight: number
}

function makeTiltedBoard(index: number): TiltedBoardTruth {
  const random = seededRandom(9000 + index)
  const pair = STONE_PAIRS[index % 3]!
  const style = boardStyle(random, pair)
  const table = TILTED_TABLES[index % TILTED_TABLES.length]!
  const tableBase = jitter(random, table.colour, 8)
  const ringLine = pick(random, RING_LINES)
  const width = 960
  const height = 720
  const elevation = between(random, 25, 45)
  const distance = between(random, 20, 26)
  const yaw = (between(random, -12, 12) * Math.PI) / 180
  const e = (elevation * Math.PI) / 180
  const target: Vector = { x: between(random, -0.6, 0.6), y: between(random, -0.5, 1), z: 0 }
  const centre: Vector = add(target, {
    x: distance * Math.cos(e) * Math.sin(yaw),
    y: -distance * Math.cos(e) * Math.cos(yaw),
    z: distance * Math.sin(e),
  })
  const forward = unit(sub(target, centre))
  const right = unit(crossProduct(forward, { x: 0, y: 0, z: 1 }))
  const roll = (between(random, -6, 6) * Math.PI) / 180
  const down0 = crossProduct(forward, right)
  const camera: Camera = {
    centre,
    forward,
    right: add(times(right, Math.cos(roll)), times(down0, Math.sin(roll))),
    down: add(times(down0, Math.cos(roll)), times(right, -Math.sin(roll))),
    focal: width * between(random, 1.05, 1.3),
    cx: width / 2,
    cy: height / 2,
  }
  const tokenHeight = between(random, 0.12, 0.35)
  const position = randomPosition(random)
  const tokens: Token[] = []
  for (const side of ['red', 'blue'] as const)
    for (const cell of position[side]) {
      const { col, row } = parseCell(cell)!
      tokens.push({
        u: col + 0.5 + between(random, -0.06, 0.06),
        v: ROWS - 1 - row + 0.5 + between(random, -0.06, 0.06),
        radius: style.stoneRadius,
        height: tokenHeight,
        colour: jitter(random, style.stones[side], 6),
      })
    }
  const m = style.margin
  const taps = {} as BoardTruth['taps']
  ;(['red', 'blue'] as const).forEach((side, i) => {
    const u = i === 0 ? -m - 1.3 : COLUMNS + m + 1.3
    const v = between(random, 3, ROWS - 3)
    tokens.push({ u, v, radius: style.stoneRadius, height: tokenHeight, colour: jitter(random, style.stones[side], 6) })
    taps[side] = project(camera, world(u, v, tokenHeight))
  })
  // Nearest first, so that a ray stops at the first token it meets.
  const seed = between(random, 0, 10)
  const falloff = between(random, 0.25, 0.5)
  const lineWidth = style.lineWidth * between(random, 1.2, 1.8)
  const image = photograph(random, width, height, (x, y) => {
    const ray = rayThrough(camera, x, y)
    let hit: TokenHit | null = null
    for (const token of tokens) {
      const candidate = hitToken(centre, ray, token)
      if (candidate && (!hit || candidate.t < hit.t)) hit = candidate
    }
    const tFloor = ray.z < 0 ? -centre.z / ray.z : Infinity
    const p = add(centre, times(ray, tFloor))
    const u = p.x + COLUMNS / 2
    const v = ROWS / 2 - p.y
    // Far things are darker: the lamp stands nearer the player.
    const light = 1 - falloff * Math.min(1, Math.max(0, (p.y + 8) / 24))
    if (hit) return scale(hit.colour, light)
    if (!Number.isFinite(tFloor)) return scale(tableBase, 0.3)
    let colour: Rgb
    if (u < -m || u > COLUMNS + m || v < -m || v > ROWS + m) colour = tableColour(table.kind, tableBase, u, v, seed)
    else if (u >= 0 && u < COLUMNS && v >= 0 && v < ROWS && onRingLine(u, v, lineWidth * 0.9) && isOnField(Math.floor(u), ROWS - 1 - Math.floor(v)))
      colour = ringLine
    else {
      colour = boardScene({ ...style, lineWidth }, [], u, v)
      // Labels: light marks in the frame beside each row and column.
      const inFrameSide = (u < 0 && u > -m) || (u > COLUMNS && u < COLUMNS + m)
      if (inFrameSide && Math.abs((v % 1) - 0.5) < 0.12 && Math.abs(Math.abs(u - COLUMNS / 2) - (COLUMNS / 2 + m / 2)) < 0.1) colour = [220, 220, 215]
    }
    // Soft shadows of the tokens, cast away from the lamp (towards the player).
    for (const token of tokens) {
      const d = Math.hypot(u - token.u, v - (token.v + 0.15)) / (token.radius * 1.15)
      if (d < 1) colour = scale(colour, 0.62 + 0.38 * d * d)
    }
    return scale(colour, light)
  })
  const file = `tilted-${String(index).padStart(2, '0')}.jpg`
  saveJpeg(join(root, 'board-tilted', file), image, Math.round(between(random, 72, 85)))
  const corners = [
    { x: 0, y: 0 },
    { x: COLUMNS, y: 0 },
    { x: COLUMNS, y: ROWS },
    { x: 0, y: ROWS },
  ].map((q) => roundPoint(project(camera, world(q.x, q.y))))
  return {
    file,
    position,
    corners,
    taps: { red: roundPoint(taps.red), blue: roundPoint(taps.blue) },
    standardColours: pair.standard,
    elevation: Math.round(elevation),
    tokenHeight: Math.round(tokenHeight * 100) / 100,
  }
}

function main(): void {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
  if (!only || only === 'board') {
    mkdirSync(join(root, 'board'), { recursive: true })
    const boards = Array.from({ length: BOARD_PHOTOS }, (_, i) => makeBoard(i))
    writeFileSync(join(root, 'board', 'truth.json'), JSON.stringify(boards, null, 1) + '\n')
    console.log(`wrote ${boards.length} board photos under ${root}`)
  }
  if (!only || only === 'board-tilted') {
    mkdirSync(join(root, 'board-tilted'), { recursive: true })
    const tilted = Array.from({ length: TILTED_PHOTOS }, (_, i) => makeTiltedBoard(i))
    writeFileSync(join(root, 'board-tilted', 'truth.json'), JSON.stringify(tilted, null, 1) + '\n')
    console.log(`wrote ${tilted.length} tilted board photos under ${root}`)
  }
  if (!only || only === 'dice') {
    mkdirSync(join(root, 'dice'), { recursive: true })
    const dice = Array.from({ length: DICE_PHOTOS }, (_, i) => makeDice(i))
    writeFileSync(join(root, 'dice', 'truth.json'), JSON.stringify(dice, null, 1) + '\n')
    console.log(`wrote ${dice.length} dice photos under ${root}`)
  }
}

main()
