// @vitest-environment node
// Independent audit of the engine facade against docs/RULES.md (and the original Russian texts it was rebuilt from).
// Every expectation below was worked out by hand from the rule book, not from the engine.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bonusAssignments,
  checkMove,
  classifyCards,
  classifyDice,
  legalMoves,
  limitL2,
  scoreHouse,
  simulateThrow,
} from '../../engine/index.ts'
import type { Color, Move, Numbers, Position, Standing, TrajectoryType } from '../../engine/index.ts'

const COLS = 'abcdefgh'
const START_CELLS = ['c0', 'd0', 'e0', 'f0']

function sorted(cells: string[]): string[] {
  return [...cells].sort()
}
function norm(p: Position): Position {
  return { red: sorted(p.red), blue: sorted(p.blue) }
}
function outKeys(out: { color: Color; from: string }[]): string[] {
  return out.map((o) => `${o.color}:${o.from}`).sort()
}
function mv(start: string, type: TrajectoryType, lengths: number[]): Move {
  return { start, type, lengths }
}
function throwOf(red: string[], blue: string[], mover: Color, move: Move, n: number) {
  const r = simulateThrow({ red: [...red], blue: [...blue] }, mover, move, n)
  return { position: norm(r.position), out: outKeys(r.outOfPlay), violation: r.freeGuardViolation }
}
function sortedNumbers(n: Numbers): Numbers {
  return n === 'any' ? n : [...n].sort((a, b) => a - b)
}
function mirrorCell(cell: string): string {
  return COLS.charAt(7 - COLS.indexOf(cell.charAt(0))) + cell.slice(1)
}
function tupleKeys(tuples: number[][]): string[] {
  return tuples.map((t) => t.join(',')).sort()
}

// ---------------------------------------------------------------------------------------
describe('§3 trajectory shapes (checkMove)', () => {
  const legal: [string, TrajectoryType, number[], string][] = [
    ['c0', 'reverse', [1, 1], '§12.5: reverse [1,1] legal'],
    ['d0', 'reverse', [2, 4], '§12.5: reverse [2,4] legal'],
    ['e0', 'reverse', [3, 3], '§3: reverse allows A = B (A ≤ B)'],
    ['f0', 'reverse', [5, 5], '§3: reverse A = B at the top of the range'],
    ['c0', 'shortened', [4, 3], '§3: shortened A > B by one'],
    ['f0', 'shortened', [5, 1], '§3: shortened [5,1] is a legal shape (mirrored bend is the start cell’s job)'],
    ['c0', 'triple', [1, 5, 1], '§3: triple A = B allowed, V free'],
    ['d0', 'triple', [3, 1, 2], '§7: article triple [3,1,2]'],
    ['e0', 'triple', [5, 5, 5], '§3: triple all fives (leaves the field, still legal)'],
    ['c0', 'quadruple', [2, 1, 2, 2], 'I-8: A ≥ C ≥ D with equalities'],
    ['f0', 'quadruple', [5, 1, 3, 1], 'I-8: A > C > D'],
    ['d0', 'semaphore', [3, 3], '§3: semaphore allows A = B'],
    ['e0', 'semaphore', [5, 1], '§3: semaphore A > B'],
  ]
  for (const [start, type, lengths, why] of legal) {
    // the reason is in `why`
    it(`legal: ${type} ${JSON.stringify(lengths)} from ${start} — ${why}`, () => {
      expect(checkMove(mv(start, type, lengths))).toEqual({ ok: true })
    })
  }

  const illegal: [string, TrajectoryType, number[], string][] = [
    ['c0', 'reverse', [4, 3], '§3: reverse needs A ≤ B (4,3 is a shortened)'],
    ['d0', 'shortened', [3, 3], '§3: shortened needs A > B (A = B is a reverse)'],
    ['e0', 'shortened', [1, 2], '§3: shortened A < B'],
    ['c0', 'triple', [1, 1, 2], '§3: triple needs A ≥ B'],
    ['f0', 'quadruple', [2, 1, 1, 2], '§12.5 test А: quadruple D > C illegal'],
    ['c0', 'quadruple', [1, 1, 2, 1], 'I-8: quadruple C > A illegal'],
    ['d0', 'semaphore', [2, 3], '§3: semaphore needs A ≥ B'],
    ['c0', 'reverse', [0, 1], '§3: length 0 out of 1–5'],
    ['c0', 'reverse', [1, 6], '§12.5: any length 6 illegal'],
    ['c0', 'triple', [1, 6, 1], '§12.5 test Е: triple with a 6'],
    ['d0', 'semaphore', [2.5, 1], '§3: lengths are integers'],
    ['d0', 'reverse', [-1, 2], '§3: negative length'],
    ['d0', 'reverse', [Number.NaN, 2], '§3: NaN is no integer 1–5'],
    ['c0', 'reverse', [1], '§3: reverse has two lengths'],
    ['c0', 'reverse', [1, 2, 3], '§3: reverse has two lengths'],
    ['e0', 'triple', [2, 1], '§3: triple has three lengths'],
    ['e0', 'quadruple', [3, 2, 1], '§3: quadruple has four lengths'],
    ['e0', 'semaphore', [], '§3: semaphore has two lengths'],
    ['b0', 'reverse', [1, 2], '§2: b0 is not a start cell'],
    ['c1', 'reverse', [1, 2], '§2: c1 is on the field but no start cell'],
    ['a0', 'reverse', [1, 2], '§2: row 0 holds only c0–f0'],
    ['g0', 'reverse', [1, 2], '§2: row 0 holds only c0–f0'],
    ['', 'reverse', [1, 2], '§2: empty start cell'],
  ]
  for (const [start, type, lengths, why] of illegal) {
    it(`illegal: ${type} ${JSON.stringify(lengths)} from '${start}' — ${why}`, () => {
      const r = checkMove(mv(start, type, lengths))
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.reason.length).toBeGreaterThan(0)
    })
  }

  it('unknown type is { ok: false } and never throws (ENGINE_API checkMove)', () => {
    const r = checkMove({ start: 'c0', type: 'spiral' as TrajectoryType, lengths: [1, 2] })
    expect(r.ok).toBe(false)
  })

  it('the constraint does not depend on the start cell (§3: mirrors are the same shape)', () => {
    for (const start of START_CELLS) {
      expect(checkMove(mv(start, 'quadruple', [3, 2, 3, 3])).ok).toBe(true)
      expect(checkMove(mv(start, 'quadruple', [3, 2, 2, 3])).ok).toBe(false)
    }
  })
})

