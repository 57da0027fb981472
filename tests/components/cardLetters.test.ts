// Face cards as the deck on the table prints them (a setting): J Q K A, or В Д К Т on a
// Russian deck. Only the screen changes; what is recorded stays in the engine's notation.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import { storage } from 'wxt/utils/storage'
import CardPicker from '../../components/throw/CardPicker.vue'
import { cardLabel } from '../../components/throw/cardLabel.ts'
import { parseHandText } from '../../components/tools/generatorText.ts'
import SettingsPanel from '../../entrypoints/sidepanel/SettingsPanel.vue'
import { setCardLetters } from '../../i18n/cardLetters.ts'
import { setLocale, t } from '../../i18n/index.ts'
import { classifyCards } from '../../engine/index.ts'
import { parseMove } from '../../engine/index.ts'
import { useSettingsStore } from '../../stores/settings.ts'
import { DEFAULT_SETTINGS, SETTINGS_MIGRATIONS, SETTINGS_VERSION, quarantineItem, settingsItem, type StoredSettings } from '../../stores/storageItems.ts'

beforeEach(() => {
  fakeBrowser.reset()
  setActivePinia(createPinia())
})
afterEach(() => setCardLetters('latin'))

describe('face-card letters', () => {
  it('label cards J Q K A by default, В Д К Т for a Russian deck; numbers and suits stay', () => {
    expect(['JH', 'QS', 'KD', 'AC', '10H'].map(cardLabel)).toEqual(['J♥', 'Q♠', 'K♦', 'A♣', '10♥'])
    setCardLetters('russian')
    expect(['JH', 'QS', 'KD', 'AC', '10H'].map(cardLabel)).toEqual(['В♥', 'Д♠', 'К♦', 'Т♣', '10♥'])
  })

  it('the card picker shows the deck’s letters and still picks the engine’s card', async () => {
    setCardLetters('russian')
    const picker = mount(CardPicker, { props: { deck: 36 } })
    expect(picker.find('[data-testid="card-rank-Q"]').text()).toBe('Д')
    await picker.find('[data-testid="card-rank-Q"]').trigger('click')
    await picker.find('[data-testid="card-suit-H"]').trigger('click')
    expect(picker.emitted('pick')).toEqual([['QH']])
  })

  it('typed hands read a Russian deck’s letters, Russian suit initials and the suit symbols', () => {
    expect(parseHandText('Дч Т♠ в♦ Кк 10п')).toEqual(['QH', 'AS', 'JD', 'KC', '10S'])
    // The ace of clubs: туз треф, the same letter as rank and as suit.
    expect(parseHandText('Тт тб')).toEqual(['AC', 'AD'])
    expect(parseHandText('10h qs 4d JK')).toEqual(['10H', 'QS', '4D', 'JK'])
  })

  it('the example hand and move shown in the inputs read as a hand and a move, in both languages', () => {
    for (const locale of ['en', 'ru'] as const) {
      setLocale(locale)
      // 4 4 and a joker: three fours at best (I-5).
      expect(classifyCards(parseHandText(t('example.cards')), 54).combination, locale).toBe('three')
      expect(parseMove(t('example.move')), locale).toEqual({ start: 'd0', type: 'triple', lengths: [3, 2, 1] })
    }
    setLocale('en')
  })

  it('the setting is chosen in Settings, applies at once and is kept in storage', async () => {
    const settings = useSettingsStore()
    await settings.load()
    const panel = mount(SettingsPanel)
    await panel.find('[data-testid="card-letters-russian"]').setValue(true)
    await flushPromises()
    expect(cardLabel('AS')).toBe('Т♠')
    expect((await settingsItem.getValue()).cardLetters).toBe('russian')
    settings.stopWatching()
  })

  it('settings saved before the setting existed take J Q K A, without being reported as damaged', async () => {
    await fakeBrowser.storage.local.set({ settings: { locale: 'ru', theme: 'dark' } })
    const settings = useSettingsStore()
    await settings.load()
    expect(settings.cardLetters).toBe('latin')
    expect(settings.theme).toBe('dark')
    expect(settings.problem).toBeNull()
    expect(await quarantineItem.getValue()).toEqual([])
    expect(await settingsItem.getValue()).toEqual({ locale: 'ru', theme: 'dark', cardLetters: 'latin' })
    settings.stopWatching()
  })

  it('an invalid letters value is still kept aside and reported', async () => {
    await fakeBrowser.storage.local.set({ settings: { locale: 'en', theme: 'light', cardLetters: 'klingon' } })
    const settings = useSettingsStore()
    await settings.load()
    expect(settings.cardLetters).toBe('latin')
    expect(settings.problem).not.toBeNull()
    expect((await quarantineItem.getValue())[0]?.raw).toEqual({ locale: 'en', theme: 'light', cardLetters: 'klingon' })
    settings.stopWatching()
  })

  it('the storage migration v1 → v2 adds the letters to settings stored by the previous version', async () => {
    await fakeBrowser.storage.local.set({ settings: { locale: 'ru', theme: 'system' }, settings$: { v: 1 } })
    const upgraded = storage.defineItem<StoredSettings>('local:settings', {
      fallback: DEFAULT_SETTINGS,
      version: SETTINGS_VERSION,
      migrations: SETTINGS_MIGRATIONS,
    })
    expect(await upgraded.getValue()).toEqual({ locale: 'ru', theme: 'system', cardLetters: 'latin' })
    expect((await fakeBrowser.storage.local.get('settings$')).settings$).toEqual({ v: 2 })
  })
})
