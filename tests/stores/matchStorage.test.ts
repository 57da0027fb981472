// Storage that cannot lose a throw: one key per match plus the index, v1's single value moved
// into it without loss, two pages writing at once, a write the browser refuses, set-aside data
// bounded and listed, damaged matches keeping their valid beginning, newer data left alone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import { storage } from 'wxt/utils/storage'
import { isProxy, reactive } from 'vue'
import { defaultSetup, deriveMatch, type MatchEvent, type ThrowMade } from '../../engine/index.ts'
import { AppRefusal } from '../../i18n/appRefusal.ts'
import { explainError } from '../../i18n/explainError.ts'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'
import { bounded, unsavedSetAside } from '../../stores/setAside.ts'
import { useSetAsideStore } from '../../stores/setAsideList.ts'
import {
  MATCH_STORAGE_VERSION,
  SET_ASIDE_LIMITS,
  matchIndexItem,
  matchKey,
  quarantineItem,
  quarantineV2,
  type QuarantineEntry,
  type StoredMatch,
} from '../../stores/storageItems.ts'
import { legacyMatches, matchLog } from '../../bench/seedMatches.ts'

const setup = defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue')
const DICE = { kind: 'dice' as const, values: [2, 2, 4, 1, 3] }
const MOVE = { start: 'c0', type: 'reverse' as const, lengths: [2, 4] }

type Store = ReturnType<typeof useMatchStore>
let opened: Store[] = []

