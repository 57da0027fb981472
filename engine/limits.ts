// The limits of a throw, RULES.md §6: L1 comes from the combination (dice.ts, cards.ts),
// L2 from the standing and the power of the throw just made, and L = min(L1, L2) ≥ 1.
import { opponent, type Color, type Standing } from './types.ts'

/** The weakest and strongest power (reverse … semaphore). */
export const MIN_POWER = 1
export const MAX_POWER = 5

/** I-7: a card null counts as power 1 for the next L2, as a reverse trajectory would. */
export const NULL_POWER = 1

const STANDINGS: readonly Standing[] = ['winning', 'draw', 'losing']

/**
 * Which rule of RULES.md §6.3 set L2, with the numbers it used:
 * - 'first-throw': the first throw of an end has no L2 (5);
 * - 'winning': max(1, P − 1); 'draw': min(5, P + 1); 'losing': 5 (no restriction).
 * `bounded` is true when the bound 1 or 5 cut the sum (winning after a reverse, draw after a semaphore).
 */
export type L2Reason =
  | { rule: 'first-throw'; limit: number }
  | { rule: 'winning' | 'draw'; previousPower: number; limit: number; bounded: boolean }
  | { rule: 'losing'; previousPower: number; limit: number }

function isPower(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_POWER && value <= MAX_POWER
}

function assertPower(value: unknown, what: string): asserts value is number {
  if (!isPower(value)) throw new Error(`${what} ${String(value)}: a power is a whole number 1–5`)
}

/** RULES.md §6.3: why L2 is what it is. */
export function explainL2(previousPower: number | null, standing: Standing): L2Reason {
  if (!STANDINGS.includes(standing)) {
    throw new Error(`standing ${String(standing)}: expected 'winning', 'draw' or 'losing'`)
  }
  if (previousPower === null) return { rule: 'first-throw', limit: MAX_POWER }
  assertPower(previousPower, 'previous power')
  switch (standing) {
    case 'winning': {
      const sum = previousPower - 1
      return { rule: 'winning', previousPower, limit: Math.max(MIN_POWER, sum), bounded: sum < MIN_POWER }
    }
    case 'draw': {
      const sum = previousPower + 1
      return { rule: 'draw', previousPower, limit: Math.min(MAX_POWER, sum), bounded: sum > MAX_POWER }
    }
    case 'losing':
      return { rule: 'losing', previousPower, limit: MAX_POWER }
  }
}

/** RULES.md §6.3: L2 from the power of the throw just made (null: the first throw of an end). */
export function limitL2(previousPower: number | null, standing: Standing): number {
  return explainL2(previousPower, standing).limit
}

/** RULES.md §6.4: L = min(L1, L2), never below 1 — reverse is always allowed. */
export function limitL(l1: number, l2: number): number {
  assertPower(l1, 'L1')
  assertPower(l2, 'L2')
  return Math.max(MIN_POWER, Math.min(l1, l2))
}

/** RULES.md §6.2: the standing from a house score, seen from the mover's side. */
export function standingFromScore(score: Record<Color, number>, mover: Color): Standing {
  if (mover !== 'red' && mover !== 'blue') throw new Error(`mover ${String(mover)}: expected 'red' or 'blue'`)
  const own = score[mover]
  const theirs = score[opponent(mover)]
  for (const [side, points] of [
    [mover, own],
    [opponent(mover), theirs],
  ] as const) {
    if (typeof points !== 'number' || !Number.isInteger(points) || points < 0) {
      throw new Error(`score of ${side} ${String(points)}: a house score is a whole number ≥ 0`)
    }
  }
  if (own > 0 && theirs > 0) {
    throw new Error(`score ${score.red} : ${score.blue}: "save the last zero" never lets both sides score (RULES.md §9)`)
  }
  if (own > 0) return 'winning'
  if (theirs > 0) return 'losing'
  return 'draw'
}
