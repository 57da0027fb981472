import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { fakeBrowser } from 'wxt/testing'
import { storage } from 'wxt/utils/storage'
import ScoreSheetView from '../../components/sheet/ScoreSheet.vue'
import SheetPage from '../../components/sheet/SheetPage.vue'
import { clockText } from '../../components/clock/clockText.ts'
import { scoreSheet, type ScoreSheet } from '../../components/sheet/sheetContent.ts'
import { scoreSheetText, throwLine } from '../../components/sheet/sheetText.ts'
import { applyEvent, clockAt, defaultSetup, deriveMatch, startMatch, throwEvent } from '../../engine/index.ts'
import type { MatchClock, MatchState } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { matchKey } from '../../stores/storageItems.ts'
import { CORRECTION_NOTE, wholeDiceMatch } from '../fixtures/wholeDiceMatch.ts'
import { freshMatchStore } from './freshMatchStore.ts'

enableAutoUnmount(afterEach)

const WHOLE = wholeDiceMatch()
const sheetOf = (state: MatchState, clock?: MatchClock | null): ScoreSheet => scoreSheet({ name: 'Anna – Boris', createdAt: '2026-11-23T18:00:00Z', state, clock })
const lines = (sheet: ScoreSheet) => sheet.ends.flatMap((end) => end.throws.map(throwLine))

