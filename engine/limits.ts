// STUB — replaced by the limits work (RULES.md §6).
import type { Standing } from './types.ts'

export function limitL2(_previousPower: number | null, _standing: Standing): number {
  throw new Error('limitL2: not implemented yet')
}
