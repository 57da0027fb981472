// The free-guard rule, RULES.md §5, with I-10 (guard status is read before the throw).
import { squareOf, zoneAt } from './board.ts'
import type { Cell, Color, Position } from './types.ts'

/** The throws of an end (counted 1–16 over both players) on which the rule protects guards. */
export const FREE_GUARD_THROWS = { first: 2, last: 5 } as const

/** From throw 6 on (the second player's third stone) there is no restriction. */
export function freeGuardApplies(throwNumber: number): boolean {
  return throwNumber >= FREE_GUARD_THROWS.first && throwNumber <= FREE_GUARD_THROWS.last
}

/**
 * Whether a stone standing on (col, row) before the throw is a guard the thrower must not
 * knock out of play: an opponent's stone in the free-guard zone (I-2), on throws 2–5. The
 * thrower's own stones and opponent stones outside the zone are fair game on any throw.
 */
export function isProtectedGuard(
  stone: Color,
  col: number,
  row: number,
  mover: Color,
  throwNumber: number,
): boolean {
  return stone !== mover && freeGuardApplies(throwNumber) && zoneAt(col, row) === 'guard'
}

/** The cells of the guards this throw must leave in play, in the order the position lists them. */
export function protectedGuards(position: Position, mover: Color, throwNumber: number): Cell[] {
  const guards: Cell[] = []
  for (const color of ['red', 'blue'] as const) {
    for (const cell of position[color]) {
      const { col, row } = squareOf(cell)
      if (isProtectedGuard(color, col, row, mover, throwNumber)) guards.push(cell)
    }
  }
  return guards
}
