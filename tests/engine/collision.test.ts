// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { simulateThrow, simulateThrowTraced, throwOutcomes, type Move, type Position, type ThrowStep } from '../../engine/index.ts'
import { START_CELLS } from '../../engine/board.ts'
import { mirrorMove, mirrorPosition } from '../../engine/mirror.ts'
import { SEGMENT_COUNT, TRAJECTORY_TYPES, checkMove as checkMoveUnder } from '../../engine/trajectory.ts'

const move = (start: string, type: Move['type'], ...lengths: number[]): Move => ({ start, type, lengths })

/** The steps of a trace of one kind, for focused assertions. */
function steps<K extends ThrowStep['kind']>(trace: ThrowStep[], kind: K): Extract<ThrowStep, { kind: K }>[] {
  return trace.filter((step): step is Extract<ThrowStep, { kind: K }> => step.kind === kind)
}

describe('the worked examples of the rule book (RULES.md §12)', () => {
  it('1. shortened [5, 4], Blue, from c0, Blue on c5 and Red on f7: final Blue c6, e6; Red h9', () => {
    const { position, outOfPlay, freeGuardViolation, trace } = simulateThrowTraced(
      { red: ['f7'], blue: ['c5'] },
      'blue',
      move('c0', 'shortened', 5, 4),
      8,
    )
    expect(position).toEqual({ red: ['h9'], blue: ['c6', 'e6'] })
    expect(outOfPlay).toEqual([])
    expect(freeGuardViolation).toBe(false)
    // "the stone climbs to c4 with 1 energy left and hits c5"; "then hits f7 with 2 left"
    expect(steps(trace, 'hit')).toEqual([
      { kind: 'hit', hitter: 'thrown', target: 'blue:c5', at: 'c5', energy: 1 },
      { kind: 'hit', hitter: 'thrown', target: 'red:f7', at: 'f7', energy: 2 },
    ])
    // "The stone then goes NE with 4" from c4
    expect(steps(trace, 'segment')[1]).toMatchObject({ index: 1, direction: 'NE', from: 'c4', energy: 4 })
    expect(steps(trace, 'move').filter((s) => s.stone === 'red:f7').map((s) => s.to)).toEqual(['g8', 'h9'])
  })

  it('2. semaphore [5, 3], Blue, from e0, Blue on e5 and d5, Red on e8 and a8: final Blue e4, e7, b7; Red e12; Red a8 out of play', () => {
    const { position, outOfPlay, freeGuardViolation, trace } = simulateThrowTraced(
      { red: ['e8', 'a8'], blue: ['e5', 'd5'] },
      'blue',
      move('e0', 'semaphore', 5, 3),
      8,
    )
    expect(position).toEqual({ red: ['e12'], blue: ['e4', 'b7', 'e7'] })
    expect(outOfPlay).toEqual([{ color: 'red', from: 'a8' }])
    expect(freeGuardViolation).toBe(false)
    // "climbs to e4 aiming at row 10, hits e5 with 6 left; e5 climbs e6, e7 and hits e8 with 4"
    expect(steps(trace, 'segment')[0]).toMatchObject({ direction: 'N', targetRow: 10, energy: 10 })
    expect(steps(trace, 'hit')).toEqual([
      { kind: 'hit', hitter: 'thrown', target: 'blue:e5', at: 'e5', energy: 6 },
      { kind: 'hit', hitter: 'blue:e5', target: 'red:e8', at: 'e8', energy: 4 },
      // "goes NW with 3 and at once hits d5; d5 moves c6, b7 and hits a8 with 1"
      { kind: 'hit', hitter: 'thrown', target: 'blue:d5', at: 'd5', energy: 3 },
      { kind: 'hit', hitter: 'blue:d5', target: 'red:a8', at: 'a8', energy: 1 },
    ])
    expect(steps(trace, 'exit')).toEqual([{ kind: 'exit', stone: 'red:a8', color: 'red', from: 'a8', direction: 'NW' }])
  })
})

