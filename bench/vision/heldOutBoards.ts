// Makes a held-out set of board photos with bench/vision/boardScene.ts (issue 10): each a
// seeded random scene — a printed board on wood, cloth, a dark top, a pattern or stone, seen
// by a seated player at 25–45° — and its truth in the format of ../shared/photos/board/truth.json
// (position, the field's corners at a12, h12, h0, a0, the calibration taps on the two stones
// lying beside the board, standardColours). Written outside the repository, never committed.
//
//   node --import tsx bench/vision/heldOutBoards.ts OUT [--count 40] [--seed 5] [--overlays DIR]
//
// writes OUT/board/board-NN.jpg, OUT/board/truth.json and OUT/board/scenes.json (how each scene
// was made, to tell misses apart); --overlays also writes each photo with its truth drawn on it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import jpeg from 'jpeg-js'
import { FIELD_COLUMNS, FIELD_ROWS, zoneOf, type BoardPrint, type Zone } from './boardPrint.ts'
import {
  cameraFromPose,
  develop,
  fieldToWorld,
  project,
  render,
  xoshiro,
  type Camera,
  type CameraPose,
  type Development,
  type Paper,
  type Pixel,
  type Scene,
  type Stone,
  type Table,
  type TableKind,
  type Vec3,
} from './boardScene.ts'

type Srgb = [number, number, number]
type Random = () => number

const between = (random: Random, low: number, high: number) => low + (high - low) * random()
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!
const chance = (random: Random, p: number) => random() < p
const jitter = (random: Random, c: Srgb, amount: number): Srgb =>
  c.map((v) => Math.max(0, Math.min(255, Math.round(v + between(random, -amount, amount))))) as Srgb

/** One held-out photo's truth, as ../shared/photos/board/truth.json writes it. */
export interface BoardTruth {
  file: string
  position: { red: string[]; blue: string[] }
  corners: Pixel[]
  taps: { red: Pixel; blue: Pixel }
  standardColours: boolean
}

export interface HeldOutBoard {
  truth: BoardTruth
  scene: Scene
  /** The stones beside the board the calibration taps are on. */
  taps: Record<'red' | 'blue', Stone>
  pose: CameraPose
  development: Development
  quality: number
  /** What the scene is, in a few words, for reading misses. */
  notes: string
}

// ---------------------------------------------------------------------------------------------
// The printed board

const FRAMES: Srgb[] = [
  [28, 52, 40],
  [30, 30, 33],
  [22, 30, 54],
  [58, 36, 28],
  [12, 12, 14],
  [72, 22, 32],
  [62, 62, 70],
]

const ZONE_PALETTES: { name: string; zones: Record<Zone, Srgb> }[] = [
  {
    name: 'pastel',
    zones: { guard: [236, 224, 200], outer: [170, 200, 235], middle: [245, 245, 240], centre: [235, 150, 140], none: [220, 228, 220], start: [160, 210, 170] },
  },
  {
    name: 'lavender',
    zones: { guard: [240, 225, 220], outer: [200, 180, 225], middle: [240, 240, 225], centre: [240, 140, 130], none: [230, 235, 225], start: [150, 210, 200] },
  },
  {
    name: 'plain',
    zones: { guard: [240, 238, 230], outer: [240, 238, 230], middle: [240, 238, 230], centre: [240, 238, 230], none: [240, 238, 230], start: [215, 230, 215] },
  },
  {
    name: 'warm',
    zones: { guard: [245, 230, 190], outer: [245, 200, 160], middle: [250, 245, 235], centre: [240, 120, 110], none: [235, 225, 210], start: [190, 220, 160] },
  },
  {
    name: 'cool',
    zones: { guard: [225, 228, 232], outer: [190, 215, 230], middle: [245, 248, 250], centre: [250, 190, 190], none: [210, 215, 215], start: [200, 230, 210] },
  },
]

