/**
 * useSetAsideStore — stored data that could not be used and was set aside (setAside.ts), for the
 * side panel: the report of what it has not reported yet, and the list in Settings.
 *
 * state    entries: QuarantineEntry[]       every set-aside entry, oldest first (watched: another page may add one)
 *          usage: { used, quota } | null    bytes the extension's storage holds, where the browser says
 * getters  unseen: QuarantineEntry[]        not yet reported by a side panel (whichever page set them aside)
 * actions  load(), stopWatching()
 *          dismiss()                        the report was read: not reported again
 *          remove(id)                       delete the entry and its data (Settings)
 *          dataOf(id): Promise<string>      the set-aside data as JSON, to download
 */
import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import { browser } from 'wxt/browser'
import { useMatchStore } from './match.ts'
import { deleteSetAside, markSetAsideSeen, setAsideData, unsavedSetAside } from './setAside.ts'
import { MATCH_INDEX_KEY, MATCH_KEY_PREFIX, quarantineItem, type QuarantineEntry } from './storageItems.ts'

/** chrome.storage.local's quota without `unlimitedStorage` (Chrome 114+). */
const LOCAL_QUOTA_BYTES = 10 * 1024 * 1024

export const useSetAsideStore = defineStore('setAside', () => {
  const entries = shallowRef<QuarantineEntry[]>([])
  const usage = shallowRef<{ used: number; quota: number } | null>(null)
  const unseen = computed(() => entries.value.filter((entry) => !entry.seen))
  let unwatch: (() => void) | null = null

  function adopt(stored: unknown): void {
    const list = Array.isArray(stored) ? (stored as QuarantineEntry[]) : []
    entries.value = [...list, ...unsavedSetAside.filter((entry) => !list.some((other) => other.id === entry.id))]
  }

  async function measure(): Promise<void> {
    const local = browser.storage.local as { getBytesInUse?: (keys: null) => Promise<number> }
    try {
      usage.value = typeof local.getBytesInUse === 'function' ? { used: await local.getBytesInUse(null), quota: LOCAL_QUOTA_BYTES } : null
    } catch {
      usage.value = null
    }
  }

  async function load(): Promise<void> {
    try {
      adopt(await quarantineItem.getValue())
    } catch {
      adopt([])
    }
    void measure()
    unwatch?.()
    unwatch = quarantineItem.watch((next) => adopt(next))
  }

  function stopWatching(): void {
    unwatch?.()
    unwatch = null
  }

  async function dismiss(): Promise<void> {
    const ids = unseen.value.map((entry) => entry.id)
    entries.value = entries.value.map((entry) => (ids.includes(entry.id) ? { ...entry, seen: true } : entry))
    await markSetAsideSeen(ids)
  }

  async function remove(id: string): Promise<void> {
    const matches = useMatchStore().matches
    // Only set-aside data goes: the index, and a key the list shows, are never removed from here.
    const listed = (key: string) => key === MATCH_INDEX_KEY || (key.startsWith(MATCH_KEY_PREFIX) && key.slice(MATCH_KEY_PREFIX.length) in matches)
    await deleteSetAside(id, listed)
    adopt(await quarantineItem.getValue())
    await measure()
  }

  async function dataOf(id: string): Promise<string> {
    const entry = entries.value.find((candidate) => candidate.id === id)
    if (!entry) throw new Error(`${id}: no such set-aside entry`)
    return setAsideData(entry)
  }

  return { entries, usage, unseen, load, stopWatching, dismiss, remove, dataOf, measure }
})
