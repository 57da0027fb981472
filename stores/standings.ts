/**
 * useStandingsStore — the matches a standings table counts, read from storage (readMatch: each
 * log replayed and re-checked) and kept while they do not change (their last activity is the
 * same). Read only. The table itself is computed from these states (components/standings).
 *
 * state
 *   matches: { id, name, state }[]   the matches asked for that could be read, in the order asked
 *   unreadable: { id, name }[]       asked for but not readable (the side panel reports and repairs them)
 *   reading: boolean
 * actions
 *   read(entries): Promise<void>     the matches to count: { id, name, updatedAt } each
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { MatchState } from '../engine/index.ts'
import { readMatch } from './matchStorage.ts'

export interface CountedMatch {
  id: string
  name: string
  state: MatchState
}

export interface MatchToCount {
  id: string
  name: string
  updatedAt: string
}

export const useStandingsStore = defineStore('standings', () => {
  const matches = shallowRef<CountedMatch[]>([])
  const unreadable = shallowRef<{ id: string; name: string }[]>([])
  const reading = ref(false)
  const cache = new Map<string, { updatedAt: string; state: MatchState | null }>()
  let latest = 0

  async function read(entries: readonly MatchToCount[]): Promise<void> {
    const ask = ++latest
    reading.value = true
    const states = await Promise.all(
      entries.map(async ({ id, updatedAt }) => {
        const kept = cache.get(id)
        if (kept?.updatedAt === updatedAt) return kept.state
        const found = await readMatch(id)
        const state = found.ok ? found.state : null
        cache.set(id, { updatedAt, state })
        return state
      }),
    )
    // A later ask (another choice of matches) answers for itself.
    if (ask !== latest) return
    matches.value = entries.flatMap(({ id, name }, index) => (states[index] ? [{ id, name, state: states[index] }] : []))
    unreadable.value = entries.filter((_, index) => states[index] === null).map(({ id, name }) => ({ id, name }))
    reading.value = false
  }

  return { matches, unreadable, reading, read }
})
