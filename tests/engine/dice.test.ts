// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classifyDice } from '../../engine/index.ts'
import {
  DICE_COMBINATIONS,
  DICE_LIMITS,
  allFinalDice,
  checkDiceOperation,
  diceRollStep,
  type DiceCombination,
  type DiceOperation,
  type DiceRoll,
} from '../../engine/dice.ts'

function countOf(values: readonly number[], value: number): number {
  return values.filter((v) => v === value).length
}

describe('classifyDice: the table of RULES.md §7, with the rule book examples', () => {
  it('pair XX y z v: X and the largest of the others ("1 и 5")', () => {
    expect(classifyDice([1, 3, 1, 5, 2])).toEqual({ combination: 'pair', numbers: [1, 5], limit: 1 })
  })
  it('two pairs XX YY z: X and Y ("1 и 4"), the single die gives nothing', () => {
    expect(classifyDice([4, 1, 4, 5, 1])).toEqual({ combination: 'two-pairs', numbers: [1, 4], limit: 2 })
  })
  it('three XXX y z: X, y, z ("1, 2, 4")', () => {
    expect(classifyDice([1, 2, 1, 4, 1])).toEqual({ combination: 'three', numbers: [1, 2, 4], limit: 3 })
  })
  it('full house XXX YY: X, X, X, Y, Y ("2, 2, 5, 5, 5")', () => {
    expect(classifyDice([5, 2, 5, 2, 5])).toEqual({ combination: 'full-house', numbers: [2, 2, 5, 5, 5], limit: 4 })
  })
  it('straight 1 2 3 4 5 in any order', () => {
    expect(classifyDice([3, 5, 1, 4, 2])).toEqual({ combination: 'straight', numbers: [1, 2, 3, 4, 5], limit: 5 })
  })
  it('four XXXX y: X, X, X, X, y ("1, 1, 1, 1, 4")', () => {
    expect(classifyDice([1, 1, 4, 1, 1])).toEqual({ combination: 'four', numbers: [1, 1, 1, 1, 4], limit: 5 })
  })
  it('poker XXXXX: any five numbers the player names', () => {
    expect(classifyDice([3, 3, 3, 3, 3])).toEqual({ combination: 'poker', numbers: 'any', limit: 5 })
  })
  it('the worked enumerations of §7 come from these dice', () => {
    expect(classifyDice([2, 2, 4, 1, 3]).numbers).toEqual([2, 4])
    expect(classifyDice([3, 3, 4, 4, 2]).numbers).toEqual([3, 4])
    expect(classifyDice([1, 1, 1, 2, 3]).numbers).toEqual([1, 2, 3])
  })
})

describe('classifyDice over all 3125 outcomes', () => {
  const outcomes = allFinalDice()
  const classified = outcomes.map((values) => ({ values, ...classifyDice(values) }))

  it('every outcome is exactly one combination, with the known frequencies', () => {
    expect(outcomes).toHaveLength(3125)
    expect(new Set(outcomes.map(String)).size).toBe(3125)
    const counts = Object.fromEntries(DICE_COMBINATIONS.map((c) => [c, 0])) as Record<DiceCombination, number>
    for (const { combination } of classified) counts[combination]++
    expect(counts).toEqual({
      pair: 1200,
      'two-pairs': 900,
      three: 600,
      'full-house': 200,
      straight: 120,
      four: 100,
      poker: 5,
    })
  })

  it('L1 is the table limit and the numbers are an ascending sub-multiset of the dice', () => {
    for (const { values, combination, numbers, limit } of classified) {
      expect(limit).toBe(DICE_LIMITS[combination])
      if (combination === 'poker') {
        expect(numbers).toBe('any')
        continue
      }
      expect(numbers).not.toBe('any')
      const list = numbers as number[]
      expect(list).toEqual([...list].sort((a, b) => a - b))
      for (const n of list) expect(countOf(list, n)).toBeLessThanOrEqual(countOf(values, n))
      const expectedSize: Record<Exclude<DiceCombination, 'poker'>, number> = {
        pair: 2,
        'two-pairs': 2,
        three: 3,
        'full-house': 5,
        straight: 5,
        four: 5,
      }
      expect(list).toHaveLength(expectedSize[combination])
    }
  })

  it('a pair takes the largest single die; two pairs never take the single die', () => {
    for (const { values, combination, numbers } of classified) {
      if (combination === 'pair') {
        const singles = values.filter((v) => countOf(values, v) === 1)
        expect((numbers as number[])).toContain(Math.max(...singles))
      }
      if (combination === 'two-pairs') {
        const single = values.find((v) => countOf(values, v) === 1)!
        expect((numbers as number[]).every((n) => countOf(values, n) === 2)).toBe(true)
        expect(numbers).not.toContain(single)
      }
    }
  })

  it('the order of the dice does not matter', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 5, maxLength: 5 }), fc.func(fc.integer()), (values, key) => {
        const shuffled = [...values].sort((a, b) => key(a) - key(b) || a - b)
        expect(classifyDice(shuffled)).toEqual(classifyDice(values))
      }),
    )
  })
})

