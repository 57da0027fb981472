// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ALL_CELLS, squareOf, zoneOf } from '../../engine/board.ts'
import { scoreHouse } from '../../engine/index.ts'
import { scoreBreakdown, standingOf } from '../../engine/scoring.ts'
import type { Cell, Position } from '../../engine/types.ts'

// RULES.md §12.3, cell by cell: centre d8 e8 d9 e9; middle ring c7–f10; outer ring b6–g11.
const workedExample: Position = {
  red: ['d8', 'c7', 'd7', 'e7'],
  blue: ['e8', 'f8', 'b6', 'c6', 'd6'],
}

describe('"save the last zero" (RULES.md §12.3)', () => {
  it('centre 1 Red + 1 Blue, middle 3 Red + 1 Blue, outer 3 Blue → 2 : 0 Red', () => {
    expect(scoreHouse(workedExample)).toEqual({ red: 2, blue: 0 })
  })

  it('with one middle Red turned Blue → 0 : 3 Blue', () => {
    const turned: Position = { red: ['d8', 'c7', 'd7'], blue: ['e8', 'f8', 'b6', 'c6', 'd6', 'e7'] }
    expect(scoreHouse(turned)).toEqual({ red: 0, blue: 3 })
  })

  it('centre Red +1, middle Red +1, outer 4 Blue → 2 : 0 Red', () => {
    const position: Position = { red: ['d8', 'c7'], blue: ['b6', 'c6', 'd6', 'e6'] }
    expect(scoreHouse(position)).toEqual({ red: 2, blue: 0 })
  })
})

describe('scoreBreakdown explains the count', () => {
  it('reports counts per zone, who was added what, and where it stopped', () => {
    const breakdown = scoreBreakdown(workedExample)
    expect(breakdown.zones).toEqual([
      { zone: 'centre', red: 1, blue: 1, outcome: 'equal', leader: null, points: 0 },
      { zone: 'middle', red: 3, blue: 1, outcome: 'added', leader: 'red', points: 2 },
      { zone: 'outer', red: 0, blue: 3, outcome: 'stopped', leader: 'blue', points: 0 },
    ])
    expect(breakdown.stoppedAt).toBe('outer')
    expect(breakdown.score).toEqual({ red: 2, blue: 0 })
  })

  it('zones after the stop are not visited', () => {
    const position: Position = { red: ['d8'], blue: ['c7', 'b6', 'c6'] }
    const breakdown = scoreBreakdown(position)
    expect(breakdown.zones.map((z) => z.outcome)).toEqual(['added', 'stopped', 'not-visited'])
    expect(breakdown.stoppedAt).toBe('middle')
    expect(breakdown.score).toEqual({ red: 1, blue: 0 })
  })

  it('the same side keeps adding while it leads the zones', () => {
    const position: Position = { red: ['d8', 'e8', 'c7', 'b6'], blue: ['d9'] }
    const breakdown = scoreBreakdown(position)
    expect(breakdown.zones.map((z) => z.points)).toEqual([1, 1, 1])
    expect(breakdown.stoppedAt).toBeNull()
    expect(breakdown.score).toEqual({ red: 3, blue: 0 })
  })

  it('an empty house is 0 : 0', () => {
    expect(scoreHouse({ red: ['a7', 'd3'], blue: ['h12'] })).toEqual({ red: 0, blue: 0 })
  })
})

describe('standingOf (RULES.md §6.2)', () => {
  it('is winning, losing or draw from the mover’s side', () => {
    expect(standingOf(workedExample, 'red')).toBe('winning')
    expect(standingOf(workedExample, 'blue')).toBe('losing')
    expect(standingOf({ red: ['d8'], blue: ['e9'] }, 'blue')).toBe('draw')
  })
})

describe('bad positions throw', () => {
  it('names the problem', () => {
    expect(() => scoreHouse({ red: ['d8'], blue: ['d8'] })).toThrow('d8: two stones on one cell')
    expect(() => scoreHouse({ red: ['z9'], blue: [] })).toThrow('z9')
    expect(() => standingOf({ red: ['d0'], blue: [] }, 'red')).toThrow('row 0')
  })
})

// ─── Properties ──────────────────────────────────────────────────────────────

const fieldCells = ALL_CELLS.filter((cell) => squareOf(cell).row > 0)
const isHouse = (cell: Cell) => ['centre', 'middle', 'outer'].includes(zoneOf(cell))
const outsideHouse = fieldCells.filter((cell) => !isHouse(cell))

/** Any valid position: up to 8 stones a side on distinct cells of rows 1–12. */
const positions = fc
  .tuple(fc.shuffledSubarray(fieldCells, { maxLength: 16 }), fc.nat())
  .map(([cells, split]): Position => {
    const low = Math.max(0, cells.length - 8)
    const high = Math.min(8, cells.length)
    const redCount = low + (split % (high - low + 1))
    return { red: cells.slice(0, redCount), blue: cells.slice(redCount) }
  })

describe('scoring properties', () => {
  it('the field cells used are rows 1–12 only', () => {
    expect(fieldCells).toHaveLength(96)
  })

  it('at most one side scores, and never more than 8', () => {
    fc.assert(
      fc.property(positions, (position) => {
        const score = scoreHouse(position)
        expect(Math.min(score.red, score.blue)).toBe(0)
        expect(score.red + score.blue).toBeLessThanOrEqual(8)
      }),
    )
  })

  it('swapping the colours swaps the score', () => {
    fc.assert(
      fc.property(positions, (position) => {
        const score = scoreHouse(position)
        expect(scoreHouse({ red: position.blue, blue: position.red })).toEqual({ red: score.blue, blue: score.red })
      }),
    )
  })

  it('stones outside the house do not matter', () => {
    fc.assert(
      fc.property(positions, (position) => {
        const inHouse = { red: position.red.filter(isHouse), blue: position.blue.filter(isHouse) }
        expect(scoreHouse(position)).toEqual(scoreHouse(inHouse))
      }),
    )
  })

  it('adding stones outside the house does not matter either', () => {
    fc.assert(
      fc.property(positions, fc.shuffledSubarray(outsideHouse, { maxLength: 4 }), (position, extra) => {
        const free = extra.filter((cell) => !position.red.includes(cell) && !position.blue.includes(cell))
        const room = 8 - position.blue.length
        const more = { red: position.red, blue: [...position.blue, ...free.slice(0, room)] }
        expect(scoreHouse(more)).toEqual(scoreHouse(position))
      }),
    )
  })

  it('the first unequal zone decides who scores', () => {
    fc.assert(
      fc.property(positions, (position) => {
        const breakdown = scoreBreakdown(position)
        const first = breakdown.zones.find((zone) => zone.leader !== null)
        const score = breakdown.score
        if (!first) expect(score).toEqual({ red: 0, blue: 0 })
        else expect(score[first.leader!]).toBeGreaterThan(0)
        expect(breakdown.zones.reduce((sum, zone) => sum + zone.points, 0)).toBe(score.red + score.blue)
      }),
    )
  })

  it('standing is symmetric: winning for one side is losing for the other', () => {
    fc.assert(
      fc.property(positions, (position) => {
        const red = standingOf(position, 'red')
        const blue = standingOf(position, 'blue')
        const mirror = { winning: 'losing', losing: 'winning', draw: 'draw' } as const
        expect(blue).toBe(mirror[red])
      }),
    )
  })
})
