// STUB — replaced by the bonus work (RULES.md §6.5).
import type { Move, Numbers, TrajectoryType } from './types.ts'

export function bonusAssignments(_type: TrajectoryType, _numbers: Numbers): number[][] {
  throw new Error('bonusAssignments: not implemented yet')
}

export function legalMoves(_numbers: Numbers, _limit: number): Move[] {
  throw new Error('legalMoves: not implemented yet')
}
