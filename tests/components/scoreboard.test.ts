// The room's scoreboard (entrypoints/scoreboard/App.vue over stores/scoreboard.ts): it follows a
// match the referee records in another page, through storage change events, and never writes;
// the last throw's ruling in words; a missing, deleted or damaged match says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enableAutoUnmount, flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import App from '../../entrypoints/scoreboard/App.vue'
import { lastThrowOf, rulingOf } from '../../components/scoreboard/lastThrow.ts'
import { applyEvent, defaultSetup, deriveMatch, enteredEndScoreEvent, startMatch, throwEvent, type ThrowRecord } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'
import { typedMatch } from '../roundRobin.ts'

enableAutoUnmount(afterEach)

/** The referee's page: its own Pinia, as another window has. */
async function refereePage() {
  setActivePinia(createPinia())
  const store = useMatchStore()
  await store.load()
  return store
}

/** The scoreboard window for a match id (or none), in a Pinia of its own. */
async function scoreboardPage(id: string | null): Promise<VueWrapper> {
  window.history.replaceState({}, '', id === null ? '/scoreboard.html' : `/scoreboard.html?match=${encodeURIComponent(id)}`)
  const pinia = createPinia()
  const wrapper = mount(App, { global: { plugins: [pinia] } })
  await flushPromises()
  return wrapper
}

const text = (wrapper: VueWrapper, id: string) => wrapper.find(`[data-testid="${id}"]`).text()

describe('the scoreboard window', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setLocale('en')
  })
  afterEach(() => setLocale('en'))

  it('follows the throws the referee records elsewhere, and writes nothing itself', async () => {
    const referee = await refereePage()
    const id = await referee.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'red'), 'Final')
    const board = await scoreboardPage(id)
    expect(text(board, 'scoreboard-name')).toBe('Final')
    expect(text(board, 'scoreboard-throw')).toBe('Throw 1 of 16')
    expect(board.find('[data-testid="scoreboard-hammer-red"]').exists()).toBe(true)
    expect(board.find('[data-testid="scoreboard-mover-blue"]').exists()).toBe(true)
    expect(text(board, 'scoreboard-last-throw')).toBe('No throw recorded yet')

    const stored = JSON.stringify(await fakeBrowser.storage.local.get(null))
    await referee.recordGenerator({ kind: 'dice', values: [1, 1, 2, 3, 4] })
    await referee.makeThrow({ start: 'd0', type: 'reverse', lengths: [1, 4] })
    await flushPromises()
    expect(text(board, 'scoreboard-throw')).toBe('Throw 2 of 16')
    expect(text(board, 'scoreboard-last-throw')).toBe('End 1, throw 1 · Boris: d0 reverse 1-4')
    expect(text(board, 'scoreboard-ruling')).toBe('Legal; no stone left play.')
    expect(board.find('[data-testid="scoreboard-mover-red"]').exists()).toBe(true)
    // Everything in storage is the referee's: the scoreboard added or changed nothing.
    const after = await fakeBrowser.storage.local.get(null)
    expect(Object.keys(after).sort()).toEqual(Object.keys(JSON.parse(stored) as object).sort())

    // An undo is followed too: the throw is taken back on the scoreboard.
    await referee.undo()
    await flushPromises()
    expect(text(board, 'scoreboard-throw')).toBe('Throw 1 of 16')
    referee.stopWatching()
  })

  it('in Russian, a finished score-only match names the winner and the linescore holds every end', async () => {
    await fakeBrowser.storage.local.set({ settings: { locale: 'ru', theme: 'system', cardLetters: 'latin' } })
    const referee = await refereePage()
    const id = await referee.createMatch({ ...defaultSetup({ red: 'Анна', blue: 'Борис' }, 'red'), ends: 6, recording: 'score-only' })
    for (const score of [{ red: 2, blue: 0 }, { red: 0, blue: 1 }, { red: 1, blue: 0 }, { red: 0, blue: 0 }, { red: 0, blue: 3 }, { red: 2, blue: 0 }]) {
      await referee.enterEndScore(score)
    }
    const board = await scoreboardPage(id)
    await board.find('[data-testid="scoreboard-language"]').trigger('click') // English, then Russian again: this window's own choice
    expect(text(board, 'scoreboard-result')).toBe('Final Anna wins 5 : 4'.replace('Anna', 'Анна'))
    await board.find('[data-testid="scoreboard-language"]').trigger('click')
    expect(text(board, 'scoreboard-result')).toBe('Итог Победа: Анна, 5 : 4')
    expect(text(board, 'scoreboard-score-only')).toMatch(/^Только счёт/)
    expect(board.find('[data-testid="scoreboard-player-red"]').classes()).toContain('winner')
    expect(board.find('[data-testid="linescore-red"]').findAll('td').map((td) => td.text())).toEqual(['2◆', '0', '1◆', '0', '0', '2◆', '5'])
    referee.stopWatching()
  })

  it('a missing id, a deleted match and a damaged one each say so', async () => {
    expect(text(await scoreboardPage(null), 'scoreboard-message')).toMatch(/open the scoreboard from a match/)
    expect(text(await scoreboardPage('m-gone'), 'scoreboard-message')).toMatch(/no longer saved/)
    await fakeBrowser.storage.local.set({ 'match:m-bad': { id: 'm-bad', name: 'x', createdAt: '', updatedAt: '', events: [{ type: 'Nope' }] } })
    expect(text(await scoreboardPage('m-bad'), 'scoreboard-message')).toMatch(/^This match could not be read: /)
    // Deleted while shown: the scoreboard says so instead of showing a stale score.
    const referee = await refereePage()
    const id = await referee.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'red'))
    const board = await scoreboardPage(id)
    expect(board.find('[data-testid="scoreboard"]').exists()).toBe(true)
    await referee.deleteMatch(id)
    await flushPromises()
    expect(text(board, 'scoreboard-message')).toMatch(/no longer saved/)
    referee.stopWatching()
  })

  it('a timed match shows the match clock, each player’s time left, and the pause', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.parse('2026-11-23T15:00:00.000Z'))
      const referee = await refereePage()
      const id = await referee.createMatch({ ...defaultSetup({ red: 'Anna', blue: 'Boris' }, 'red'), clock: { thinkingSeconds: 600 } })
      vi.setSystemTime(Date.parse('2026-11-23T15:01:05.000Z'))
      const board = await scoreboardPage(id)
      expect(text(board, 'scoreboard-clock')).toBe('Match clock 1:05')
      // Blue throws first (Red has the hammer): Blue's thinking time runs.
      expect(text(board, 'scoreboard-time-blue')).toBe('left 8:55')
      expect(text(board, 'scoreboard-time-red')).toBe('left 10:00')
      expect(board.find('[data-testid="scoreboard-time-blue"]').classes()).toContain('thinking')
      await referee.pauseClock()
      await flushPromises()
      expect(text(board, 'scoreboard-clock')).toBe('Match clock 1:05 · paused')
      referee.stopWatching()
    } finally {
      vi.useRealTimers()
    }
  })

  it('a timed score-only match shows the match clock but no one’s thinking time (no throws)', async () => {
    const referee = await refereePage()
    const setup = { ...defaultSetup({ red: 'Anna', blue: 'Boris' }, 'red'), recording: 'score-only' as const, clock: {} }
    const board = await scoreboardPage(await referee.createMatch(setup))
    expect(board.find('[data-testid="scoreboard-clock"]').exists()).toBe(true)
    expect(board.find('[data-testid="scoreboard-time-red"]').exists()).toBe(false)
    expect(board.find('[data-testid="scoreboard-time-blue"]').exists()).toBe(false)
    referee.stopWatching()
  })

  it('a match without a clock shows none', async () => {
    const referee = await refereePage()
    const board = await scoreboardPage(await referee.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'red')))
    expect(board.find('[data-testid="scoreboard-clock"]').exists()).toBe(false)
    expect(board.find('[data-testid="scoreboard-time-red"]').exists()).toBe(false)
    referee.stopWatching()
  })

  it('the theme follows the settings until this window chooses its own', async () => {
    await fakeBrowser.storage.local.set({ settings: { locale: 'en', theme: 'dark', cardLetters: 'latin' } })
    const referee = await refereePage()
    const id = await referee.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'red'))
    const board = await scoreboardPage(id)
    expect(document.documentElement.dataset.theme).toBe('dark')
    await board.find('[data-testid="scoreboard-theme"]').trigger('click')
    expect(document.documentElement.dataset.theme).toBe('light')
    expect(((await fakeBrowser.storage.local.get('settings')).settings as { theme: string }).theme).toBe('dark')
    referee.stopWatching()
  })
})