describe('classifyDice refuses bad input with a clear Error', () => {
  it.each([
    [[1, 2, 3, 4], /five dice, not 4/],
    [[1, 2, 3, 4, 5, 1], /five dice, not 6/],
    [[1, 2, 6, 4, 5], /die 3 shows 6, and every 6 must be re-rolled/],
    [[0, 2, 3, 4, 5], /die 1 shows 0, a final die shows 1–5/],
    [[1, 2, 3, 4, 7], /die 5 shows 7/],
    [[1, 2.5, 3, 4, 5], /die 2 shows 2.5/],
    [[1, '2', 3, 4, 5], /die 2 shows 2, a final die/],
  ])('%j', (values, message) => {
    expect(() => classifyDice(values as number[])).toThrow(message)
  })
  it('not a list', () => {
    expect(() => classifyDice('12345' as unknown as number[])).toThrow(/expected a list of five values/)
  })
})

function op(...rolls: [number[], number[]?][]): DiceOperation {
  return { rolls: rolls.map(([values, rerolled]): DiceRoll => ({ values, rerolled: rerolled ?? [] })) }
}

describe('the dice operation (RULES.md §7)', () => {
  it('a single roll without sixes is final', () => {
    expect(checkDiceOperation(op([[2, 2, 4, 1, 3]]))).toEqual({
      ok: true,
      values: [2, 2, 4, 1, 3],
      classification: { combination: 'pair', numbers: [2, 4], limit: 1 },
    })
  })

  it('one free re-roll of any chosen dice', () => {
    const result = checkDiceOperation(op([[2, 2, 4, 1, 3]], [[2, 2, 2, 5, 3], [2, 3]]))
    expect(result).toMatchObject({ ok: true, values: [2, 2, 2, 5, 3] })
  })

  it('the free re-roll includes the sixes, then only sixes until none shows', () => {
    const result = checkDiceOperation(
      op([[6, 2, 6, 1, 3]], [[6, 2, 6, 4, 3], [0, 2, 3]], [[6, 2, 1, 4, 3], [0, 2]], [[5, 2, 1, 4, 3], [0]]),
    )
    expect(result).toMatchObject({ ok: true, values: [5, 2, 1, 4, 3], classification: { combination: 'straight' } })
  })

  it('sixes may be re-rolled one at a time', () => {
    const result = checkDiceOperation(op([[6, 6, 1, 1, 1]], [[6, 6, 1, 1, 1], [0, 1]], [[2, 6, 1, 1, 1], [0]], [[2, 3, 1, 1, 1], [1]]))
    expect(result).toMatchObject({ ok: true, values: [2, 3, 1, 1, 1] })
  })

  it('a first roll of five sixes is void: the next roll is final but for its sixes', () => {
    const result = checkDiceOperation(op([[6, 6, 6, 6, 6]], [[1, 6, 3, 2, 2], [0, 1, 2, 3, 4]], [[1, 4, 3, 2, 2], [1]]))
    expect(result).toMatchObject({ ok: true, values: [1, 4, 3, 2, 2] })
  })

  it('after a void roll there is no free re-roll', () => {
    const result = checkDiceOperation(op([[6, 6, 6, 6, 6]], [[1, 6, 3, 2, 2], [0, 1, 2, 3, 4]], [[1, 4, 5, 2, 2], [1, 2]]))
    expect(result).toEqual({
      ok: false,
      rule: 'only-sixes',
      rollIndex: 2,
      message: 'roll 3: after the free re-roll only sixes are re-rolled (die 3 does not show 6)',
    })
  })

  it.each<[string, DiceOperation, string, number, RegExp]>([
    ['no roll', op(), 'no-roll', 0, /no roll/],
    ['not an operation', { rolls: 'x' } as unknown as DiceOperation, 'operation-shape', 0, /expected \{ rolls/],
    ['a roll of the wrong shape', { rolls: [{ values: [1, 2, 3, 4, 5] }] } as unknown as DiceOperation, 'operation-shape', 0, /rerolled/],
    ['four dice', op([[1, 2, 3, 4]]), 'die-value', 0, /not five dice showing 1–6/],
    ['a 7', op([[1, 2, 3, 4, 7]]), 'die-value', 0, /not five dice/],
    ['a re-rolled die 5', op([[1, 2, 3, 4, 4]], [[1, 2, 3, 4, 4], [5]]), 'reroll-dice', 1, /distinct dice 0–4/],
    ['a die re-rolled twice at once', op([[1, 2, 3, 4, 4]], [[1, 2, 3, 4, 4], [1, 1]]), 'reroll-dice', 1, /distinct/],
    ['a re-roll of nothing', op([[1, 2, 3, 4, 4]], [[1, 2, 3, 4, 4], []]), 'reroll-dice', 1, /names the dice/],
    ['a first roll that re-rolls', op([[1, 2, 3, 4, 4], [0]]), 'first-roll', 0, /first roll rolls all five/],
    ['a kept die that changed', op([[1, 2, 3, 4, 4]], [[5, 3, 3, 4, 4], [0]]), 'kept-die-changed', 1, /die 2 was not re-rolled/],
    ['a free re-roll that leaves a six', op([[6, 2, 3, 4, 4]], [[6, 5, 3, 4, 4], [1]]), 'free-reroll-sixes', 1, /die 1 shows 6/],
    ['a second choice of dice', op([[6, 2, 3, 4, 4]], [[6, 2, 3, 4, 5], [0, 4]], [[1, 2, 3, 4, 1], [0, 4]]), 'only-sixes', 2, /die 5 does not show 6/],
    ['a roll after the end', op([[1, 2, 3, 4, 4]], [[1, 2, 3, 4, 5], [4]], [[1, 2, 3, 4, 1], [4]]), 'operation-finished', 2, /operation is over/],
    ['a void roll followed by a partial re-roll', op([[6, 6, 6, 6, 6]], [[1, 6, 6, 6, 6], [0]]), 'void-roll', 1, /roll all five dice again/],
    ['a six left at the end', op([[6, 2, 3, 4, 4]], [[6, 2, 3, 4, 5], [0, 4]]), 'sixes-left', 1, /die 1 shows 6 and must be re-rolled/],
    ['only a void roll', op([[6, 6, 6, 6, 6]]), 'sixes-left', 0, /void/],
  ])('%s is refused', (_name, operation, rule, rollIndex, message) => {
    const result = checkDiceOperation(operation)
    expect(result).toMatchObject({ ok: false, rule, rollIndex })
    expect(result.ok ? '' : result.message).toMatch(message)
  })
})

describe('diceRollStep: what the next roll may be', () => {
  it('before any roll: roll all five', () => {
    expect(diceRollStep(op())).toEqual({ kind: 'roll-all', reason: 'first-roll' })
  })
  it('after five sixes: roll all five again', () => {
    expect(diceRollStep(op([[6, 6, 6, 6, 6]]))).toEqual({ kind: 'roll-all', reason: 'void-five-sixes' })
  })
  it('after a first roll with sixes: the free re-roll must include them', () => {
    expect(diceRollStep(op([[6, 1, 6, 3, 4]]))).toEqual({ kind: 'free-reroll', mustReroll: [0, 2], mayStop: false, values: [6, 1, 6, 3, 4] })
  })
  it('after a first roll without sixes: an optional free re-roll', () => {
    expect(diceRollStep(op([[2, 1, 5, 3, 4]]))).toEqual({ kind: 'free-reroll', mustReroll: [], mayStop: true, values: [2, 1, 5, 3, 4] })
  })
  it('after the free re-roll with sixes: only sixes', () => {
    expect(diceRollStep(op([[2, 1, 5, 3, 4]], [[6, 1, 5, 3, 6], [0, 4]]))).toEqual({
      kind: 'reroll-sixes',
      sixes: [0, 4],
      values: [6, 1, 5, 3, 6],
    })
  })
  it('after the free re-roll without sixes: finished', () => {
    expect(diceRollStep(op([[2, 1, 5, 3, 4]], [[2, 2, 5, 3, 4], [1]]))).toEqual({ kind: 'finished', values: [2, 2, 5, 3, 4] })
  })
  it('a broken prefix is reported, not thrown', () => {
    expect(diceRollStep(op([[2, 1, 5, 3, 4], [1]]))).toMatchObject({ kind: 'broken', failure: { rule: 'first-roll', rollIndex: 0 } })
  })

  it('random legal operations always end with the final dice the step helper predicts', () => {
    const dieRoll = fc.integer({ min: 1, max: 6 })
    fc.assert(
      fc.property(
        fc.array(dieRoll, { minLength: 5, maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        fc.infiniteStream(dieRoll),
        (first, freeChoice, stream) => {
          const rolls: DiceRoll[] = [{ values: first, rerolled: [] }]
          const source = stream[Symbol.iterator]()
          const next = () => source.next().value as number
          for (let guard = 0; guard < 200; guard++) {
            const step = diceRollStep({ rolls })
            if (step.kind === 'finished' || (step.kind === 'free-reroll' && step.mayStop && rolls.length > 1)) break
            const previous = rolls[rolls.length - 1]!.values
            let rerolled: number[]
            if (step.kind === 'roll-all') rerolled = [0, 1, 2, 3, 4]
            else if (step.kind === 'free-reroll') {
              rerolled = [0, 1, 2, 3, 4].filter((d) => step.mustReroll.includes(d) || freeChoice[d])
              if (rerolled.length === 0) break
            } else if (step.kind === 'reroll-sixes') rerolled = step.sixes
            else throw new Error(`unexpected step ${step.kind}`)
            rolls.push({ values: previous.map((v, d) => (rerolled.includes(d) ? next() : v)), rerolled })
          }
          const result = checkDiceOperation({ rolls })
          expect(result.ok).toBe(true)
          if (result.ok) expect(result.values).toEqual(rolls[rolls.length - 1]!.values)
        },
      ),
    )
  })
})
