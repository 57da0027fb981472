// Warming the photo readers up (issue 10): the first photo a fresh worker reads pays for the
// JavaScript engine compiling the readers' loops, 2–3 times the CPU of a later photo (a dice
// photo of the coloured set: 2.6 s the first time, 0.9 s by the fourth). The photo tool sends
// the worker one small drawn scene of its kind as it opens, while the player picks a picture,
// so the player's first photo is read by compiled code.
import { COLUMNS, ROWS, zoneAt } from '../engine/index.ts'
import { proposeCorners, readBoard, type FieldCorners } from './board.ts'
import { readDice } from './dice.ts'
import { LAYOUTS } from './dice/faces.ts'
import { applyHomography, createRgbaImage, homographyFromPoints, invertHomography, rectangle, type Rgb, type RgbaImage } from './raster.ts'

export type WarmUpKind = 'board' | 'dice'

/** A little fixed grain, so the scene is not flat: a flat photo skips the readers' work. */
const grain = (x: number, y: number): number => (((x * 7919 + y * 104729) % 13) - 6) * 0.6

function paint(width: number, height: number, colourAt: (x: number, y: number) => Rgb): RgbaImage {
  const image = createRgbaImage(width, height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colourAt(x + 0.5, y + 0.5)
      const noise = grain(x, y)
      image.data.set([r + noise, g + noise, b + noise, 255], (y * width + x) * 4)
    }
  return image
}

/**
 * Five dice on a pale tray, seen from above: ivory with black pips and red with white pips, so
 * the grey and the colour-channel readers both run.
 */
export function diceWarmUpScene(): RgbaImage {
  const side = 46
  const pip = 0.09 * side
  const step = 0.26 * side
  const dice = [1, 2, 3, 4, 5].map((value, k) => ({
    x: 70 + k * 70 + (k % 2) * 8,
    y: 120 + (k % 3) * 40,
    value,
    turn: 0.2 * k,
    red: k % 2 === 1,
  }))
  return paint(440, 300, (x, y) => {
    for (const die of dice) {
      const dx = (x - die.x) * Math.cos(die.turn) + (y - die.y) * Math.sin(die.turn)
      const dy = -(x - die.x) * Math.sin(die.turn) + (y - die.y) * Math.cos(die.turn)
      if (Math.abs(dx) > side / 2 || Math.abs(dy) > side / 2) continue
      const onPip = LAYOUTS[die.value]![0]!.some(([i, j]) => Math.hypot(dx - i * step, dy - j * step) < pip)
      if (die.red) return onPip ? [245, 240, 235] : [190, 30, 40]
      return onPip ? [25, 25, 30] : [235, 228, 205]
    }
    return [196, 192, 184]
  })
}

/** Where the warm-up board's field lies in its scene: a player's view, the far rows narrower. */
export const WARM_UP_CORNERS: FieldCorners = [
  { x: 150, y: 40 },
  { x: 330, y: 40 },
  { x: 390, y: 330 },
  { x: 90, y: 330 },
]

/** Printed zones' colours, the frame's and the table's, as on the project's printed board. */
const PRINT: Record<string, Rgb> = { guard: [225, 222, 200], none: [232, 234, 236], outer: [165, 200, 232], middle: [246, 246, 244], centre: [232, 170, 165] }
const FRAME: Rgb = [30, 50, 40]
const START: Rgb = [160, 215, 170]
const GRID: Rgb = [80, 80, 85]
const TABLE: Rgb = [170, 125, 85]

/** The printed field in its frame, seen at a slant on a wooden table, two red stones and a blue one on it. */
export function boardWarmUpScene(): RgbaImage {
  const toField = invertHomography(homographyFromPoints(rectangle(COLUMNS, ROWS), WARM_UP_CORNERS))
  const stones: { col: number; row: number; colour: Rgb }[] = [
    { col: 3, row: 9, colour: [200, 40, 45] },
    { col: 5, row: 4, colour: [40, 70, 200] },
    { col: 2, row: 2, colour: [200, 40, 45] },
  ]
  return paint(480, 360, (x, y) => {
    const { x: u, y: v } = applyHomography(toField, x, y)
    // v runs from the far end (0) to the start end (ROWS); rows count from the start end.
    const row = ROWS - v
    if (u < -0.7 || u > COLUMNS + 0.7 || row < -0.9 || row > ROWS + 0.7) return TABLE
    const col = Math.floor(u)
    const cellRow = Math.floor(row)
    if (u < 0 || u >= COLUMNS || row < 0 || row >= ROWS || (cellRow === 0 && (col < 2 || col > 5))) return FRAME
    for (const stone of stones) if (Math.hypot(u - stone.col - 0.5, row - stone.row - 0.5) < 0.34) return stone.colour
    const nearLine = (t: number) => Math.abs(t - Math.round(t)) < 0.04
    if (nearLine(u) || nearLine(row)) return GRID
    return cellRow === 0 ? START : PRINT[zoneAt(col, cellRow)]!
  })
}

/** Reads the drawn scene of `kind` once, as the photo tool will read the player's photo; the reading is thrown away. */
export function warmUp(kind: WarmUpKind): void {
  if (kind === 'dice') {
    readDice(diceWarmUpScene())
    return
  }
  const image = boardWarmUpScene()
  readBoard(image, { corners: proposeCorners(image).corners })
}
