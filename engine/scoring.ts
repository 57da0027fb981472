// STUB — replaced by the scoring work (RULES.md §9).
import type { Position } from './types.ts'

export function scoreHouse(_position: Position): { red: number; blue: number } {
  throw new Error('scoreHouse: not implemented yet')
}
