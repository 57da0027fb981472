// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bonusAssignments, checkMove, classifyDice, legalMoves } from '../../engine/index.ts'
import { assignmentCount, bonusAssignmentsUnder, legalMovesUnder, typesWithin } from '../../engine/bonus.ts'
import { START_CELLS } from '../../engine/board.ts'
import { allFinalDice } from '../../engine/dice.ts'
import { POWER, TRAJECTORY_TYPES, checkMove as checkMoveUnder } from '../../engine/trajectory.ts'
import type { Move, Numbers, TrajectoryType } from '../../engine/types.ts'

function movesOf(moves: Move[], start: string): string[] {
  return moves.filter((m) => m.start === start).map((m) => `${m.type} [${m.lengths.join(',')}]`)
}

describe('the worked enumerations of RULES.md §7', () => {
  it('pair {2, 4} → only reverse [2, 4]', () => {
    const { numbers, limit } = classifyDice([2, 2, 4, 1, 3])
    expect(movesOf(legalMoves(numbers, limit), 'c0')).toEqual(['reverse [2,4]'])
  })

  it('two pairs {3, 4} → shortened [4, 3] or reverse [3, 4]', () => {
    const { numbers, limit } = classifyDice([3, 3, 4, 4, 2])
    expect(movesOf(legalMoves(numbers, limit), 'd0')).toEqual(['reverse [3,4]', 'shortened [4,3]'])
  })

  it('three {1, 2, 3} → triples [2,3,1] [3,2,1] [3,1,2] (V is free), shortened [3,2] [3,1] [2,1], reverse [1,3] [1,2] [2,3]', () => {
    const { numbers, limit } = classifyDice([1, 1, 1, 2, 3])
    expect(limit).toBe(3)
    expect(new Set(movesOf(legalMoves(numbers, limit), 'e0'))).toEqual(
      new Set([
        'triple [2,3,1]',
        'triple [3,2,1]',
        'triple [3,1,2]',
        'shortened [3,2]',
        'shortened [3,1]',
        'shortened [2,1]',
        'reverse [1,3]',
        'reverse [1,2]',
        'reverse [2,3]',
      ]),
    )
  })
})

describe('§12.4 and §12.5 where they concern bonuses', () => {
  it('§12.4: L = 2 with a straight: reverse or shortened with any two of 1–5', () => {
    const moves = legalMoves([1, 2, 3, 4, 5], 2)
    expect(new Set(moves.map((m) => m.type))).toEqual(new Set(['reverse', 'shortened']))
    // Any two distinct numbers: 10 pairs, each bound one way or the other.
    expect(movesOf(moves, 'f0')).toHaveLength(20)
    for (const move of moves) expect(move.lengths[0]).not.toBe(move.lengths[1])
  })

  it('§12.5: reverse [1,1] and [2,4] are among the bonuses; quadruple [2,1,1,2] and any length 6 never are', () => {
    const reverse = bonusAssignments('reverse', 'any')
    expect(reverse).toContainEqual([1, 1])
    expect(reverse).toContainEqual([2, 4])
    expect(bonusAssignments('quadruple', 'any')).not.toContainEqual([2, 1, 1, 2])
    for (const type of TRAJECTORY_TYPES) expect(bonusAssignments(type, 'any').flat()).not.toContain(6)
  })
})