function choosePrint(random: Random): { print: BoardPrint; palette: string } {
  const palette = pick(random, ZONE_PALETTES)
  const zones = Object.fromEntries(Object.entries(palette.zones).map(([zone, c]) => [zone, jitter(random, c, 6)])) as Record<Zone, Srgb>
  const plain = palette.name === 'plain'
  return {
    palette: palette.name,
    print: {
      margin: between(random, 0.55, 1.3),
      frame: jitter(random, pick(random, FRAMES), 8),
      zones,
      grid: jitter(random, pick(random, [[90, 90, 95], [55, 55, 58], [130, 120, 110], [45, 62, 92]] as Srgb[]), 6),
      gridWidth: between(random, 0.04, 0.09),
      ring: plain || chance(random, 0.8) ? jitter(random, pick(random, [[180, 40, 40], [150, 30, 45], [200, 70, 50]] as Srgb[]), 10) : null,
      ringWidth: between(random, 0.06, 0.12),
      labels: chance(random, 0.8) ? pick(random, [[235, 235, 225], [220, 200, 140], [200, 205, 210]] as Srgb[]) : null,
      rim: chance(random, 0.4) ? pick(random, [[200, 180, 120], [220, 220, 215]] as Srgb[]) : null,
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The table

const TABLE_KINDS: [TableKind, number][] = [
  ['wood', 0.35],
  ['cloth', 0.25],
  ['dark', 0.15],
  ['gingham', 0.08],
  ['tiles', 0.07],
  ['marble', 0.1],
]

const TABLE_COLOURS: Record<TableKind, [Srgb, Srgb][]> = {
  wood: [
    [[215, 175, 120], [160, 110, 60]],
    [[180, 130, 80], [110, 70, 35]],
    [[120, 80, 55], [60, 38, 25]],
    [[140, 70, 50], [75, 30, 22]],
    [[170, 160, 150], [110, 100, 92]],
    [[225, 215, 200], [185, 170, 150]],
  ],
  cloth: [
    [[40, 110, 65], [25, 80, 45]],
    [[45, 70, 125], [30, 45, 90]],
    [[120, 120, 125], [90, 90, 95]],
    [[120, 35, 45], [85, 22, 30]],
    [[215, 205, 185], [190, 178, 155]],
    [[35, 35, 38], [22, 22, 25]],
  ],
  dark: [
    [[45, 42, 40], [20, 19, 18]],
    [[35, 40, 48], [15, 17, 22]],
  ],
  gingham: [
    [[240, 240, 235], [200, 40, 45]],
    [[240, 240, 235], [40, 70, 170]],
    [[240, 240, 235], [40, 120, 60]],
  ],
  tiles: [
    [[220, 215, 205], [170, 160, 150]],
    [[90, 85, 80], [60, 56, 52]],
  ],
  marble: [
    [[235, 235, 232], [120, 120, 125]],
    [[60, 60, 62], [190, 190, 185]],
  ],
}

function chooseTable(random: Random): Table {
  let roll = random()
  let kind: TableKind = 'wood'
  for (const [k, weight] of TABLE_KINDS) {
    kind = k
    if ((roll -= weight) < 0) break
  }
  const [light, dark] = pick(random, TABLE_COLOURS[kind])
  const period = kind === 'wood' ? between(random, 3, 8) : kind === 'gingham' ? between(random, 0.8, 2.5) : between(random, 3, 6)
  return { kind, light: jitter(random, light, 8), dark: jitter(random, dark, 8), angle: between(random, 0, Math.PI), period, seed: Math.floor(random() * 1e9) }
}

// ---------------------------------------------------------------------------------------------
// Stones

const REDS: Srgb[] = [[200, 30, 35], [170, 20, 30], [220, 60, 40], [140, 20, 35], [230, 40, 70]]
const BLUES: Srgb[] = [[30, 70, 200], [25, 45, 130], [40, 110, 200], [20, 30, 90], [60, 90, 220]]
/** Pairs a player might use instead of red and blue: the truth then says standardColours: false. */
const OTHER_PAIRS: [Srgb, Srgb][] = [
  [[240, 200, 40], [40, 140, 60]],
  [[25, 25, 28], [235, 235, 230]],
  [[240, 130, 30], [110, 50, 160]],
  [[240, 120, 170], [40, 170, 170]],
  [[200, 160, 110], [90, 55, 35]],
]

interface StoneStyle {
  radius: number
  height: number
  bevel: number
  dome: number
  shine: number
  sharpness: number
  groove: number
}

function chooseStoneStyle(random: Random): StoneStyle {
  const height = between(random, 0.08, 0.35)
  return {
    radius: between(random, 0.3, 0.43),
    height,
    bevel: between(random, 0.015, Math.min(height / 2.2, 0.09)),
    dome: chance(random, 0.4) ? between(random, 0.02, 0.08) : 0,
    shine: between(random, 0.02, 0.08),
    sharpness: between(random, 40, 300),
    groove: chance(random, 0.3) ? between(random, 0.62, 0.8) : 0,
  }
}

const cellName = (col: number, row: number) => `${'abcdefgh'[col]}${row}`

/** Cells for `count` stones: rows 1–12 (no stone stands on row 0), more of them in the house half. */
function chooseCells(random: Random, count: number): [number, number][] {
  const taken = new Set<string>()
  const cells: [number, number][] = []
  while (cells.length < count) {
    const col = Math.floor(random() * FIELD_COLUMNS)
    const row = chance(random, 0.6) ? 6 + Math.floor(random() * 7) : 1 + Math.floor(random() * 5)
    const name = cellName(col, row)
    if (taken.has(name)) continue
    taken.add(name)
    cells.push([col, row])
  }
  return cells
}

// ---------------------------------------------------------------------------------------------
// The scene and the camera

/** The table's top round the board and everything beside it, and the room beyond. */
function chooseRoom(random: Random, footprints: readonly Footprint[], margin: number, table: Table): Scene['room'] {
  const [bx0, by0] = fieldToWorld(-margin, -margin)
  const [bx1, by1] = fieldToWorld(FIELD_COLUMNS + margin, FIELD_ROWS + margin)
  const x0 = Math.min(bx0, ...footprints.map((f) => f.x - f.r))
  const x1 = Math.max(bx1, ...footprints.map((f) => f.x + f.r))
  const y0 = Math.min(by0, ...footprints.map((f) => f.y - f.r))
  const y1 = Math.max(by1, ...footprints.map((f) => f.y + f.r))
  return {
    x0: x0 - between(random, 2, 20),
    x1: x1 + between(random, 2, 20),
    y0: y0 - between(random, 4, 20),
    y1: y1 + between(random, 2, 25),
    depth: between(random, 0.8, 2),
    edge: jitter(random, table.dark, 10),
    floor: jitter(random, pick(random, [[90, 70, 55], [60, 60, 62], [150, 130, 110], [40, 35, 30]] as Srgb[]), 10),
    floorZ: -between(random, 26, 32),
    wall: jitter(random, pick(random, [[200, 195, 185], [150, 160, 170], [120, 100, 80], [220, 215, 200]] as Srgb[]), 10),
  }
}

interface Footprint {
  x: number
  y: number
  r: number
}

const clear = (spot: Footprint, others: readonly Footprint[]) => others.every((o) => Math.hypot(spot.x - o.x, spot.y - o.y) > spot.r + o.r)

/** A spot on the table beside the board (left or right of it, or beyond its far end), clear of `others`. */
function besideBoard(random: Random, margin: number, r: number, side: 'left' | 'right' | 'far', others: readonly Footprint[]): Footprint {
  const [x0, y0] = fieldToWorld(-margin, -margin)
  const [x1, y1] = fieldToWorld(FIELD_COLUMNS + margin, FIELD_ROWS + margin)
  for (;;) {
    const gap = between(random, 0.4, 3) + r
    const spot =
      side === 'far'
        ? { x: between(random, x0, x1), y: y1 + gap, r }
        : { x: side === 'left' ? x0 - gap : x1 + gap, y: between(random, y0, y1), r }
    if (clear(spot, others)) return spot
  }
}

/** The points the photo must show: the sheet's corners and every stone's outline. */
function mustSee(scene: Scene): Vec3[] {
  const m = scene.print.margin
  const points: Vec3[] = [
    [...fieldToWorld(-m, -m), scene.thickness],
    [...fieldToWorld(FIELD_COLUMNS + m, -m), scene.thickness],
    [...fieldToWorld(FIELD_COLUMNS + m, FIELD_ROWS + m), scene.thickness],
    [...fieldToWorld(-m, FIELD_ROWS + m), scene.thickness],
  ]
  for (const stone of scene.stones) {
    for (let k = 0; k < 8; k++) {
      const a = (k / 8) * 2 * Math.PI
      points.push([stone.x + stone.radius * Math.cos(a), stone.y + stone.radius * Math.sin(a), stone.base + stone.height])
    }
  }
  return points
}

/** The nearest camera distance at which every point lies inside the photo with `margin` (a share) to spare. */
function framingDistance(pose: Omit<CameraPose, 'distance'>, points: readonly Vec3[], margin: number): number {
  const fits = (distance: number) => {
    const camera = cameraFromPose({ ...pose, distance })
    return points.every((p) => {
      const d = [p[0] - camera.position[0], p[1] - camera.position[1], p[2] - camera.position[2]] as Vec3
      if (d[0] * camera.forward[0] + d[1] * camera.forward[1] + d[2] * camera.forward[2] < 1) return false
      const q = project(camera, p)
      return q.x > margin * pose.width && q.x < (1 - margin) * pose.width && q.y > margin * pose.height && q.y < (1 - margin) * pose.height
    })
  }
  let low = 5
  let high = 400
  if (!fits(high)) throw new Error('the board does not fit the photo from 400 cells away')
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2
    if (fits(mid)) high = mid
    else low = mid
  }
  return high
}

const SIZES: [number, number][] = [
  [1280, 960],
  [1280, 960],
  [1600, 1200],
  [1024, 768],
  [1440, 1080],
]

const round1 = (p: Pixel): Pixel => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 })

