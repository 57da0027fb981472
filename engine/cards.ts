// STUB — replaced by the card work (RULES.md §8).
import type { Numbers } from './types.ts'

export function classifyCards(
  _cards: string[],
  _deck: 36 | 52 | 54,
): {
  combination: 'null' | 'pair' | 'two-pairs' | 'three' | 'straight' | 'full-house' | 'flush' | 'four'
  numbers: Numbers
  limit: number
} {
  throw new Error('classifyCards: not implemented yet')
}
