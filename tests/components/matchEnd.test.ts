// The end of a match (issue 9, trap 4): the result instead of an end nobody will play, the
// deciding end's position kept on the board, the final linescore, rematch and new match; and
// the log tags each "End scored" line with the end it closed (trap 3).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import EventLog from '../../components/match/EventLog.vue'
import MatchResult from '../../components/match/MatchResult.vue'
import MatchView from '../../components/match/MatchView.vue'
import { decidingPosition, rematchSetup } from '../../components/match/matchResult.ts'
import MatchList from '../../components/setup/MatchList.vue'
import { defaultSetup, deriveMatch, type MatchSetup, type Position } from '../../engine/index.ts'
import PopupApp from '../../entrypoints/popup/App.vue'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'
import { storage } from 'wxt/utils/storage'
import { matchKey, type StoredMatch } from '../../stores/storageItems.ts'

enableAutoUnmount(afterEach)

const SETUP: MatchSetup = {
  ...defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'),
  ends: 6,
  variant: { kind: 'cards', deck: 36, discardPileTracking: true },
  houseRules: { ...defaultSetup({ red: '', blue: '' }, 'red').houseRules, quadrupleConstraint: 'attested' },
}
/** The deciding end's last position: Anna (red) has two stones in the house, Boris one outside. */
const DECIDING: Position = { red: ['d8', 'e9'], blue: ['a12'] }

/** A 6-end match that Anna wins 3 : 1 in end 6; end 2 is Boris's, ends 3–5 blank (a stone outside the house). */
async function playToTheEnd(pinia = createPinia()) {
  setActivePinia(pinia)
  const store = useMatchStore()
  await store.load()
  await store.createMatch(SETUP)
  const ends: Position[] = [{ red: ['d8'], blue: [] }, { red: [], blue: ['d8'] }, ...Array(3).fill({ red: ['a12'], blue: [] }), DECIDING]
  for (const position of ends) {
    await store.correctPosition(position)
    await store.scoreEnd()
  }
  return { pinia, store }
}