/** A page: its own Pinia and match store, loaded and watching storage. */
async function page(): Promise<Store> {
  setActivePinia(createPinia())
  const store = useMatchStore()
  await store.load()
  opened.push(store)
  return store
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

async function stored(id: string): Promise<StoredMatch | null> {
  return storage.getItem<StoredMatch>(matchKey(id))
}

beforeEach(() => {
  fakeBrowser.reset()
  setLocale('en')
  opened = []
  unsavedSetAside.length = 0
})
afterEach(() => {
  for (const store of opened) store.stopWatching()
  vi.restoreAllMocks()
})

describe('one key per match plus the index', () => {
  it('a match is saved under its own key; the index lists it with its line and log length', async () => {
    const store = await page()
    const id = await store.createMatch(setup, 'Friday')
    await store.correctPosition({ red: ['d8'], blue: [] })
    const record = await stored(id)
    expect(record).toMatchObject({ v: MATCH_STORAGE_VERSION, id, name: 'Friday' })
    expect(record?.events.map((event) => event.type)).toEqual(['MatchStarted', 'PositionCorrected'])
    const index = await matchIndexItem.getValue()
    expect(index?.currentId).toBe(id)
    expect(index?.matches[id]).toMatchObject({ name: 'Friday', end: 1, events: 2, players: { red: 'Anna', blue: 'Boris' }, hammer: 'blue' })
    expect(await storage.getItem('local:matches')).toBeNull()
  })

  it('a write touches only its own match and the index, in one storage call', async () => {
    const store = await page()
    const first = await store.createMatch(setup, 'one')
    await store.createMatch(setup, 'two')
    await store.openMatch(first)
    const set = vi.spyOn(fakeBrowser.storage.local, 'set')
    await store.correctPosition({ red: ['d8'], blue: [] })
    expect(set).toHaveBeenCalledTimes(1)
    expect(Object.keys(set.mock.calls[0]![0] as object).sort()).toEqual([`match:${first}`, 'matchIndex'])
  })

  it('opening the panel reads the index and the current match only, and keeps the state it gets', async () => {
    const writer = await page()
    for (let i = 0; i < 5; i++) await writer.createMatch(setup, `m${i}`)
    const get = vi.spyOn(fakeBrowser.storage.local, 'get')
    const store = await page()
    const keys = get.mock.calls.flatMap(([keys]) => (Array.isArray(keys) ? keys : [keys]))
    expect(keys.filter((key) => typeof key === 'string' && key.startsWith('match:'))).toEqual([`match:${writer.currentId}`])
    expect(store.summaries).toHaveLength(5)
    await store.recordGenerator(DICE)
    // The move as the screen hands it over: a Vue proxy, which must not reach storage.
    await store.makeThrow(reactive({ ...MOVE, lengths: [...MOVE.lengths] }))
    expect(store.state).toEqual(deriveMatch(store.events))
    const thrown = store.events.at(-1) as ThrowMade
    expect(isProxy(thrown.move) || isProxy(thrown.move?.lengths)).toBe(false)
  })
})

describe('v1 (every match in local:matches) moves into one key per match', () => {
  it('every match, its name, dates and log, and the current match survive; the old value goes', async () => {
    const seeded = legacyMatches(4, 2, 1)
    await fakeBrowser.storage.local.set(seeded)
    const before = (seeded.matches as { currentId: string; matches: Record<string, StoredMatch> })
    const store = await page()
    expect(store.currentId).toBe(before.currentId)
    expect(Object.keys(store.matches).sort()).toEqual(Object.keys(before.matches).sort())
    for (const [id, match] of Object.entries(before.matches)) {
      const record = await stored(id)
      expect(record).toEqual({ ...match, v: MATCH_STORAGE_VERSION })
    }
    expect(store.state?.end).toBe(2)
    expect(store.summaries.find((line) => line.id === before.currentId)).toMatchObject({ name: 'Current', end: 2 })
    expect(await fakeBrowser.storage.local.get(['matches', 'matches$'])).toEqual({})
    expect(await quarantineItem.getValue()).toEqual([])
  })

  it('a damaged match keeps its valid beginning; one with none stays in v1’s value, set aside in place', async () => {
    const good = matchLog(1)
    const tail = { type: 'ThrowMade', mover: 'red', throwNumber: 9, move: null, result: {} }
    await fakeBrowser.storage.local.set({
      matches: {
        currentId: 'cut',
        matches: {
          ok: { id: 'ok', name: 'ok', createdAt: 'a', updatedAt: 'b', events: good },
          cut: { id: 'cut', name: 'cut', createdAt: 'a', updatedAt: 'b', events: [...good, tail] },
          lost: { id: 'lost', name: 'lost', createdAt: 'a', updatedAt: 'b', events: [{ type: 'Nope' }] },
        },
      },
      matches$: { v: 1 },
    })
    const store = await page()
    expect(Object.keys(store.matches).sort()).toEqual(['cut', 'ok'])
    expect(store.currentId).toBe('cut')
    expect(store.events).toHaveLength(good.length)
    const entries = await quarantineItem.getValue()
    const cut = entries.find((entry) => entry.matchId === 'cut')!
    expect(cut).toMatchObject({ keptIn: 'entry', raw: { keptEvents: good.length, rest: [tail] } })
    const lost = entries.find((entry) => entry.matchId === 'lost')!
    expect(lost.keptIn).toBe('key')
    const legacy = (await fakeBrowser.storage.local.get('matches')).matches as { matches: Record<string, unknown> }
    expect(Object.keys(legacy.matches)).toEqual(['lost'])
    // Opening again does not move or report anything twice.
    const again = await page()
    expect(Object.keys(again.matches).sort()).toEqual(['cut', 'ok'])
    expect(await quarantineItem.getValue()).toHaveLength(2)
  })

  it('v1 written by a newer version is left untouched and reported, not replaced', async () => {
    await fakeBrowser.storage.local.set({ matches: { shape: 'of the future' }, matches$: { v: 9 } })
    const store = await page()
    expect(store.matches).toEqual({})
    expect((await fakeBrowser.storage.local.get('matches')).matches).toEqual({ shape: 'of the future' })
    const [entry] = await quarantineItem.getValue()
    expect(entry).toMatchObject({ key: 'local:matches', code: 'newer-version', keptIn: 'key' })
    expect(entry!.reason).toContain('newer version (v9)')
  })

  it('an unparseable v1 value stays where it was, reported', async () => {
    await fakeBrowser.storage.local.set({ matches: '{{not json' })
    const store = await page()
    expect(store.state).toBeNull()
    expect((await fakeBrowser.storage.local.get('matches')).matches).toBe('{{not json')
    expect((await quarantineItem.getValue())[0]).toMatchObject({ code: 'unparseable', keptIn: 'key', preview: '{{not json' })
  })

  it('quarantine v1 entries become v2 entries, copies within the bound', () => {
    const big = 'x'.repeat(SET_ASIDE_LIMITS.bytes)
    const entries = quarantineV2([
      { key: 'local:matches', matchId: 'a', reason: 'r', at: 't', raw: { small: 1 } },
      { key: 'local:matches', reason: 'huge', at: 't', raw: big },
    ])
    expect(entries[0]).toMatchObject({ key: 'local:matches', matchId: 'a', keptIn: 'entry', raw: { small: 1 } })
    expect(entries[1]).toMatchObject({ keptIn: 'dropped', size: big.length + 2 })
    expect(entries[1]!.preview).toHaveLength(SET_ASIDE_LIMITS.preview)
  })
})

describe('two pages writing at the same instant', () => {
  it('both throw in the same match: one is recorded, the other refused visibly; both pages agree with storage', async () => {
    const a = await page()
    const id = await a.createMatch(setup)
    await a.correctPosition({ red: [], blue: ['c2'] })
    await a.recordGenerator(DICE)
    const b = await page()
    await settle()
    const results = await Promise.allSettled([a.makeThrow(MOVE), b.makeThrow(MOVE)])
    await settle()
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toBeInstanceOf(AppRefusal)
    expect(explainError(refused.reason)).toContain('changed in another window')
    const events = (await stored(id))!.events
    expect(events.filter((event) => event.type === 'ThrowMade')).toHaveLength(1)
    expect(a.events).toEqual(events)
    expect(b.events).toEqual(events)
    expect(b.state?.throwNumber).toBe(2)
  })

  for (const order of ['throw first', 'rename first'] as const) {
    it(`renaming match 2 in one page never loses a throw in match 1 in another (${order})`, async () => {
      const a = await page()
      const second = await a.createMatch(setup, 'two')
      const first = await a.createMatch(setup, 'one')
      await a.correctPosition({ red: [], blue: ['c2'] })
      await a.recordGenerator(DICE)
      const b = await page()
      const actions = [() => a.makeThrow(MOVE), () => b.renameMatch(second, 'two, renamed')]
      if (order === 'rename first') actions.reverse()
      await Promise.all(actions.map((action) => action()))
      await settle()
      expect((await stored(first))!.events.at(-1)?.type).toBe('ThrowMade')
      expect((await stored(second))!.name).toBe('two, renamed')
      const index = (await matchIndexItem.getValue())!
      expect(index.matches[first]!.events).toBe(4)
      expect(index.matches[second]!.name).toBe('two, renamed')
      for (const view of [a, b]) {
        expect(view.matches[second]!.name).toBe('two, renamed')
        expect(view.summaries.find((line) => line.id === first)).toBeDefined()
      }
    })
  }

  it('a page that was behind catches up through storage changes, applying only the new events', async () => {
    const a = await page()
    await a.createMatch(setup)
    const b = await page()
    await a.correctPosition({ red: ['e8'], blue: [] })
    await a.undo()
    await settle()
    expect(b.events).toEqual(a.events)
    expect(b.state).toEqual(a.state)
  })
})

describe('a write the browser refuses', () => {
  it('storage full: the action is refused in the user’s language; the screen and storage stay as they were', async () => {
    const store = await page()
    const id = await store.createMatch(setup)
    await store.correctPosition({ red: [], blue: ['c2'] })
    await store.recordGenerator(DICE)
    const before = { events: store.events, state: store.state, stored: await stored(id) }
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'))
    const refusal = await store.makeThrow(MOVE).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AppRefusal)
    expect(explainError(refusal)).toContain('storage for the referee is full')
    setLocale('ru')
    expect(explainError(refusal)).toContain('хранилище браузера для судьи заполнено')
    expect(store.events).toBe(before.events)
    expect(store.state).toBe(before.state)
    expect(await stored(id)).toEqual(before.stored)
    // Once there is room again, the same throw is recorded.
    await store.makeThrow(MOVE)
    expect(store.state?.throwNumber).toBe(2)
  })

  it('an import that cannot be saved is refused, with no match living in memory only', async () => {
    const store = await page()
    await store.createMatch(setup)
    const file = store.exportMatch()
    const ids = Object.keys(store.matches)
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'))
    const result = await store.importMatch(file)
    expect(result.ok).toBe(false)
    expect(Object.keys(store.matches)).toEqual(ids)
    // and later saves still work
    await store.correctPosition({ red: ['d8'], blue: [] })
    expect((await stored(store.currentId!))!.events).toHaveLength(2)
  })

  it('a file over the size limit gets a message and imports nothing', async () => {
    const store = await page()
    const result = await store.importMatch(' '.repeat(3 * 1024 * 1024))
    expect(result.ok).toBe(false)
    expect(explainError((result as { error: unknown }).error)).toBe('The file is too large for a match file: 3.0 MB, at most 2.0 MB. Nothing was imported.')
    expect(store.matches).toEqual({})
  })
})

