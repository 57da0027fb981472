// Small ray-cast photos of the board from a seated player's chair, for the token reader's
// unit tests (issue 10): a pinhole camera looking down at the field, round tokens with
// height (a top face and a side), the printed zones, grid lines and ring lines.
import { COLUMNS, ROWS, zoneAt, type Cell } from '../../engine/index.ts'
import type { FieldCorners } from '../../vision/board.ts'
import { createRgbaImage, writePixel, type Point, type Rgb, type RgbaImage } from '../../vision/raster.ts'

export interface SceneToken {
  cell: Cell
  colour: Rgb
  /** What its top face shows when not its colour: a lamp's glare washing it out. */
  top?: Rgb
}

export interface TokenScene {
  tokens: SceneToken[]
  /** Token height and radius in cells. */
  height: number
  radius: number
  /** The side's colour; the top's colour darkened when absent. */
  side?: Rgb
  /**
   * How wide (cells) the far half of the top's rim shows darker, a bevel turned away from
   * the camera and the lamp; none when absent.
   */
  farRim?: number
  /** Camera elevation above the table (degrees) and distance from the field's middle (cells). */
  elevation: number
  distance: number
  ringLine?: Rgb
  /** Colours of the printed zones. */
  zones?: Partial<Record<'guard' | 'none' | 'outer' | 'middle' | 'centre', Rgb>>
  width?: number
  height_px?: number
}

type Vector = [number, number, number]
const sub = (a: Vector, b: Vector): Vector => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const cross = (a: Vector, b: Vector): Vector => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
const unit = (a: Vector): Vector => {
  const n = Math.hypot(...a)
  return [a[0] / n, a[1] / n, a[2] / n]
}

const ZONES = { guard: [225, 222, 200], none: [232, 234, 236], outer: [165, 200, 232], middle: [246, 246, 244], centre: [232, 170, 165] } satisfies Record<string, Rgb>
const FRAME: Rgb = [30, 50, 40]
const TABLE: Rgb = [170, 125, 85]
const GRID: Rgb = [80, 80, 85]
const START: Rgb = [160, 215, 170]

/** World: x across (= column units), y from the start end's edge towards the far end, z up. */
function cellBase(cell: Cell): [number, number] {
  return [cell.charCodeAt(0) - 97 + 0.5, Number(cell.slice(1)) + 0.5]
}

function onRing(x: number, y: number, width: number): boolean {
  for (const [left, right, bottom, top] of [
    [1, 7, 6, 12],
    [2, 6, 7, 11],
    [3, 5, 8, 10],
  ] as const) {
    if (x < left - width || x > right + width || y < bottom - width || y > top + width) continue
    if (Math.abs(x - left) < width || Math.abs(x - right) < width || Math.abs(y - bottom) < width || Math.abs(y - top) < width) return true
  }
  return false
}

function printed(scene: TokenScene, x: number, y: number): Rgb {
  if (x < -0.7 || x > COLUMNS + 0.7 || y < -0.9 || y > ROWS + 0.7) return TABLE
  const col = Math.floor(x)
  const row = Math.floor(y)
  if (x < 0 || x >= COLUMNS || y < 0 || y >= ROWS || (row === 0 && (col < 2 || col > 5))) return FRAME
  const nearLine = (t: number) => Math.abs(t - Math.round(t)) < 0.03
  if (scene.ringLine && onRing(x, y, 0.05)) return scene.ringLine
  if (nearLine(x) || nearLine(y)) return GRID
  if (row === 0) return START
  const zone = zoneAt(col, row) as keyof typeof ZONES
  return scene.zones?.[zone] ?? ZONES[zone]
}

export interface RenderedScene {
  image: RgbaImage
  corners: FieldCorners
}

export function renderTokenScene(scene: TokenScene): RenderedScene {
  const width = scene.width ?? 640
  const height = scene.height_px ?? 480
  const focal = 1.1 * width
  const e = (scene.elevation * Math.PI) / 180
  const target: Vector = [COLUMNS / 2, ROWS / 2, 0]
  const eye: Vector = [COLUMNS / 2, ROWS / 2 - scene.distance * Math.cos(e), scene.distance * Math.sin(e)]
  const forward = unit(sub(target, eye))
  const right = unit(cross(forward, [0, 0, 1]))
  const up = cross(right, forward)
  const project = (p: Vector): Point => {
    const d = sub(p, eye)
    const depth = dot(d, forward)
    return { x: width / 2 + (focal * dot(d, right)) / depth, y: height / 2 - (focal * dot(d, up)) / depth }
  }
  const tokens = scene.tokens.map((t) => ({ base: cellBase(t.cell), colour: t.top ?? t.colour, side: scene.side ?? (t.colour.map((c) => c * 0.55) as Rgb) }))
  const image = createRgbaImage(width, height)
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const ray = unit([
        forward[0] + ((px + 0.5 - width / 2) / focal) * right[0] - ((py + 0.5 - height / 2) / focal) * up[0],
        forward[1] + ((px + 0.5 - width / 2) / focal) * right[1] - ((py + 0.5 - height / 2) / focal) * up[1],
        forward[2] + ((px + 0.5 - width / 2) / focal) * right[2] - ((py + 0.5 - height / 2) / focal) * up[2],
      ])
      let nearest = Infinity
      let colour: Rgb | null = null
      for (const token of tokens) {
        const tTop = (scene.height - eye[2]) / ray[2]
        if (tTop > 0 && tTop < nearest) {
          const x = eye[0] + tTop * ray[0] - token.base[0]
          const y = eye[1] + tTop * ray[1] - token.base[1]
          if (x * x + y * y <= scene.radius ** 2) {
            nearest = tTop
            const onFarRim = scene.farRim !== undefined && y > 0 && x * x + y * y > (scene.radius - scene.farRim) ** 2
            colour = onFarRim ? (token.colour.map((c) => c * 0.6) as Rgb) : token.colour
          }
        }
        const ox = eye[0] - token.base[0]
        const oy = eye[1] - token.base[1]
        const a = ray[0] ** 2 + ray[1] ** 2
        const b = 2 * (ox * ray[0] + oy * ray[1])
        const c = ox * ox + oy * oy - scene.radius ** 2
        const disc = b * b - 4 * a * c
        if (disc >= 0) {
          const t = (-b - Math.sqrt(disc)) / (2 * a)
          const z = eye[2] + t * ray[2]
          if (t > 0 && t < nearest && z >= 0 && z <= scene.height) {
            nearest = t
            colour = token.side
          }
        }
      }
      if (!colour) {
        const t = -eye[2] / ray[2]
        colour = t > 0 ? printed(scene, eye[0] + t * ray[0], eye[1] + t * ray[1]) : TABLE
      }
      writePixel(image, px, py, colour)
    }
  const corners = [project([0, ROWS, 0]), project([COLUMNS, ROWS, 0]), project([COLUMNS, 0, 0]), project([0, 0, 0])] as FieldCorners
  return { image, corners }
}
