// The notation shown to a Russian reader is Russian (issue 9: no "hammer:red" inside Russian
// text), and it reads back as the same position, so a copied line can be pasted again.
import { afterEach, describe, expect, it } from 'vitest'
import { makePosition, makeStones, parsePosition, parseStones } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { notationText } from '../../i18n/notationText.ts'

afterEach(() => setLocale('en'))

describe('notationText: the notation in the reader’s language', () => {
  const record = { position: { red: ['c6', 'e6'], blue: ['h9'] }, toThrow: 'blue' as const, throwNumber: 5, hammer: 'red' as const }

  it('leaves English as the engine writes it', () => {
    setLocale('en')
    expect(notationText(makePosition(record))).toBe('R:c6,e6 B:h9 / blue 5 hammer:red')
  })

  it('writes К:/С:, the colours and «хаммер» in Russian, and reads back as the same position', () => {
    setLocale('ru')
    const line = notationText(makePosition(record))
    expect(line).toBe('К:c6,e6 С:h9 / синие 5 хаммер:красные')
    expect(line).not.toMatch(/[A-Za-z]{2,}/)
    expect(parsePosition(line)).toEqual(parsePosition(makePosition(record)))
    expect(notationText(makeStones({ red: [], blue: [] }))).toBe('К:- С:-')
    expect(parseStones(notationText(makeStones(record.position)))).toEqual(record.position)
  })
})
