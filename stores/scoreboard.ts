/**
 * useScoreboardStore — one match followed from another window (entrypoints/scoreboard/), read
 * only: it never writes a match, the index or the set-aside list. It reads the match's own key
 * (readMatch: the whole log re-checked) and then follows the referee's writes through storage
 * change events, applying only the events it lacks (readContinuation), as every page does.
 * A damaged match shows its longest valid beginning and says why; the side panel repairs it.
 *
 * state
 *   matchId: string | null              the match followed (null: none was named)
 *   loaded: boolean                     the first read has answered
 *   reading: { record, state } | null   what is shown
 *   problem: MatchProblem | null        why the match (or its end part) cannot be shown
 *   updatedAt: number | null            when this page last took in a change (Date.now())
 * actions
 *   follow(id): Promise<void>           read the match and follow its changes; stop() when the page closes
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { storage } from 'wxt/utils/storage'
import { readContinuation, readMatch, readStoredMatch, type MatchProblem, type MatchReading, type MatchReadingOk } from './matchStorage.ts'
import { matchKey } from './storageItems.ts'

export const useScoreboardStore = defineStore('scoreboard', () => {
  const matchId = ref<string | null>(null)
  const loaded = ref(false)
  const reading = shallowRef<MatchReadingOk | null>(null)
  const problem = shallowRef<MatchProblem | null>(null)
  const updatedAt = ref<number | null>(null)
  let unwatch: (() => void) | null = null
  /** Changes taken in since follow(): a first read that answers after one of them is already old. */
  let changesSeen = 0

  function take(next: MatchReading): void {
    updatedAt.value = Date.now()
    if (next.ok) {
      reading.value = { record: next.record, state: next.state }
      problem.value = null
      return
    }
    problem.value = next.problem
    reading.value = next.prefix ? { record: next.prefix.record, state: next.prefix.state } : null
  }

  function receive(raw: unknown): void {
    changesSeen++
    const held = reading.value
    // Only a whole, valid match is gone on from; after a problem the value is read afresh.
    take(held && problem.value === null ? readContinuation(held, raw) : readStoredMatch(raw, matchId.value ?? ''))
  }

  async function follow(id: string | null): Promise<void> {
    stop()
    matchId.value = id
    reading.value = null
    problem.value = null
    loaded.value = false
    if (id === null) {
      loaded.value = true
      return
    }
    // Watch before reading, so a throw recorded while the first read runs is not missed.
    changesSeen = 0
    unwatch = storage.watch(matchKey(id), (raw) => receive(raw))
    const first = await readMatch(id)
    if (changesSeen === 0) take(first)
    loaded.value = true
  }

  function stop(): void {
    unwatch?.()
    unwatch = null
  }

  return { matchId, loaded, reading, problem, updatedAt, follow, stop }
})