/** The held-out photo number `index` of the set with this seed: its scene, camera, development and truth. */
export function chooseBoard(seed: number, index: number): HeldOutBoard {
  const random = xoshiro(seed * 100_003 + index * 7919 + 1)
  const { print, palette } = choosePrint(random)
  const thickness = between(random, 0.02, 0.12)
  const table = chooseTable(random)
  const style = chooseStoneStyle(random)
  const standardColours = !chance(random, 0.3)
  let colours: { red: Srgb; blue: Srgb }
  if (standardColours) colours = { red: pick(random, REDS), blue: pick(random, BLUES) }
  else {
    const pair = pick(random, OTHER_PAIRS)
    colours = chance(random, 0.5) ? { red: pair[0], blue: pair[1] } : { red: pair[1], blue: pair[0] }
  }
  const stone = (x: number, y: number, base: number, colour: Srgb): Stone => ({
    x,
    y,
    base,
    radius: style.radius * between(random, 0.97, 1.03),
    height: style.height,
    bevel: style.bevel,
    dome: style.dome,
    colour: jitter(random, colour, 5),
    shine: style.shine,
    sharpness: style.sharpness,
    groove: style.groove,
  })

  // Stones on the field, each near its cell's centre.
  const position = { red: [] as string[], blue: [] as string[] }
  const counts = { red: Math.floor(random() * 9), blue: Math.floor(random() * 9) }
  const cells = chooseCells(random, counts.red + counts.blue)
  const stones: Stone[] = []
  const slack = Math.max(0, 0.5 - style.radius - 0.03) * 0.8
  cells.forEach(([col, row], i) => {
    const side = i < counts.red ? 'red' : 'blue'
    position[side].push(cellName(col, row))
    const [x, y] = fieldToWorld(col + 0.5 + between(random, -slack, slack), row + 0.5 + between(random, -slack, slack))
    stones.push(stone(x, y, thickness, colours[side]))
  })

  // Stones beside the board: one of each side for the taps, and a few spares.
  const footprints: Footprint[] = []
  const sides: ('left' | 'right' | 'far')[] = ['left', 'right', 'far']
  const tapSides = chance(random, 0.7) ? (chance(random, 0.5) ? ['left', 'right'] : ['right', 'left']) : [pick(random, sides), pick(random, sides)]
  const taps: Record<'red' | 'blue', Stone> = {} as Record<'red' | 'blue', Stone>
  ;(['red', 'blue'] as const).forEach((side, i) => {
    const spot = besideBoard(random, print.margin, style.radius + 0.1, tapSides[i] as 'left' | 'right' | 'far', footprints)
    footprints.push(spot)
    taps[side] = stone(spot.x, spot.y, 0, colours[side])
    stones.push(taps[side])
  })
  const spares = Math.floor(random() * 5)
  for (let i = 0; i < spares; i++) {
    const spot = besideBoard(random, print.margin, style.radius + 0.05, pick(random, sides), footprints)
    footprints.push(spot)
    stones.push(stone(spot.x, spot.y, 0, chance(random, 0.5) ? colours.red : colours.blue))
  }

  // Clutter: a sheet of paper or a card beside the board.
  const papers: Paper[] = []
  if (chance(random, 0.35)) {
    const card = chance(random, 0.5)
    const width = card ? 2.5 : 5.9
    const length = card ? 3.5 : 8.4
    const spot = besideBoard(random, print.margin, Math.hypot(width, length) / 2, pick(random, sides), footprints)
    footprints.push(spot)
    papers.push({ x: spot.x, y: spot.y, width, length, angle: between(random, 0, Math.PI), colour: jitter(random, [238, 236, 228], 8) })
  }

  // The lamp: above and off to one side, bare or a spot aimed off the board's middle.
  const lampHeight = between(random, 12, 40)
  const lampPosition: Vec3 = [between(random, -12, 12), between(random, -10, 20), lampHeight]
  const lampDistance = Math.hypot(...lampPosition)
  const warmth = random()
  const lampColour: [number, number, number] = [1, 0.97 - 0.17 * warmth, 1.05 - 0.45 * warmth]
  let spot: Scene['lamp']['spot'] = null
  if (chance(random, 0.55)) {
    const aim: Vec3 = [between(random, -4, 4), between(random, -6, 6), 0]
    const axis = [aim[0] - lampPosition[0], aim[1] - lampPosition[1], aim[2] - lampPosition[2]]
    const length = Math.hypot(...axis)
    const inner = between(random, 8, 30)
    spot = { axis: axis.map((v) => v / length) as Vec3, inner, outer: inner + between(random, 8, 30) }
  }
  const lamp = { position: lampPosition, intensity: (lampDistance * lampDistance) / 100, colour: lampColour, spot, size: between(random, 0.5, 4) }

  let occluder: Scene['occluder'] = null
  if (chance(random, 0.25)) {
    // A shadow across part of the board: a disc on the line from a board point to the lamp.
    const [px, py] = fieldToWorld(between(random, 0, FIELD_COLUMNS), between(random, 0, FIELD_ROWS))
    const z = Math.min(lampHeight * 0.6, between(random, 5, 15))
    const s = z / lampHeight
    occluder = { x: px + (lampPosition[0] - px) * s, y: py + (lampPosition[1] - py) * s, z, radius: between(random, 2, 6) }
  }

  const angle = between(random, 0, 2 * Math.PI)
  const scene: Scene = {
    print,
    thickness,
    edge: thickness > 0.06 ? jitter(random, pick(random, [[90, 85, 80], [200, 195, 185], print.frame] as Srgb[]), 6) : print.frame,
    boardGloss: chance(random, 0.4) ? between(random, 0.02, 0.06) : 0,
    table,
    papers,
    stones,
    lamp,
    ambient: between(random, 0.08, 0.35),
    ambientGradient: { direction: [Math.cos(angle), Math.sin(angle)], rate: between(random, 0, 0.06) },
    occluder,
    room: chooseRoom(random, footprints, print.margin, table),
  }

  // The camera: a seated player's view from behind the start line, give or take.
  const portrait = chance(random, 0.3)
  const [w, h] = pick(random, SIZES)
  const width = portrait ? h : w
  const height = portrait ? w : h
  const wide = chance(random, 0.8)
  const azimuth = (wide ? between(random, -30, 30) : between(random, 30, 45)) * (wide || chance(random, 0.5) ? 1 : -1)
  const framing = {
    target: [between(random, -1.2, 1.2), between(random, -2, 2), 0] as Vec3,
    elevation: between(random, 25, 45),
    azimuth,
    roll: between(random, -8, 8),
    verticalFov: portrait ? between(random, 55, 70) : between(random, 40, 55),
    width,
    height,
  }
  const distance = framingDistance(framing, mustSee(scene), between(random, 0.02, 0.16)) * between(random, 1, 1.25)
  const pose: CameraPose = { ...framing, distance }
  const camera = cameraFromPose(pose)

  const correction = between(random, 0.5, 1)
  const development: Development = {
    defocus: chance(random, 0.5) ? between(random, 0.5, 3) : 0,
    focusDepth: distance,
    blur: between(random, 0, 1),
    motion: chance(random, 0.12) ? { length: between(random, 1.5, 4), angle: between(random, 0, Math.PI) } : { length: 0, angle: 0 },
    vignette: between(random, 0, 0.45),
    balance: lampColour.map((c) => (lampColour[1] / c) ** correction) as [number, number, number],
    clip: between(random, 0.001, 0.02),
    noise: between(random, 1, 7),
    seed: Math.floor(random() * 1e9),
  }
  const quality = Math.round(between(random, 55, 92))

  const file = `board-${String(index).padStart(2, '0')}.jpg`
  const truth = truthFor(scene, camera, taps, { file, position, standardColours })
  const notes = [
    `${width}x${height}`,
    `elevation ${pose.elevation.toFixed(0)}°`,
    `azimuth ${pose.azimuth.toFixed(0)}°`,
    `roll ${pose.roll.toFixed(0)}°`,
    `table ${table.kind}`,
    `print ${palette}`,
    `stones h ${style.height.toFixed(2)} r ${style.radius.toFixed(2)}${style.dome ? ' domed' : ''}`,
    standardColours ? 'red/blue' : 'other colours',
    spot ? 'spot' : 'bulb',
    occluder ? 'shadow' : '',
    papers.length ? 'paper' : '',
    development.motion.length ? 'motion blur' : '',
    `jpeg ${quality}`,
  ]
  return { truth, scene, taps, pose, development, quality, notes: notes.filter(Boolean).join(', ') }
}

