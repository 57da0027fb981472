// The rule book as the end-to-end tests compute it for themselves, to hold the screen against:
// what the panel shows must agree with these, worked from RULES.md's words, not from the app.
import { scoreHouse } from '../../engine/index.ts'
import type { Color, Move, Position, TrajectoryType } from '../../engine/index.ts'
import type { MoveKey } from './referee.ts'

/** RULES.md §3: each type's power. */
export const POWER: Record<TrajectoryType, number> = { reverse: 1, shortened: 2, triple: 3, quadruple: 4, semaphore: 5 }

function opponent(color: Color): Color {
  return color === 'red' ? 'blue' : 'red'
}

/** L from L1, the standing and the previous throw's power: RULES.md §6 steps 2–4. */
export function expectedLimit(l1: number, position: Position, mover: Color, previousPower: number | null): number {
  if (previousPower === null) return l1
  const score = scoreHouse(position)
  const l2 = score[mover] > 0 ? Math.max(1, previousPower - 1) : score[opponent(mover)] > 0 ? 5 : Math.min(5, previousPower + 1)
  return Math.max(1, Math.min(l1, l2))
}

/** A move's legal-move button key ("d0 reverse 1,4"). */
export function keyOf(move: Move): MoveKey {
  return `${move.start} ${move.type} ${move.lengths.join(',')}`
}

/** The move a legal-move button stands for ("d0 reverse 1,4"). */
export function moveOf(key: MoveKey): Move {
  const [start, type, lengths] = key.split(' ')
  return { start: start!, type: type as TrajectoryType, lengths: lengths!.split(',').map(Number) }
}
