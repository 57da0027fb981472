// The engine facade (shared/ENGINE_API.md). Names and shapes here are a fixed contract;
// everything the UI, the stores and the tests need from the rules comes through here.
import { checkMove as checkMoveShape } from './trajectory.ts'
import type { Move } from './types.ts'

export type { Color, Cell, Position, TrajectoryType, Move, Numbers, Standing } from './types.ts'
export { simulateThrow } from './collision.ts'
export { simulateThrowTraced, throwOutcomes, THROWN_STONE } from './collision.ts'
export type { ThrowStep, StoneId, Compass, ThrowResult, TracedThrowResult, OutOfPlayStone } from './collision.ts'
export { FREE_GUARD_THROWS, freeGuardApplies, protectedGuards } from './freeGuard.ts'
export { mirrorCell, mirrorMove, mirrorPosition } from './mirror.ts'
export { scoreHouse } from './scoring.ts'
export { classifyDice } from './dice.ts'
export { classifyCards } from './cards.ts'
export { bonusAssignments, legalMoves } from './bonus.ts'
export { limitL2 } from './limits.ts'

/** Shape legality of a move alone, under the default house rules (RULES.md §3, I-8). */
export function checkMove(move: Move): { ok: true } | { ok: false; reason: string } {
  return checkMoveShape(move)
}