// ---------------------------------------------------------------------------------------
describe('§4 movement and collisions (simulateThrow)', () => {
  it('§12.1 shortened [5,4] Blue from c0: Blue c6 e6, Red h9', () => {
    const r = throwOf(['f7'], ['c5'], 'blue', mv('c0', 'shortened', [5, 4]), 8)
    expect(r.position).toEqual({ red: ['h9'], blue: ['c6', 'e6'] })
    expect(r.out).toEqual([])
    expect(r.violation).toBe(false)
  })

  it('§12.2 semaphore [5,3] Blue from e0: Blue e4 e7 b7, Red e12, Red a8 out', () => {
    const r = throwOf(['e8', 'a8'], ['e5', 'd5'], 'blue', mv('e0', 'semaphore', [5, 3]), 8)
    expect(r.position).toEqual({ red: ['e12'], blue: ['b7', 'e4', 'e7'] })
    expect(r.out).toEqual(['red:a8'])
  })

  it('blocked at once: reverse [3,3] from d0 hits d1 with 3 → d4; thrown then NE e1 f2 g3 (§4)', () => {
    const r = throwOf([], ['d1'], 'red', mv('d0', 'reverse', [3, 3]), 7)
    expect(r.position).toEqual({ red: ['g3'], blue: ['d4'] })
    expect(r.out).toEqual([])
  })

  it('chain of 3 in a row: c2 c3 c4 stay/pass, only c4 moves 4 to c8; thrown c1 → d2 (§4)', () => {
    // c0 N 5: c1 (4 left), c2 hit → passes 4 to c3 → passes 4 to c4 → c5 c6 c7 c8
    const r = throwOf(['c3'], ['c2', 'c4'], 'red', mv('c0', 'shortened', [5, 1]), 9)
    expect(r.position).toEqual({ red: ['c3', 'd2'], blue: ['c2', 'c8'] })
  })

  it('chain with gaps passes the remainder on: c2 → c4, c5 → c7 (§4)', () => {
    // c0 N 5: c1 (4), c2 pushed 4: c3 c4 (2 left) hits c5 → c6 c7
    const r = throwOf([], ['c2', 'c5'], 'red', mv('c0', 'shortened', [5, 1]), 9)
    expect(r.position).toEqual({ red: ['d2'], blue: ['c4', 'c7'] })
  })

  it('pushed stone reaching the side edge exactly stays on h6 (§4)', () => {
    // c0 N1 c1; NE4: d2 (3 left), e3 pushed 3: f4 g5 h6
    const r = throwOf([], ['e3'], 'red', mv('c0', 'reverse', [1, 4]), 7)
    expect(r.position).toEqual({ red: ['d2'], blue: ['h6'] })
    expect(r.out).toEqual([])
  })

  it('one more energy and the pushed stone leaves over the side edge (§4)', () => {
    const r = throwOf([], ['e3'], 'red', mv('c0', 'reverse', [1, 5]), 7)
    expect(r.position).toEqual({ red: ['d2'], blue: [] })
    expect(r.out).toEqual(['blue:e3'])
  })

  it('mirror: from f0 the pushed stone leaves over the left edge (§3 mirror, §4)', () => {
    const r = throwOf([], ['d3'], 'red', mv('f0', 'reverse', [1, 5]), 7)
    expect(r.position).toEqual({ red: ['e2'], blue: [] })
    expect(r.out).toEqual(['blue:d3'])
  })

  it('thrown stone reaching h6 exactly stays; from d0 it leaves and is spent (§4)', () => {
    expect(throwOf([], [], 'red', mv('c0', 'reverse', [1, 5]), 1).position).toEqual({ red: ['h6'], blue: [] })
    const r = throwOf([], [], 'red', mv('d0', 'reverse', [1, 5]), 1)
    expect(r.position).toEqual({ red: [], blue: [] })
    expect(r.out).toEqual(['red:d0'])
  })

  it('vertical chain to the back row: target row 9 with three stones → last stone on e12 (§4)', () => {
    // e0 N to row 9 (9): e1..e4 (5 left), e5 → e6 (4), e7 → e8 (3), e9 → e10 e11 e12; thrown NW 1 → d5
    const r = throwOf(['e5', 'e7', 'e9'], [], 'blue', mv('e0', 'semaphore', [4, 1]), 10)
    expect(r.position).toEqual({ red: ['e12', 'e6', 'e8'], blue: ['d5'] })
    expect(r.out).toEqual([])
  })

  it('same chain with one more energy: e9 leaves over the back edge (§4)', () => {
    const r = throwOf(['e5', 'e7', 'e9'], [], 'blue', mv('e0', 'semaphore', [5, 1]), 10)
    expect(r.position).toEqual({ red: ['e6', 'e8'], blue: ['d5'] })
    expect(r.out).toEqual(['red:e9'])
  })

  it('triple A = 3 from c0 leaves the field in its first diagonal; later segments void (§3, §4)', () => {
    // c0 NW: b1, a2, off. The vertical would have pushed c4 had it run.
    const r = throwOf([], ['c4'], 'red', mv('c0', 'triple', [3, 1, 1]), 9)
    expect(r.position).toEqual({ red: [], blue: ['c4'] })
    expect(r.out).toEqual(['red:c0'])
  })

  it('triple A = 3 from d0 stays: a3, then a4 a5 a6, then NE b7 (§3)', () => {
    const r = throwOf([], [], 'red', mv('d0', 'triple', [3, 1, 1]), 1)
    expect(r.position).toEqual({ red: ['b7'], blue: [] })
  })

  it('triple A = 3 from f0 leaves (mirror of c0, §3)', () => {
    const r = throwOf([], [], 'blue', mv('f0', 'triple', [3, 1, 1]), 1)
    expect(r.out).toEqual(['blue:f0'])
    expect(r.position).toEqual({ red: [], blue: [] })
  })

  it('I-9: triple [1,2,1] from c0 with b1 blocked: vertical from c0 to row 7, then NE to d8', () => {
    // b1 pushed NW 1 → a2; thrown stays c0; N to row 7: c7; NE 1: d8
    const r = throwOf([], ['b1'], 'red', mv('c0', 'triple', [1, 2, 1]), 7)
    expect(r.position).toEqual({ red: ['d8'], blue: ['a2'] })
  })

  it('I-9 quadruple: blocked diagonal, vertical from d0 to row 10, leaves in NE; E void (§4)', () => {
    // own c1 pushed NW 5: b2 a3 off. Thrown d0 → d10 (row 10), NE 5: e11 f12 off.
    const r = throwOf(['c1', 'f5'], [], 'red', mv('d0', 'quadruple', [5, 5, 5, 5]), 3)
    expect(r.position).toEqual({ red: ['f5'], blue: [] })
    expect(r.out).toEqual(['red:c1', 'red:d0'])
  })

  it('quadruple from d0 [3,1,3,3]: a3 → a6 → d9 → g9 (§3 segments)', () => {
    // NW 3: c1 b2 a3; N to row 6: a4 a5 a6; NE 3: b7 c8 d9; E 3: e9 f9 g9
    const r = throwOf([], [], 'red', mv('d0', 'quadruple', [3, 1, 3, 3]), 1)
    expect(r.position).toEqual({ red: ['g9'], blue: [] })
  })

  it('quadruple from e0 is the mirror: h3 → h6 → e9 → b9 (§3)', () => {
    const r = throwOf([], [], 'red', mv('e0', 'quadruple', [3, 1, 3, 3]), 1)
    expect(r.position).toEqual({ red: ['b9'], blue: [] })
  })

  it('I-3: thrown stone blocked on every segment ends on c0 and is removed', () => {
    // N: c1 pushed 2 → c3. NE: d1 pushed 2 → e2 f3. Thrown still on c0 → out of play.
    const r = throwOf([], ['c1', 'd1'], 'red', mv('c0', 'reverse', [2, 2]), 7)
    expect(r.position).toEqual({ red: [], blue: ['c3', 'f3'] })
    expect(r.out).toEqual(['red:c0'])
  })

  it('reverse [1,1] from c0: vertical to guard row 1 → c1, then NE 1 → d2 (§3)', () => {
    const r = throwOf([], [], 'red', mv('c0', 'reverse', [1, 1]), 1)
    expect(r.position).toEqual({ red: ['d2'], blue: [] })
  })

  const free: [string, TrajectoryType, number[], string, string][] = [
    ['c0', 'reverse', [2, 3], 'f5', 'N to row 2, NE d3 e4 f5'],
    ['d0', 'reverse', [2, 3], 'g5', 'N to row 2, NE e3 f4 g5'],
    ['e0', 'reverse', [2, 3], 'b5', 'mirror: N to row 2, NW d3 c4 b5'],
    ['f0', 'reverse', [2, 3], 'c5', 'mirror: N to row 2, NW e3 d4 c5'],
    ['d0', 'shortened', [4, 2], 'f6', 'N to row 4, NE e5 f6'],
    ['f0', 'shortened', [4, 2], 'd6', 'mirror: N to row 4, NW e5 d6'],
    ['c0', 'triple', [2, 3, 1], 'b9', 'NW b1 a2, N to row 8, NE b9'],
    ['d0', 'triple', [2, 3, 1], 'c9', 'NW c1 b2, N to row 8, NE c9'],
    ['e0', 'triple', [2, 3, 1], 'f9', 'NE f1 g2, N to row 8, NW f9'],
    ['f0', 'triple', [2, 3, 1], 'g9', 'NE g1 h2, N to row 8, NW g9'],
    ['c0', 'quadruple', [2, 2, 2, 1], 'd9', 'NW a2, N to row 7, NE b8 c9, E d9'],
    ['f0', 'quadruple', [2, 2, 2, 1], 'e9', 'NE h2, N to row 7, NW g8 f9, W e9'],
    ['c0', 'semaphore', [3, 2], 'e10', 'N to row 8, NE d9 e10'],
    ['f0', 'semaphore', [3, 2], 'd10', 'N to row 8, NW e9 d10'],
    ['e0', 'semaphore', [1, 1], 'd7', 'N to row 6, NW d7'],
  ]
  for (const [start, type, lengths, end, path] of free) {
    it(`empty field: ${type} ${JSON.stringify(lengths)} from ${start} ends on ${end} (§3: ${path})`, () => {
      const r = throwOf([], [], 'blue', mv(start, type, lengths), 1)
      expect(r.position).toEqual({ red: [], blue: [end] })
      expect(r.out).toEqual([])
    })
  }

  it('reverse [5,5] from c0 hits h10 with 1 left: h10 leaves, thrown stays g9 (§4)', () => {
    const r = throwOf([], ['h10'], 'red', mv('c0', 'reverse', [5, 5]), 3)
    expect(r.position).toEqual({ red: ['g9'], blue: [] })
    expect(r.out).toEqual(['blue:h10'])
  })
})

