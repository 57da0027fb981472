// STUB — replaced by the dice work (RULES.md §7).
import type { Numbers } from './types.ts'

export function classifyDice(_values: number[]): {
  combination: 'pair' | 'two-pairs' | 'three' | 'full-house' | 'straight' | 'four' | 'poker'
  numbers: Numbers
  limit: number
} {
  throw new Error('classifyDice: not implemented yet')
}
