import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import MatchView from '../../components/match/MatchView.vue'
import SettingsPanel from '../../entrypoints/sidepanel/SettingsPanel.vue'
import { defaultSetup } from '../../engine/index.ts'
import { LOCALES, setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'
import { useMatchViewStore } from '../../stores/matchView.ts'
import { useThrowPreviewStore } from '../../stores/throwPreview.ts'

enableAutoUnmount(afterEach)

/** Every string of a screen, text and ARIA labels alike, must resolve in both languages. */
function missingKeys(html: string): string[] {
  return html.match(/⟦[^⟧]*⟧/g) ?? []
}

describe.each(LOCALES)('every string of the referee screens exists in %s', (locale) => {
  beforeEach(async () => {
    fakeBrowser.reset()
    setActivePinia(createPinia())
    setLocale(locale)
    await useMatchStore().load()
  })
  afterEach(() => useMatchStore().stopWatching())

  it('a dice throw with a chosen move, its replay, scoring, linescore and log', async () => {
    const store = useMatchStore()
    await store.createMatch(defaultSetup({ red: 'A', blue: 'B' }, 'blue'))
    await store.correctPosition({ red: ['d8'], blue: ['c2', 'a5'] })
    await store.recordGenerator({ kind: 'dice', values: [1, 2, 3, 4, 5] })
    useThrowPreviewStore().select({ start: 'c0', type: 'reverse', lengths: [2, 4] })
    useMatchViewStore().toggleZones()
    const wrapper = mount(MatchView)
    await flushPromises()
    expect(wrapper.find('[data-testid="replay-log"]').exists()).toBe(true)
    expect(missingKeys(wrapper.html())).toEqual([])
  })

  it('the dice operation, the position editor and the settings', async () => {
    const store = useMatchStore()
    await store.createMatch(defaultSetup({ red: 'A', blue: 'B' }, 'blue'))
    const wrapper = mount(MatchView)
    await wrapper.find('[data-testid="dice-mode-operation"]').trigger('click')
    expect(missingKeys(wrapper.html())).toEqual([])
    await wrapper.find('[data-testid="edit-position"]').trigger('click')
    await wrapper.find('[data-testid="cell-d8"]').trigger('click')
    await wrapper.find('[data-testid="cell-d8"]').trigger('click')
    expect(wrapper.find('[data-testid="editor-errors"]').exists()).toBe(true)
    expect(missingKeys(wrapper.html())).toEqual([])
    expect(missingKeys(mount(SettingsPanel).html())).toEqual([])
  })

  it('a card round with its reminders, and an end scored', async () => {
    const store = useMatchStore()
    await store.createMatch({ ...defaultSetup({ red: 'A', blue: 'B' }, 'blue'), variant: { kind: 'cards', deck: 54 } })
    const wrapper = mount(MatchView)
    await flushPromises()
    expect(wrapper.find('[data-testid="card-round"]').exists()).toBe(true)
    expect(missingKeys(wrapper.html())).toEqual([])
    await wrapper.find('[data-testid="cards-mode-hand"]').trigger('click')
    expect(missingKeys(wrapper.html())).toEqual([])
    await store.correctPosition({ red: ['d8'], blue: [] })
    await store.scoreEnd()
    await flushPromises()
    expect(missingKeys(wrapper.html())).toEqual([])
  })
})