describe('the last throw and its ruling', () => {
  const record = (over: Partial<ThrowRecord>): ThrowRecord => ({
    eventIndex: 1,
    throwNumber: 3,
    mover: 'blue',
    move: { start: 'c0', type: 'reverse', lengths: [1, 2] },
    generator: null,
    result: { position: { red: [], blue: [] }, outOfPlay: [], freeGuardViolation: false, power: 1 },
    ...over,
  })

  it('a null, a void throw, stones out of play (the thrown one told apart), or none', () => {
    expect(rulingOf(record({ move: null }))).toEqual({ kind: 'null' })
    expect(rulingOf(record({ result: { position: { red: [], blue: [] }, outOfPlay: [{ color: 'blue', from: 'c0' }], freeGuardViolation: true, power: 1 } }))).toEqual({ kind: 'void' })
    expect(rulingOf(record({ result: { position: { red: [], blue: [] }, outOfPlay: [{ color: 'red', from: 'a10' }, { color: 'blue', from: 'c0' }], freeGuardViolation: false, power: 1 } }))).toEqual({
      kind: 'out',
      stones: [
        { color: 'red', cell: 'a10', thrown: false },
        { color: 'blue', cell: 'c0', thrown: true },
      ],
    })
    expect(rulingOf(record({}))).toEqual({ kind: 'stay' })
  })

  it('after an end is scored, the last throw is that end’s last; a score-only match has none', () => {
    let state = deriveMatch(startMatch(defaultSetup({ red: 'A', blue: 'B' }, 'red')))
    state = applyEvent(state, { type: 'GeneratorRecorded', generator: { kind: 'dice', values: [1, 1, 2, 3, 4] } })
    state = applyEvent(state, throwEvent(state, { start: 'd0', type: 'reverse', lengths: [1, 4] }))
    expect(lastThrowOf(state)).toMatchObject({ end: 1, record: { throwNumber: 1, mover: 'blue' } })
    state = applyEvent(state, enteredEndScoreEvent(state, { red: 0, blue: 1 }))
    expect(state.throws).toEqual([])
    expect(lastThrowOf(state)).toMatchObject({ end: 1, record: { throwNumber: 1, mover: 'blue' } })
    expect(lastThrowOf(typedMatch('A', 'B', [[1, 0]]).state)).toBeNull()
  })
})
