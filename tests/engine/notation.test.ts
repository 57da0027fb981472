// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  NotationError,
  inBoardOrder,
  makeMove,
  makePosition,
  makeStones,
  parseMove,
  parsePosition,
  parseStones,
  type Move,
  type PositionRecord,
} from '../../engine/index.ts'
import { moverOf } from '../../engine/index.ts'
import { SEGMENT_COUNT, TRAJECTORY_TYPES } from '../../engine/trajectory.ts'
import { START_CELLS } from '../../engine/board.ts'
import { colors, moves, positions, throwNumbers } from './arbitraries.ts'

/** Runs `read` and returns the NotationError it throws (failing the test if it does not). */
function notationError(read: () => unknown): NotationError {
  try {
    read()
  } catch (error) {
    expect(error).toBeInstanceOf(NotationError)
    return error as NotationError
  }
  throw new Error('expected a NotationError, but the text was read')
}

describe('move notation', () => {
  it('writes start, type and lengths: d0 triple 3-2-1', () => {
    expect(makeMove({ start: 'd0', type: 'triple', lengths: [3, 2, 1] })).toBe('d0 triple 3-2-1')
    expect(makeMove({ start: 'f0', type: 'quadruple', lengths: [4, 1, 3, 2] })).toBe('f0 quadruple 4-1-3-2')
  })

  it.each([
    ['d0 triple 3-2-1', { start: 'd0', type: 'triple', lengths: [3, 2, 1] }],
    ['  D0   TRIPLE   3-2-1  ', { start: 'd0', type: 'triple', lengths: [3, 2, 1] }],
    ['d0 triple [3, 2, 1]', { start: 'd0', type: 'triple', lengths: [3, 2, 1] }],
    ['d0 triple 3 2 1', { start: 'd0', type: 'triple', lengths: [3, 2, 1] }],
    ['d0 triple 3,2,1', { start: 'd0', type: 'triple', lengths: [3, 2, 1] }],
    ['e0 обратная 2-4', { start: 'e0', type: 'reverse', lengths: [2, 4] }],
    ['c0 Укороченная 5-4', { start: 'c0', type: 'shortened', lengths: [5, 4] }],
    ['d0 тройная 3-2-1', { start: 'd0', type: 'triple', lengths: [3, 2, 1] }],
    ['c0 ЧЕТВЕРНАЯ 2-1-1-1', { start: 'c0', type: 'quadruple', lengths: [2, 1, 1, 1] }],
    ['e0 семафор 5–3', { start: 'e0', type: 'semaphore', lengths: [5, 3] }],
  ])('reads %j', (text, move) => {
    expect(parseMove(text)).toEqual(move)
  })

  it('reads a well-formed move whatever its constraint says: legality is checkMove’s business', () => {
    expect(parseMove('c0 quadruple 2-1-1-2')).toEqual({ start: 'c0', type: 'quadruple', lengths: [2, 1, 1, 2] })
  })

  it.each([
    ['', 1, /expected a start cell/],
    ['d5 triple 3-2-1', 1, /d5 is not a start cell/],
    ['x0 triple 3-2-1', 1, /x0 is not a cell/],
    ['d0 tripel 3-2-1', 4, /tripel is not a trajectory type/],
    ['d0', 3, /expected a trajectory type/],
    ['d0 triple', 10, /expected a length of the triple/],
    ['d0 triple 3-2', 11, /a triple takes 3 lengths, not 2/],
    ['d0 triple 3-2-1-1', 11, /a triple takes 3 lengths, not 4/],
    ['d0 triple 3-2-6', 15, /6: every length is a whole number 1–5/],
    ['d0 triple 3-0-1', 13, /0: every length/],
    ['d0 triple 3--1', 13, /expected a length of the triple \(1–5\), found "-1"/],
    ['d0 triple [3,2,1', 17, /expected "\]"/],
    ['d0 triple 3-2-1 now', 17, /unexpected "now" after the lengths/],
  ])('refuses %j at column %i', (text, column, problem) => {
    const error = notationError(() => parseMove(text))
    expect(error.column).toBe(column)
    expect(error.message).toMatch(problem)
    expect(error.message).toContain(`column ${column}`)
  })

  it('refuses to write what it could not read back', () => {
    expect(() => makeMove({ start: 'b0', type: 'reverse', lengths: [1, 1] })).toThrow(/makeMove: .*b0 is not a cell/)
    expect(() => makeMove({ start: 'c0', type: 'Reverse' as Move['type'], lengths: [1, 1] })).toThrow(/makeMove/)
    expect(() => makeMove({ start: 'c0', type: 'reverse', lengths: [1, 1, 1] })).toThrow(/takes 2 lengths/)
    expect(() => makeMove({ start: 'c0', type: 'reverse', lengths: [1, 1.5] })).toThrow(/makeMove/)
  })

  it('round-trips every legal move: parseMove(makeMove(m)) equals m', () => {
    fc.assert(
      fc.property(moves, (move) => {
        expect(parseMove(makeMove(move))).toEqual(move)
      }),
    )
  })

  it('round-trips every well-formed move, legal or not', () => {
    const wellFormed = fc
      .record({ start: fc.constantFrom(...START_CELLS), type: fc.constantFrom(...TRAJECTORY_TYPES) })
      .chain(({ start, type }) =>
        fc
          .array(fc.integer({ min: 1, max: 5 }), { minLength: SEGMENT_COUNT[type], maxLength: SEGMENT_COUNT[type] })
          .map((lengths): Move => ({ start, type, lengths })),
      )
    fc.assert(
      fc.property(wellFormed, (move) => {
        expect(parseMove(makeMove(move))).toEqual(move)
      }),
    )
  })
})

