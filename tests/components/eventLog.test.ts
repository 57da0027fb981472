import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import EventLog from '../../components/match/EventLog.vue'
import { moveText } from '../../components/throw/moveText.ts'
import ThrowPanel from '../../components/throw/ThrowPanel.vue'
import { defaultSetup } from '../../engine/index.ts'
import { parseMove } from '../../engine/index.ts'
import type { Move } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'

enableAutoUnmount(afterEach)

const SEMAPHORE: Move = { start: 'e0', type: 'semaphore', lengths: [5, 3] }

describe('event log', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setLocale('ru')
  })
  afterEach(() => {
    useMatchStore().stopWatching()
    setLocale('en')
  })

  it('writes a throw with the trajectory named in the user’s language, in a form the move box reads back', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const store = useMatchStore()
    await store.load()
    await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'))
    await store.recordGenerator({ kind: 'dice', values: [1, 2, 3, 4, 5] })
    await store.makeThrow(SEMAPHORE)
    const wrapper = mount(EventLog, { props: { state: store.state! }, global: { plugins: [pinia] } })
    await flushPromises()
    const text = wrapper.find('[data-testid="event-log"]').text()
    expect(text).toContain('Бросок 1, Красные: e0 семафор 5-3')
    expect(text).not.toContain('semaphore')
  })

  it('writes a hand as players read cards, with suit symbols, and offers to re-enter the cards (not dice)', async () => {
    setLocale('en')
    const pinia = createPinia()
    setActivePinia(pinia)
    const store = useMatchStore()
    await store.load()
    await store.createMatch({ ...defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'), variant: { kind: 'cards', deck: 52 } })
    await store.recordGenerator({ kind: 'cards', hand: ['KH', 'KD', '4H', 'KS', '10D'] })
    const log = mount(EventLog, { props: { state: store.state! }, global: { plugins: [pinia] } })
    expect(log.find('[data-testid="event-log"]').text()).toContain('Cards K♥ K♦ 4♥ K♠ 10♦')
    const panel = mount(ThrowPanel, { global: { plugins: [pinia] } })
    expect(panel.find('[data-testid="generator-undo"]').text()).toBe('Enter the cards again (undo)')
  })

  it('every type, in both languages, reads back as the same move', () => {
    const moves: Move[] = [
      { start: 'c0', type: 'reverse', lengths: [1, 4] },
      { start: 'd0', type: 'shortened', lengths: [5, 4] },
      { start: 'e0', type: 'triple', lengths: [3, 2, 1] },
      { start: 'f0', type: 'quadruple', lengths: [3, 2, 2, 1] },
      SEMAPHORE,
    ]
    for (const locale of ['ru', 'en'] as const) {
      setLocale(locale)
      for (const move of moves) expect(parseMove(moveText(move))).toEqual(move)
    }
  })
})
