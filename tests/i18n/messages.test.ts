import { describe, expect, it } from 'vitest'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pluralForm, registerMessages, setLocale, t, type MessageModule } from '../../i18n/index.ts'

const folder = join(__dirname, '../../i18n/messages')

describe('every string exists in Russian and English', async () => {
  const files = readdirSync(folder).filter((f) => f.endsWith('.ts'))
  for (const file of files) {
    const module = ((await import(join(folder, file))) as { default: MessageModule }).default
    it(`${file}: the same keys in both languages, none empty`, () => {
      expect(Object.keys(module.ru).sort()).toEqual(Object.keys(module.en).sort())
      for (const [key, text] of [...Object.entries(module.en), ...Object.entries(module.ru)]) {
        expect(text.trim(), key).not.toBe('')
      }
    })
    it(`${file}: the same placeholders in both languages`, () => {
      for (const key of Object.keys(module.en)) {
        const names = (text: string | undefined) => (text?.match(/\{\w+\}/g) ?? []).sort()
        expect(names(module.ru[key]), key).toEqual(names(module.en[key]))
      }
    })
  }
})

describe('t()', () => {
  it('switches language and fills placeholders', () => {
    registerMessages({ en: { 'test.hello': 'Throw {n}' }, ru: { 'test.hello': 'Бросок {n}' } })
    setLocale('ru')
    expect(t('test.hello', { n: 3 })).toBe('Бросок 3')
    setLocale('en')
    expect(t('test.hello', { n: 3 })).toBe('Throw 3')
  })
  it('shows a missing key visibly', () => {
    expect(t('no.such.key')).toBe('⟦no.such.key⟧')
  })
  it('knows Russian plural forms', () => {
    expect([1, 2, 5, 11, 21, 22, 25].map((n) => pluralForm(n, 'ru'))).toEqual([
      'one', 'few', 'many', 'many', 'one', 'few', 'many',
    ])
  })
})
