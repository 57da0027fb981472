// The notation as people type it (issue 9 trap 7, issue 8 item 5): Cyrillic look-alike
// letters in cells, К:/С: in positions, one colour alone, Russian messages, and bounded
// input — every parser throws nothing but its own NotationError, whatever is pasted.
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { NotationError, makePosition, makeStones, parseMove, parsePosition, parseStones } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { explainError } from '../../i18n/explainError.ts'

function refusal(read: () => unknown): NotationError {
  try {
    read()
  } catch (error) {
    expect(error).toBeInstanceOf(NotationError)
    return error as NotationError
  }
  throw new Error('expected a NotationError')
}

afterEach(() => setLocale('en'))

describe('Cyrillic look-alike letters in cells', () => {
  it('«с0 обратная 1-4» with a Cyrillic «с» reads as c0', () => {
    expect(parseMove('с0 обратная 1-4')).toEqual({ start: 'c0', type: 'reverse', lengths: [1, 4] })
    expect(parseMove('е0 тройная 3-2-1').start).toBe('e0')
    expect(parseMove('С0 семафор 5-3').start).toBe('c0')
  })

  it('stones typed with а, с, е, В, Н read as their Latin cells', () => {
    expect(parseStones('R:а1,с6,е8 B:В2,Н9')).toEqual({ red: ['a1', 'c6', 'e8'], blue: ['b2', 'h9'] })
  })

  it('a letter that only looks like nothing on the board is still refused, naming it', () => {
    expect(refusal(() => parseMove('ж0 обратная 1-4')).message).toMatch(/ж0 is not a cell/)
  })
})

describe('positions in Russian: К:/С:, one colour alone', () => {
  it('К: and С: (красные, синие) stand for R: and B:', () => {
    expect(parseStones('К:c6,e6 С:h9')).toEqual({ red: ['c6', 'e6'], blue: ['h9'] })
    expect(parseStones('синие:h9 красные:c6')).toEqual({ red: ['c6'], blue: ['h9'] })
  })

  it('whose throw and the hammer read in Russian too', () => {
    expect(makePosition(parsePosition('К:c6 С:h9 / синие 5 хаммер:красные'))).toBe('R:c6 B:h9 / blue 5 hammer:red')
  })

  it('B:e9 alone means Red has no stones (issue 9, trap 1)', () => {
    expect(parseStones('B:e9')).toEqual({ red: [], blue: ['e9'] })
    expect(parseStones('С:e9')).toEqual({ red: [], blue: ['e9'] })
    expect(parsePosition('R:c6 / red 3 hammer:blue').position).toEqual({ red: ['c6'], blue: [] })
    expect(makeStones(parseStones('К:d8'))).toBe('R:d8 B:-')
  })

  it('an empty line is still refused: at least one colour is named', () => {
    expect(refusal(() => parseStones('')).message).toMatch(/expected R: or B:/)
  })

  it('the refusal says «нужно К: или С:» in Russian — no English inside', () => {
    setLocale('ru')
    const text = explainError(refusal(() => parseStones('G:c6')))
    expect(text).toContain('нужно К: или С:')
    expect(text).not.toMatch(/\bor\b|R:|B:/)
    expect(explainError(refusal(() => parseStones('К:c6 X:h9')))).toContain('нужно С:')
    expect(explainError(refusal(() => parsePosition('К:c6 / зелёные 3 хаммер:синие')))).toContain('(красные или синие)')
    expect(explainError(refusal(() => parsePosition('К:c6 / красные 3 молот:синие')))).toContain('нужно хаммер:красные или хаммер:синие')
  })
})

describe('bounded input: nothing but a NotationError, whatever the paste', () => {
  const parsers = { parseMove, parseStones, parsePosition } as const

  it('a 390 KB paste of stones is refused as too long, not a stack overflow', () => {
    const paste = `R:${'c6,'.repeat(130_000)}c6 B:-`
    expect(paste.length).toBeGreaterThan(390_000)
    for (const parse of Object.values(parsers)) {
      const error = refusal(() => parse(paste))
      expect(error.code).toBe('notation.at')
      expect(error.inner?.[0]?.code).toBe('notation.too-long')
      // The refusal quotes the start of the line, not all of it.
      expect(error.message.length).toBeLessThan(300)
    }
    setLocale('ru')
    expect(explainError(refusal(() => parseStones(paste)))).toMatch(/слишком длинно: в строке записи не больше 500/)
  })

  it('a long list of cells within the limit is refused by the stone count, not by the stack', () => {
    const cells = 'abcdefgh'.split('').flatMap((col) => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((row) => `${col}${row}`))
    const line = `R:${cells.slice(0, 100).join(',')}`
    expect(line.length).toBeLessThanOrEqual(500)
    expect(refusal(() => parseStones(line)).message).toMatch(/red: \d+ stones in play, at most 8/)
  })

  const pieces = fc.constantFrom(
    'R:', 'B:', 'К:', 'С:', 'c6', 'с6', 'e9', 'h12', 'a0', ',', ' ', '-', '/', 'red', 'синие', '5', '16',
    'hammer:', 'хаммер:', 'd0', 'triple', 'обратная', '3-2-1', '[', ']', ':', 'z', '9', '\n', '—', '\u0000',
  )
  const lines = fc.oneof(
    fc.string({ maxLength: 2_000 }),
    fc.array(pieces, { maxLength: 400 }).map((parts) => parts.join('')),
    fc.tuple(pieces, fc.integer({ min: 1, max: 60_000 })).map(([piece, times]) => piece.repeat(times)),
  )

  it.each(Object.entries(parsers))('%s throws only NotationError on any text, long or short', (_name, parse) => {
    fc.assert(
      fc.property(lines, (line) => {
        try {
          parse(line)
        } catch (error) {
          expect(error).toBeInstanceOf(NotationError)
        }
      }),
      { numRuns: 300 },
    )
  })

  it.each(Object.entries(parsers))('%s throws only NotationError on what is not text', (_name, parse) => {
    for (const value of [null, undefined, 42, {}, [], Symbol('x')]) expect(() => parse(value as unknown as string)).toThrow(NotationError)
  })
})
