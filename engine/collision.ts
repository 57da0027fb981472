// STUB — replaced by the movement work (RULES.md §4, §5, I-3).
import type { Color, Move, Position, Cell } from './types.ts'

export function simulateThrow(
  _position: Position,
  _mover: Color,
  _move: Move,
  _throwNumber: number,
): { position: Position; outOfPlay: { color: Color; from: Cell }[]; freeGuardViolation: boolean } {
  throw new Error('simulateThrow: not implemented yet')
}