describe('the end of a match', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setLocale('en')
  })
  afterEach(() => {
    useMatchStore().stopWatching()
    setLocale('en')
  })

  it('the header says the result, not "End 6 · Hammer"; the board keeps the deciding end’s final position', async () => {
    const { pinia, store } = await playToTheEnd()
    expect(store.state?.winner).toBe('red')
    const view = mount(MatchView, { global: { plugins: [pinia] } })
    const header = view.find('[data-testid="match-header"]').text()
    expect(header).toContain('Match over: Anna wins 3 : 1')
    expect(header).not.toMatch(/Hammer|Extra end|End \d of/)
    expect(view.find('[data-testid="current-hammer"]').exists()).toBe(false)
    // The stones the end was won with, not an empty field.
    expect(view.find('[data-testid="stone-d8"]').exists()).toBe(true)
    expect(view.find('[data-testid="stone-e9"]').exists()).toBe(true)
    expect(view.find('[data-testid="stone-a12"]').exists()).toBe(true)
    expect(view.find('[data-testid="result-detail"]').text()).toBe('Ends played: 6. The board shows how end 6 finished.')
    // The final linescore: every end's points, the totals, the winner marked.
    expect(view.find('[data-testid="linescore-red"]').findAll('td').map((td) => td.text())).toEqual(['1', '0', '0◆', '0◆', '0◆', '2◆', '3'])
    expect(view.find('[data-testid="won-red"]').exists()).toBe(true)
    expect(view.find('[data-testid="won-blue"]').exists()).toBe(false)
    expect(view.find('[data-testid="match-winner"]').text()).toBe('Final Anna wins 3 : 1')
    // No column for an end that will not be played.
    expect(view.findAll('[data-testid="linescore"] thead th')).toHaveLength(8)
    // The result panel says the match is over; the throw panel under it does not repeat it.
    expect(view.find('[data-testid="throw-panel"]').text()).toBe('')
  })

  it('the deciding position survives an undo and a redo of the deciding score', async () => {
    const { store } = await playToTheEnd()
    await store.undo()
    expect(store.state?.finished).toBe(false)
    expect(decidingPosition(store.state!)).toBeNull()
    await store.redo()
    expect(decidingPosition(store.state!)).toEqual(DECIDING)
  })

  it('in Russian the header, the result and the log say it in Russian', async () => {
    setLocale('ru')
    const { pinia } = await playToTheEnd()
    const view = mount(MatchView, { global: { plugins: [pinia] } })
    expect(view.find('[data-testid="header-result"]').text()).toBe('Матч окончен. Победа: Anna, 3 : 1')
    expect(view.find('[data-testid="result-detail"]').text()).toBe('Сыграно эндов: 6. На поле — итоговая позиция энда 6.')
    expect(view.find('[data-testid="rematch"]').text()).toBe('Реванш')
    expect(view.find('[data-testid="new-match"]').text()).toBe('Новый матч')
  })

  it('"New match" asks the side panel for the setup form', async () => {
    const { pinia } = await playToTheEnd()
    const view = mount(MatchView, { global: { plugins: [pinia] } })
    await view.find('[data-testid="new-match"]').trigger('click')
    expect(view.emitted('new-match')).toHaveLength(1)
  })

  it('a rematch: same players, colours, ends, generator and house rules; the first hammer by agreement', async () => {
    const { pinia, store } = await playToTheEnd()
    const finishedId = store.currentId
    const result = mount(MatchResult, { props: { state: store.state! }, global: { plugins: [pinia] } })
    expect(result.find('[data-testid="rematch-panel"]').exists()).toBe(false)
    await result.find('[data-testid="rematch"]').trigger('click')
    // Nothing is started until the hammer is settled (RULES.md §10: lot or agreement).
    const start = result.find('[data-testid="rematch-start"]')
    expect(start.attributes('disabled')).toBeDefined()
    expect(start.text()).toBe('Toss the coin or agree who has the hammer')
    expect(result.find('[data-testid="rematch-hammer-rule"]').text()).toContain('by lot or by agreement')
    await result.find('[data-testid="rematch-hammer-blue"]').trigger('click')
    expect(start.text()).toBe('Start the rematch (hammer: Boris)')
    await start.trigger('click')
    await flushPromises()
    expect(result.emitted('rematched')).toHaveLength(1)
    expect(store.currentId).not.toBe(finishedId)
    const rematch = store.state!
    expect(rematch.setup).toEqual({ ...SETUP, firstHammer: 'blue', firstHammerBy: 'choice' })
    expect(rematch.ends).toHaveLength(0)
    expect(rematch.hammer).toBe('blue')
    // The finished match is kept, as it was.
    const kept = await storage.getItem<StoredMatch>(matchKey(finishedId!))
    expect(deriveMatch(kept!.events).winner).toBe('red')
  })

  it('a rematch by lot: the coin decides and the setup says so', async () => {
    const { pinia, store } = await playToTheEnd()
    const result = mount(MatchResult, { props: { state: store.state!, coinDuration: 0, coinDraw: () => 'red' }, global: { plugins: [pinia] } })
    await result.find('[data-testid="rematch"]').trigger('click')
    await result.find('[data-testid="rematch-hammer-blue"]').trigger('click')
    // A toss after an agreement replaces it.
    await result.find('[data-testid="coin-toss"]').trigger('click')
    expect(result.find('[data-testid="rematch-hammer-blue"]').attributes('aria-pressed')).toBe('false')
    expect(result.find('[data-testid="rematch-start"]').text()).toBe('Start the rematch (hammer: Anna)')
    await result.find('[data-testid="rematch-start"]').trigger('click')
    await flushPromises()
    expect(store.state!.setup.firstHammer).toBe('red')
    expect(store.state!.setup.firstHammerBy).toBe('lot')
  })

  it('rematchSetup copies the setup, never shares it', () => {
    const next = rematchSetup(SETUP, 'red', 'lot')
    expect(next.houseRules).not.toBe(SETUP.houseRules)
    expect(next.players).toEqual(SETUP.players)
    expect(SETUP.firstHammer).toBe('blue')
  })

  it('the popup says the result and the winner, not the end and the hammer', async () => {
    await playToTheEnd()
    setActivePinia(createPinia())
    const popup = mount(PopupApp)
    await flushPromises()
    expect(popup.find('[data-testid="popup-finished"]').text()).toBe('Match over: Anna wins 3 : 1')
    expect(popup.find('[data-testid="popup-end"]').exists()).toBe(false)
    expect(popup.find('[data-testid="popup-hammer"]').exists()).toBe(false)
    expect(popup.find('[data-testid="popup-score"]').text()).toMatch(/Anna\s*3 : 1\s*Boris/)
    expect(popup.find('[data-testid="popup-score"] .red').classes()).toContain('won')
    useMatchStore().stopWatching()
  })

  it('the match list marks the finished match with its winner and the one in progress with its end', async () => {
    const { pinia, store } = await playToTheEnd()
    const finishedId = store.currentId!
    await store.createMatch(defaultSetup({ red: 'Vera', blue: 'Oleg' }, 'red'))
    const list = mount(MatchList, { global: { plugins: [pinia] } })
    const finished = list.find(`[data-testid="match-${finishedId}"]`)
    expect(finished.find('[data-testid="match-final"]').text()).toBe('final: Anna won 3 : 1')
    expect(finished.find('[data-testid="match-final"]').attributes('data-winner')).toBe('red')
    expect(finished.find(`[data-testid="match-resume-${finishedId}"]`).text()).toBe('Open')
    const current = list.find(`[data-testid="match-${store.currentId}"]`)
    expect(current.find('[data-testid="match-final"]').exists()).toBe(false)
    expect(current.find('[data-testid="match-summary"]').text()).toContain('end 1 · in progress')
    setLocale('ru')
    await flushPromises()
    expect(finished.find('[data-testid="match-final"]').text()).toBe('итог — Anna, победа 3 : 1')
  })

  it('each "End scored" line carries the end it closed (E1 for end 1), in the tag and in the words', async () => {
    const { pinia, store } = await playToTheEnd()
    const log = mount(EventLog, { props: { state: store.state! }, global: { plugins: [pinia] } })
    const scored = log.findAll('li').filter((li) => li.text().includes('scored'))
    expect(scored).toHaveLength(6)
    // Newest first: end 6 down to end 1.
    expect(scored.map((li) => li.find('[data-testid="log-end"]').text())).toEqual(['E6', 'E5', 'E4', 'E3', 'E2', 'E1'])
    expect(scored.at(-1)!.text()).toContain('End 1 scored 1 : 0')
    expect(scored[0]!.text()).toContain('End 6 scored 2 : 0')
  })
})