/**
 * What the photo shows, in the truth's terms: the field's outer corners at a12, h12, h0, a0 on
 * the board's top, and each tap on the middle of its stone's top.
 */
export function truthFor(
  scene: Scene,
  camera: Camera,
  taps: Record<'red' | 'blue', Stone>,
  about: Pick<BoardTruth, 'file' | 'position' | 'standardColours'>,
): BoardTruth {
  const corner = (u: number, v: number) => round1(project(camera, [...fieldToWorld(u, v), scene.thickness]))
  const top = (s: Stone) => round1(project(camera, [s.x, s.y, s.base + s.height]))
  return {
    file: about.file,
    position: about.position,
    corners: [corner(0, FIELD_ROWS), corner(FIELD_COLUMNS, FIELD_ROWS), corner(FIELD_COLUMNS, 0), corner(0, 0)],
    taps: { red: top(taps.red), blue: top(taps.blue) },
    standardColours: about.standardColours,
  }
}

/** Renders the board and encodes its photo as JPEG. */
export function photograph(board: HeldOutBoard): Buffer {
  const exposure = render(board.scene, cameraFromPose(board.pose))
  return Buffer.from(jpeg.encode(develop(exposure, board.development), board.quality).data)
}

// ---------------------------------------------------------------------------------------------
// Overlays: the truth drawn on its photo, to check it by eye before measuring anything

