// A whole dice end as a referee records it, shared by the table-mode and phone e2e tests.
/** One throw of the script: the final dice, and how the referee picks the move. */
export interface ScriptedThrow {
  dice: readonly number[]
  /** 'mouse': taps; 'keys': digits, then Enter (the first move, or after `arrows` steps right), Enter. */
  by: 'mouse' | 'keys'
  /** The move's button, "d0 reverse 1,4"; with 'keys', the move reached from the first one. */
  move: string
  /** A type chip tapped first, when the set is too long to list whole. */
  type?: string
  arrows?: number
}

// Hammer Red: Blue throws the odd throws. Pairs and two pairs list whole (7 actions); a three
// lists 9 rows and is narrowed by its type first (8 taps). Throw 3's three may run a triple:
// Red's shortened (P 2) on a draw gives L2 = 3 (RULES.md §6.3); every other move is a
// reverse or a shortened within L.
export const DICE_END: readonly ScriptedThrow[] = [
  { dice: [1, 1, 2, 3, 4], by: 'mouse', move: 'd0 reverse 1,4' },
  { dice: [2, 2, 3, 3, 1], by: 'mouse', move: 'e0 shortened 3,2' },
  { dice: [3, 3, 3, 1, 2], by: 'mouse', move: 'e0 triple 3,2,1', type: 'triple' },
  { dice: [1, 1, 2, 3, 5], by: 'keys', move: 'c0 reverse 1,5' },
  { dice: [4, 4, 1, 2, 3], by: 'keys', move: 'd0 reverse 3,4', arrows: 1 },
  { dice: [2, 2, 4, 4, 5], by: 'mouse', move: 'c0 reverse 2,4' },
  { dice: [1, 1, 2, 3, 4], by: 'mouse', move: 'f0 reverse 1,4' },
  { dice: [5, 5, 1, 2, 3], by: 'keys', move: 'c0 reverse 3,5' },
  { dice: [3, 3, 1, 2, 4], by: 'mouse', move: 'e0 reverse 3,4' },
  { dice: [2, 2, 1, 3, 5], by: 'mouse', move: 'd0 reverse 2,5' },
  { dice: [4, 4, 5, 5, 1], by: 'mouse', move: 'c0 reverse 4,5' },
  { dice: [1, 1, 2, 3, 4], by: 'keys', move: 'c0 reverse 1,4' },
  { dice: [3, 3, 1, 2, 5], by: 'mouse', move: 'f0 reverse 3,5' },
  { dice: [1, 1, 2, 3, 5], by: 'mouse', move: 'e0 reverse 1,5' },
  { dice: [2, 2, 1, 3, 4], by: 'keys', move: 'c0 reverse 2,4' },
  { dice: [5, 5, 1, 2, 4], by: 'mouse', move: 'd0 reverse 4,5' },
]
