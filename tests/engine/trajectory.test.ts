import { describe, expect, it } from 'vitest'
import { checkMove } from '../../engine/index.ts'

describe("the article's test (RULES.md §12.5)", () => {
  it('quadruple А [2,1,1,2] is illegal: its horizontal exceeds the diagonal before it', () => {
    const result = checkMove({ start: 'c0', type: 'quadruple', lengths: [2, 1, 1, 2] })
    expect(result).toEqual({
      ok: false,
      reason: 'quadruple [2,1,1,2]: horizontal (2) must not exceed the diagonal before it (1)',
    })
  })
  it('triple Е [1,6,1] is illegal: no length 6', () => {
    const result = checkMove({ start: 'c0', type: 'triple', lengths: [1, 6, 1] })
    expect(result.ok).toBe(false)
  })
  it('reverse В [1,1] and Г [2,4] are legal', () => {
    expect(checkMove({ start: 'd0', type: 'reverse', lengths: [1, 1] })).toEqual({ ok: true })
    expect(checkMove({ start: 'e0', type: 'reverse', lengths: [2, 4] })).toEqual({ ok: true })
  })
  it('a move from a cell that is not a start cell is illegal', () => {
    const result = checkMove({ start: 'b0', type: 'reverse', lengths: [1, 1] })
    expect(result.ok).toBe(false)
  })
})