/** The 3 × 3 homography taking the unit field's corners (u, v) to the four photo corners (solved directly). */
export function fieldHomography(corners: readonly Pixel[]): (u: number, v: number) => Pixel {
  // Field points of the truth's corners: a12, h12, h0, a0.
  const field: [number, number][] = [[0, FIELD_ROWS], [FIELD_COLUMNS, FIELD_ROWS], [FIELD_COLUMNS, 0], [0, 0]]
  const rows: number[][] = []
  field.forEach(([u, v], i) => {
    const { x, y } = corners[i]!
    rows.push([u, v, 1, 0, 0, 0, -u * x, -v * x, x])
    rows.push([0, 0, 0, u, v, 1, -u * y, -v * y, y])
  })
  // Gauss–Jordan with partial pivoting on the 8 × 9 system.
  for (let c = 0; c < 8; c++) {
    let best = c
    for (let r = c + 1; r < 8; r++) if (Math.abs(rows[r]![c]!) > Math.abs(rows[best]![c]!)) best = r
    ;[rows[c], rows[best]] = [rows[best]!, rows[c]!]
    const pivot = rows[c]!
    for (let r = 0; r < 8; r++) {
      if (r === c) continue
      const factor = rows[r]![c]! / pivot[c]!
      for (let k = c; k < 9; k++) rows[r]![k]! -= factor * pivot[k]!
    }
  }
  const h = rows.map((row, i) => row[8]! / row[i]!)
  return (u, v) => {
    const w = h[6]! * u + h[7]! * v + 1
    return { x: (h[0]! * u + h[1]! * v + h[2]!) / w, y: (h[3]! * u + h[4]! * v + h[5]!) / w }
  }
}

