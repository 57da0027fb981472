// fast-check generators of valid positions, legal moves and throws, shared by the
// notation and the movement property tests.
import fc from 'fast-check'
import { ALL_CELLS, STONES_PER_COLOR, squareOf } from '../../engine/board.ts'
import { legalMoves, type Color, type Move, type Position } from '../../engine/index.ts'

/** Cells a stone in play may stand on: the field without row 0. */
export const STONE_CELLS = ALL_CELLS.filter((cell) => squareOf(cell).row > 0)
/** Where throws collide most: the guard zone and the house, columns b–g. */
const CROWDED_CELLS = STONE_CELLS.filter((cell) => {
  const { col, row } = squareOf(cell)
  return col >= 1 && col <= 6 && row <= 11
})

function positionFrom(cells: readonly string[]): fc.Arbitrary<Position> {
  return fc.shuffledSubarray([...cells], { maxLength: 2 * STONES_PER_COLOR }).chain((stones) => {
    const fewestRed = Math.max(0, stones.length - STONES_PER_COLOR)
    const mostRed = Math.min(STONES_PER_COLOR, stones.length)
    return fc.integer({ min: fewestRed, max: mostRed }).map((red) => ({ red: stones.slice(0, red), blue: stones.slice(red) }))
  })
}

/** Any valid position (at most 8 stones a colour, none on row 0), often a crowded one. */
export const positions: fc.Arbitrary<Position> = fc.oneof(positionFrom(STONE_CELLS), positionFrom(CROWDED_CELLS))

export const colors: fc.Arbitrary<Color> = fc.constantFrom('red', 'blue')

/** Every legal move under the default house rules ('any' numbers at limit 5: 1160 moves). */
export const ALL_LEGAL_MOVES: readonly Move[] = legalMoves('any', 5)
export const moves: fc.Arbitrary<Move> = fc.constantFrom(...ALL_LEGAL_MOVES)

export const throwNumbers: fc.Arbitrary<number> = fc.integer({ min: 1, max: 16 })

export interface ThrowInput {
  position: Position
  mover: Color
  move: Move
  throwNumber: number
}

/** A throw the engine must accept: the mover has a stone left to throw. */
export const throws: fc.Arbitrary<ThrowInput> = fc
  .record({ position: positions, mover: colors, move: moves, throwNumber: throwNumbers })
  .filter(({ position, mover }) => position[mover].length < STONES_PER_COLOR)
