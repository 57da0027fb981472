import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import { locale, t } from '../../i18n/index.ts'
import { useSettingsStore } from '../../stores/settings.ts'
import { quarantineItem } from '../../stores/storageItems.ts'

describe('settings store', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setActivePinia(createPinia())
  })
  afterEach(() => useSettingsStore().stopWatching())

  it('switches the language at once and remembers it across a new Pinia', async () => {
    const settings = useSettingsStore()
    await settings.load()
    await settings.setLocale('ru')
    expect(locale.value).toBe('ru')
    expect(t('color.red')).toBe('Красные')
    await settings.setTheme('dark')
    settings.stopWatching()
    setActivePinia(createPinia())
    const reopened = useSettingsStore()
    await reopened.load()
    expect(reopened.locale).toBe('ru')
    expect(reopened.theme).toBe('dark')
    expect(document.documentElement.dataset.theme).toBe('dark')
    await reopened.setLocale('en')
  })

  it('keeps a malformed stored value aside and uses what is valid of it', async () => {
    await fakeBrowser.storage.local.set({ settings: { locale: 'de', theme: 'dark' } })
    const settings = useSettingsStore()
    await settings.load()
    expect(settings.localeChoice).toBeNull()
    expect(settings.theme).toBe('dark')
    expect(settings.problem).toBe('not valid settings')
    expect((await quarantineItem.getValue())[0]).toMatchObject({ key: 'local:settings', raw: { locale: 'de', theme: 'dark' } })
  })

  it('reports nothing for settings never saved', async () => {
    const settings = useSettingsStore()
    await settings.load()
    expect(settings.problem).toBeNull()
    expect(await quarantineItem.getValue()).toEqual([])
  })
})