describe('the free-guard rule (RULES.md §5, I-10)', () => {
  // Blue from c0, reverse [1, 5]: up to c1, then NE: d2, hits its own e3 with 4, which goes
  // f4 and hits Red's guard g5 with 3; g5 goes h6 and over the east edge.
  const chain: Position = { red: ['g5', 'd8'], blue: ['e3'] }
  const chainThrow = move('c0', 'reverse', 1, 5)

  it.each([2, 3, 4, 5])('on throw %i a guard knocked out through a chain voids the throw: every stone back, the thrown stone spent', (throwNumber) => {
    const result = simulateThrowTraced(chain, 'blue', chainThrow, throwNumber)
    expect(result.freeGuardViolation).toBe(true)
    expect(result.position).toEqual({ red: ['g5', 'd8'], blue: ['e3'] })
    expect(result.outOfPlay).toEqual([{ color: 'blue', from: 'c0' }])
    expect(steps(result.trace, 'free-guard-violation')).toEqual([
      { kind: 'free-guard-violation', throwNumber, guards: [{ stone: 'red:g5', color: 'red', from: 'g5' }] },
    ])
    expect(steps(result.trace, 'restore')).toEqual([
      {
        kind: 'restore',
        spent: 'c0',
        returned: [
          { stone: 'red:g5', from: null, to: 'g5' },
          { stone: 'blue:e3', from: 'f4', to: 'e3' },
        ],
      },
    ])
  })

  it.each([1, 6, 7, 12, 16])('on throw %i the same throw stands: there is no restriction', (throwNumber) => {
    const result = simulateThrow(chain, 'blue', chainThrow, throwNumber)
    expect(result).toEqual({
      position: { red: ['d8'], blue: ['d2', 'f4'] },
      outOfPlay: [{ color: 'red', from: 'g5' }],
      freeGuardViolation: false,
    })
  })

  it("the thrower's own guard may be knocked out on throws 2–5", () => {
    const result = simulateThrow({ red: ['g5', 'd8'], blue: ['e3'] }, 'red', chainThrow, 3)
    expect(result.freeGuardViolation).toBe(false)
    expect(result.outOfPlay).toEqual([{ color: 'red', from: 'g5' }])
  })

  it('an opponent stone outside the guard zone may be knocked out on throws 2–5 (example 2 on throw 3)', () => {
    const result = simulateThrow({ red: ['e8', 'a8'], blue: ['e5', 'd5'] }, 'blue', move('e0', 'semaphore', 5, 3), 3)
    expect(result.freeGuardViolation).toBe(false)
    expect(result.outOfPlay).toEqual([{ color: 'red', from: 'a8' }])
  })

  it('a guard pushed into the house is fine (example 1 with Red on c5, throw 3)', () => {
    const result = simulateThrow({ red: ['c5', 'f7'], blue: [] }, 'blue', move('c0', 'shortened', 5, 4), 3)
    expect(result).toEqual({ position: { red: ['c6', 'h9'], blue: ['e6'] }, outOfPlay: [], freeGuardViolation: false })
  })

  it('a guard that crosses the house on its way out is still a guard: status is read before the throw (I-10)', () => {
    // Blue from f0, reverse [3, 5]: up to f3, then NW hits e4 with 5: d5, c6, b7 (house), a8, out.
    const result = simulateThrowTraced({ red: ['e4', 'f5'], blue: [] }, 'blue', move('f0', 'reverse', 3, 5), 4)
    expect(steps(result.trace, 'move').filter((s) => s.stone === 'red:e4').map((s) => s.to)).toEqual(['d5', 'c6', 'b7', 'a8'])
    expect(result.freeGuardViolation).toBe(true)
    expect(result.position).toEqual({ red: ['e4', 'f5'], blue: [] })
  })

  it('a void throw reports every guard that left', () => {
    // Semaphore [5, 5] from e0: the column e1–e5 hands 10 up to e5, which leaves past row 12;
    // then NW from e0: d1, and c2 is driven b3, a4 and over the west edge.
    const result = simulateThrowTraced({ red: ['e1', 'e2', 'e3', 'e4', 'e5', 'c2'], blue: [] }, 'blue', move('e0', 'semaphore', 5, 5), 2)
    expect(steps(result.trace, 'exit').map((s) => [s.stone, s.from, s.direction])).toEqual([
      ['red:e5', 'e12', 'N'],
      ['red:c2', 'a4', 'NW'],
    ])
    expect(result.freeGuardViolation).toBe(true)
    expect(steps(result.trace, 'free-guard-violation')[0]!.guards.map((g) => g.stone)).toEqual(['red:e5', 'red:c2'])
    expect(result.position).toEqual({ red: ['e1', 'c2', 'e2', 'e3', 'e4', 'e5'], blue: [] })
  })
})

