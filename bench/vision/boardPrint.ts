// What is printed on the board sheet, for the held-out board renders (bench/vision/boardScene.ts):
// drawn from RULES.md §2 alone — a field of 8 columns a–h by 13 rows 0–12, where row 0 holds
// only the start cells c0–f0 and a0, b0, g0, h0 are frame; the house b6–g11 with its middle
// ring c7–f10 and centre d8–e9; the guard rows 1–5; a dark frame round it with the column
// letters and row numbers. It is written apart from the project's fixture renderer on purpose
// (issue 10: a held-out set made differently), so it shares no code with it or with the reader.
//
// Field units: u runs 0–8 across the columns (a at 0–1), v runs 0–13 along the rows (row 0 at
// 0–1, nearest the player who throws). The sheet reaches `margin` beyond the field all round.

/** A colour in linear light, 0–1 a channel. */
export type Linear = [number, number, number]

export type Zone = 'guard' | 'outer' | 'middle' | 'centre' | 'none' | 'start'

/** How one board is printed: its colours in sRGB 0–255 and the widths of its lines, in cells. */
export interface BoardPrint {
  margin: number
  frame: [number, number, number]
  zones: Record<Zone, [number, number, number]>
  grid: [number, number, number]
  gridWidth: number
  /** Lines drawn round the house, the middle ring and the centre; null when the print has none. */
  ring: [number, number, number] | null
  ringWidth: number
  /** Letters and numbers in the frame; null when the print has none. */
  labels: [number, number, number] | null
  /** A thin line round the sheet's edge, inset a little; null when there is none. */
  rim: [number, number, number] | null
}

export const FIELD_COLUMNS = 8
export const FIELD_ROWS = 13
const START_COLUMNS = [2, 3, 4, 5]

/** The zone of the cell at column `col` (0 = a), row `row`, per RULES.md §2; null for frame. */
export function zoneOf(col: number, row: number): Zone | null {
  if (col < 0 || col >= FIELD_COLUMNS || row < 0 || row >= FIELD_ROWS) return null
  if (row === 0) return START_COLUMNS.includes(col) ? 'start' : null
  if (row <= 5) return 'guard'
  if (row === 12 || col === 0 || col === 7) return 'none'
  if (col >= 3 && col <= 4 && row >= 8 && row <= 9) return 'centre'
  if (col >= 2 && col <= 5 && row >= 7 && row <= 10) return 'middle'
  return 'outer'
}

export const linear = (c: readonly [number, number, number]): Linear => [toLinear(c[0]), toLinear(c[1]), toLinear(c[2])]

function toLinear(value: number): number {
  const s = value / 255
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}

/** The three rectangles the ring lines follow (u0, v0, u1, v1): house, middle ring, centre. */
const RINGS: readonly [number, number, number, number][] = [
  [1, 6, 7, 12],
  [2, 7, 6, 11],
  [3, 8, 5, 10],
]

// A stroke font for the labels: each glyph is polylines in a box 0–1 wide and 0–1 high (a
// descender below 0), lower-case letters a–h and the digits.
type Stroke = [number, number][]
const GLYPHS: Record<string, Stroke[]> = {
  '0': [[[0.5, 0], [0.15, 0.2], [0.1, 0.5], [0.15, 0.8], [0.5, 1], [0.85, 0.8], [0.9, 0.5], [0.85, 0.2], [0.5, 0]]],
  '1': [[[0.25, 0.75], [0.55, 1], [0.55, 0]], [[0.25, 0], [0.85, 0]]],
  '2': [[[0.12, 0.78], [0.35, 1], [0.7, 1], [0.88, 0.78], [0.85, 0.55], [0.12, 0], [0.9, 0]]],
  '3': [
    [[0.12, 0.88], [0.35, 1], [0.7, 1], [0.88, 0.82], [0.85, 0.62], [0.65, 0.52], [0.4, 0.52]],
    [[0.65, 0.52], [0.9, 0.38], [0.88, 0.14], [0.65, 0], [0.3, 0], [0.1, 0.12]],
  ],
  '4': [[[0.7, 0], [0.7, 1], [0.1, 0.3], [0.92, 0.3]]],
  '5': [[[0.88, 1], [0.2, 1], [0.14, 0.55], [0.55, 0.62], [0.88, 0.42], [0.85, 0.12], [0.5, 0], [0.12, 0.1]]],
  '6': [[[0.82, 0.95], [0.5, 1], [0.2, 0.8], [0.1, 0.4], [0.2, 0.06], [0.55, 0], [0.88, 0.2], [0.85, 0.48], [0.5, 0.6], [0.12, 0.42]]],
  '7': [[[0.1, 1], [0.9, 1], [0.38, 0]]],
  '8': [
    [[0.5, 0.55], [0.2, 0.68], [0.18, 0.9], [0.5, 1], [0.82, 0.9], [0.8, 0.68], [0.5, 0.55]],
    [[0.5, 0.55], [0.12, 0.38], [0.15, 0.1], [0.5, 0], [0.85, 0.1], [0.88, 0.38], [0.5, 0.55]],
  ],
  '9': [[[0.18, 0.05], [0.5, 0], [0.8, 0.2], [0.9, 0.6], [0.8, 0.94], [0.45, 1], [0.12, 0.8], [0.15, 0.52], [0.5, 0.4], [0.88, 0.58]]],
  a: [
    [[0.2, 0.62], [0.5, 0.72], [0.8, 0.58], [0.8, 0]],
    [[0.8, 0.36], [0.4, 0.4], [0.15, 0.22], [0.35, 0], [0.8, 0.1]],
  ],
  b: [[[0.15, 1], [0.15, 0]], [[0.15, 0.45], [0.5, 0.7], [0.85, 0.45], [0.82, 0.12], [0.5, 0], [0.15, 0.1]]],
  c: [[[0.85, 0.6], [0.5, 0.72], [0.15, 0.4], [0.3, 0.04], [0.85, 0.1]]],
  d: [[[0.85, 1], [0.85, 0]], [[0.85, 0.45], [0.5, 0.7], [0.15, 0.45], [0.18, 0.12], [0.5, 0], [0.85, 0.1]]],
  e: [[[0.15, 0.36], [0.85, 0.36], [0.78, 0.64], [0.45, 0.72], [0.15, 0.46], [0.25, 0.08], [0.5, 0], [0.85, 0.1]]],
  f: [[[0.82, 0.95], [0.58, 1], [0.42, 0.86], [0.42, 0]], [[0.15, 0.66], [0.75, 0.66]]],
  g: [
    [[0.85, 0.7], [0.85, -0.12], [0.6, -0.3], [0.2, -0.2]],
    [[0.85, 0.55], [0.5, 0.72], [0.15, 0.46], [0.3, 0.14], [0.6, 0.14], [0.85, 0.3]],
  ],
  h: [[[0.15, 1], [0.15, 0]], [[0.15, 0.45], [0.5, 0.7], [0.85, 0.5], [0.85, 0]]],
}

