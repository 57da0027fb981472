// Several tables (issue 12): the match list shows every match in progress at a glance (players,
// score, end, the hammer, last activity in words, latest first), and the standings of a set of
// matches (all finished ones, or those ticked), players matched by name.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import MatchList from '../../components/setup/MatchList.vue'
import { defaultSetup, type Color, type MatchSetup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import type { useMatchStore } from '../../stores/match.ts'
import { freshMatchStore } from './freshMatchStore.ts'

enableAutoUnmount(afterEach)

const START = Date.parse('2026-11-23T15:00:00.000Z')
const MINUTE = 60_000
const scoreOnly = (red: string, blue: string, hammer: Color = 'red'): MatchSetup => ({ ...defaultSetup({ red, blue }, hammer), ends: 6, recording: 'score-only' })

type Store = ReturnType<typeof useMatchStore>

/** A 6-end score-only match typed to its end (each [red, blue]), at the clock's time now. */
async function typed(store: Store, setup: MatchSetup, ends: [number, number][]): Promise<string> {
  const id = await store.createMatch(setup)
  for (const [red, blue] of ends) await store.enterEndScore({ red, blue })
  return id
}
const RED_5_3: [number, number][] = [[2, 0], [0, 1], [1, 0], [0, 2], [2, 0], [0, 0]]
const BLUE_4_1: [number, number][] = [[0, 2], [1, 0], [0, 1], [0, 0], [0, 1], [0, 0]]

const at = (minutes: number) => vi.setSystemTime(START + minutes * MINUTE)
const missingKeys = (html: string) => html.match(/⟦[^⟧]*⟧/g) ?? []
const cells = (wrapper: { findAll(selector: string): { text(): string }[] }, selector: string) => wrapper.findAll(selector).map((cell) => cell.text())

describe('the match list at a glance, and the standings', () => {
  let store: Store
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    at(0)
    store = await freshMatchStore()
  })
  afterEach(() => {
    store.stopWatching()
    vi.useRealTimers()
    setLocale('en')
  })

  it('every match in progress: players, score, end, the hammer and last activity, latest first', async () => {
    const first = await typed(store, scoreOnly('Anna', 'Boris'), [[2, 0]])
    at(10)
    const second = await typed(store, scoreOnly('Vera', 'Gleb', 'blue'), [])
    at(12)
    await typed(store, scoreOnly('Dina', 'Egor'), RED_5_3) // finished: not in progress
    at(20)
    await store.openMatch(first)
    await store.enterEndScore({ red: 0, blue: 1 }) // Anna – Boris moves again: latest now
    at(23)
    const list = mount(MatchList)
    await flushPromises()
    const glance = list.find('[data-testid="matches-at-glance"]')
    const rows = glance.findAll('tbody')
    expect(rows.map((row) => row.attributes('data-testid'))).toEqual([`glance-${first}`, `glance-${second}`])
    const anna = rows[0]!
    // Red scored end 1 and Blue end 2: the hammer is back with Red (the loser of an end takes it).
    expect(cells(anna, 'th')).toEqual(['Anna ◆', 'Boris'])
    expect(cells(anna, '[data-testid^="glance-total-"]')).toEqual(['2', '1'])
    expect(anna.find('[data-testid="glance-end"]').text()).toBe('3')
    expect(anna.find('[data-testid="glance-last"]').text()).toBe('3 minutes ago')
    expect(rows[1]!.find('[data-testid="glance-hammer-blue"]').exists()).toBe(true)
    expect(rows[1]!.find('[data-testid="glance-last"]').text()).toBe('13 minutes ago')

    setLocale('ru')
    await flushPromises()
    expect(anna.find('[data-testid="glance-last"]').text()).toBe('3 минуты назад')
    expect(missingKeys(list.html())).toEqual([])
  })

  it('standings of all finished matches: wins, then difference; names matched trimmed and case-blind, and said so', async () => {
    await typed(store, scoreOnly('Anna', 'Boris'), RED_5_3)
    await typed(store, scoreOnly('Boris', 'Vera'), RED_5_3)
    await typed(store, scoreOnly(' vera ', 'ANNA'), BLUE_4_1)
    await typed(store, scoreOnly('Anna', 'Gleb'), [[1, 0]]) // in progress: not counted
    const list = mount(MatchList)
    await flushPromises()
    const standings = list.find('[data-testid="standings"]')
    expect(standings.find('[data-testid="standings-by-name"]').text()).toMatch(/matched by name/)
    const table = standings.find('[data-testid="standings-table"]')
    expect(cells(table, 'tbody th')).toEqual(['Anna', 'Boris', 'Vera'])
    expect(table.findAll('tbody tr').map((row) => cells(row, 'td'))).toEqual([
      ['1', '2', '2', '0', '6', '9', '4', '+5'],
      ['2', '2', '1', '1', '5', '8', '8', '0'],
      ['3', '2', '0', '2', '3', '4', '9', '-5'],
    ])
    expect(cells(standings, '[data-testid="standings-spellings"]')).toEqual(['Anna is also written “ANNA”.', 'Vera is also written “vera”.'])
    expect(standings.find('[data-testid="standings-unfinished"]').exists()).toBe(false)
  })

  it('chosen matches: an unfinished one is named as not counted; in Russian every string is there', async () => {
    const done = await typed(store, scoreOnly('Anna', 'Boris'), RED_5_3)
    const going = await typed(store, scoreOnly('Anna', 'Gleb'), [[1, 0]])
    setLocale('ru')
    const list = mount(MatchList)
    await flushPromises()
    await list.find('[data-testid="standings-chosen"]').setValue(true)
    expect(list.find('[data-testid="standings-empty"]').text()).toBe('Законченных матчей для подсчёта пока нет.')
    await list.find(`[data-testid="standings-pick-${done}"]`).setValue(true)
    await list.find(`[data-testid="standings-pick-${going}"]`).setValue(true)
    await flushPromises()
    const standings = list.find('[data-testid="standings"]')
    expect(cells(standings, 'tbody th')).toEqual(['Anna', 'Boris'])
    expect(standings.find('[data-testid="standings-unfinished"]').text()).toBe('Не учтены, ещё идут: Anna – Gleb.')
    expect(missingKeys(list.html())).toEqual([])
  })
})
