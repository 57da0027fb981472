// The field's mirror symmetry (RULES.md §2–3): reflecting columns a↔h, b↔g, c↔f, d↔e maps the
// field onto itself (row 0's start cells too: c0↔f0, d0↔e0), and a trajectory from a left start
// cell is the mirror image of the same trajectory from the reflected right cell. So a throw's
// outcome reflects with its position and move; the property tests rely on it.
import { COLUMNS, cellName, squareOf } from './board.ts'
import type { Cell, Move, Position } from './types.ts'

export function mirrorCell(cell: Cell): Cell {
  const { col, row } = squareOf(cell)
  return cellName(COLUMNS - 1 - col, row)
}

export function mirrorPosition(position: Position): Position {
  return { red: position.red.map(mirrorCell), blue: position.blue.map(mirrorCell) }
}

/** The same type and lengths, thrown from the reflected start cell. */
export function mirrorMove(move: Move): Move {
  return { ...move, start: mirrorCell(move.start), lengths: [...move.lengths] }
}