describe('the score sheet of a whole 8-end dice match', () => {
  afterEach(() => setLocale('en'))

  it('the linescore: every end’s points and who had the hammer (the loser of an end takes it, 0 : 0 keeps it), the totals and the winner', () => {
    const sheet = sheetOf(WHOLE.state)
    expect(sheet.columns.map((column) => column.label)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'])
    expect(sheet.columns.map((column) => column.score)).toEqual([
      { red: 1, blue: 0 },
      { red: 1, blue: 0 },
      { red: 0, blue: 1 },
      { red: 0, blue: 1 },
      { red: 0, blue: 0 },
      { red: 0, blue: 1 },
      { red: 1, blue: 0 },
      { red: 2, blue: 0 },
    ])
    // Boris had the first hammer; Anna scored ends 1–2 (Boris keeps it), Boris scored end 3 and 4 …
    expect(sheet.columns.map((column) => column.hammer)).toEqual(['blue', 'blue', 'blue', 'red', 'red', 'red', 'red', 'blue'])
    expect(sheet.totals).toEqual({ red: 5, blue: 3 })
    expect(sheet.winner).toBe('red')
    expect(sheet.result).toBe('Anna wins 5 : 3')
    expect(sheet.ends.map((end) => `${end.title} — ${end.summary}`).slice(0, 4)).toEqual([
      'End 1 — hammer: Boris · 1 : 0, total 1 : 0',
      'End 2 — hammer: Boris · 1 : 0, total 2 : 0',
      'End 3 — hammer: Boris · 0 : 1, total 2 : 1',
      'End 4 — hammer: Anna · 0 : 1, total 2 : 2',
    ])
  })

  it('every throw in notation with the dice and its result — where the stone stopped, what left play, a void throw — in English', () => {
    const sheet = sheetOf(WHOLE.state)
    const all = lines(sheet)
    expect(all).toHaveLength(128)
    expect(all.slice(0, 4)).toEqual([
      '1. Red: c0 reverse 1-4 → g5 · Dice 1 1 2 3 4',
      '2. Blue: f0 shortened 3-2 → d5 · Dice 2 2 3 3 4',
      '3. Red: d0 shortened 3-2 → f5 · Dice 3 3 3 1 2',
      '4. Blue: c0 reverse 1-5 — void (free-guard rule) · Dice 1 2 3 4 5',
    ])
    expect(all).toContain('5. Red: c0 reverse 3-5 → c3; out: Red d4 · Dice 5 5 1 2 3')
    expect(all).toContain('7. Red: e0 reverse 3-5 → out of play · Dice 5 5 1 2 3')
    expect(sheet.ends[0]!.throws[3]!.void).toBe(true)
    // The first thrower of an end is the player without the hammer (RULES.md §10).
    for (const end of sheet.ends) expect(end.throws[0]!.mover).not.toBe(end.hammer)
  })

  it('the same sheet in Russian: game terms of RULES.md §11, the winner, the linescore header', () => {
    setLocale('ru')
    const sheet = sheetOf(WHOLE.state)
    expect(lines(sheet).slice(0, 4)).toEqual([
      '1. Красные: c0 обратная 1-4 → g5 · Кубики 1 1 2 3 4',
      '2. Синие: f0 укороченная 3-2 → d5 · Кубики 2 2 3 3 4',
      '3. Красные: d0 укороченная 3-2 → f5 · Кубики 3 3 3 1 2',
      '4. Синие: c0 обратная 1-5 — недействителен (правило свободных защитников) · Кубики 1 2 3 4 5',
    ])
    expect(lines(sheet)).toContain('5. Красные: c0 обратная 3-5 → c3; вне игры: Красные d4 · Кубики 5 5 1 2 3')
    expect(sheet.result).toBe('Победа: Anna, 5 : 3')
    expect(sheet.ends[3]!.summary).toBe('хаммер: Anna · 0 : 1, всего 2 : 2')
    const text = scoreSheetText(sheet)
    expect(text).toContain(['Счёт по эндам', 'Энд     1   2   3   4   5   6   7   8  Итог', 'Anna    1   1   0  0◆  0◆  0◆  1◆   2  5 ✓', 'Boris  0◆  0◆  1◆   1   0   1   0  0◆  3', '◆ хаммер в энде'].join('\n'))
    expect(text).toContain('Генератор случайности: Пять кубиков')
    expect(text).toContain('Хаммер в первом энде: Boris (по жребию)')
    expect(text).toContain(`- Энд 2, после броска 4: Позиция исправлена: К:d4,h5 С:- (${CORRECTION_NOTE})`)
    expect(text).toContain('- отменено: Бросок 6, Синие: f0 обратная 1-3')
    expect(text).toContain('Итог: Победа: Anna, 5 : 3')
    expect(text).toMatch(/Подписи\nКрасные — Anna: _+\nСиние — Boris: _+\nСудья: _+\n$/)
  })

  it('as text in English: the facts, the linescore, every end with its throws, the notes, the result and the signature lines', () => {
    const text = scoreSheetText(sheetOf(WHOLE.state))
    expect(text.startsWith('Score sheet — Logical Curling\nMatch: Anna – Boris\nRed: Anna\nBlue: Boris\nDate: ')).toBe(true)
    expect(text).toContain('Ends: 8\nRandom generator: Five dice\nHammer in the first end: Boris (by lot)\nHouse rules (agreed before the match): as the rule book (defaults)')
    expect(text).toContain(['Linescore', 'End     1   2   3   4   5   6   7   8  Total', 'Anna    1   1   0  0◆  0◆  0◆  1◆   2  5 ✓', 'Boris  0◆  0◆  1◆   1   0   1   0  0◆  3'].join('\n'))
    expect(text).toContain('\nEnd 8 — hammer: Boris · 2 : 0, total 5 : 3\n  1. Red: c0 reverse 1-4 → g5 · Dice 1 1 2 3 4\n')
    for (const line of lines(sheetOf(WHOLE.state))) expect(text).toContain(`  ${line}\n`)
    expect(text).toContain('Result: Anna wins 5 : 3')
  })

  it('a match in progress: the current end’s hammer, its throws so far, "in progress", blank ends to come', () => {
    let state = deriveMatch(startMatch(defaultSetup({ red: 'Vera', blue: '' }, 'red')))
    state = applyEvent(state, { type: 'GeneratorRecorded', generator: { kind: 'dice', values: [1, 1, 2, 3, 4] } })
    state = applyEvent(state, throwEvent(state, { start: 'd0', type: 'reverse', lengths: [1, 4] }))
    const sheet = sheetOf(state)
    expect(sheet.columns.map((column) => [column.label, column.hammer, column.score])).toEqual([
      ['1', 'red', null],
      ...[2, 3, 4, 5, 6, 7, 8].map((end) => [String(end), null, null]),
    ])
    expect(sheet.players.blue).toBe('Blue')
    expect(sheet.ends).toHaveLength(1)
    expect(sheet.ends[0]!.summary).toBe('hammer: Vera · in progress')
    expect(lines(sheet)).toEqual(['1. Blue: d0 reverse 1-4 → h5 · Dice 1 1 2 3 4'])
    expect(sheet.result).toBe('In progress: end 1, 0 : 0')
    expect(sheet.notes).toEqual([])
    expect(scoreSheetText(sheet)).toContain('Corrections and notes\nNone.')
  })

  it('house rules in the setup’s words: a card match with the attested quadruple and its own L1 table', () => {
    const setup = {
      ...defaultSetup({ red: 'A', blue: 'B' }, 'blue'),
      variant: { kind: 'cards' as const, deck: 36 as const, discardPileTracking: true },
      houseRules: { quadrupleConstraint: 'attested' as const, cardLimits: { pair: 1, 'two-pairs': 1, three: 2, straight: 3, 'full-house': 4, flush: 5, four: 5 } },
    }
    const sheet = sheetOf(deriveMatch(startMatch(setup)))
    const fact = (key: string) => sheet.facts.find((item) => item.key === key)?.value
    expect(fact('generator')).toBe('Cards, 36; tracking the discard pile is allowed')
    expect(fact('house-rules')).toBe(
      'Lengths of the quadruple: only D ≤ C (attested by the text); Highest power (L1) each card combination allows: pair 1, two pairs 1, three 2, straight 3, full house 4, flush 5, four 5',
    )
    setLocale('ru')
    expect(sheetOf(deriveMatch(startMatch(setup))).facts.find((item) => item.key === 'house-rules')?.value).toBe(
      'Длины четверной: только D ≤ C (подтверждено текстом); Наибольшая мощность (L1) для каждой карточной комбинации: пара 1, две пары 1, тройка 2, порядок 3, тройка+двойка 4, масть 5, каре 5',
    )
  })

  it('a score-only match lists no throws; its typed scores are the ends themselves, not notes', () => {
    let state = deriveMatch(startMatch({ ...defaultSetup({ red: 'A', blue: 'B' }, 'blue'), recording: 'score-only' }))
    state = applyEvent(state, { type: 'EndScored', score: { red: 2, blue: 0 }, entered: true })
    const sheet = sheetOf(state)
    expect(sheet.scoreOnly).toBe(true)
    expect(sheet.facts.find((item) => item.key === 'house-rules')?.value).toBe('none (scores only)')
    expect(sheet.notes).toEqual([])
    expect(scoreSheetText(sheet)).not.toContain('Throws')
  })

  it('time used per end and thinking time, when the match has a clock (engine clockAt); none without one', () => {
    expect(clockAt(WHOLE.state, '2026-11-23T21:00:00Z')).toBeNull()
    expect(sheetOf(WHOLE.state, null).timed).toBe(false)
    // The fixture stamps its events 20 s apart: end 1 is 33 events (11:00), end 2 one more (the correction).
    const timed = wholeDiceMatch({ ...defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'), clock: { thinkingSeconds: 1800 } })
    const clock = clockAt(timed.state, '2026-11-23T21:00:00Z')!
    const sheet = sheetOf(timed.state, clock)
    expect(sheet.timed).toBe(true)
    expect(sheet.columns.slice(0, 2).map((column) => column.time)).toEqual(['11:00', '11:20'])
    expect(sheet.columns.every((column) => column.time !== null)).toBe(true)
    expect(sheet.ends[0]!.summary).toMatch(/^hammer: Boris · 1 : 0, total 1 : 0 · time 11:00 \(thinking: Anna \d+:\d\d, Boris \d+:\d\d\)$/)
    expect(sheet.facts.find((fact) => fact.key === 'clock')?.value).toBe(
      `match ${clockText(clock.matchMs)}; thinking time: Anna ${clockText(clock.usedMs.red)}, Boris ${clockText(clock.usedMs.blue)} (each had 30:00)`,
    )
    expect(scoreSheetText(sheet)).toMatch(/\nTime\s+11:00\s+11:20\s/)
    setLocale('ru')
    expect(sheetOf(timed.state, clock).ends[0]!.summary).toMatch(/ · время 11:00 \(на обдумывание: Anna \d+:\d\d, Boris \d+:\d\d\)$/)
  })
})

describe('the score sheet page', () => {
  beforeEach(() => fakeBrowser.reset())
  afterEach(() => setLocale('en'))

  it('renders the paper: facts, linescore with the hammer marks, throws, result, three signature lines', () => {
    const wrapper = mount(ScoreSheetView, { props: { sheet: sheetOf(WHOLE.state) } })
    expect(wrapper.findAll('[data-testid="sheet-throw"]').map((item) => item.text())).toEqual(lines(sheetOf(WHOLE.state)))
    const red = wrapper.find('[data-testid="sheet-linescore-red"]').findAll('td').map((cell) => cell.text())
    expect(red).toEqual(['1', '1', '0', '0◆', '0◆', '0◆', '1◆', '2', '5 ✓'])
    expect(wrapper.find('[data-testid="sheet-result"]').text()).toBe('Result: Anna wins 5 : 3')
    expect(wrapper.findAll('.signature')).toHaveLength(3)
  })

  it('reads a saved match by its id, and follows it as the referee records more', async () => {
    const store = await freshMatchStore()
    const id = await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'red'))
    const page = mount(SheetPage, { props: { matchId: id } })
    await flushPromises()
    expect(page.find('[data-testid="sheet-result"]').text()).toBe('Result: In progress: end 1, 0 : 0')
    await store.recordGenerator({ kind: 'dice', values: [1, 1, 2, 3, 4] })
    await store.makeThrow({ start: 'd0', type: 'reverse', lengths: [1, 4] })
    await vi.waitFor(() => expect(page.findAll('[data-testid="sheet-throw"]').map((item) => item.text())).toEqual(['1. Blue: d0 reverse 1-4 → h5 · Dice 1 1 2 3 4']))
    store.stopWatching()
  })

  it('an unknown id, no id, or a damaged match: a clear message in the user’s language, no sheet', async () => {
    setLocale('ru')
    const unknown = mount(SheetPage, { props: { matchId: 'm-gone' } })
    await flushPromises()
    expect(unknown.find('[data-testid="sheet-error"]').text()).toBe('Матча «m-gone» в этом браузере нет. Возможно, его удалили.')
    expect(unknown.find('[data-testid="score-sheet"]').exists()).toBe(false)
    expect(unknown.find('[data-testid="sheet-print"]').exists()).toBe(false)

    const none = mount(SheetPage, { props: { matchId: null } })
    await flushPromises()
    expect(none.find('[data-testid="sheet-error"]').text()).toBe('Матч не указан. Откройте протокол из матча в панели судьи.')

    await storage.setItem(matchKey('m-bad'), { id: 'm-bad', name: 'x', createdAt: 'a', updatedAt: 'b', events: [{ type: 'ThrowMade' }] })
    const damaged = mount(SheetPage, { props: { matchId: 'm-bad' } })
    await flushPromises()
    const text = damaged.find('[data-testid="sheet-error"]').text()
    expect(text).toMatch(/^Матч «m-bad» не читается: запись повреждена \(.+\)\. Откройте его в панели судьи/)
    // The engine's refusal names the event, in Russian too.
    expect(text).toContain('(events[0].move: ожидался объект')
    setLocale('en')
    await flushPromises()
    expect(damaged.find('[data-testid="sheet-error"]').text()).toMatch(/^The match “m-bad” could not be read: its record is damaged/)
  })

  it('copy as text: the sheet’s text on the clipboard and a confirmation; refused, the text in a selected box to copy by hand', async () => {
    const store = await freshMatchStore()
    const id = await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'red'))
    store.stopWatching()
    const writeText = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const page = mount(SheetPage, { props: { matchId: id }, attachTo: document.body })
    await flushPromises()
    await page.find('[data-testid="sheet-copy"]').trigger('click')
    await flushPromises()
    expect(writeText).toHaveBeenCalledTimes(1)
    expect(writeText.mock.calls[0]![0]).toMatch(/^Score sheet — Logical Curling\nMatch: Anna – Boris\n/)
    expect(page.find('[data-testid="sheet-copied"]').text()).toBe('Copied: paste it into the chat.')

    writeText.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'))
    await page.find('[data-testid="sheet-copy"]').trigger('click')
    await flushPromises()
    expect(page.find('[data-testid="sheet-copied"]').exists()).toBe(false)
    const box = page.find<HTMLTextAreaElement>('[data-testid="sheet-copy-text"]')
    expect(box.element.value).toBe(writeText.mock.calls[0]![0])
    expect(page.find('[data-testid="sheet-copy-fallback"]').text()).toContain('The browser did not allow copying.')
    vi.unstubAllGlobals()
  })
})