// ---------------------------------------------------------------------------------------
describe('§5 free-guard rule', () => {
  // Blue guard e3; Red reverse [1,5] from c0 knocks it over the h edge (c1, d2, e3 → … off).
  const knock = mv('c0', 'reverse', [1, 5])

  it('throw 1: no restriction (§5 names throws 2–5)', () => {
    const r = throwOf([], ['e3'], 'red', knock, 1)
    expect(r.violation).toBe(false)
    expect(r.out).toEqual(['blue:e3'])
  })

  for (const n of [2, 3, 4, 5]) {
    it(`throw ${n}: knocking out an opponent guard voids the throw, thrown stone spent (§5)`, () => {
      const r = throwOf(['b9'], ['e3'], 'red', knock, n)
      expect(r.violation).toBe(true)
      expect(r.position).toEqual({ red: ['b9'], blue: ['e3'] })
      expect(r.out).toEqual(['red:c0'])
    })
  }

  for (const n of [6, 16]) {
    it(`throw ${n}: no restriction from throw 6 on (§5)`, () => {
      const r = throwOf([], ['e3'], 'red', knock, n)
      expect(r.violation).toBe(false)
      expect(r.position).toEqual({ red: ['d2'], blue: [] })
      expect(r.out).toEqual(['blue:e3'])
    })
  }

  it('own guard knocked out on throw 3 is allowed (§5)', () => {
    const r = throwOf(['e3'], [], 'red', knock, 3)
    expect(r.violation).toBe(false)
    expect(r.position).toEqual({ red: ['d2'], blue: [] })
    expect(r.out).toEqual(['red:e3'])
  })

  it('opponent guard pushed into the house on throw 3 is allowed (§5, §12.1 shape)', () => {
    const r = throwOf([], ['c5'], 'red', mv('c0', 'shortened', [5, 4]), 3)
    expect(r.violation).toBe(false)
    expect(r.position).toEqual({ red: ['g8'], blue: ['c6'] })
  })

  it('opponent guard knocked out through a chain (own d2 → blue e3) on throw 4 is void (§5)', () => {
    const r = throwOf(['d2'], ['e3'], 'red', knock, 4)
    expect(r.violation).toBe(true)
    expect(r.position).toEqual({ red: ['d2'], blue: ['e3'] })
    expect(r.out).toEqual(['red:c0'])
  })

  it('same chain on throw 6 is allowed: blue e3 leaves, red d2 stays, thrown on c1 (§4, §5)', () => {
    const r = throwOf(['d2'], ['e3'], 'red', knock, 6)
    expect(r.violation).toBe(false)
    expect(r.position).toEqual({ red: ['c1', 'd2'], blue: [] })
    expect(r.out).toEqual(['blue:e3'])
  })

  it('opponent stone outside the guard zone (h10) knocked out on throw 3 is allowed (§5)', () => {
    const r = throwOf([], ['h10'], 'red', mv('c0', 'reverse', [5, 5]), 3)
    expect(r.violation).toBe(false)
    expect(r.out).toEqual(['blue:h10'])
  })

  it('I-10: guard e5 passing through the house before leaving still counts as a guard (throw 3)', () => {
    // c0 N3: c1 c2 c3; NE5: d4 (4 left), e5 pushed 4: f6 g7 h8 off
    const r = throwOf([], ['e5'], 'red', mv('c0', 'reverse', [3, 5]), 3)
    expect(r.violation).toBe(true)
    expect(r.position).toEqual({ red: [], blue: ['e5'] })
    expect(r.out).toEqual(['red:c0'])
  })

  it('I-2: a guard in column a (a2) knocked out by a triple\'s first diagonal on throw 3 is void', () => {
    // c0 NW 2: b1 (1 left), a2 pushed 1 → off
    const r = throwOf([], ['a2'], 'red', mv('c0', 'triple', [2, 1, 1]), 3)
    expect(r.violation).toBe(true)
    expect(r.position).toEqual({ red: [], blue: ['a2'] })
    expect(r.out).toEqual(['red:c0'])
  })

  it('same on throw 6: a2 leaves, thrown b1 → b6 → c7 (§4, §5)', () => {
    const r = throwOf([], ['a2'], 'red', mv('c0', 'triple', [2, 1, 1]), 6)
    expect(r.violation).toBe(false)
    expect(r.position).toEqual({ red: ['c7'], blue: [] })
    expect(r.out).toEqual(['blue:a2'])
  })

  it('row 6 is no guard row: opponent e6 knocked out on throw 3 is allowed (§2, §5)', () => {
    // c0 N4: c1..c4; NE5: d5 (4 left), e6 pushed 4: f7 g8 h9 off
    const r = throwOf([], ['e6'], 'red', mv('c0', 'reverse', [4, 5]), 3)
    expect(r.violation).toBe(false)
    expect(r.position).toEqual({ red: ['d5'], blue: [] })
    expect(r.out).toEqual(['blue:e6'])
  })

  it('a violation restores own stones knocked out in the same throw too (§5: every stone goes back)', () => {
    // c0 N1 c1; NE5: own d2 passes 5 to blue e3: f4 g5 h6 off — and red h10 untouched
    const r = throwOf(['d2', 'h10'], ['e3', 'c5'], 'red', knock, 5)
    expect(r.violation).toBe(true)
    expect(r.position).toEqual({ red: ['d2', 'h10'], blue: ['c5', 'e3'] })
    expect(r.out).toEqual(['red:c0'])
  })

  it('blue mover: red guard knocked out on throw 2 is void too (§5 is colour-blind)', () => {
    const r = throwOf(['d3'], [], 'blue', mv('f0', 'reverse', [1, 5]), 2)
    expect(r.violation).toBe(true)
    expect(r.position).toEqual({ red: ['d3'], blue: [] })
    expect(r.out).toEqual(['blue:f0'])
  })
})

