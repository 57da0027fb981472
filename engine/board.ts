// The field of RULES.md §2 (interpretations I-1, I-2): 8 columns a–h, 13 rows 0–12.
import { RuleError, refuseWith, ruleReason, type RuleReason } from './errors.ts'
import type { Cell, Color, Position } from './types.ts'

export const COLUMNS = 8
export const ROWS = 13
export const COLUMN_LETTERS = 'abcdefgh'
export const STONES_PER_COLOR = 8

/** Launch cells on row 0: c0 d0 bend clockwise (left), e0 f0 counter-clockwise (right). */
export const LEFT_START_CELLS: readonly Cell[] = ['c0', 'd0']
export const RIGHT_START_CELLS: readonly Cell[] = ['e0', 'f0']
export const START_CELLS: readonly Cell[] = [...LEFT_START_CELLS, ...RIGHT_START_CELLS]

export interface Square {
  col: number
  row: number
}

export type Zone = 'centre' | 'middle' | 'outer' | 'guard' | 'start' | 'none'
/** The house zones in the order "save the last zero" visits them (RULES.md §9). */
export const HOUSE_ZONES = ['centre', 'middle', 'outer'] as const
export type HouseZone = (typeof HOUSE_ZONES)[number]

const CELL_PATTERN = /^([a-h])(0|[1-9]|1[0-2])$/

/** Parses 'e8' into column 4, row 8; null for anything that is not a cell of the field. */
export function parseCell(cell: string): Square | null {
  const match = CELL_PATTERN.exec(cell)
  if (!match) return null
  const col = COLUMN_LETTERS.indexOf(match[1]!)
  const row = Number(match[2])
  if (row === 0 && !START_CELLS.includes(cell)) return null
  return { col, row }
}

/** Like parseCell, but an unknown cell is an Error that names it. */
export function squareOf(cell: string): Square {
  const square = parseCell(cell)
  if (!square) refuseWith('cell.unknown', { cell: String(cell) }, `${String(cell)}: not a cell of the field (a1–h12, or a start cell c0 d0 e0 f0)`)
  return square
}

export function isOnField(col: number, row: number): boolean {
  if (col < 0 || col >= COLUMNS || row < 0 || row >= ROWS) return false
  // Row 0 holds only the four start cells.
  return row > 0 || (col >= 2 && col <= 5)
}

export function cellName(col: number, row: number): Cell {
  return `${COLUMN_LETTERS[col]}${row}`
}

export function zoneAt(col: number, row: number): Zone {
  if (row === 0) return 'start'
  if (row <= 5) return 'guard' // I-2: rows 1–5 across all columns
  if (row >= 6 && row <= 11 && col >= 1 && col <= 6) {
    const ring = Math.min(col - 1, 6 - col, row - 6, 11 - row)
    return ring === 0 ? 'outer' : ring === 1 ? 'middle' : 'centre'
  }
  return 'none'
}

export function zoneOf(cell: Cell): Zone {
  const { col, row } = squareOf(cell)
  return zoneAt(col, row)
}

/** Every cell of the field, row by row from row 0, as the notation and the board list them. */
export const ALL_CELLS: readonly Cell[] = (() => {
  const cells: Cell[] = []
  for (let row = 0; row < ROWS; row++)
    for (let col = 0; col < COLUMNS; col++) if (isOnField(col, row)) cells.push(cellName(col, row))
  return cells
})()

/** Rows as players count them: guard horizontals 1–5, house horizontals 1–7 (RULES.md §2). */
export function horizontalLabel(row: number): { kind: 'start' | 'guard' | 'house'; number: number } {
  if (row === 0) return { kind: 'start', number: 0 }
  if (row <= 5) return { kind: 'guard', number: row }
  return { kind: 'house', number: row - 5 }
}

/**
 * A named setup error, as chessops' IllegalSetup: the UI highlights `cells`; `reason`
 * is the same refusal with the code that translates it.
 */
export interface SetupError {
  code: 'unknown-cell' | 'start-row' | 'two-stones' | 'too-many-stones' | 'not-a-list'
  cells: Cell[]
  color?: Color
  message: string
  reason: RuleReason
}

/**
 * A position typed by a person or read from a photo is a setup: it is checked here and
 * either accepted or refused with every problem named (STYLE.md §1).
 */
export function validatePosition(position: unknown): SetupError[] {
  const errors: SetupError[] = []
  const candidate = position as Partial<Record<Color, unknown>> | null
  if (typeof candidate !== 'object' || candidate === null) {
    const message = 'position: expected { red: [...], blue: [...] }'
    return [{ code: 'not-a-list', cells: [], message, reason: ruleReason('setup.not-an-object', {}, message) }]
  }
  const seen = new Map<Cell, Color>()
  for (const color of ['red', 'blue'] as const) {
    const stones = candidate[color]
    if (!Array.isArray(stones)) {
      const message = `position.${color}: expected a list of cells`
      errors.push({ code: 'not-a-list', cells: [], color, message, reason: ruleReason('setup.not-a-list', { color }, message) })
      continue
    }
    if (stones.length > STONES_PER_COLOR) {
      const message = `${color}: ${stones.length} stones in play, at most ${STONES_PER_COLOR}`
      errors.push({
        code: 'too-many-stones',
        cells: stones.filter((c): c is string => typeof c === 'string'),
        color,
        message,
        reason: ruleReason('setup.too-many-stones', { color, count: stones.length, most: STONES_PER_COLOR }, message),
      })
    }
    for (const cell of stones) {
      const square = typeof cell === 'string' ? parseCell(cell) : null
      if (!square) {
        const startLike = typeof cell === 'string' && /^[a-h]0$/.test(cell)
        const message = startLike ? `${cell}: no stone may stand on row 0` : `${String(cell)}: not a cell of the field`
        errors.push({
          code: startLike ? 'start-row' : 'unknown-cell',
          cells: typeof cell === 'string' ? [cell] : [],
          color,
          message,
          reason: ruleReason(startLike ? 'setup.start-row' : 'setup.unknown-cell', { cell: String(cell), color }, message),
        })
        continue
      }
      if (square.row === 0) {
        const message = `${cell}: no stone may stand on row 0`
        errors.push({ code: 'start-row', cells: [cell], color, message, reason: ruleReason('setup.start-row', { cell, color }, message) })
        continue
      }
      if (seen.has(cell)) {
        const message = `${cell}: two stones on one cell`
        errors.push({ code: 'two-stones', cells: [cell], color, message, reason: ruleReason('setup.two-stones', { cell }, message) })
      }
      seen.set(cell, color)
    }
  }
  return errors
}

/** Every setup error as one refusal, each named (the UI translates them one by one). */
export function setupRefusal(errors: readonly SetupError[], label?: string): RuleReason {
  const list = errors.map((e) => e.message).join('; ')
  return ruleReason('setup.problems', {}, label === undefined ? list : `${label}: ${list}`, errors.map((e) => e.reason))
}

/** Throws the setup errors, for the facade's "bad input throws" contract. */
export function assertValidPosition(position: Position): void {
  const errors = validatePosition(position)
  if (errors.length > 0) throw new RuleError(setupRefusal(errors))
}