describe('bonusAssignments', () => {
  it('uses each element of the multiset at most once', () => {
    expect(bonusAssignments('reverse', [2, 3])).toEqual([[2, 3]])
    expect(bonusAssignments('reverse', [2, 2, 3])).toEqual([
      [2, 2],
      [2, 3],
    ])
    expect(bonusAssignments('semaphore', [4])).toEqual([])
  })

  it('is in lexicographic order with no repeats', () => {
    const tuples = bonusAssignments('quadruple', [1, 1, 2, 3, 5])
    const keys = tuples.map((t) => t.join(','))
    expect(new Set(keys).size).toBe(keys.length)
    expect(tuples).toEqual([...tuples].sort((a, b) => a.join(',').localeCompare(b.join(','))))
  })

  it("'any' gives every tuple of 1–5 the constraint allows: 15, 10, 75, 175, 15", () => {
    expect(TRAJECTORY_TYPES.map((type) => bonusAssignments(type, 'any').length)).toEqual([15, 10, 75, 175, 15])
  })

  it('the null number set gives nothing', () => {
    for (const type of TRAJECTORY_TYPES) expect(bonusAssignments(type, [])).toEqual([])
  })

  it("house rule I-8 'attested' drops only the quadruple's A ≥ C", () => {
    const strict = bonusAssignmentsUnder('quadruple', 'any', { quadrupleConstraint: 'strict' })
    const attested = bonusAssignmentsUnder('quadruple', 'any', { quadrupleConstraint: 'attested' })
    expect(attested).toHaveLength(375) // D ≤ C: 15 pairs × 25 choices of A and V
    expect(attested).toEqual(expect.arrayContaining(strict))
    expect(attested).toContainEqual([1, 3, 2, 2])
    expect(strict).not.toContainEqual([1, 3, 2, 2])
  })

  it.each<[string, () => unknown, RegExp]>([
    ['an unknown type', () => bonusAssignments('spiral' as TrajectoryType, [1, 2]), /spiral: unknown trajectory type/],
    ['a number 6', () => bonusAssignments('reverse', [1, 6]), /number set \{1, 6\}: 6 is not a whole number 1–5/],
    ['a number 0', () => bonusAssignments('reverse', [0, 2]), /0 is not a whole number/],
    ['a fraction', () => bonusAssignments('reverse', [1.5, 2]), /1.5 is not a whole number/],
    ['six numbers', () => bonusAssignments('reverse', [1, 2, 3, 4, 5, 1]), /at most 5 numbers, not 6/],
    ['a word', () => bonusAssignments('reverse', 'all' as Numbers), /number set all: expected a list/],
  ])('refuses %s', (_name, call, message) => {
    expect(call).toThrow(message)
  })
})

describe('legalMoves', () => {
  it('orders moves by start cell, then type by power, then lengths lexicographically', () => {
    const moves = legalMoves([1, 2, 3], 3)
    expect(moves.slice(0, 4)).toEqual([
      { start: 'c0', type: 'reverse', lengths: [1, 2] },
      { start: 'c0', type: 'reverse', lengths: [1, 3] },
      { start: 'c0', type: 'reverse', lengths: [2, 3] },
      { start: 'c0', type: 'shortened', lengths: [2, 1] },
    ])
    const starts = moves.map((m) => START_CELLS.indexOf(m.start))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    expect(moves.at(-1)).toEqual({ start: 'f0', type: 'triple', lengths: [3, 2, 1] })
  })

  it('allows only the types within the limit', () => {
    expect(typesWithin(1)).toEqual(['reverse'])
    expect(typesWithin(4)).toEqual(['reverse', 'shortened', 'triple', 'quadruple'])
    for (const move of legalMoves('any', 3)) expect(POWER[move.type]).toBeLessThanOrEqual(3)
  })

  it.each([0, 6, 2.5, Number.NaN])('refuses limit %s', (limit) => {
    expect(() => legalMoves([1, 2], limit)).toThrow(/limit .*: a limit is a whole number 1–5/)
  })
  it('refuses a bad number set', () => {
    expect(() => legalMoves([7, 1], 2)).toThrow(/7 is not a whole number 1–5/)
  })
})