// ---------------------------------------------------------------------------------------
describe('§9 scoring "save the last zero"', () => {
  it('§12.3 first example → 2 : 0 Red', () => {
    expect(scoreHouse({ red: ['d8', 'c7', 'd7', 'e7'], blue: ['e8', 'f7', 'b6', 'c6', 'd6'] })).toEqual({ red: 2, blue: 0 })
  })
  it('§12.3 one middle Red turned Blue → 0 : 3 Blue', () => {
    expect(scoreHouse({ red: ['d8', 'c7', 'd7'], blue: ['e8', 'e7', 'f7', 'b6', 'c6', 'd6'] })).toEqual({ red: 0, blue: 3 })
  })
  it('§12.3 article: centre +1 Red, middle +1 Red, outer 4 Blue → 2 : 0 Red', () => {
    expect(scoreHouse({ red: ['d8', 'c7'], blue: ['b6', 'c6', 'd6', 'e6'] })).toEqual({ red: 2, blue: 0 })
  })
  it('empty house → 0 : 0 (§9)', () => {
    expect(scoreHouse({ red: [], blue: [] })).toEqual({ red: 0, blue: 0 })
  })
  it('stones outside the house (guards, columns a/h, row 12) count for nothing (§2, §9)', () => {
    expect(scoreHouse({ red: ['a6', 'a11', 'h8', 'd12', 'e12', 'c5'], blue: ['h12', 'a12', 'b12', 'g12', 'd1'] })).toEqual({ red: 0, blue: 0 })
  })
  it('one red in the outer zone beats four blues beside/behind the house → 1 : 0 (§9)', () => {
    expect(scoreHouse({ red: ['g11'], blue: ['h11', 'a9', 'c12', 'f12'] })).toEqual({ red: 1, blue: 0 })
  })
  it('first unequal zone decides: centre Blue +1, middle Red +3 stops the count → 0 : 1 (§9)', () => {
    expect(scoreHouse({ red: ['c7', 'd7', 'e7'], blue: ['e9'] })).toEqual({ red: 0, blue: 1 })
  })
  it('equal zones are skipped: centre 1–1, middle 2–2, outer Red 3–1 → 2 : 0 (§9)', () => {
    const red = ['d8', 'c8', 'f9', 'b6', 'b7', 'b8']
    const blue = ['e9', 'c10', 'f10', 'g11']
    expect(scoreHouse({ red, blue })).toEqual({ red: 2, blue: 0 })
  })
  it('same side leading every zone adds all: 2 + 1 + 2 = 5 : 0 (§9)', () => {
    const red = ['d8', 'e8', 'c7', 'b6', 'c6', 'd6']
    const blue = ['g7']
    expect(scoreHouse({ red, blue })).toEqual({ red: 5, blue: 0 })
  })
  it('later zone led by the other side stops: centre Red 1, middle Blue 2, outer Red 4 → 1 : 0 (§9)', () => {
    const red = ['d9', 'b6', 'c6', 'd6', 'e6']
    const blue = ['c7', 'f10']
    expect(scoreHouse({ red, blue })).toEqual({ red: 1, blue: 0 })
  })
  it('equal zone between two red zones: centre R1, middle 1–1, outer R2 → 3 : 0 (§9)', () => {
    expect(scoreHouse({ red: ['e9', 'f8', 'g9', 'g10'], blue: ['c9'] })).toEqual({ red: 3, blue: 0 })
  })
  it('blue mirror of the previous case → 0 : 3 (§9 is colour-blind)', () => {
    expect(scoreHouse({ blue: ['e9', 'f8', 'g9', 'g10'], red: ['c9'] })).toEqual({ red: 0, blue: 3 })
  })
  it('zone borders: c7 f10 middle, b6 g11 outer, d8 e9 centre (§2)', () => {
    expect(scoreHouse({ red: ['f10'], blue: ['b6', 'g11', 'c6'] })).toEqual({ red: 1, blue: 0 })
    expect(scoreHouse({ red: ['c7', 'f7', 'c10', 'f10'], blue: ['d8'] })).toEqual({ red: 0, blue: 1 })
  })
  it('all 8 red in centre + middle, 8 blue in outer → 8 : 0 (§9)', () => {
    const red = ['d8', 'e8', 'd9', 'e9', 'c7', 'd7', 'e7', 'f7']
    const blue = ['b6', 'c6', 'd6', 'e6', 'f6', 'g6', 'b7', 'g7']
    expect(scoreHouse({ red, blue })).toEqual({ red: 8, blue: 0 })
  })
})

// ---------------------------------------------------------------------------------------
describe('§7 dice', () => {
  const cases: [number[], string, Numbers, number, string][] = [
    [[2, 2, 1, 3, 4], 'pair', [2, 4], 1, 'pair: X and max(y,z,v)'],
    [[5, 1, 5, 2, 3], 'pair', [3, 5], 1, 'pair of 5s with kickers 1 2 3 → 5 and 3'],
    [[1, 1, 5, 4, 3], 'pair', [1, 5], 1, 'pair of 1s, max kicker 5'],
    [[4, 2, 3, 1, 4], 'pair', [3, 4], 1, 'pair of 4s, max kicker 3 (< X)'],
    [[3, 3, 4, 4, 1], 'two-pairs', [3, 4], 2, 'two pairs: X, Y (kicker dropped)'],
    [[5, 1, 1, 5, 2], 'two-pairs', [1, 5], 2, 'two pairs unordered dice'],
    [[1, 2, 1, 3, 1], 'three', [1, 2, 3], 3, 'three: X, y, z'],
    [[5, 5, 5, 1, 4], 'three', [1, 4, 5], 3, 'three of 5s'],
    [[5, 2, 5, 2, 5], 'full-house', [2, 2, 5, 5, 5], 4, 'full house XXX YY'],
    [[1, 1, 2, 2, 2], 'full-house', [1, 1, 2, 2, 2], 4, 'full house small'],
    [[3, 5, 1, 4, 2], 'straight', [1, 2, 3, 4, 5], 5, 'five distinct values = straight'],
    [[5, 5, 5, 5, 4], 'four', [4, 5, 5, 5, 5], 5, 'four (article 5 5 5 5 4)'],
    [[1, 2, 1, 1, 1], 'four', [1, 1, 1, 1, 2], 5, 'four of 1s'],
    [[3, 3, 3, 3, 3], 'poker', 'any', 5, 'poker → any numbers'],
    [[1, 1, 1, 1, 1], 'poker', 'any', 5, 'poker of ones'],
  ]
  for (const [dice, combination, numbers, limit, why] of cases) {
    it(`${JSON.stringify(dice)} → ${combination} ${JSON.stringify(numbers)} L1 ${limit} (§7 table: ${why})`, () => {
      const r = classifyDice([...dice])
      expect(r.combination).toBe(combination)
      expect(sortedNumbers(r.numbers)).toEqual(numbers)
      expect(r.limit).toBe(limit)
    })
  }

  it('every one of the 3125 final rolls is classified (§7: five values 1–5 always combine)', () => {
    const L1: Record<string, number> = { pair: 1, 'two-pairs': 2, three: 3, 'full-house': 4, straight: 5, four: 5, poker: 5 }
    for (let i = 0; i < 3125; i++) {
      const dice = [0, 1, 2, 3, 4].map((k) => (Math.floor(i / 5 ** k) % 5) + 1)
      const counts = [0, 0, 0, 0, 0, 0]
      for (const d of dice) counts[d] = (counts[d] ?? 0) + 1
      const shape = counts.filter((c) => c > 0).sort((a, b) => b - a).join('')
      const shapes: Record<string, string> = { '2111': 'pair', '221': 'two-pairs', '311': 'three', '32': 'full-house', '11111': 'straight', '41': 'four', '5': 'poker' }
      const expected = shapes[shape]
      const r = classifyDice(dice)
      expect(r.combination).toBe(expected)
      expect(r.limit).toBe(L1[r.combination])
      // number sets per the §7 table: pair X and max of the rest; two pairs X, Y; three X, y, z
      const byCount = (c: number) => [1, 2, 3, 4, 5].filter((v) => counts[v] === c)
      const want: Numbers =
        expected === 'pair' ? [...byCount(2), Math.max(...byCount(1))]
          : expected === 'two-pairs' ? byCount(2)
            : expected === 'three' ? [...byCount(3), ...byCount(1)]
              : expected === 'poker' ? 'any'
                : [...dice]
      expect(sortedNumbers(r.numbers)).toEqual(sortedNumbers(want))
    }
  })

  const bad: [unknown[], string][] = [
    [[1, 2, 3, 4], 'four values'],
    [[1, 2, 3, 4, 5, 1], 'six values'],
    [[1, 2, 3, 4, 6], 'a 6 is re-rolled, never final'],
    [[0, 1, 2, 3, 4], 'a 0'],
    [[1, 2, 3, 4, 1.5], 'non-integer'],
    [[1, 2, 3, 4, Number.NaN], 'NaN'],
  ]
  for (const [dice, why] of bad) {
    it(`classifyDice throws on ${why} (ENGINE_API bad input)`, () => {
      expect(() => classifyDice(dice as number[])).toThrow(Error)
    })
  }
})