describe('the start line (I-3)', () => {
  it('a thrown stone blocked at once on every segment is removed from play', () => {
    const result = simulateThrowTraced({ red: ['d1', 'e1'], blue: [] }, 'blue', move('d0', 'reverse', 1, 1), 9)
    expect(result.position).toEqual({ red: ['d2', 'f2'], blue: [] })
    expect(result.outOfPlay).toEqual([{ color: 'blue', from: 'd0' }])
    expect(steps(result.trace, 'start-line')).toEqual([{ kind: 'start-line', stone: 'thrown', cell: 'd0' }])
  })

  it('a quadruple blocked on its first three segments slides along row 0 and is removed on f0', () => {
    const result = simulateThrowTraced({ red: ['b1', 'c1', 'd1'], blue: [] }, 'blue', move('c0', 'quadruple', 3, 1, 3, 3), 9)
    // b1 goes a2 and over the west edge; c1 climbs to the vertical's row 6 (energy 6 from row 0);
    // d1 goes e2, f3, g4; the thrown stone slides d0, e0, f0 and stops on the start line.
    expect(result.position).toEqual({ red: ['g4', 'c7'], blue: [] })
    expect(result.outOfPlay).toEqual([
      { color: 'red', from: 'b1' },
      { color: 'blue', from: 'c0' },
    ])
    expect(steps(result.trace, 'move').filter((s) => s.stone === 'thrown').map((s) => s.to)).toEqual(['d0', 'e0', 'f0'])
    expect(steps(result.trace, 'start-line')).toEqual([{ kind: 'start-line', stone: 'thrown', cell: 'f0' }])
  })

  it('a stone that moved off row 0 and stopped above it stays in play', () => {
    const result = simulateThrow({ red: ['d2'], blue: [] }, 'blue', move('d0', 'reverse', 1, 1), 9)
    expect(result.position).toEqual({ red: ['d2'], blue: ['e2'] })
    expect(result.outOfPlay).toEqual([])
  })
})

describe('the vertical after a blocked diagonal (I-9)', () => {
  it("a triple's vertical aims at its house horizontal from wherever the first diagonal left the stone", () => {
    const blocked = simulateThrowTraced({ red: ['b1'], blue: [] }, 'blue', move('c0', 'triple', 1, 1, 1), 9)
    expect(steps(blocked.trace, 'segment').map((s) => [s.from, s.energy])).toEqual([
      ['c0', 1],
      ['c0', 6],
      ['c6', 1],
    ])
    expect(blocked.position).toEqual({ red: ['a2'], blue: ['d7'] })
    const free = simulateThrowTraced({ red: [], blue: [] }, 'blue', move('c0', 'triple', 1, 1, 1), 9)
    expect(steps(free.trace, 'segment').map((s) => s.energy)).toEqual([1, 5, 1])
    expect(free.position).toEqual({ red: [], blue: ['c7'] })
  })
})

