// Saved matches for the store bench and the storage e2e tests: real event logs made with the
// engine, as the referee would have recorded them, in the storage layout of an earlier
// version (`local:matches`, one value) so that the same seed works before and after the
// per-match layout: the app migrates it on its first open.
import {
  appendEvent,
  defaultSetup,
  deriveMatch,
  endScoredEvent,
  legalMovesUnder,
  startMatch,
  throwEvent,
  type MatchEvent,
  type MatchState,
} from '../engine/index.ts'
import type { ExtensionBrowser } from '../tests/e2e/extension.ts'

/** The dice every seeded throw is made with (and the bench taps): a straight of small faces. */
export const SEED_DICE: readonly number[] = [1, 1, 2, 3, 4]

const START = Date.parse('2026-01-10T10:00:00Z')

function stamp(index: number): string {
  return new Date(START + index * 1000).toISOString()
}

/**
 * One end as recorded at the table: for each of the 16 throws the dice, then the first legal
 * move; then the house cleared by a correction and a blank end scored 0 : 0. A blank end
 * keeps the hammer (RULES.md §10) and the field is empty again, so every end is the same
 * and a match of any length is these events repeated: 10 ends, then extra ends while tied.
 */
function oneEnd(start: readonly MatchEvent[]): MatchEvent[] {
  let log = [...start]
  let state: MatchState = deriveMatch(log)
  const next = (event: MatchEvent) => {
    log = appendEvent(log, { ...event, at: stamp(log.length) })
    state = deriveMatch(log)
  }
  while (state.phase === 'throwing') {
    next({ type: 'GeneratorRecorded', generator: { kind: 'dice', values: [...SEED_DICE] } })
    const reading = state.generatorReading!
    const moves = legalMovesUnder(reading.numbers, state.limits!.limit, state.setup.houseRules)
    let thrown = false
    for (const move of moves) {
      try {
        next(throwEvent(state, move))
        thrown = true
        break
      } catch {
        // refused here (the free-guard, say): the next legal move
      }
    }
    if (!thrown) throw new Error(`seed: no move could be thrown at throw ${state.throwNumber}`)
  }
  next({ type: 'PositionCorrected', position: { red: [], blue: [] } })
  next(endScoredEvent(state))
  return log.slice(start.length)
}

let endTemplate: MatchEvent[] | null = null

/** A match log with `ends` ends played (blank) and the next end's first throw expected. */
export function matchLog(ends: number, players = { red: 'Anna', blue: 'Boris' }): MatchEvent[] {
  const head = startMatch({ ...defaultSetup(players, 'blue'), ends: 10 }, stamp(0))
  endTemplate ??= oneEnd(head)
  const log: MatchEvent[] = [...head]
  for (let end = 0; end < ends; end++) {
    for (const event of endTemplate) log.push({ ...event, at: stamp(log.length) })
  }
  return log
}

export interface LegacyMatch {
  id: string
  name: string
  createdAt: string
  updatedAt: string
  events: MatchEvent[]
}

/**
 * `count` saved matches in the layout of `local:matches` v1: the current one at end
 * `currentEnd` (that many ends already played before it, its first throw expected), the others
 * `otherEnds` ends long. Returns the chrome.storage.local items to set.
 */
export function legacyMatches(count: number, currentEnd: number, otherEnds = 10): Record<string, unknown> {
  const matches: Record<string, LegacyMatch> = {}
  const other = matchLog(otherEnds)
  for (let i = 1; i < count; i++) {
    const id = `m-seed-${i}`
    matches[id] = { id, name: `Match ${i}`, createdAt: stamp(i), updatedAt: stamp(i), events: other }
  }
  const id = 'm-seed-current'
  const events = matchLog(currentEnd - 1)
  matches[id] = { id, name: 'Current', createdAt: stamp(count + 1), updatedAt: stamp(count + 1), events }
  return { matches: { currentId: id, matches }, matches$: { v: 1 } }
}

/** Replaces everything in chrome.storage.local of the extension under test, from its service worker. */
export async function seedStorage(browser: ExtensionBrowser, items: Record<string, unknown>): Promise<void> {
  const [worker] = browser.context.serviceWorkers()
  if (!worker) throw new Error('no service worker to seed storage from')
  await worker.evaluate(async (values) => {
    const local = (globalThis as unknown as { chrome: { storage: { local: { clear(): Promise<void>; set(v: unknown): Promise<void> } } } }).chrome.storage.local
    await local.clear()
    await local.set(values)
  }, items)
}