// ---------------------------------------------------------------------------------------
describe('§8 cards', () => {
  const cases: [string[], 36 | 52 | 54, string, Numbers, number, string][] = [
    [['7S', '7H', '10D', '5C', '3S'], 52, 'pair', [1, 5], 1, 'pair of 7s (1) and max value of 10/5/3 = 5'],
    [['AS', 'AH', '6D', '7C', '8S'], 36, 'pair', [1, 5], 1, 'pair of aces, kickers all 1'],
    [['KS', 'KH', 'QD', 'QC', '9S'], 36, 'two-pairs', [1, 3, 4], 2, 'two pairs X, Y, z (seed: 1, 3, 4)'],
    [['2S', '2H', 'KD', 'KC', 'QS'], 52, 'two-pairs', [2, 3, 4], 2, 'seed: twos, kings, queen → 2, 3, 4'],
    [['AS', 'AH', 'AD', '6C', 'JS'], 36, 'three', [1, 2, 5], 3, 'three: X, y, z'],
    [['6S', '7H', '8D', '9C', '10S'], 36, 'straight', [1, 1, 1, 1, 1], 4, 'lowest 36-card straight'],
    [['10S', 'JH', 'QD', 'KC', 'AS'], 36, 'straight', [1, 2, 3, 4, 5], 4, 'highest straight'],
    [['4S', '5H', '6D', '7C', '8S'], 52, 'straight', [1, 1, 1, 4, 5], 4, '§8 example 4-5-6-7-8'],
    [['2S', '3H', '4D', '5C', '6S'], 52, 'straight', [1, 2, 3, 4, 5], 4, 'lowest 52-card straight'],
    [['AS', '2H', '3D', '4C', '5S'], 52, 'null', [], 1, 'A-2-3-4-5 is no straight'],
    [['AS', '6H', '7D', '8C', '9S'], 36, 'null', [], 1, 'A-6-7-8-9 no wrap in 36 cards'],
    [['JS', 'QH', 'KD', 'AC', '2S'], 52, 'null', [], 1, 'J-Q-K-A-2 no wrap'],
    [['KS', 'KH', 'KD', '7C', '7S'], 36, 'full-house', [1, 1, 4, 4, 4], 5, 'full house X,X,X,Y,Y, L1 5 (I-4)'],
    [['6H', '8H', '10H', 'QH', 'AH'], 36, 'flush', [1, 1, 1, 3, 5], 5, 'flush: the five values'],
    [['2D', '5D', '9D', 'JD', 'KD'], 52, 'flush', [1, 2, 2, 4, 5], 5, 'flush 52'],
    [['9H', '10H', 'JH', 'QH', 'KH'], 52, 'flush', [1, 1, 2, 3, 4], 5, 'straight flush counts as flush'],
    [['6C', '7C', '8C', '9C', '10C'], 36, 'flush', [1, 1, 1, 1, 1], 5, 'straight flush counts as flush (36)'],
    [['QS', 'QH', 'QD', 'QC', '6S'], 36, 'four', 'any', 5, 'four → any numbers'],
    [['2S', '5H', '9D', 'JC', 'KS'], 52, 'null', [], 1, 'nothing'],
    [['2S', '2H', '2D', 'KS', 'JK'], 54, 'four', 'any', 5, 'joker as a 2 → four (best reading, I-5)'],
    [['KS', 'QH', '2D', 'JK', 'JK'], 54, 'three', [2, 3, 4], 3, 'two jokers: three of any one rank, numbers 4 3 2 either way'],
  ]
  for (const [cards, deck, combination, numbers, limit, why] of cases) {
    it(`${cards.join(' ')} (${deck}) → ${combination} L1 ${limit} (§8: ${why})`, () => {
      const r = classifyCards([...cards], deck)
      expect(r.combination).toBe(combination)
      expect(sortedNumbers(r.numbers)).toEqual(numbers)
      expect(r.limit).toBe(limit)
    })
  }

  // A reference reading of §8 for hands without jokers (flush and full house never coexist there).
  function readHand(cards: string[], deck: 36 | 52): { combination: string; numbers: Numbers; limit: number } {
    const order = deck === 36 ? ['6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] : ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']
    const value: Record<string, number> = { '2': 2, '3': 3, '4': 4, '5': 5, '6': 1, '7': 1, '8': 1, '9': 1, '10': 1, J: 2, Q: 3, K: 4, A: 5 }
    const ranks = cards.map((c) => c.slice(0, -1))
    const suits = cards.map((c) => c.slice(-1))
    const vals = ranks.map((r) => value[r] ?? 0)
    const count = new Map<string, number>()
    for (const r of ranks) count.set(r, (count.get(r) ?? 0) + 1)
    const shape = [...count.values()].sort((a, b) => b - a).join('')
    const ofCount = (c: number) => [...count].filter(([, k]) => k === c).map(([r]) => value[r] ?? 0)
    const idx = ranks.map((r) => order.indexOf(r)).sort((a, b) => a - b)
    const straight = shape === '11111' && (idx[4] ?? 0) - (idx[0] ?? 0) === 4
    const flush = new Set(suits).size === 1
    if (shape === '41') return { combination: 'four', numbers: 'any', limit: 5 }
    if (shape === '32') return { combination: 'full-house', numbers: vals, limit: 5 }
    if (flush) return { combination: 'flush', numbers: vals, limit: 5 }
    if (straight) return { combination: 'straight', numbers: vals, limit: 4 }
    if (shape === '311') return { combination: 'three', numbers: [...ofCount(3), ...ofCount(1)], limit: 3 }
    if (shape === '221') return { combination: 'two-pairs', numbers: [...ofCount(2), ...ofCount(1)], limit: 2 }
    if (shape === '2111') return { combination: 'pair', numbers: [...ofCount(2), Math.max(...ofCount(1))], limit: 1 }
    return { combination: 'null', numbers: [], limit: 1 }
  }
  for (const deck of [36, 52] as const) {
    it(`random ${deck}-card hands agree with a reference reading of §8 and I-4`, () => {
      const ranks = deck === 36 ? ['6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] : ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']
      const all = ranks.flatMap((r) => ['S', 'H', 'D', 'C'].map((s) => r + s))
      fc.assert(
        fc.property(fc.shuffledSubarray(all, { minLength: 5, maxLength: 5 }), (hand) => {
          const want = readHand(hand, deck)
          const got = classifyCards(hand, deck)
          expect({ ...got, numbers: sortedNumbers(got.numbers) }).toEqual({ ...want, numbers: sortedNumbers(want.numbers) })
          expect(classifyCards(hand, 54).combination).toBe(want.combination)
        }),
        { numRuns: 2000 },
      )
    })
  }
  it('hand-picked rare hands agree with the reference reading too (§8)', () => {
    for (const hand of [['6C', '7C', '8C', '9C', '10C'], ['10S', 'JH', 'QD', 'KC', 'AS'], ['KS', 'KH', 'KD', '7C', '7S'], ['QS', 'QH', 'QD', 'QC', '6S']]) {
      const got = classifyCards(hand, 36)
      expect({ ...got, numbers: sortedNumbers(got.numbers) }).toEqual({ ...readHand(hand, 36), numbers: sortedNumbers(readHand(hand, 36).numbers) })
    }
  })

  it('jokers: K Q J 10 of spades + joker is a (straight) flush, L1 5 (§8, I-5)', () => {
    const r = classifyCards(['KS', 'QS', 'JS', '10S', 'JK'], 54)
    expect(r.combination).toBe('flush')
    expect(r.limit).toBe(5)
  })
  it('jokers: 6 7 8 9 mixed + joker is a straight, L1 4 (§8, I-5)', () => {
    const r = classifyCards(['6S', '7H', '8D', '9C', 'JK'], 54)
    expect(r.combination).toBe('straight')
    expect(r.limit).toBe(4)
  })
  it('jokers: 3 3 9 9 + joker is a full house, L1 5 (§8, I-5)', () => {
    const r = classifyCards(['3S', '3H', '9D', '9C', 'JK'], 54)
    expect(r.combination).toBe('full-house')
    expect(r.limit).toBe(5)
  })
  it('card order in the hand does not matter (§8)', () => {
    const a = classifyCards(['KD', '7S', 'KH', '7C', 'KS'], 36)
    expect(a.combination).toBe('full-house')
    expect(sortedNumbers(a.numbers)).toEqual([1, 1, 4, 4, 4])
  })

  const bad: [string[], 36 | 52 | 54, string | null, string][] = [
    [['2S', '7H', '8D', '9C', 'KS'], 36, '2S', '2 is not in the 36-card deck'],
    [['5H', '7H', '8D', '9C', 'KS'], 36, '5H', '5 is not in the 36-card deck'],
    [['JK', '7H', '8D', '9C', 'KS'], 52, 'JK', 'no jokers in 52 cards'],
    [['JK', '7H', '8D', '9C', 'KS'], 36, 'JK', 'no jokers in 36 cards'],
    [['AS', 'AS', '8D', '9C', 'KS'], 52, 'AS', 'duplicate card'],
    [['1S', '7H', '8D', '9C', 'KS'], 52, '1S', 'unknown rank'],
    [['10X', '7H', '8D', '9C', 'KS'], 52, '10X', 'unknown suit'],
    [['', '7H', '8D', '9C', 'KS'], 52, null, 'empty card'],
    [['KS', 'KS', 'QD', 'QC', 'JK'], 54, 'KS', 'duplicate card beside a joker'],
    [['2S', '3S', '4S', '5S'], 52, null, 'four cards (a hand is five)'],
    [['2S', '3S', '4S', '5S', '7S', '9S'], 52, null, 'six cards (a hand is five)'],
  ]
  for (const [cards, deck, culprit, why] of bad) {
    it(`classifyCards throws on ${why} (ENGINE_API bad input)`, () => {
      expect(() => classifyCards(cards, deck)).toThrow(Error)
      if (culprit) expect(() => classifyCards(cards, deck)).toThrow(culprit)
    })
  }
})