describe('bounded input', () => {
  it('names and notes over their limits are refused with a message; nothing is saved', async () => {
    const store = await page()
    await expect(store.createMatch(setup, 'x'.repeat(61))).rejects.toThrow(/matchName: 61 characters, at most 60/)
    await expect(store.createMatch(defaultSetup({ red: 'x'.repeat(1_000_000), blue: 'B' }, 'red'))).rejects.toThrow(/playerName/)
    expect(store.matches).toEqual({})
    const id = await store.createMatch(setup)
    await expect(store.renameMatch(id, 'y'.repeat(1_000_000))).rejects.toThrow(/matchName/)
    // Two names of the longest allowed length: the match starts, its title made from them cut to the limit.
    const long = await store.createMatch(defaultSetup({ red: 'Р'.repeat(40), blue: 'B'.repeat(40) }, 'red'))
    expect(store.matches[long]?.name).toBe(`${'Р'.repeat(40)} – ${'B'.repeat(16)}…`)
    expect(store.matches[long]?.name).toHaveLength(60)
    await store.openMatch(id)
    const refusal = await store.correctPosition({ red: ['d8'], blue: [] }, 'n'.repeat(201)).catch((error: unknown) => error)
    expect(explainError(refusal)).toBe('The note is too long: 201 characters, at most 200.')
    expect(store.events).toHaveLength(1)
  })
})

