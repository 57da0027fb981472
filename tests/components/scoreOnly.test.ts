// A score-only match and ends scored by typing (issue 9): the referee types who scored and how
// many; the linescore, the hammer (RULES.md §10), extra ends and the winner follow with no throw
// entered. Trap 3: "Score end 2" with nothing recorded scores a blank end 0 : 0, no refusal,
// no invented throw.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { enableAutoUnmount, flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import MatchView from '../../components/match/MatchView.vue'
import MatchSetup from '../../components/setup/MatchSetup.vue'
import { defaultSetup, type Color, type MatchSetup as Setup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'

enableAutoUnmount(afterEach)

const SCORE_ONLY: Setup = { ...defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'), ends: 6, recording: 'score-only' }

async function openMatch(setup: Setup) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const store = useMatchStore()
  await store.load()
  await store.createMatch(setup)
  const view = mount(MatchView, { global: { plugins: [pinia] }, attachTo: document.body })
  return { store, view }
}

/** Types one end's score the way the referee taps it: who, how many, then Record. */
async function typeEnd(view: VueWrapper, scorer: Color | 'blank', points?: number): Promise<void> {
  await view.find(scorer === 'blank' ? '[data-testid="entry-blank"]' : `[data-testid="entry-scorer-${scorer}"]`).trigger('click')
  if (points !== undefined) await view.find(`[data-testid="entry-points-${points}"]`).trigger('click')
  await view.find('[data-testid="entry-confirm"]').trigger('click')
  await flushPromises()
}

const row = (view: VueWrapper, color: Color) => view.find(`[data-testid="linescore-${color}"]`).findAll('td').map((td) => td.text())

describe('a score-only match', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setLocale('en')
  })
  afterEach(() => {
    useMatchStore().stopWatching()
    setLocale('en')
  })

  it('the setup offers "scores only"; the match it starts records no throws and asks for no generator', async () => {
    setActivePinia(createPinia())
    const store = useMatchStore()
    await store.load()
    const form = mount(MatchSetup, { props: { coinDuration: 0, coinDraw: () => 'red' } })
    expect(form.find('[data-testid="setup-variant-dice"]').exists()).toBe(true)
    await form.find('[data-testid="setup-recording-score-only"]').setValue(true)
    // Nothing to choose about throws.
    expect(form.find('[data-testid="setup-variant-dice"]').exists()).toBe(false)
    expect(form.find('[data-testid="setup-house-rules"]').exists()).toBe(false)
    await form.find('[data-testid="coin-toss"]').trigger('click')
    await form.find('[data-testid="setup-start"]').trigger('submit')
    await flushPromises()
    expect(store.state?.setup.recording).toBe('score-only')
    expect(store.state?.setup.variant).toEqual({ kind: 'dice' })
    store.stopWatching()
  })

  it('the match screen has no board and no throw panel, only the score entry: one side, 1–8, or a blank end', async () => {
    const { view } = await openMatch(SCORE_ONLY)
    expect(view.find('[data-testid="board"]').exists()).toBe(false)
    expect(view.find('[data-testid="throw-panel"]').exists()).toBe(false)
    expect(view.find('[data-testid="edit-position"]').exists()).toBe(false)
    expect(view.find('[data-testid="score-only-note"]').text()).toBe('Scores only: no throws are entered in this match.')
    const confirm = view.find('[data-testid="entry-confirm"]')
    expect(confirm.attributes('disabled')).toBeDefined()
    expect(confirm.text()).toBe('Choose who scored')
    // Points are offered only after a side is chosen, and only 1–8: 0 is the blank end, 9 cannot be.
    expect(view.find('[data-testid="entry-points-1"]').exists()).toBe(false)
    await view.find('[data-testid="entry-scorer-red"]').trigger('click')
    expect(confirm.text()).toBe('Choose the points')
    expect(view.findAll('[data-testid^="entry-points-"]').map((b) => b.text())).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'])
    await view.find('[data-testid="entry-points-3"]').trigger('click')
    // Changing the side forgets the points: the other side cannot be given them by accident.
    await view.find('[data-testid="entry-scorer-blue"]').trigger('click')
    expect(view.find('[data-testid="entry-points-3"]').attributes('aria-pressed')).toBe('false')
    expect(confirm.attributes('disabled')).toBeDefined()
    await view.find('[data-testid="entry-points-2"]').trigger('click')
    // Before recording: the end's score and who takes the hammer (Blue scored, so Red, the loser).
    expect(view.find('[data-testid="entry-summary"]').text()).toBe('End 1: Boris scores 2 (0 : 2). Next end’s hammer: Anna.')
    expect(confirm.text()).toBe('Record end 1: 0 : 2')
  })

  it('six ends typed in: the linescore, the hammer by the rules, an extra end after a tie, then the winner', async () => {
    const { store, view } = await openMatch(SCORE_ONLY)
    await typeEnd(view, 'red', 2) // Anna 2: Boris (the loser) keeps the hammer
    expect(view.find('[data-testid="hammer-blue"]').exists()).toBe(true)
    await view.find('[data-testid="entry-blank"]').trigger('click')
    expect(view.find('[data-testid="entry-summary"]').text()).toBe('End 2: blank, 0 : 0. The hammer stays with Boris.')
    await view.find('[data-testid="entry-confirm"]').trigger('click')
    await flushPromises()
    expect(view.find('[data-testid="hammer-blue"]').exists()).toBe(true)
    await typeEnd(view, 'blue', 1) // Boris 1: Anna takes the hammer
    expect(view.find('[data-testid="hammer-red"]').exists()).toBe(true)
    await typeEnd(view, 'blank')
    await typeEnd(view, 'blank')
    // End 6 levels the match at 2 : 2: the summary says an extra end follows.
    await view.find('[data-testid="entry-scorer-blue"]').trigger('click')
    await view.find('[data-testid="entry-points-1"]').trigger('click')
    expect(view.find('[data-testid="entry-summary"]').text()).toBe('End 6: 0 : 1. Level at 2 : 2: an extra end follows, hammer: Anna.')
    await view.find('[data-testid="entry-confirm"]').trigger('click')
    await flushPromises()
    expect(view.find('[data-testid="extra-end"]').exists()).toBe(true)
    expect(view.find('[data-testid="match-header"]').text()).toContain('Extra end (7)')
    await view.find('[data-testid="entry-scorer-red"]').trigger('click')
    await view.find('[data-testid="entry-points-1"]').trigger('click')
    expect(view.find('[data-testid="entry-summary"]').text()).toBe('End 7: 1 : 0. Anna wins the match 3 : 2.')
    await view.find('[data-testid="entry-confirm"]').trigger('click')
    await flushPromises()
    expect(store.state?.winner).toBe('red')
    expect(store.events.filter((e) => e.type === 'ThrowMade')).toHaveLength(0)
    expect(row(view, 'red')).toEqual(['2', '0', '0', '0◆', '0◆', '0◆', '1◆', '3'])
    expect(row(view, 'blue')).toEqual(['0◆', '0◆', '1◆', '0', '0', '1', '0', '2'])
    expect(view.find('[data-testid="header-result"]').text()).toBe('Match over: Anna wins 3 : 2')
    expect(view.find('[data-testid="result-detail"]').text()).toBe('Ends played: 6; extra end 1 decided it.')
    // No more scores: the entry is gone.
    expect(view.find('[data-testid="score-entry"]').exists()).toBe(false)
  })

  it('in Russian', async () => {
    setLocale('ru')
    const { view } = await openMatch(SCORE_ONLY)
    expect(view.find('[data-testid="entry-blank"]').text()).toBe('Пустой энд, 0 : 0')
    await view.find('[data-testid="entry-scorer-red"]').trigger('click')
    await view.find('[data-testid="entry-points-4"]').trigger('click')
    expect(view.find('[data-testid="entry-summary"]').text()).toBe('Энд 1: Anna, очков: 4 (4 : 0). Хаммер в следующем энде: Boris.')
    expect(view.find('[data-testid="entry-confirm"]').text()).toBe('Записать энд 1: 4 : 0')
  })
})

