// The five trajectories of RULES.md §3, their powers, segments and length constraints.
import { LEFT_START_CELLS, START_CELLS, parseCell } from './board.ts'
import { DEFAULT_HOUSE_RULES, type HouseRules } from './houseRules.ts'
import type { Cell, Move, TrajectoryType } from './types.ts'

export const TRAJECTORY_TYPES: readonly TrajectoryType[] = ['reverse', 'shortened', 'triple', 'quadruple', 'semaphore']

/** Power P («мощность», «ступень») of each type. */
export const POWER: Readonly<Record<TrajectoryType, number>> = {
  reverse: 1,
  shortened: 2,
  triple: 3,
  quadruple: 4,
  semaphore: 5,
}

/** How many lengths each type takes. */
export const SEGMENT_COUNT: Readonly<Record<TrajectoryType, number>> = {
  reverse: 2,
  shortened: 2,
  triple: 3,
  quadruple: 4,
  semaphore: 2,
}

export const MIN_LENGTH = 1
export const MAX_LENGTH = 5

/**
 * A segment's direction from a LEFT start cell; a right start cell mirrors it
 * ('forward-out' = NE from the left, NW from the right).
 * - 'up': N. 'in': NW from the left (towards the centre line when bending clockwise).
 * - 'out': NE from the left. 'side': E from the left.
 */
export type Bend = 'up' | 'in' | 'out' | 'side'

/**
 * How a length is read: 'cells' counts cells; 'guard-row' names the guard row where
 * the vertical ends; 'house-row' names a house horizontal (row 5 + length).
 */
export type LengthKind = 'cells' | 'guard-row' | 'house-row'

export interface SegmentShape {
  bend: Bend
  kind: LengthKind
}

export const SEGMENTS: Readonly<Record<TrajectoryType, readonly SegmentShape[]>> = {
  reverse: [
    { bend: 'up', kind: 'guard-row' },
    { bend: 'out', kind: 'cells' },
  ],
  shortened: [
    { bend: 'up', kind: 'guard-row' },
    { bend: 'out', kind: 'cells' },
  ],
  triple: [
    { bend: 'in', kind: 'cells' },
    { bend: 'up', kind: 'house-row' },
    { bend: 'out', kind: 'cells' },
  ],
  quadruple: [
    { bend: 'in', kind: 'cells' },
    { bend: 'up', kind: 'house-row' },
    { bend: 'out', kind: 'cells' },
    { bend: 'side', kind: 'cells' },
  ],
  semaphore: [
    { bend: 'up', kind: 'house-row' },
    { bend: 'out', kind: 'cells' },
  ],
}

export interface Direction {
  dx: number
  dy: number
}

/** The board direction of a bend from a given start cell (left cells bend clockwise). */
export function directionOf(bend: Bend, start: Cell): Direction {
  const mirror = LEFT_START_CELLS.includes(start) ? 1 : -1
  switch (bend) {
    case 'up':
      return { dx: 0, dy: 1 }
    case 'in':
      return { dx: -mirror, dy: 1 }
    case 'out':
      return { dx: mirror, dy: 1 }
    case 'side':
      return { dx: mirror, dy: 0 }
  }
}

/** The row a vertical segment aims at, for a length of the given kind. */
export function targetRow(kind: LengthKind, length: number): number {
  return kind === 'house-row' ? 5 + length : length
}

export type MoveCheck = { ok: true } | { ok: false; reason: string }

function describe(move: Move): string {
  return `${move.type} [${move.lengths.join(',')}]`
}

/**
 * The length constraint of a type (RULES.md §3, I-8), on lengths already known to be
 * whole numbers 1–5 of the right count. Returns the broken rule, or null.
 */
export function constraintViolation(
  type: TrajectoryType,
  lengths: readonly number[],
  rules: Pick<HouseRules, 'quadrupleConstraint'> = DEFAULT_HOUSE_RULES,
): string | null {
  const [a, b, c, d] = lengths as [number, number, number, number]
  switch (type) {
    case 'reverse':
      return a <= b ? null : `vertical (${a}) must not exceed the diagonal (${b})`
    case 'shortened':
      return a > b ? null : `vertical (${a}) must exceed the diagonal (${b})`
    case 'triple':
      return a >= c ? null : `first diagonal (${a}) must be ≥ last (${c})`
    case 'quadruple':
      if (d > c) return `horizontal (${d}) must not exceed the diagonal before it (${c})`
      if (rules.quadrupleConstraint === 'strict' && a < c) {
        return `first diagonal (${a}) must be ≥ the second diagonal (${c}) (I-8)`
      }
      return null
    case 'semaphore':
      return a >= b ? null : `vertical (${a}) must be ≥ the diagonal (${b})`
  }
}

/** Shape legality of a move alone; never throws for an object of the Move shape. */
export function checkMove(move: Move, rules: Pick<HouseRules, 'quadrupleConstraint'> = DEFAULT_HOUSE_RULES): MoveCheck {
  const candidate = move as Partial<Move> | null
  if (typeof candidate !== 'object' || candidate === null) return { ok: false, reason: 'move: expected an object' }
  const { start, type, lengths } = candidate
  if (typeof type !== 'string' || !(TRAJECTORY_TYPES as readonly string[]).includes(type)) {
    return { ok: false, reason: `${String(type)}: unknown trajectory type (reverse, shortened, triple, quadruple, semaphore)` }
  }
  if (typeof start !== 'string' || !START_CELLS.includes(start)) {
    const where = typeof start === 'string' && parseCell(start) ? 'is not a start cell' : 'is not a cell'
    return { ok: false, reason: `${String(start)} ${where}: a throw starts from c0, d0, e0 or f0` }
  }
  if (!Array.isArray(lengths)) return { ok: false, reason: `${type}: lengths must be a list` }
  const label = `${type} [${lengths.join(',')}]`
  const expected = SEGMENT_COUNT[type as TrajectoryType]
  if (lengths.length !== expected) {
    return { ok: false, reason: `${label}: a ${type} takes ${expected} lengths, not ${lengths.length}` }
  }
  for (const length of lengths) {
    if (typeof length !== 'number' || !Number.isInteger(length) || length < MIN_LENGTH || length > MAX_LENGTH) {
      return { ok: false, reason: `${label}: every length is a whole number 1–5 (${String(length)} is not)` }
    }
  }
  const violation = constraintViolation(type as TrajectoryType, lengths, rules)
  return violation ? { ok: false, reason: `${describe(move)}: ${violation}` } : { ok: true }
}