describe('stones leave play only by crossing the edge of the field', () => {
  it('north: a chain up a column pushes the last stone past row 12', () => {
    // Each stone a chain passes adds a row: e3 → e4, e5 → e11, e12 gets the last unit.
    const result = simulateThrowTraced({ red: ['e3', 'e5', 'e12'], blue: [] }, 'blue', move('e0', 'semaphore', 5, 1), 9)
    expect(steps(result.trace, 'exit')).toEqual([{ kind: 'exit', stone: 'red:e12', color: 'red', from: 'e12', direction: 'N' }])
    expect(result.position).toEqual({ red: ['e4', 'e11'], blue: ['d3'] })
  })

  it('north, diagonally: the thrown stone runs past row 12', () => {
    // Semaphore [5, 5] from d0: up to d10, then NE: e11, f12 and off the field.
    const result = simulateThrowTraced({ red: [], blue: [] }, 'red', move('d0', 'semaphore', 5, 5), 9)
    expect(steps(result.trace, 'exit')).toEqual([{ kind: 'exit', stone: 'thrown', color: 'red', from: 'f12', direction: 'NE' }])
    expect(result.outOfPlay).toEqual([{ color: 'red', from: 'd0' }])
    expect(result.position).toEqual({ red: [], blue: [] })
  })

  it('west, at once: a thrown stone that leaves on its first segment voids the segments after it', () => {
    const gone = simulateThrowTraced({ red: [], blue: [] }, 'red', move('c0', 'quadruple', 5, 5, 5, 5), 9)
    expect(steps(gone.trace, 'exit')).toEqual([{ kind: 'exit', stone: 'thrown', color: 'red', from: 'a2', direction: 'NW' }])
    expect(steps(gone.trace, 'segments-void')).toEqual([{ kind: 'segments-void', indices: [1, 2, 3] }])
    expect(steps(gone.trace, 'segment')).toHaveLength(1)
    expect(gone.outOfPlay).toEqual([{ color: 'red', from: 'c0' }])
  })

  it('west: a horizontal drives a row-8 chain and a8 leaves over the west edge', () => {
    const row8: Position = { red: ['a8', 'b8', 'c8', 'd8', 'e8'], blue: [] }
    // f0 NE 2 to h2, N to row 6, NW 2 to f8, W 2: the chain e8 … a8 hands both units to a8.
    const result = simulateThrowTraced(row8, 'blue', move('f0', 'quadruple', 2, 1, 2, 2), 9)
    expect(steps(result.trace, 'exit')).toEqual([{ kind: 'exit', stone: 'red:a8', color: 'red', from: 'a8', direction: 'W' }])
    expect(result.position).toEqual({ red: ['b8', 'c8', 'd8', 'e8'], blue: ['f8'] })
    expect(result.outOfPlay).toEqual([{ color: 'red', from: 'a8' }])
  })

  it('east: the mirror image of the west case drives h8 over the east edge', () => {
    const row8: Position = { red: ['a8', 'b8', 'c8', 'd8', 'e8'], blue: [] }
    const result = simulateThrowTraced(mirrorPosition(row8), 'blue', mirrorMove(move('f0', 'quadruple', 2, 1, 2, 2)), 9)
    expect(steps(result.trace, 'exit')).toEqual([{ kind: 'exit', stone: 'red:h8', color: 'red', from: 'h8', direction: 'E' }])
    expect(result.position).toEqual({ red: ['d8', 'e8', 'f8', 'g8'], blue: ['c8'] })
  })

  it('east, diagonally: a guard driven NE leaves past column h', () => {
    const result = simulateThrowTraced({ red: ['g5'], blue: [] }, 'blue', move('c0', 'reverse', 1, 5), 9)
    expect(steps(result.trace, 'exit')).toEqual([{ kind: 'exit', stone: 'red:g5', color: 'red', from: 'h6', direction: 'NE' }])
  })

  it('row 0: a thrown stone sliding east past f0 leaves play', () => {
    const result = simulateThrowTraced({ red: ['b1', 'c1', 'd1'], blue: [] }, 'blue', move('c0', 'quadruple', 4, 1, 4, 4), 9)
    expect(steps(result.trace, 'exit').at(-1)).toEqual({ kind: 'exit', stone: 'thrown', color: 'blue', from: 'f0', direction: 'E' })
    expect(result.outOfPlay.at(-1)).toEqual({ color: 'blue', from: 'c0' })
    expect(steps(result.trace, 'start-line')).toEqual([])
  })
})

describe('house rules (I-8, I-11)', () => {
  const loose = move('c0', 'quadruple', 1, 1, 2, 2)
  it('the strict quadruple constraint refuses A < C; the attested one throws it', () => {
    expect(() => simulateThrowTraced({ red: [], blue: [] }, 'red', loose, 1)).toThrow(/illegal move: .*I-8/)
    const result = simulateThrowTraced({ red: [], blue: [] }, 'red', loose, 1, { quadrupleConstraint: 'attested' })
    // NW b1, N to row 6 (b6), NE 2 to d8, E 2 to f8.
    expect(result.position).toEqual({ red: ['f8'], blue: [] })
  })
})

describe('which moves are thrown', () => {
  it('exactly those checkMove accepts, under either quadruple constraint', () => {
    const wellFormed: Move[] = []
    for (const start of START_CELLS) {
      for (const type of TRAJECTORY_TYPES) {
        for (let code = 0; code < 5 ** SEGMENT_COUNT[type]; code++) {
          const lengths = Array.from({ length: SEGMENT_COUNT[type] }, (_, i) => (Math.floor(code / 5 ** i) % 5) + 1)
          wellFormed.push({ start, type, lengths })
        }
      }
    }
    expect(wellFormed).toHaveLength(3300)
    for (const quadrupleConstraint of ['strict', 'attested'] as const) {
      for (const m of wellFormed) {
        const thrown = (): unknown => simulateThrowTraced({ red: [], blue: [] }, 'red', m, 1, { quadrupleConstraint })
        if (checkMoveUnder(m, { quadrupleConstraint }).ok) expect(thrown).not.toThrow()
        else expect(thrown).toThrow(/illegal move/)
      }
    }
  })
})