type Rgba = { width: number; height: number; data: Uint8Array }

function dot(image: Rgba, x: number, y: number, colour: Srgb) {
  const ix = Math.round(x)
  const iy = Math.round(y)
  if (ix < 0 || iy < 0 || ix >= image.width || iy >= image.height) return
  const at = (iy * image.width + ix) * 4
  image.data[at] = colour[0]
  image.data[at + 1] = colour[1]
  image.data[at + 2] = colour[2]
}

function line(image: Rgba, a: Pixel, b: Pixel, colour: Srgb) {
  const steps = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y)) + 1
  for (let i = 0; i <= steps; i++) dot(image, a.x + ((b.x - a.x) * i) / steps, a.y + ((b.y - a.y) * i) / steps, colour)
}

function ring(image: Rgba, c: Pixel, radius: number, colour: Srgb) {
  for (let k = 0; k < 64; k++) {
    const a = (k / 64) * 2 * Math.PI
    for (const r of [radius, radius + 1]) dot(image, c.x + r * Math.cos(a), c.y + r * Math.sin(a), colour)
  }
}

/** The photo with its truth drawn: the field grid from the four corners, a ring on each stone's cell, a cross on each tap. */
export function overlay(photo: Buffer, truth: BoardTruth): Buffer {
  const decoded = jpeg.decode(photo, { useTArray: true, formatAsRGBA: true })
  const image: Rgba = { width: decoded.width, height: decoded.height, data: decoded.data }
  const at = fieldHomography(truth.corners)
  const yellow: Srgb = [255, 255, 0]
  for (let u = 0; u <= FIELD_COLUMNS; u++) line(image, at(u, 0), at(u, FIELD_ROWS), yellow)
  for (let v = 0; v <= FIELD_ROWS; v++) line(image, at(0, v), at(FIELD_COLUMNS, v), yellow)
  for (const side of ['red', 'blue'] as const) {
    const colour: Srgb = side === 'red' ? [255, 0, 255] : [0, 255, 255]
    for (const name of truth.position[side]) {
      const col = name.charCodeAt(0) - 97
      const row = Number(name.slice(1))
      if (zoneOf(col, row) === null) throw new Error(`${truth.file}: ${name} is not a printed cell`)
      ring(image, at(col + 0.5, row + 0.5), 6, colour)
    }
    const tap = truth.taps[side]
    line(image, { x: tap.x - 8, y: tap.y }, { x: tap.x + 8, y: tap.y }, colour)
    line(image, { x: tap.x, y: tap.y - 8 }, { x: tap.x, y: tap.y + 8 }, colour)
  }
  for (const c of truth.corners) ring(image, c, 9, [255, 128, 0])
  return Buffer.from(jpeg.encode(image, 92).data)
}

