// @vitest-environment node
// Perft-style counts (STYLE.md §4, as chessops counts move trees): exact numbers of
// DISTINCT positions that all legal moves lead to from named positions, number set 'any'
// at limit 5. They break when anything in move generation or movement changes.
import { describe, expect, it } from 'vitest'
import { COLUMNS, LEFT_START_CELLS, ROWS, squareOf, cellName } from '../../engine/board.ts'
import { legalMoves, makeStones, throwOutcomes, type Color, type Move, type Position } from '../../engine/index.ts'
import { SEGMENTS, directionOf, targetRow } from '../../engine/trajectory.ts'

const ANY_AT_5 = legalMoves('any', 5)

function distinctOutcomes(position: Position, mover: Color, throwNumber: number): { positions: number; voided: number } {
  const results = throwOutcomes(position, mover, ANY_AT_5, throwNumber)
  return {
    positions: new Set(results.map((result) => makeStones(result.position))).size,
    voided: results.filter((result) => result.freeGuardViolation).length,
  }
}

/** Red to throw the hammer (throw 16, 7 stones in play) into a house Blue has filled. */
const CROWDED_HOUSE: Position = {
  red: ['c7', 'd8', 'e9', 'f10', 'd6', 'g8', 'b9'],
  blue: ['e8', 'd9', 'c10', 'f7', 'e6', 'b7', 'g10', 'd11'],
}

/** Eight Red guards in rows 2–5 in front of a Blue house; Blue to throw. */
const GUARD_WALL: Position = {
  red: ['c2', 'd3', 'e3', 'f2', 'd5', 'e5', 'c4', 'f4'],
  blue: ['d8', 'e8', 'c7', 'f9', 'b6', 'g11', 'e10'],
}

describe("distinct outcomes of every legal move, number set 'any' at limit 5", () => {
  it('there are 1160 legal moves: 4 start cells × (15 reverse + 10 shortened + 75 triple + 175 quadruple + 15 semaphore)', () => {
    expect(ANY_AT_5).toHaveLength(4 * (15 + 10 + 75 + 175 + 15))
  })

  it('empty board: 73 — every cell a lone thrown stone can reach, and the empty board', () => {
    // Independent of the engine's stepping: on an empty board each segment is a straight
    // run, and the stone leaves play exactly when a segment ends past the field's edge
    // (after its first segment it is never on row 0 again).
    function landing(move: Move): string | null {
      let { col, row } = squareOf(move.start)
      for (const [i, segment] of SEGMENTS[move.type].entries()) {
        const length = move.lengths[i]!
        const { dx, dy } = directionOf(segment.bend, move.start)
        const steps = segment.kind === 'cells' ? length : Math.max(0, targetRow(segment.kind, length) - row)
        col += dx * steps
        row += dy * steps
        if (col < 0 || col >= COLUMNS || row >= ROWS) return null
      }
      return row === 0 ? null : cellName(col, row)
    }
    const landings = new Set(ANY_AT_5.map(landing))
    expect(distinctOutcomes({ red: [], blue: [] }, 'red', 1).positions).toBe(landings.size)
    expect(landings.size).toBe(73)
    // A reverse from a left cell lands B columns right of its start, on row A + B.
    const reverseFromLeft = ANY_AT_5.filter((m) => m.type === 'reverse' && LEFT_START_CELLS.includes(m.start))
    for (const move of reverseFromLeft) {
      const [a, b] = move.lengths as [number, number]
      const col = squareOf(move.start).col + b
      expect(landing(move)).toBe(col < COLUMNS ? cellName(col, a + b) : null)
    }
  })

  it('crowded house (Red 7 to throw on throw 16, Blue 8): 220', () => {
    expect(distinctOutcomes(CROWDED_HOUSE, 'red', 16)).toEqual({ positions: 220, voided: 0 })
  })

  it('guard wall on throw 6: 206, nothing voided', () => {
    expect(distinctOutcomes(GUARD_WALL, 'blue', 6)).toEqual({ positions: 206, voided: 0 })
  })

  it('guard wall on throw 4: 181, with 62 throws voided by the free-guard rule (all back to the one position before)', () => {
    expect(distinctOutcomes(GUARD_WALL, 'blue', 4)).toEqual({ positions: 181, voided: 62 })
  })
})