describe('ends scored by typing in a throw-by-throw match', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setLocale('en')
  })
  afterEach(() => useMatchStore().stopWatching())

  it('trap 3: "Score end 2" with nothing recorded asks about a blank end and records 0 : 0, with no throw invented', async () => {
    const { store, view } = await openMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'))
    await store.correctPosition({ red: ['d8'], blue: [] })
    await store.scoreEnd()
    await flushPromises()
    await view.find('[data-testid="score-end"]').trigger('click')
    expect(view.find('[data-testid="score-end-question"]').text()).toContain('Nothing was recorded in end 2. Score it as a blank end, 0 : 0?')
    await view.find('[data-testid="score-end-confirm"]').trigger('click')
    await flushPromises()
    expect(view.text()).not.toMatch(/has not begun|scored twice|events\[/)
    expect(view.find('[role="alert"]').exists()).toBe(false)
    expect(store.state?.ends.map((e) => e.score)).toEqual([{ red: 1, blue: 0 }, { red: 0, blue: 0 }])
    expect(store.state?.ends[1]?.entered).toBe(true)
    expect(store.events.some((e) => e.type === 'ThrowMade')).toBe(false)
    // The log names each end it closed.
    const lines = view.findAll('[data-testid="event-log"] li').map((li) => li.text())
    expect(lines[0]).toMatch(/^E2\s*End 2: score entered 0 : 0/)
    expect(lines[1]).toMatch(/^E1\s*End 1 scored 1 : 0/)
  })

  it('an end switched to score-only: the typed score closes it, whatever the screen’s house says', async () => {
    const { store, view } = await openMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'))
    await store.correctPosition({ red: ['d8', 'e9'], blue: [] })
    await flushPromises()
    expect(view.find('[data-testid="live-standing"]').text()).toContain('2 : 0')
    await view.find('[data-testid="score-type"]').trigger('click')
    expect(view.find('[data-testid="live-standing"]').exists()).toBe(false)
    await typeEnd(view, 'blue', 1)
    expect(store.state?.ends[0]).toMatchObject({ score: { red: 0, blue: 1 }, entered: true })
    // Blue won the end, so Red takes the hammer; end 2 is scored from the house again.
    expect(view.find('[data-testid="hammer-red"]').exists()).toBe(true)
    expect(view.find('[data-testid="score-entry"]').exists()).toBe(false)
    expect(view.find('[data-testid="score-end"]').text()).toBe('Score end 2')
  })
})
