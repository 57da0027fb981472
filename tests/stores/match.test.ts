import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import { defaultSetup, deriveMatch } from '../../engine/index.ts'
import { useMatchStore } from '../../stores/match.ts'

const setup = defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue')

async function freshStore() {
  setActivePinia(createPinia())
  const store = useMatchStore()
  await store.load()
  return store
}

describe('match store', () => {
  let stores: ReturnType<typeof useMatchStore>[] = []
  async function open() {
    const store = await freshStore()
    stores.push(store)
    return store
  }
  beforeEach(() => {
    fakeBrowser.reset()
    stores = []
  })
  afterEach(() => {
    for (const store of stores) store.stopWatching()
  })

  it('creates a match whose state is derived from its log (hammer from the setup)', async () => {
    const store = await open()
    const id = await store.createMatch(setup)
    expect(store.currentId).toBe(id)
    expect(store.state?.hammer).toBe('blue')
    expect(store.state?.mover).toBe('red') // the player without the hammer throws first
    expect(store.summaries.map((s) => s.name)).toEqual(['Anna – Boris'])
  })

  it('a correction and the end score survive reopening the panel (a new Pinia)', async () => {
    const store = await open()
    await store.createMatch(setup)
    await store.correctPosition({ blue: ['d8', 'e9'], red: ['b6'] })
    await store.scoreEnd()
    expect(store.state?.totals).toEqual({ red: 0, blue: 2 })
    const reopened = await open()
    expect(reopened.state?.totals).toEqual({ red: 0, blue: 2 })
    expect(reopened.state?.ends).toHaveLength(1)
    // Blue won the end with the hammer, so Red, the loser, takes it (RULES.md §10).
    expect(reopened.state?.hammer).toBe('red')
  })

  it('undo and redo are events: the position goes back and forth', async () => {
    const store = await open()
    await store.createMatch(setup)
    await store.correctPosition({ red: ['d8'], blue: [] })
    await store.undo()
    expect(store.position).toEqual({ red: [], blue: [] })
    expect(store.state?.canRedo).toBe(true)
    await store.redo()
    expect(store.position).toEqual({ red: ['d8'], blue: [] })
    expect(store.events.map((e) => e.type)).toEqual(['MatchStarted', 'PositionCorrected', 'Undo', 'Redo'])
  })

  it('refuses an event the rules refuse and changes nothing', async () => {
    const store = await open()
    await store.createMatch(setup)
    await expect(store.correctPosition({ red: ['d8', 'd8'], blue: [] })).rejects.toThrow(/two stones/)
    expect(store.events).toHaveLength(1)
    await expect(store.scoreEnd()).rejects.toThrow(/not begun/)
  })

  it('records a throw: the state it keeps is the replay of its log', async () => {
    const store = await open()
    await store.createMatch(setup)
    await store.correctPosition({ red: [], blue: ['c2'] })
    await store.recordGenerator({ kind: 'dice', values: [2, 2, 4, 1, 3] })
    const move = { start: 'c0', type: 'reverse' as const, lengths: [2, 4] }
    await store.makeThrow(move)
    expect(store.state).toEqual(deriveMatch(store.events))
    expect(store.position).toEqual({ red: ['g5'], blue: ['c3'] })
    expect(store.state?.throwNumber).toBe(2)
  })

  it('keeps several matches: open, rename, delete', async () => {
    const store = await open()
    const first = await store.createMatch(setup, 'Friday')
    const second = await store.createMatch(defaultSetup({ red: 'C', blue: 'D' }, 'red'))
    expect(store.currentId).toBe(second)
    await store.openMatch(first)
    expect(store.current?.name).toBe('Friday')
    await store.renameMatch(first, 'Friday final')
    await store.deleteMatch(second)
    const reopened = await open()
    expect(Object.keys(reopened.matches)).toEqual([first])
    expect(reopened.current?.name).toBe('Friday final')
  })

  it('a change in another page (the popup) reaches this one through storage', async () => {
    const panel = await open()
    await panel.createMatch(setup)
    const popup = await open()
    await popup.correctPosition({ red: ['e8'], blue: [] })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(panel.position).toEqual({ red: ['e8'], blue: [] })
  })

  it('exports and imports a match file; a bad file is refused whole', async () => {
    const store = await open()
    await store.createMatch(setup)
    await store.correctPosition({ red: ['d8'], blue: ['c7'] })
    const file = store.exportMatch()
    const result = await store.importMatch(file)
    expect(result.ok).toBe(true)
    expect(store.position).toEqual({ red: ['d8'], blue: ['c7'] })
    const before = Object.keys(store.matches).length
    const broken = JSON.parse(file) as { events: { type: string; position?: unknown }[] }
    broken.events[1]!.position = { red: ['z9'], blue: [] }
    const refused = await store.importMatch(JSON.stringify(broken))
    expect(refused.ok).toBe(false)
    expect(Object.keys(store.matches)).toHaveLength(before)
    expect((await store.importMatch('{ nope')).ok).toBe(false)
  })
})
