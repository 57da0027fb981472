// The five trajectories of RULES.md §3, their powers, segments and length constraints.
import { LEFT_START_CELLS, START_CELLS, parseCell } from './board.ts'
import { ruleReason, withRefusal, type RuleReason, type WithRefusal } from './errors.ts'
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

function describe(move: Move): string {
  return `${move.type} [${move.lengths.join(',')}]`
}

/** A refused shape is { ok: false, reason } (ENGINE_API); its coded refusal rides along unseen. */
export type MoveRefusal = { ok: false; reason: string } & WithRefusal
export type MoveCheck = { ok: true } | MoveRefusal

function refusal(refused: RuleReason): MoveRefusal {
  return withRefusal({ ok: false, reason: refused.message }, refused)
}

/** The refusal a failed check carries, as a reason to wrap or throw. */
export function moveCheckReason(check: MoveRefusal): RuleReason {
  return check.refusal ?? ruleReason('detail', { text: check.reason }, check.reason)
}

/**
 * The length constraint of a type (RULES.md §3, I-8), on lengths already known to be
 * whole numbers 1–5 of the right count. Returns the broken rule, or null.
 */
export function constraintRefusal(
  type: TrajectoryType,
  lengths: readonly number[],
  rules: Pick<HouseRules, 'quadrupleConstraint'> = DEFAULT_HOUSE_RULES,
): RuleReason | null {
  const [a, b, c, d] = lengths as [number, number, number, number]
  switch (type) {
    case 'reverse':
      return a <= b ? null : ruleReason('constraint.reverse', { a, b }, `vertical (${a}) must not exceed the diagonal (${b})`)
    case 'shortened':
      return a > b ? null : ruleReason('constraint.shortened', { a, b }, `vertical (${a}) must exceed the diagonal (${b})`)
    case 'triple':
      return a >= c ? null : ruleReason('constraint.triple', { a, c }, `first diagonal (${a}) must be ≥ last (${c})`)
    case 'quadruple':
      if (d > c) return ruleReason('constraint.quadruple-horizontal', { c, d }, `horizontal (${d}) must not exceed the diagonal before it (${c})`)
      if (rules.quadrupleConstraint === 'strict' && a < c) {
        return ruleReason('constraint.quadruple-strict', { a, c }, `first diagonal (${a}) must be ≥ the second diagonal (${c}) (I-8)`)
      }
      return null
    case 'semaphore':
      return a >= b ? null : ruleReason('constraint.semaphore', { a, b }, `vertical (${a}) must be ≥ the diagonal (${b})`)
  }
}

/** constraintRefusal's English sentence, or null. */
export function constraintViolation(
  type: TrajectoryType,
  lengths: readonly number[],
  rules: Pick<HouseRules, 'quadrupleConstraint'> = DEFAULT_HOUSE_RULES,
): string | null {
  return constraintRefusal(type, lengths, rules)?.message ?? null
}

/** Shape legality of a move alone; never throws for an object of the Move shape. */
export function checkMove(move: Move, rules: Pick<HouseRules, 'quadrupleConstraint'> = DEFAULT_HOUSE_RULES): MoveCheck {
  const candidate = move as Partial<Move> | null
  if (typeof candidate !== 'object' || candidate === null) {
    return refusal(ruleReason('move.not-an-object', {}, 'move: expected an object'))
  }
  const { start, type, lengths } = candidate
  if (typeof type !== 'string' || !(TRAJECTORY_TYPES as readonly string[]).includes(type)) {
    return refusal(
      ruleReason('move.unknown-type', { value: String(type) }, `${String(type)}: unknown trajectory type (reverse, shortened, triple, quadruple, semaphore)`),
    )
  }
  if (typeof start !== 'string' || !START_CELLS.includes(start)) {
    const isCell = typeof start === 'string' && parseCell(start) !== null
    const where = isCell ? 'is not a start cell' : 'is not a cell'
    return refusal(
      ruleReason(isCell ? 'move.not-a-start-cell' : 'move.not-a-cell', { cell: String(start) }, `${String(start)} ${where}: a throw starts from c0, d0, e0 or f0`),
    )
  }
  if (!Array.isArray(lengths)) return refusal(ruleReason('move.lengths-not-a-list', { type }, `${type}: lengths must be a list`))
  const params = { type, lengths: lengths.join(',') }
  const label = `${type} [${params.lengths}]`
  const expected = SEGMENT_COUNT[type as TrajectoryType]
  if (lengths.length !== expected) {
    return refusal(
      ruleReason('move.length-count', { ...params, expected, count: lengths.length }, `${label}: a ${type} takes ${expected} lengths, not ${lengths.length}`),
    )
  }
  for (const length of lengths) {
    if (typeof length !== 'number' || !Number.isInteger(length) || length < MIN_LENGTH || length > MAX_LENGTH) {
      return refusal(
        ruleReason('move.length-range', { ...params, length: String(length) }, `${label}: every length is a whole number 1–5 (${String(length)} is not)`),
      )
    }
  }
  const violation = constraintRefusal(type as TrajectoryType, lengths, rules)
  if (!violation) return { ok: true }
  return refusal(ruleReason('move.constraint', params, `${describe(move)}: ${violation.message}`, [violation]))
}
