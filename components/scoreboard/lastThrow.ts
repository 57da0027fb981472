/**
 * The last throw as the room sees it: which throw, who, the move, and its ruling in the event
 * log's terms (a null, void by the free-guard rule, the stones that left play). Read from the
 * derived state only; the ruling itself was made by the engine when the throw was recorded.
 */
import { parseCell, type Cell, type Color, type MatchState, type ThrowRecord } from '../../engine/index.ts'

export interface LastThrow {
  /** The end it was thrown in (a scored end's last throw stays the last until the next one). */
  end: number
  record: ThrowRecord
}

export type Ruling =
  | { kind: 'null' }
  | { kind: 'void' }
  | { kind: 'stay' }
  | { kind: 'out'; stones: { color: Color; cell: Cell; thrown: boolean }[] }

/** The latest throw still in effect (an undone one is not), in this end or the last scored one. */
export function lastThrowOf(state: MatchState): LastThrow | null {
  const now = state.throws.at(-1)
  if (now) return { end: state.ends.length + 1, record: now }
  for (let index = state.ends.length - 1; index >= 0; index--) {
    const end = state.ends[index]!
    const last = end.throws.at(-1)
    if (last) return { end: end.end, record: last }
  }
  return null
}

/**
 * What the throw did, as the log records it. The thrown stone's `from` is its start cell on
 * row 0 (RULES.md §2: no stone stands there in play), which tells it from the stones it hit.
 */
export function rulingOf(record: ThrowRecord): Ruling {
  if (record.move === null) return { kind: 'null' }
  if (record.result.freeGuardViolation) return { kind: 'void' }
  if (record.result.outOfPlay.length === 0) return { kind: 'stay' }
  return {
    kind: 'out',
    stones: record.result.outOfPlay.map(({ color, from }) => ({ color, cell: from, thrown: parseCell(from)?.row === 0 })),
  }
}