function distanceToSegment(x: number, y: number, a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0]
  const dy = b[1] - a[1]
  const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy)
}

/** Whether the point (x, y), in glyph units, lies on one of the strokes of `text`, set left to right. */
function onText(text: string, x: number, y: number, stroke: number): boolean {
  const advance = 0.85
  const start = -(advance * text.length) / 2
  const at = Math.floor((x - start) / advance)
  const glyph = GLYPHS[text[at] ?? '']
  if (!glyph) return false
  const gx = x - start - at * advance + 0.075
  for (const line of glyph) {
    for (let i = 1; i < line.length; i++) if (distanceToSegment(gx, y, line[i - 1]!, line[i]!) < stroke / 2) return true
  }
  return false
}

const COLUMN_LETTERS = 'abcdefgh'

/** Whether (u, v) in the frame lies on a printed label: letters below and above the field, numbers beside it. */
function onLabel(print: BoardPrint, u: number, v: number): boolean {
  const size = Math.min(0.42, print.margin * 0.55)
  const stroke = 0.13
  const across = print.margin / 2
  // Letters read upright from the start end: glyph x along u, glyph y along v.
  for (const v0 of [-across, FIELD_ROWS + across]) {
    if (Math.abs(v - v0) > size) continue
    const col = Math.floor(u)
    if (col < 0 || col >= FIELD_COLUMNS) return false
    return onText(COLUMN_LETTERS[col]!, (u - col - 0.5) / size, (v - v0) / size + 0.4, stroke)
  }
  for (const u0 of [-across, FIELD_COLUMNS + across]) {
    if (Math.abs(u - u0) > size * 1.1) continue
    const row = Math.floor(v)
    if (row < 0 || row >= FIELD_ROWS) return false
    return onText(String(row), (u - u0) / size, (v - row - 0.5) / size + 0.5, stroke)
  }
  return false
}

/**
 * The printed colour at (u, v) in sRGB 0–255, or null off the sheet. The field's grid lines lie
 * on the cell borders; the ring lines follow the zone borders of the house.
 */
export function printedColour(print: BoardPrint, u: number, v: number): [number, number, number] | null {
  const m = print.margin
  if (u < -m || u > FIELD_COLUMNS + m || v < -m || v > FIELD_ROWS + m) return null
  const col = Math.floor(u)
  const row = Math.floor(v)
  const zone = zoneOf(col, row)
  if (zone === null) {
    if (print.rim) {
      const inset = Math.min(u + m, FIELD_COLUMNS + m - u, v + m, FIELD_ROWS + m - v)
      if (Math.abs(inset - 0.12) < 0.025) return print.rim
    }
    // The grid's outline also runs along the frame side of the field's edge.
    if (nearFieldEdge(u, v, print.gridWidth / 2)) return print.grid
    if (print.labels && onLabel(print, u, v)) return print.labels
    return print.frame
  }
  if (print.ring) {
    const half = print.ringWidth / 2
    for (const [u0, v0, u1, v1] of RINGS) {
      const insideU = u > u0 - half && u < u1 + half
      const insideV = v > v0 - half && v < v1 + half
      const onVertical = insideV && (Math.abs(u - u0) < half || Math.abs(u - u1) < half)
      const onHorizontal = insideU && (Math.abs(v - v0) < half || Math.abs(v - v1) < half)
      if (onVertical || onHorizontal) return print.ring
    }
  }
  const half = print.gridWidth / 2
  const du = Math.abs(u - Math.round(u))
  const dv = Math.abs(v - Math.round(v))
  if (du < half || dv < half) return print.grid
  return print.zones[zone]
}

/** Within `d` of the field's outline on its frame side (row 0's tab included). */
function nearFieldEdge(u: number, v: number, d: number): boolean {
  for (let col = Math.floor(u - d); col <= Math.floor(u + d); col++) {
    for (let row = Math.floor(v - d); row <= Math.floor(v + d); row++) {
      if (zoneOf(col, row) === null) continue
      const du = Math.max(col - u, 0, u - col - 1)
      const dv = Math.max(row - v, 0, v - row - 1)
      if (Math.hypot(du, dv) < d) return true
    }
  }
  return false
}