describe('several moves from one position', () => {
  it('throwOutcomes gives what simulateThrow gives, move by move', () => {
    const position: Position = { red: ['e8', 'a8', 'c5'], blue: ['e5', 'd5', 'f7'] }
    const moves = [move('e0', 'semaphore', 5, 3), move('c0', 'shortened', 5, 4), move('d0', 'reverse', 1, 1), move('f0', 'triple', 2, 3, 1)]
    expect(throwOutcomes(position, 'blue', moves, 4)).toEqual(moves.map((m) => simulateThrow(position, 'blue', m, 4)))
  })
})

describe('bad input is refused with an Error that names the problem', () => {
  const ok = move('d0', 'reverse', 1, 2)
  const nine = ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'a2']
  it.each<[string, () => unknown, RegExp]>([
    ['an unknown cell', () => simulateThrow({ red: ['z9'], blue: [] }, 'red', ok, 1), /z9: not a cell of the field/],
    ['a cell past row 12', () => simulateThrow({ red: ['a13'], blue: [] }, 'red', ok, 1), /a13: not a cell/],
    ['a stone on row 0', () => simulateThrow({ red: ['d0'], blue: [] }, 'red', ok, 1), /d0: no stone may stand on row 0/],
    ['a stone on a0', () => simulateThrow({ red: [], blue: ['a0'] }, 'red', ok, 1), /a0: no stone may stand on row 0/],
    ['two stones on one cell', () => simulateThrow({ red: ['d5'], blue: ['d5'] }, 'red', ok, 1), /d5: two stones on one cell/],
    ['two stones of a colour on one cell', () => simulateThrow({ red: ['d5', 'd5'], blue: [] }, 'red', ok, 1), /d5: two stones on one cell/],
    ['nine stones of a colour', () => simulateThrow({ red: [], blue: nine }, 'red', ok, 1), /blue: 9 stones in play, at most 8/],
    ['a position that is not one', () => simulateThrow(null as unknown as Position, 'red', ok, 1), /position: expected/],
    ['a colour that is not a list', () => simulateThrow({ red: 'd5' } as unknown as Position, 'red', ok, 1), /position.red: expected a list/],
    ['an illegal move', () => simulateThrow({ red: [], blue: [] }, 'red', move('c0', 'quadruple', 2, 1, 1, 2), 1), /illegal move: quadruple \[2,1,1,2\]/],
    ['a start cell that is not one', () => simulateThrow({ red: [], blue: [] }, 'red', move('b0', 'reverse', 1, 1), 1), /illegal move: b0/],
    ['an unknown type', () => simulateThrow({ red: [], blue: [] }, 'red', move('c0', 'spiral' as Move['type'], 1, 1), 1), /illegal move: spiral/],
    ['a length of 6', () => simulateThrow({ red: [], blue: [] }, 'red', move('c0', 'reverse', 1, 6), 1), /illegal move: .*whole number 1–5/],
    ['throw 0', () => simulateThrow({ red: [], blue: [] }, 'red', ok, 0), /throw 0: a throw number is a whole number 1–16/],
    ['throw 17', () => simulateThrow({ red: [], blue: [] }, 'red', ok, 17), /throw 17/],
    ['throw 2.5', () => simulateThrow({ red: [], blue: [] }, 'red', ok, 2.5), /throw 2.5/],
    ['throw NaN', () => simulateThrow({ red: [], blue: [] }, 'red', ok, Number.NaN), /throw NaN/],
    ['a mover that is no colour', () => simulateThrow({ red: [], blue: [] }, 'green' as 'red', ok, 1), /mover: green is not a colour/],
    ['a mover with all 8 stones in play', () => simulateThrow({ red: nine.slice(0, 8), blue: [] }, 'red', ok, 16), /red: all 8 stones are already in play/],
  ])('%s', (_name, call, message) => {
    expect(call).toThrow(Error)
    expect(call).toThrow(message)
  })

  it('the traced and the batch entry points refuse the same input', () => {
    expect(() => simulateThrowTraced({ red: ['d5', 'd5'], blue: [] }, 'red', ok, 1)).toThrow(/d5: two stones on one cell/)
    expect(() => throwOutcomes({ red: [], blue: [] }, 'red', [ok, move('c0', 'reverse', 3, 2)], 1)).toThrow(/illegal move: reverse \[3,2\]/)
  })
})