// ---------------------------------------------------------------------------------------
describe('§6.5 bonusAssignments and legalMoves', () => {
  it('pair {2,4}, L 1 → only reverse [2,4], from each of the 4 start cells (§7 article)', () => {
    const moves = legalMoves([2, 4], 1)
    expect(moves.map((m) => `${m.start} ${m.type} ${m.lengths.join(',')}`).sort()).toEqual(
      ['c0 reverse 2,4', 'd0 reverse 2,4', 'e0 reverse 2,4', 'f0 reverse 2,4'],
    )
  })
  it('two pairs {3,4}, L 2 → shortened [4,3] or reverse [3,4]: eight moves (§7 article)', () => {
    expect(tupleKeys(bonusAssignments('reverse', [3, 4]))).toEqual(['3,4'])
    expect(tupleKeys(bonusAssignments('shortened', [3, 4]))).toEqual(['4,3'])
    expect(legalMoves([3, 4], 2)).toHaveLength(8)
  })
  it('three {1,2,3}: triples [2,3,1] [3,2,1] [3,1,2], shortened and reverse three each (§7 article)', () => {
    expect(tupleKeys(bonusAssignments('triple', [1, 2, 3]))).toEqual(['2,3,1', '3,1,2', '3,2,1'])
    expect(tupleKeys(bonusAssignments('shortened', [1, 2, 3]))).toEqual(['2,1', '3,1', '3,2'])
    expect(tupleKeys(bonusAssignments('reverse', [1, 2, 3]))).toEqual(['1,2', '1,3', '2,3'])
    expect(legalMoves([1, 2, 3], 3)).toHaveLength(36)
    expect(legalMoves([1, 2, 3], 3).filter((m) => m.type === 'triple')).toHaveLength(12)
  })
  it('each element at most once: {3} gives no two-segment tuple; {3,3} gives [3,3] (§6.5)', () => {
    expect(bonusAssignments('reverse', [3])).toEqual([])
    expect(bonusAssignments('semaphore', [3])).toEqual([])
    expect(tupleKeys(bonusAssignments('reverse', [3, 3]))).toEqual(['3,3'])
    expect(bonusAssignments('shortened', [3, 3])).toEqual([])
    expect(bonusAssignments('triple', [5, 4])).toEqual([])
  })
  it('full house {5,5,5,2,2}: 3 reverse, 1 shortened, 5 triples, 4 quadruples, 3 semaphores (hand count)', () => {
    const n = [5, 5, 5, 2, 2]
    expect(tupleKeys(bonusAssignments('reverse', n))).toEqual(['2,2', '2,5', '5,5'])
    expect(tupleKeys(bonusAssignments('shortened', n))).toEqual(['5,2'])
    expect(tupleKeys(bonusAssignments('triple', n))).toEqual(['2,5,2', '5,2,2', '5,2,5', '5,5,2', '5,5,5'])
    expect(tupleKeys(bonusAssignments('quadruple', n))).toEqual(['5,2,5,2', '5,2,5,5', '5,5,2,2', '5,5,5,2'])
    expect(tupleKeys(bonusAssignments('semaphore', n))).toEqual(['2,2', '5,2', '5,5'])
    expect(legalMoves(n, 4)).toHaveLength((3 + 1 + 5 + 4) * 4)
  })
  it('straight {1..5}: 10 + 10 + 30 + 20 + 10 tuples; 320 moves at L 5, 80 at L 2 (hand count)', () => {
    const n = [1, 2, 3, 4, 5]
    expect(bonusAssignments('reverse', n)).toHaveLength(10)
    expect(bonusAssignments('shortened', n)).toHaveLength(10)
    expect(bonusAssignments('triple', n)).toHaveLength(30)
    expect(bonusAssignments('quadruple', n)).toHaveLength(20)
    expect(bonusAssignments('semaphore', n)).toHaveLength(10)
    expect(legalMoves(n, 5)).toHaveLength(320)
    expect(legalMoves(n, 2)).toHaveLength(80)
  })
  it("'any': 15 reverse, 10 shortened, 75 triples, 175 quadruples, 15 semaphores; 1160 moves (§7 poker)", () => {
    expect(bonusAssignments('reverse', 'any')).toHaveLength(15)
    expect(bonusAssignments('shortened', 'any')).toHaveLength(10)
    expect(bonusAssignments('triple', 'any')).toHaveLength(75)
    expect(bonusAssignments('quadruple', 'any')).toHaveLength(175)
    expect(bonusAssignments('semaphore', 'any')).toHaveLength(15)
    expect(legalMoves('any', 5)).toHaveLength(1160)
  })
  it('four {5,5,5,5,4}: semaphores [5,5] [5,4]; no shortened [4,5]; reverse [4,5] [5,5] (§7 article)', () => {
    const n = [5, 5, 5, 5, 4]
    expect(tupleKeys(bonusAssignments('semaphore', n))).toEqual(['5,4', '5,5'])
    expect(tupleKeys(bonusAssignments('shortened', n))).toEqual(['5,4'])
    expect(tupleKeys(bonusAssignments('reverse', n))).toEqual(['4,5', '5,5'])
  })
  it('every legal move passes checkMove, is distinct and within the limit (§6.4–6.5)', () => {
    const power: Record<TrajectoryType, number> = { reverse: 1, shortened: 2, triple: 3, quadruple: 4, semaphore: 5 }
    for (const limit of [1, 2, 3, 4, 5]) {
      const moves = legalMoves('any', limit)
      const keys = new Set(moves.map((m) => `${m.start}|${m.type}|${m.lengths.join(',')}`))
      expect(keys.size).toBe(moves.length)
      for (const m of moves) {
        expect(checkMove(m)).toEqual({ ok: true })
        expect(power[m.type]).toBeLessThanOrEqual(limit)
        expect(START_CELLS).toContain(m.start)
      }
    }
  })
})

