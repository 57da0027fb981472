// Bonuses, RULES.md §6.5: the lengths a number set lets a trajectory take, and from
// them every legal move under a limit.
import { START_CELLS } from './board.ts'
import { DEFAULT_HOUSE_RULES, type HouseRules } from './houseRules.ts'
import { MAX_LENGTH, MIN_LENGTH, POWER, SEGMENT_COUNT, TRAJECTORY_TYPES, constraintViolation } from './trajectory.ts'
import type { Move, Numbers, TrajectoryType } from './types.ts'

/** A number set has at most five numbers (poker and four name five; 'any' stands for them). */
export const MAX_NUMBERS = 5

type QuadrupleRule = Pick<HouseRules, 'quadrupleConstraint'>

function describeNumbers(numbers: unknown): string {
  return Array.isArray(numbers) ? `{${numbers.join(', ')}}` : String(numbers)
}

/** Throws an Error naming the problem unless `numbers` is 'any' or up to five whole numbers 1–5. */
export function assertNumbers(numbers: unknown): asserts numbers is Numbers {
  if (numbers === 'any') return
  if (!Array.isArray(numbers)) throw new Error(`number set ${String(numbers)}: expected a list of numbers 1–5 or 'any'`)
  if (numbers.length > MAX_NUMBERS) {
    throw new Error(`number set ${describeNumbers(numbers)}: at most ${MAX_NUMBERS} numbers, not ${numbers.length}`)
  }
  for (const n of numbers) {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < MIN_LENGTH || n > MAX_LENGTH) {
      throw new Error(`number set ${describeNumbers(numbers)}: ${String(n)} is not a whole number 1–5`)
    }
  }
}

function assertType(type: unknown): asserts type is TrajectoryType {
  if (!(TRAJECTORY_TYPES as readonly unknown[]).includes(type)) {
    throw new Error(`${String(type)}: unknown trajectory type (${TRAJECTORY_TYPES.join(', ')})`)
  }
}

function assertLimit(limit: unknown): asserts limit is number {
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 5) {
    throw new Error(`limit ${String(limit)}: a limit is a whole number 1–5`)
  }
}

/** Every tuple of `size` lengths 1–5, in lexicographic order. */
function allTuples(size: number): number[][] {
  let tuples: number[][] = [[]]
  for (let i = 0; i < size; i++) {
    tuples = tuples.flatMap((tuple) => {
      const longer: number[][] = []
      for (let length = MIN_LENGTH; length <= MAX_LENGTH; length++) longer.push([...tuple, length])
      return longer
    })
  }
  return tuples
}

const TUPLES_BY_SIZE = new Map<number, readonly number[][]>(
  [...new Set(Object.values(SEGMENT_COUNT))].map((size) => [size, allTuples(size)]),
)

/** Whether the tuple takes each element of the multiset at most once. */
function drawnFrom(tuple: readonly number[], numbers: readonly number[]): boolean {
  const left = [...numbers]
  for (const length of tuple) {
    const at = left.indexOf(length)
    if (at < 0) return false
    left.splice(at, 1)
  }
  return true
}

/**
 * Whether lengths are drawn from the number set, each element of the multiset at most
 * once (RULES.md §6.5); 'any' (poker, card four) gives every length. The type's
 * constraint is checkMove's business.
 */
export function lengthsDrawn(lengths: readonly number[], numbers: Numbers): boolean {
  return numbers === 'any' || drawnFrom(lengths, numbers)
}

/**
 * bonusAssignments under given house rules (I-8 changes the quadruple's constraint).
 * 'any' (poker, card four): the player names any five numbers 1–5, so every tuple of
 * at most four lengths 1–5 is within reach. Tuples come in lexicographic order.
 */
export function bonusAssignmentsUnder(type: TrajectoryType, numbers: Numbers, rules: QuadrupleRule): number[][] {
  assertType(type)
  assertNumbers(numbers)
  const tuples = TUPLES_BY_SIZE.get(SEGMENT_COUNT[type]) ?? []
  return tuples
    .filter((tuple) => (numbers === 'any' || drawnFrom(tuple, numbers)) && constraintViolation(type, tuple, rules) === null)
    .map((tuple) => [...tuple])
}

/**
 * Every distinct length tuple of this type that the number set allows, each element of
 * the multiset used at most once (RULES.md §6.5), lexicographic order; default house rules.
 */
export function bonusAssignments(type: TrajectoryType, numbers: Numbers): number[][] {
  return bonusAssignmentsUnder(type, numbers, DEFAULT_HOUSE_RULES)
}

/** The trajectory types a limit allows, weakest first (power ≤ limit). */
export function typesWithin(limit: number): TrajectoryType[] {
  assertLimit(limit)
  return TRAJECTORY_TYPES.filter((type) => POWER[type] <= limit)
}

/** legalMoves under given house rules. */
export function legalMovesUnder(numbers: Numbers, limit: number, rules: QuadrupleRule): Move[] {
  assertNumbers(numbers)
  const types = typesWithin(limit)
  const byType = types.map((type) => ({ type, assignments: bonusAssignmentsUnder(type, numbers, rules) }))
  return START_CELLS.flatMap((start) =>
    byType.flatMap(({ type, assignments }) => assignments.map((lengths) => ({ start, type, lengths: [...lengths] }))),
  )
}

/**
 * Every legal move (RULES.md §6.5): the start cells in START_CELLS order (c0 d0 e0 f0),
 * within each the types by power (reverse first), within each type its bonus
 * assignments in lexicographic order. Default house rules.
 */
export function legalMoves(numbers: Numbers, limit: number): Move[] {
  return legalMovesUnder(numbers, limit, DEFAULT_HOUSE_RULES)
}

/** How many bonus assignments all types within the limit have together (a start cell's share of legalMoves). */
export function assignmentCount(numbers: Numbers, limit: number, rules: QuadrupleRule = DEFAULT_HOUSE_RULES): number {
  return typesWithin(limit).reduce((sum, type) => sum + bonusAssignmentsUnder(type, numbers, rules).length, 0)
}
