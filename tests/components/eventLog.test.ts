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

  it('folds the ends before the last two to one line each, opened and folded again with a tap', async () => {
    setLocale('en')
    const pinia = createPinia()
    setActivePinia(pinia)
    const store = useMatchStore()
    await store.load()
    await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'))
    for (let end = 1; end <= 4; end++) {
      await store.recordGenerator({ kind: 'dice', values: [1, 2, 3, 4, 5] })
      await store.makeThrow(SEMAPHORE)
      await store.enterEndScore({ red: end % 2, blue: 0 })
    }
    const wrapper = mount(EventLog, { props: { state: store.state! }, global: { plugins: [pinia] } })
    await flushPromises()
    const lines = () => wrapper.findAll('[data-testid="event-log"] li').map((li) => li.text())
    // Ends 4 and 3 line by line (3 lines each), ends 2 and 1 folded: how many lines, and the score.
    expect(lines()).toHaveLength(8)
    expect(lines()[0]).toMatch(/^E4\s*End 4: score entered 0 : 0/)
    expect(lines()[6]).toMatch(/^E2\s*End 2: 3 entries · End 2: score entered 0 : 0/)
    expect(lines()[7]).toMatch(/^E1\s*End 1: 4 entries · End 1: score entered 1 : 0/)
    const fold = wrapper.find('[data-testid="log-fold-0"]')
    expect(fold.attributes('aria-expanded')).toBe('false')
    await fold.trigger('click')
    expect(lines()).toHaveLength(12)
    expect(lines().at(-2)).toMatch(/Match: Anna \(red\) vs Boris \(blue\)/)
    expect(lines().at(-1)).toBe('Fold end 1')
    await wrapper.find('[data-testid="log-fold-0"]').trigger('click')
    expect(lines()).toHaveLength(8)
    setLocale('ru')
    await flushPromises()
    expect(lines()[7]).toMatch(/^Э1\s*Энд 1: 4 записи/)
  })
})