describe('set-aside data', () => {
  async function storeMatch(id: string, value: unknown, listed = true): Promise<void> {
    const index = (await matchIndexItem.getValue()) ?? { v: 2, currentId: null, matches: {} }
    if (listed) {
      index.matches[id] = { id, name: id, createdAt: 'a', updatedAt: 'b', players: { red: 'A', blue: 'B' }, end: 1, phase: 'throwing', totals: { red: 0, blue: 0 }, hammer: 'blue', winner: null, events: 1 }
    }
    index.currentId = id
    await storage.setItems([
      { key: matchKey(id), value },
      { key: 'local:matchIndex', value: index },
    ])
  }

  it('a stored match whose last event is damaged keeps its valid beginning; the rest is set aside and reported', async () => {
    const writer = await page()
    const id = await writer.createMatch(setup)
    await writer.correctPosition({ red: ['d8'], blue: [] })
    writer.stopWatching()
    const record = (await stored(id))!
    const bad = { type: 'PositionCorrected', position: { red: ['z9'], blue: [] } }
    await storage.setItem(matchKey(id), { ...record, events: [...record.events, bad] })
    const store = await page()
    expect(store.events).toEqual(record.events)
    expect((await stored(id))!.events).toEqual(record.events)
    const setAside = useSetAsideStore()
    await setAside.load()
    expect(setAside.unseen).toHaveLength(1)
    expect(setAside.unseen[0]).toMatchObject({ matchId: id, keptIn: 'entry', raw: { keptEvents: 2, rest: [bad] } })
    expect(JSON.parse(await setAside.dataOf(setAside.unseen[0]!.id))).toEqual({ keptEvents: 2, rest: [bad] })
    setAside.stopWatching()
  })

  it('a broken value over 5 MB is left in place (not copied), the valid matches listed, the panel opens', async () => {
    const writer = await page()
    const good = await writer.createMatch(setup, 'good')
    writer.stopWatching()
    await storeMatch('huge', 'x'.repeat(6 * 1024 * 1024))
    const store = await page()
    expect(store.loaded).toBe(true)
    expect(Object.keys(store.matches)).toEqual([good])
    expect(store.currentId).toBeNull()
    const [entry] = await quarantineItem.getValue()
    expect(entry).toMatchObject({ key: matchKey('huge'), matchId: 'huge', code: 'unparseable', keptIn: 'key' })
    expect(entry!.raw).toBeUndefined()
    expect(JSON.stringify(await quarantineItem.getValue()).length).toBeLessThan(10_000)
    expect(((await stored('huge')) as unknown as string).length).toBe(6 * 1024 * 1024)
    // Deleting it from Settings frees the space.
    const setAside = useSetAsideStore()
    await setAside.load()
    await setAside.remove(entry!.id)
    expect(await stored('huge')).toBeNull()
    expect(await quarantineItem.getValue()).toEqual([])
    setAside.stopWatching()
  })

  it('the set-aside list stays within its bounds of entries and bytes', () => {
    const entry = (i: number, size: number): QuarantineEntry => ({ id: `q${i}`, key: 'k', reason: 'r', at: 't', size, keptIn: 'entry', raw: 'x'.repeat(size - 2) })
    const many = bounded(Array.from({ length: 30 }, (_, i) => entry(i, 100)))
    expect(many).toHaveLength(SET_ASIDE_LIMITS.entries)
    expect(many[0]!.id).toBe('q10')
    const heavy = bounded(Array.from({ length: 8 }, (_, i) => entry(i, 100 * 1024)))
    const copies = heavy.filter((item) => item.keptIn === 'entry')
    expect(copies.reduce((sum, item) => sum + item.size, 0)).toBeLessThanOrEqual(SET_ASIDE_LIMITS.bytes)
    expect(heavy[0]).toMatchObject({ keptIn: 'dropped' })
    expect(heavy[0]!.preview!.length).toBe(SET_ASIDE_LIMITS.preview)
  })

  it('a match written by a newer version is left untouched and reported', async () => {
    const future = { v: 7, id: 'f', name: 'future', createdAt: 'a', updatedAt: 'b', events: [{ type: 'FromTheFuture' }] }
    await storeMatch('f', future)
    const store = await page()
    expect(store.currentId).toBeNull()
    expect(await stored('f')).toEqual(future)
    expect((await quarantineItem.getValue())[0]).toMatchObject({ matchId: 'f', code: 'newer-version', keptIn: 'key' })
  })

  it('an index written by a newer version: left untouched, reported, every write refused', async () => {
    const future = { v: 5, somethingElse: true }
    await storage.setItem('local:matchIndex', future)
    const store = await page()
    expect(store.newerVersion).toBe(true)
    expect(store.derivationError).toContain('newer version')
    await expect(store.createMatch(setup)).rejects.toBeInstanceOf(AppRefusal)
    expect(await matchIndexItem.getValue()).toEqual(future)
  })

  it('a damaged index is rebuilt from the match keys', async () => {
    const writer = await page()
    const id = await writer.createMatch(setup, 'kept')
    writer.stopWatching()
    await storage.setItem('local:matchIndex', { v: 2, matches: 'broken' })
    const store = await page()
    expect(store.summaries.map((line) => line.name)).toEqual(['kept'])
    expect(store.matches[id]).toBeDefined()
  })

  it('the popup, opened first, sets aside; the side panel opened later reports it until dismissed', async () => {
    await storeMatch('bad', { id: 'bad', name: 'bad', createdAt: 'a', updatedAt: 'b', events: [{ type: 'Nope' }] })
    await page() // the popup
    setActivePinia(createPinia())
    const panel = useSetAsideStore()
    await panel.load()
    expect(panel.unseen.map((entry) => entry.matchId)).toEqual(['bad'])
    await panel.dismiss()
    panel.stopWatching()
    setActivePinia(createPinia())
    const later = useSetAsideStore()
    await later.load()
    expect(later.unseen).toEqual([])
    expect(later.entries).toHaveLength(1)
    later.stopWatching()
  })
})

describe('storage full while setting aside', () => {
  it('the reasons are still reported from memory', async () => {
    await fakeBrowser.storage.local.set({ matches: { currentId: null, matches: { x: { id: 'x', name: 'x', createdAt: 'a', updatedAt: 'b', events: [] as MatchEvent[] } } } })
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'))
    const store = await page()
    expect(store.loaded).toBe(true)
    set.mockRestore()
    const list = useSetAsideStore()
    await list.load()
    expect(list.unseen.map((entry) => entry.matchId)).toEqual(['x'])
    list.stopWatching()
  })
})
