import { describe, expect, it } from 'vitest'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { registerMessages, setLocale, t, type MessageModule } from '../../i18n/index.ts'
import board from '../../i18n/messages/board.ts'
import throwMessages from '../../i18n/messages/throw.ts'

const folder = join(__dirname, '../../i18n/messages')

/**
 * The Russian rules call the game piece «фишка»; «камень» belongs to real curling only.
 * A Russian message may say «камень» only inside an explicit comparison with curling.
 */
const CURLING_COMPARISONS = new Set(['sheets.note.I-3.text'])
const STONE_STEMS = /камен|камн|камуш/i

describe('the Russian piece is «фишка», never «камень»', async () => {
  const files = readdirSync(folder).filter((f) => f.endsWith('.ts'))
  for (const file of files) {
    const module = ((await import(join(folder, file))) as { default: MessageModule }).default
    it(`${file}: no «камень» in Russian outside a curling comparison`, () => {
      for (const [key, text] of Object.entries(module.ru)) {
        if (CURLING_COMPARISONS.has(key)) expect(text, key).toMatch(/керлинг/)
        else expect(text, key).not.toMatch(STONE_STEMS)
      }
    })
  }
})

describe('stone names agree with «фишка» (feminine)', () => {
  it('the trace log names stones «красная», «синяя», «брошенная фишка»', () => {
    expect(throwMessages.ru['throw.trace.stone.red']).toBe('красная {cell}')
    expect(throwMessages.ru['throw.trace.stone.blue']).toBe('синяя {cell}')
    expect(throwMessages.ru['throw.trace.thrownStone']).toBe('брошенная фишка')
  })

  it('the board and the editor say «красная фишка», «синяя фишка»', () => {
    expect(board.ru['board.stone.red']).toBe('красная фишка')
    expect(board.ru['board.stone.blue']).toBe('синяя фишка')
    expect(board.ru['editor.tool.red']).toBe('Красная фишка')
    expect(board.ru['editor.tool.blue']).toBe('Синяя фишка')
  })

  it('no masculine forms are left in the templates a stone name goes into', () => {
    const templates = Object.entries(throwMessages.ru).filter(([key]) => key.startsWith('throw.trace.'))
    for (const [key, text] of templates) {
      expect(text, key).not.toMatch(/(?<![а-яё])(красный|синий|брошенный|ему|ушёл|остался)(?![а-яё])/i)
    }
  })

  it('a hit names its target in the accusative: «бьёт красную e5»', () => {
    registerMessages(throwMessages)
    setLocale('ru')
    try {
      const target = t('throw.trace.object.red', { cell: 'e5' })
      const hitter = t('throw.trace.thrownStone')
      expect(t('throw.trace.hit', { hitter, target, energy: 3 })).toBe('брошенная фишка бьёт красную e5 и передаёт ей энергию 3.')
      const thrown = t('throw.trace.object.thrownStone')
      expect(t('throw.trace.hit', { hitter: t('throw.trace.stone.blue', { cell: 'c4' }), target: thrown, energy: 1 })).toBe('синяя c4 бьёт брошенную фишку и передаёт ей энергию 1.')
    } finally {
      setLocale('en')
    }
  })
})