describe('position notation', () => {
  const record: PositionRecord = {
    position: { red: ['e6', 'c6'], blue: ['h9'] },
    toThrow: 'blue',
    throwNumber: 5,
    hammer: 'red',
  }

  it('writes stones in board order, whose throw, the throw number and the hammer', () => {
    expect(makePosition(record)).toBe('R:c6,e6 B:h9 / blue 5 hammer:red')
    expect(makeStones({ red: [], blue: ['h9', 'a1'] })).toBe('R:- B:a1,h9')
  })

  it('reads it back with each colour in board order', () => {
    expect(parsePosition('R:c6,e6 B:h9 / blue 5 hammer:red')).toEqual({ ...record, position: { red: ['c6', 'e6'], blue: ['h9'] } })
  })

  it.each([
    'r: e6, c6  b:H9 /Blue 5 hammer: red',
    'B:h9 R:e6,c6 / blue 5 hammer:red',
    'red:c6,e6 blue:h9 / BLUE 5 HAMMER:RED',
    'R:C6 , E6 B:h9/blue 5 hammer red',
  ])('forgives spacing, case and colour order: %j', (text) => {
    expect(makePosition(parsePosition(text))).toBe('R:c6,e6 B:h9 / blue 5 hammer:red')
  })

  it('reads the stones alone, and an empty colour as "-"', () => {
    expect(parseStones('R:- B:h9,a1')).toEqual({ red: [], blue: ['a1', 'h9'] })
  })

  it.each([
    ['R:c6,c6 B:- / blue 5 hammer:red', 6, /c6: two stones on one cell/],
    ['R:c6 B:c6 / blue 5 hammer:red', 8, /c6: two stones on one cell/],
    ['R:c6 B:z9 / blue 5 hammer:red', 8, /z9: not a cell of the field/],
    ['R:c6 B:d0 / blue 5 hammer:red', 8, /d0: no stone may stand on row 0/],
    ['R:a1,b1,c1,d1,e1,f1,g1,h1,a2 B:- / blue 5 hammer:red', 27, /red: 9 stones in play, at most 8/],
    ['R:c6 R:h9 / blue 5 hammer:red', 6, /red's stones are listed twice/],
    ['R:c6 X:h9 / blue 5 hammer:red', 6, /expected B:/],
    ['G:c6 B:- / blue 5 hammer:red', 1, /expected R: or B:/],
    ['R:c6, B:- / blue 5 hammer:red', 7, /expected a cell of red's, found the colour tag "B:"/],
    ['R:c6, / blue 5 hammer:red', 7, /expected a cell of red's, found "\/"/],
    ['R:c6 B:h9', 10, /expected "\/"/],
    ['R:c6 B:h9 / green 5 hammer:red', 13, /expected whose throw is next/],
    ['R:c6 B:h9 / blue hammer:red', 18, /expected the throw number/],
    ['R:c6 B:h9 / blue 17 hammer:red', 18, /throw 17: an end has throws 1–16/],
    ['R:c6 B:h9 / blue 0 hammer:red', 18, /throw 0/],
    ['R:c6 B:h9 / blue 5 anvil:red', 20, /expected hammer:red or hammer:blue/],
    ['R:c6 B:h9 / blue 5 hammer:', 27, /expected who has the hammer/],
    ['R:c6 B:h9 / red 5 hammer:red', 13, /throw 5 is blue's, not red's, when red has the hammer/],
    ['R:c6 B:h9 / blue 5 hammer:red !', 31, /unexpected "!"/],
  ])('refuses %j at column %i', (text, column, problem) => {
    const error = notationError(() => parsePosition(text))
    expect(error.column).toBe(column)
    expect(error.message).toMatch(problem)
  })

  it('a stones string is the stones alone', () => {
    expect(notationError(() => parseStones('R:c6 B:h9 / blue 5 hammer:red')).message).toMatch(/parsePosition reads a full position line/)
  })

  it('refuses to write a record that does not hold together', () => {
    expect(() => makePosition({ ...record, toThrow: 'red' })).toThrow(/throw 5 is blue's, not red's/)
    expect(() => makePosition({ ...record, throwNumber: 17 })).toThrow(/throw 17/)
    expect(() => makePosition({ ...record, hammer: 'green' as 'red' })).toThrow(/hammer green is not a colour/)
    expect(() => makePosition({ ...record, position: { red: ['c6', 'c6'], blue: [] } })).toThrow(/c6: two stones on one cell/)
  })

  const records: fc.Arbitrary<PositionRecord> = fc
    .record({ position: positions, throwNumber: throwNumbers, hammer: colors })
    .map(({ position, throwNumber, hammer }) => ({ position, throwNumber, hammer, toThrow: moverOf(throwNumber, hammer) }))

  it('round-trips: parsePosition(makePosition(r)) equals r with its stones in board order', () => {
    fc.assert(
      fc.property(records, (r) => {
        expect(parsePosition(makePosition(r))).toEqual({ ...r, position: inBoardOrder(r.position) })
      }),
    )
  })

  it('equal positions have equal strings, whatever order the stones came in', () => {
    fc.assert(
      fc.property(records, fc.nat(), (r, seed) => {
        // Rotate each list by the seed, and reverse it on odd seeds.
        const shuffle = (cells: string[]): string[] => {
          const turn = cells.length === 0 ? 0 : seed % cells.length
          const rotated = [...cells.slice(turn), ...cells.slice(0, turn)]
          return seed % 2 === 1 ? rotated.reverse() : rotated
        }
        const shuffled = { ...r, position: { red: shuffle(r.position.red), blue: shuffle(r.position.blue) } }
        expect(makePosition(shuffled)).toBe(makePosition(r))
      }),
    )
  })
})

describe('the parsers never crash (fuzzer)', () => {
  const canonical = fc.oneof(
    moves.map(makeMove),
    fc.record({ position: positions, throwNumber: throwNumbers, hammer: colors }).map(({ position, throwNumber, hammer }) =>
      makePosition({ position, throwNumber, hammer, toThrow: moverOf(throwNumber, hammer) }),
    ),
  )
  /** A valid string with one character deleted, inserted or replaced. */
  const mutated = fc
    .tuple(canonical, fc.nat(), fc.constantFrom('delete', 'insert', 'replace'), fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }))
    .map(([text, at, edit, char]) => {
      const i = at % (text.length + 1)
      if (edit === 'delete') return text.slice(0, i) + text.slice(i + 1)
      if (edit === 'insert') return text.slice(0, i) + char + text.slice(i)
      return text.slice(0, i) + char + text.slice(i + 1)
    })
  const anything = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(...'RB:,/-[]cdef0123456789 rtqsh') }), mutated, canonical)

  /** Either a value that writes back and reads again the same, or a NotationError with a column inside the text. */
  function readsCleanly<T>(text: string, parse: (text: string) => T, make: (value: T) => string): void {
    let value: T
    try {
      value = parse(text)
    } catch (error) {
      expect(error).toBeInstanceOf(NotationError)
      const { column, message } = error as NotationError
      expect(column).toBeGreaterThanOrEqual(1)
      expect(column).toBeLessThanOrEqual(text.length + 1)
      expect(message).toContain(`column ${column}: `)
      return
    }
    expect(parse(make(value))).toEqual(value)
  }

  it('parseMove: only a move or a NotationError', () => {
    fc.assert(fc.property(anything, (text) => readsCleanly(text, parseMove, makeMove)), { numRuns: 3000 })
  })

  it('parsePosition: only a record or a NotationError', () => {
    fc.assert(fc.property(anything, (text) => readsCleanly(text, parsePosition, makePosition)), { numRuns: 3000 })
  })

  it('parseStones: only a position or a NotationError', () => {
    const stonesPart = anything.map((text) => text.split('/')[0] ?? '')
    fc.assert(fc.property(stonesPart, (text) => readsCleanly(text, parseStones, makeStones)), { numRuns: 2000 })
  })

  it('a value that is not a string is a NotationError too', () => {
    expect(notationError(() => parseMove(undefined as unknown as string)).message).toMatch(/expected a string/)
    expect(notationError(() => parsePosition(42 as unknown as string)).message).toMatch(/expected a string/)
  })
})