// ---------------------------------------------------------------------------------------
describe('§6.3 limitL2', () => {
  const expected: Record<Standing, number[]> = {
    winning: [1, 1, 2, 3, 4], // max(1, P − 1)
    draw: [2, 3, 4, 5, 5], // min(5, P + 1)
    losing: [5, 5, 5, 5, 5], // 5
  }
  for (const standing of ['winning', 'draw', 'losing'] as Standing[]) {
    for (let p = 1; p <= 5; p++) {
      it(`P ${p}, ${standing} → ${expected[standing][p - 1]} (§6.3)`, () => {
        expect(limitL2(p, standing)).toBe(expected[standing][p - 1])
      })
    }
    it(`first throw (null), ${standing} → 5 (§6.3: no L2)`, () => {
      expect(limitL2(null, standing)).toBe(5)
    })
  }
  it('§12.4: Blue winning after a triple → L2 2; with a straight L = min(5, 2) = 2', () => {
    expect(Math.min(classifyDice([1, 2, 3, 4, 5]).limit, limitL2(3, 'winning'))).toBe(2)
  })
})

// ---------------------------------------------------------------------------------------
describe('ENGINE_API bad input throws an Error', () => {
  const ok = mv('c0', 'reverse', [1, 1])
  const cases: [string, () => unknown, string | null][] = [
    ['unknown cell z9', () => simulateThrow({ red: ['z9'], blue: [] }, 'red', ok, 7), 'z9'],
    ['unknown cell i5', () => simulateThrow({ red: [], blue: ['i5'] }, 'red', ok, 7), 'i5'],
    ['unknown cell a13', () => simulateThrow({ red: ['a13'], blue: [] }, 'red', ok, 7), 'a13'],
    ['two stones on d4 (red and blue)', () => simulateThrow({ red: ['d4'], blue: ['d4'] }, 'red', ok, 7), 'd4'],
    ['two red stones on e6', () => simulateThrow({ red: ['e6', 'e6'], blue: [] }, 'red', ok, 7), 'e6'],
    ['9 blue stones', () => simulateThrow({ red: [], blue: ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b2', 'b3', 'b4'] }, 'red', ok, 7), null],
    ['a stone on c0', () => simulateThrow({ red: ['c0'], blue: [] }, 'red', ok, 7), 'c0'],
    ['a stone on a0', () => simulateThrow({ red: [], blue: ['a0'] }, 'red', ok, 7), 'a0'],
    ['illegal move shortened [3,3]', () => simulateThrow({ red: [], blue: [] }, 'red', mv('c0', 'shortened', [3, 3]), 7), null],
    ['illegal start b0', () => simulateThrow({ red: [], blue: [] }, 'red', mv('b0', 'reverse', [1, 1]), 7), 'b0'],
    ['illegal length 6', () => simulateThrow({ red: [], blue: [] }, 'red', mv('d0', 'reverse', [1, 6]), 7), null],
    ['throw number 0', () => simulateThrow({ red: [], blue: [] }, 'red', ok, 0), '0'],
    ['throw number 17', () => simulateThrow({ red: [], blue: [] }, 'red', ok, 17), '17'],
    ['throw number 1.5', () => simulateThrow({ red: [], blue: [] }, 'red', ok, 1.5), '1.5'],
    ['mover with all 8 stones in play (§1: 8 stones per end)', () => simulateThrow({ red: ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b2', 'b3'], blue: [] }, 'red', ok, 16), null],
    ['scoreHouse with an unknown cell', () => scoreHouse({ red: ['z9'], blue: [] }), 'z9'],
    ['scoreHouse with two stones on d8', () => scoreHouse({ red: ['d8'], blue: ['d8'] }), 'd8'],
    ['throw number NaN', () => simulateThrow({ red: [], blue: [] }, 'red', ok, Number.NaN), null],
  ]
  for (const [what, run, culprit] of cases) {
    it(`${what} throws${culprit ? ` naming ${culprit}` : ''}`, () => {
      expect(run).toThrow(Error)
      if (culprit) expect(run).toThrow(culprit)
    })
  }
})

// ---------------------------------------------------------------------------------------
describe('properties (fast-check)', () => {
  const FIELD: string[] = []
  for (let row = 1; row <= 12; row++) for (const c of COLS) FIELD.push(c + row)
  const MOVES = legalMoves('any', 5)
  const positionArb = fc
    .tuple(fc.uniqueArray(fc.integer({ min: 0, max: FIELD.length - 1 }), { maxLength: 15 }), fc.nat())
    .map(([idx, k]) => {
      const cells = idx.map((i) => FIELD[i] ?? 'a1')
      const lo = Math.max(0, cells.length - 8)
      const hi = Math.min(7, cells.length)
      const r = lo + (k % (hi - lo + 1))
      const p: Position = { red: cells.slice(0, r), blue: cells.slice(r) }
      return p
    })
  // a crowded core (columns b–g, rows 1–10) makes chains and knock-outs frequent
  const CORE = FIELD.filter((c) => 'bcdefg'.includes(c.charAt(0)) && Number(c.slice(1)) <= 10)
  const crowdedArb = fc
    .tuple(fc.uniqueArray(fc.integer({ min: 0, max: CORE.length - 1 }), { minLength: 6, maxLength: 15 }), fc.nat())
    .map(([idx, k]) => {
      const cells = idx.map((i) => CORE[i] ?? 'b1')
      const lo = Math.max(0, cells.length - 8)
      const hi = Math.min(7, cells.length)
      const r = lo + (k % (hi - lo + 1))
      const p: Position = { red: cells.slice(0, r), blue: cells.slice(r) }
      return p
    })
  const throwArb = fc.record({
    position: fc.oneof(positionArb, crowdedArb),
    move: fc.constantFrom(...MOVES),
    n: fc.integer({ min: 1, max: 16 }),
    swap: fc.boolean(),
  }).map(({ position, move, n, swap }) => {
    // the mover is the side with at most 7 stones (red by construction)
    const mover: Color = swap ? 'blue' : 'red'
    const pos = swap ? { red: position.blue, blue: position.red } : position
    return { pos, move, n, mover }
  })
  const mirrorPos = (p: Position): Position => ({ red: p.red.map(mirrorCell), blue: p.blue.map(mirrorCell) })

  it('mirror symmetry: reflecting a↔h and c0↔f0, d0↔e0 reflects the result (§3)', () => {
    fc.assert(
      fc.property(throwArb, ({ pos, move, n, mover }) => {
        const a = simulateThrow(pos, mover, move, n)
        const b = simulateThrow(mirrorPos(pos), mover, { ...move, start: mirrorCell(move.start) }, n)
        expect(norm(b.position)).toEqual(norm(mirrorPos(a.position)))
        expect(outKeys(b.outOfPlay)).toEqual(outKeys(a.outOfPlay.map((o) => ({ color: o.color, from: mirrorCell(o.from) }))))
        expect(b.freeGuardViolation).toBe(a.freeGuardViolation)
      }),
      { numRuns: 400 },
    )
  })

  it('stone conservation, free-guard consistency, no row 0, no shared cells (§4, §5, I-3)', () => {
    fc.assert(
      fc.property(throwArb, ({ pos, move, n, mover }) => {
        const r = simulateThrow(pos, mover, move, n)
        const before = pos.red.length + pos.blue.length
        const after = r.position.red.length + r.position.blue.length
        expect(after + r.outOfPlay.length).toBe(before + 1)
        const all = [...r.position.red, ...r.position.blue]
        expect(new Set(all).size).toBe(all.length)
        for (const c of all) expect(FIELD).toContain(c)
        if (r.freeGuardViolation) {
          expect(n).toBeGreaterThanOrEqual(2)
          expect(n).toBeLessThanOrEqual(5)
          expect(norm(r.position)).toEqual(norm(pos))
          expect(outKeys(r.outOfPlay)).toEqual([`${mover}:${move.start}`])
        } else if (n >= 2 && n <= 5) {
          const opp: Color = mover === 'red' ? 'blue' : 'red'
          for (const o of r.outOfPlay) {
            const guard = o.color === opp && Number(o.from.slice(1)) <= 5
            expect(guard).toBe(false)
          }
        }
      }),
      { numRuns: 400 },
    )
  })

  it('determinism and no mutation of the input (ENGINE_API)', () => {
    fc.assert(
      fc.property(throwArb, ({ pos, move, n, mover }) => {
        const snapshot = JSON.stringify({ pos, move })
        const a = simulateThrow(pos, mover, move, n)
        const b = simulateThrow(pos, mover, move, n)
        expect(JSON.stringify({ pos, move })).toBe(snapshot)
        expect(norm(b.position)).toEqual(norm(a.position))
        expect(outKeys(b.outOfPlay)).toEqual(outKeys(a.outOfPlay))
        expect(b.freeGuardViolation).toBe(a.freeGuardViolation)
      }),
      { numRuns: 200 },
    )
  })

  // A reference referee written from the pseudo-code of §4, the segment table of §3, §5 and I-3.
  function referee(pos: Position, mover: Color, move: Move, n: number) {
    const at = new Map<string, { color: Color; from: string }>()
    for (const c of pos.red) at.set(c, { color: 'red', from: c })
    for (const c of pos.blue) at.set(c, { color: 'blue', from: c })
    const thrown = { color: mover, from: move.start }
    const where = new Map<object, [number, number]>()
    for (const [c, st] of at) where.set(st, [COLS.indexOf(c.charAt(0)), Number(c.slice(1))])
    const grid = new Map<string, object>()
    for (const [st, [x, y]] of where) grid.set(`${x},${y}`, st)
    where.set(thrown, [COLS.indexOf(move.start.charAt(0)), 0])
    grid.set(`${COLS.indexOf(move.start.charAt(0))},0`, thrown)
    const out: { color: Color; from: string }[] = []
    const onField = (x: number, y: number) => x >= 0 && x <= 7 && y >= 0 && y <= 12 && (y > 0 || (x >= 2 && x <= 5))
    const push = (st: object, dx: number, dy: number, e: number): void => {
      while (e > 0) {
        const [x, y] = where.get(st) ?? [0, 0]
        const nx = x + dx
        const ny = y + dy
        if (!onField(nx, ny)) {
          grid.delete(`${x},${y}`)
          where.delete(st)
          out.push(st as { color: Color; from: string })
          return
        }
        const hit = grid.get(`${nx},${ny}`)
        if (hit) {
          push(hit, dx, dy, e)
          return
        }
        grid.delete(`${x},${y}`)
        grid.set(`${nx},${ny}`, st)
        where.set(st, [nx, ny])
        e--
      }
    }
    const s = move.start === 'c0' || move.start === 'd0' ? 1 : -1
    const L = move.lengths
    const A = L[0] ?? 0
    const segs: [number, number, number | 'row'][] =
      move.type === 'triple' ? [[-s, 1, A], [0, 1, 'row'], [s, 1, L[2] ?? 0]]
        : move.type === 'quadruple' ? [[-s, 1, A], [0, 1, 'row'], [s, 1, L[2] ?? 0], [s, 0, L[3] ?? 0]]
          : [[0, 1, 'row'], [s, 1, L[1] ?? 0]]
    const target = move.type === 'reverse' || move.type === 'shortened' ? A : move.type === 'semaphore' ? 5 + A : 5 + (L[1] ?? 0)
    for (const [dx, dy, len] of segs) {
      const here = where.get(thrown)
      if (!here) break
      push(thrown, dx, dy, len === 'row' ? Math.max(0, target - here[1]) : len)
    }
    const end = where.get(thrown)
    if (end && end[1] === 0) {
      grid.delete(`${end[0]},0`)
      out.push(thrown)
    }
    const opp: Color = mover === 'red' ? 'blue' : 'red'
    const violation = n >= 2 && n <= 5 && out.some((o) => o.color === opp && Number(o.from.slice(1)) <= 5)
    if (violation) return { position: norm(pos), out: [`${mover}:${move.start}`], violation }
    const after: Position = { red: [], blue: [] }
    for (const [k, st] of grid) {
      const [x, y] = k.split(',').map(Number)
      after[(st as { color: Color }).color].push(COLS.charAt(x ?? 0) + String(y))
    }
    return { position: norm(after), out: outKeys(out), violation }
  }

  it('the engine agrees with a reference referee written from §3–§5 and I-3 on random throws', () => {
    fc.assert(
      fc.property(throwArb, ({ pos, move, n, mover }) => {
        const mine = referee(pos, mover, move, n)
        const r = simulateThrow(pos, mover, move, n)
        expect({ position: norm(r.position), out: outKeys(r.outOfPlay), violation: r.freeGuardViolation }).toEqual(mine)
      }),
      { numRuns: Number(process.env.AUDIT_RUNS ?? 3000) },
    )
  }, 60000)

  it('the reference referee replays §12.1 and §12.2 (sanity of the reference itself)', () => {
    expect(referee({ red: ['f7'], blue: ['c5'] }, 'blue', mv('c0', 'shortened', [5, 4]), 8).position).toEqual({ red: ['h9'], blue: ['c6', 'e6'] })
    expect(referee({ red: ['e8', 'a8'], blue: ['e5', 'd5'] }, 'blue', mv('e0', 'semaphore', [5, 3]), 8)).toEqual({
      position: { red: ['e12'], blue: ['b7', 'e4', 'e7'] },
      out: ['red:a8'],
      violation: false,
    })
  })

  it('colour swap: swapping red and blue (and the mover) swaps the result (§4, §5)', () => {
    fc.assert(
      fc.property(throwArb, ({ pos, move, n, mover }) => {
        const a = simulateThrow(pos, mover, move, n)
        const b = simulateThrow({ red: pos.blue, blue: pos.red }, mover === 'red' ? 'blue' : 'red', move, n)
        expect(norm(b.position)).toEqual(norm({ red: a.position.blue, blue: a.position.red }))
        expect(b.freeGuardViolation).toBe(a.freeGuardViolation)
      }),
      { numRuns: 200 },
    )
  })

  it('scoring: at most one side scores; colour swap swaps the score; mirror keeps it (§9)', () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        const s = scoreHouse(p)
        expect(Math.min(s.red, s.blue)).toBe(0)
        expect(scoreHouse({ red: p.blue, blue: p.red })).toEqual({ red: s.blue, blue: s.red })
        expect(scoreHouse(mirrorPos(p))).toEqual(s)
      }),
      { numRuns: 500 },
    )
  })
})