describe('perft: exact legal-move counts (change only with the rules)', () => {
  it.each([
    [[2, 2, 4, 1, 3], 'pair', 4],
    [[3, 3, 4, 4, 2], 'two-pairs', 8],
    [[1, 1, 1, 2, 3], 'three', 36],
    [[5, 2, 5, 2, 5], 'full-house', 52],
    [[3, 5, 1, 4, 2], 'straight', 320],
    [[1, 1, 4, 1, 1], 'four', 44],
    [[3, 3, 3, 3, 3], 'poker', 1160],
  ])('dice %j (%s) at their own L1: %i moves', (dice, combination, count) => {
    const { combination: found, numbers, limit } = classifyDice(dice)
    expect(found).toBe(combination)
    expect(legalMoves(numbers, limit)).toHaveLength(count)
  })

  it('all 3125 dice outcomes at their own L1: 92 600 moves, 118 600 under I-8 attested', () => {
    const byCombination: Record<string, number> = {}
    let attested = 0
    for (const dice of allFinalDice()) {
      const { combination, numbers, limit } = classifyDice(dice)
      byCombination[combination] = (byCombination[combination] ?? 0) + 4 * assignmentCount(numbers, limit)
      attested += 4 * assignmentCount(numbers, limit, { quadrupleConstraint: 'attested' })
    }
    expect(byCombination).toEqual({
      pair: 4800,
      'two-pairs': 7200,
      three: 21600,
      'full-house': 10400,
      straight: 38400,
      four: 4400,
      poker: 5800,
    })
    expect(Object.values(byCombination).reduce((a, b) => a + b, 0)).toBe(92600)
    expect(attested).toBe(118600)
  })

  it('assignmentCount is a start cell’s share of legalMoves', () => {
    expect(4 * assignmentCount([2, 2, 5, 5, 5], 4)).toBe(legalMoves([2, 2, 5, 5, 5], 4).length)
    expect(legalMovesUnder('any', 5, { quadrupleConstraint: 'attested' })).toHaveLength(1960)
  })
})

describe('properties', () => {
  const numberSet = fc.oneof(
    fc.constant<Numbers>('any'),
    fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 5 }),
  )
  const limit = fc.integer({ min: 1, max: 5 })

  it('every bonus assignment passes checkMove from every start cell', () => {
    fc.assert(
      fc.property(numberSet, fc.constantFrom(...TRAJECTORY_TYPES), (numbers, type) => {
        for (const lengths of bonusAssignments(type, numbers)) {
          for (const start of START_CELLS) expect(checkMove({ start, type, lengths })).toEqual({ ok: true })
        }
      }),
    )
  })

  it('under either house rule every move passes checkMove under that rule', () => {
    fc.assert(
      fc.property(numberSet, limit, fc.constantFrom('strict' as const, 'attested' as const), (numbers, l, rule) => {
        for (const move of legalMovesUnder(numbers, l, { quadrupleConstraint: rule })) {
          expect(checkMoveUnder(move, { quadrupleConstraint: rule }).ok).toBe(true)
        }
      }),
      { numRuns: 40 },
    )
  })

  it('more power never allows fewer moves, and keeps every move of the lower limit', () => {
    fc.assert(
      fc.property(numberSet, limit, limit, (numbers, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        const lower = legalMoves(numbers, low)
        const higher = legalMoves(numbers, high)
        expect(higher.length).toBeGreaterThanOrEqual(lower.length)
        const keys = new Set(higher.map((m) => JSON.stringify(m)))
        for (const move of lower) expect(keys.has(JSON.stringify(move))).toBe(true)
      }),
      { numRuns: 60 },
    )
  })

  it('a bigger number set never allows fewer moves, and "any" allows the most', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 4 }), fc.integer({ min: 1, max: 5 }), limit, (numbers, extra, l) => {
        const smaller = legalMoves(numbers, l).length
        const bigger = legalMoves([...numbers, extra], l).length
        expect(bigger).toBeGreaterThanOrEqual(smaller)
        expect(legalMoves('any', l).length).toBeGreaterThanOrEqual(bigger)
      }),
      { numRuns: 60 },
    )
  })

  it('the order of the number set does not matter', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 5 }), fc.constantFrom(...TRAJECTORY_TYPES), (numbers, type) => {
        expect(bonusAssignments(type, [...numbers].reverse())).toEqual(bonusAssignments(type, numbers))
      }),
    )
  })
})
