// One example of each trajectory type, from a left and from a right start cell, chosen
// so the whole course stays on the field and every constraint of RULES.md §3 holds.
import { TRAJECTORY_TYPES } from '../../engine/index.ts'
import type { Move, TrajectoryType } from '../../engine/index.ts'

const EXAMPLE_LENGTHS: Record<TrajectoryType, number[]> = {
  reverse: [2, 3],
  shortened: [4, 2],
  triple: [2, 3, 1],
  quadruple: [2, 3, 2, 1],
  semaphore: [4, 2],
}

export const EXAMPLE_MOVES = Object.fromEntries(
  TRAJECTORY_TYPES.map((type) => [
    type,
    {
      left: { start: 'd0', type, lengths: EXAMPLE_LENGTHS[type] },
      right: { start: 'e0', type, lengths: EXAMPLE_LENGTHS[type] },
    },
  ]),
) as Record<TrajectoryType, { left: Move; right: Move }>
