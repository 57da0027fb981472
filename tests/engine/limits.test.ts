// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { limitL2 } from '../../engine/index.ts'
import { explainL2, limitL, standingFromScore } from '../../engine/limits.ts'
import type { Standing } from '../../engine/types.ts'

describe('limitL2 (RULES.md §6.3)', () => {
  it('the whole table: winning P − 1 (≥ 1), draw P + 1 (≤ 5), losing 5', () => {
    const table = [1, 2, 3, 4, 5].map((p) => [limitL2(p, 'winning'), limitL2(p, 'draw'), limitL2(p, 'losing')])
    expect(table).toEqual([
      [1, 2, 5],
      [1, 3, 5],
      [2, 4, 5],
      [3, 5, 5],
      [4, 5, 5],
    ])
  })

  it('the first throw of an end has no L2: 5 whatever the standing', () => {
    for (const standing of ['winning', 'draw', 'losing'] as Standing[]) expect(limitL2(null, standing)).toBe(5)
  })

  it('§12.4: Blue is winning, Red threw a triple (P = 3), Blue has a straight: L = min(5, 2) = 2', () => {
    const l2 = limitL2(3, 'winning')
    expect(l2).toBe(2)
    expect(limitL(5, l2)).toBe(2)
  })

  it.each([
    [0, 'winning', /previous power 0: a power is a whole number 1–5/],
    [6, 'draw', /previous power 6/],
    [2.5, 'losing', /previous power 2.5/],
    [3, 'ahead', /standing ahead: expected 'winning', 'draw' or 'losing'/],
  ])('refuses P = %s, standing %s', (power, standing, message) => {
    expect(() => limitL2(power, standing as Standing)).toThrow(message)
  })
})

describe('explainL2: which rule set L2', () => {
  it('names the rule and the numbers', () => {
    expect(explainL2(null, 'draw')).toEqual({ rule: 'first-throw', limit: 5 })
    expect(explainL2(3, 'winning')).toEqual({ rule: 'winning', previousPower: 3, limit: 2, bounded: false })
    expect(explainL2(1, 'winning')).toEqual({ rule: 'winning', previousPower: 1, limit: 1, bounded: true })
    expect(explainL2(4, 'draw')).toEqual({ rule: 'draw', previousPower: 4, limit: 5, bounded: false })
    expect(explainL2(5, 'draw')).toEqual({ rule: 'draw', previousPower: 5, limit: 5, bounded: true })
    expect(explainL2(2, 'losing')).toEqual({ rule: 'losing', previousPower: 2, limit: 5 })
  })

  it('always agrees with limitL2', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 5 })),
        fc.constantFrom<Standing>('winning', 'draw', 'losing'),
        (power, standing) => {
          expect(explainL2(power, standing).limit).toBe(limitL2(power, standing))
        },
      ),
    )
  })
})

describe('limitL (RULES.md §6.4)', () => {
  it('is min(L1, L2) and allows at least reverse', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (l1, l2) => {
        const limit = limitL(l1, l2)
        expect(limit).toBe(Math.min(l1, l2))
        expect(limit).toBeGreaterThanOrEqual(1)
      }),
    )
  })
  it('refuses limits outside 1–5', () => {
    expect(() => limitL(0, 3)).toThrow(/L1 0: a power is a whole number 1–5/)
    expect(() => limitL(3, 7)).toThrow(/L2 7/)
  })
})

describe('standingFromScore (RULES.md §6.2)', () => {
  it('reads the house score from the mover’s side', () => {
    expect(standingFromScore({ red: 2, blue: 0 }, 'red')).toBe('winning')
    expect(standingFromScore({ red: 2, blue: 0 }, 'blue')).toBe('losing')
    expect(standingFromScore({ red: 0, blue: 0 }, 'blue')).toBe('draw')
    expect(standingFromScore({ red: 0, blue: 3 }, 'blue')).toBe('winning')
  })
  it('refuses a score "save the last zero" cannot give, and bad input', () => {
    expect(() => standingFromScore({ red: 1, blue: 2 }, 'red')).toThrow(/never lets both sides score/)
    expect(() => standingFromScore({ red: -1, blue: 0 }, 'red')).toThrow(/score of red -1/)
    expect(() => standingFromScore({ red: 0, blue: 0 }, 'green' as 'red')).toThrow(/mover green/)
  })
})