// ---------------------------------------------------------------------------------------------

function main(args: string[]) {
  const option = (name: string) => {
    const at = args.indexOf(name)
    return at >= 0 ? args[at + 1] : undefined
  }
  const out = args[0]
  if (!out || out.startsWith('--')) {
    console.error('usage: node --import tsx bench/vision/heldOutBoards.ts OUT [--count 40] [--seed 5] [--overlays DIR] [--from N]')
    process.exit(2)
  }
  const count = Number(option('--count') ?? 40)
  const seed = Number(option('--seed') ?? 5)
  const from = Number(option('--from') ?? 0)
  const overlays = option('--overlays')
  const folder = join(out, 'board')
  mkdirSync(folder, { recursive: true })
  if (overlays) mkdirSync(overlays, { recursive: true })
  const truths: BoardTruth[] = []
  const scenes: { file: string; notes: string }[] = []
  for (let index = 0; index < count; index++) {
    const board = chooseBoard(seed, index)
    truths.push(board.truth)
    scenes.push({ file: board.truth.file, notes: board.notes })
    if (index < from) continue
    const started = performance.now()
    const photo = photograph(board)
    writeFileSync(join(folder, board.truth.file), photo)
    if (overlays) writeFileSync(join(overlays, board.truth.file), overlay(readFileSync(join(folder, board.truth.file)), board.truth))
    console.log(`${board.truth.file} ${((performance.now() - started) / 1000).toFixed(1)} s — ${board.notes}`)
  }
  writeFileSync(join(folder, 'truth.json'), JSON.stringify(truths, null, 1) + '\n')
  writeFileSync(join(folder, 'scenes.json'), JSON.stringify(scenes, null, 1) + '\n')
  console.log(`wrote ${count} boards (seed ${seed}) to ${folder}`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2))
