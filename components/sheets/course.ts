// The course of a trajectory on an empty field, for the rule sheets' drawings: the
// corner cells where each segment ends (RULES.md §3). No collisions, no field edge —
// the drawings show the shape a player names, not the outcome of a throw.
import { parseCell, type Square } from '../../engine/index.ts'
import { SEGMENTS, directionOf, targetRow, type SegmentShape } from '../../engine/index.ts'
import type { Move } from '../../engine/index.ts'

export interface CourseLeg {
  segment: SegmentShape
  length: number
  from: Square
  to: Square
}

export function courseOf(move: Move): CourseLeg[] {
  const start = parseCell(move.start)
  if (!start) throw new Error(`${move.start}: not a start cell`)
  const legs: CourseLeg[] = []
  let at = start
  SEGMENTS[move.type].forEach((segment, index) => {
    const length = move.lengths[index] ?? 0
    const { dx, dy } = directionOf(segment.bend, move.start)
    // A vertical names the row where it ends; its energy is the rows left to climb.
    const steps = segment.kind === 'cells' ? length : Math.max(0, targetRow(segment.kind, length) - at.row)
    const to = { col: at.col + dx * steps, row: at.row + dy * steps }
    legs.push({ segment, length, from: at, to })
    at = to
  })
  return legs
}

/** Letters the rule book gives each type's lengths, in segment order (RULES.md §3). */
export const LENGTH_LETTERS = {
  reverse: ['A', 'B'],
  shortened: ['A', 'B'],
  triple: ['A', 'V', 'B'],
  quadruple: ['A', 'V', 'C', 'D'],
  semaphore: ['A', 'B'],
} as const
