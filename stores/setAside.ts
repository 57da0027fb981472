// Stored data that could not be used, set aside and never silently lost, within bounds
// (SET_ASIDE_LIMITS): at most so many entries and so many bytes of copies. A copy that would
// not fit pushes the oldest copies out to a preview; data too large to copy is not copied at
// all — it stays under its own key, untouched, and the entry points there. The side panel
// reports entries it has not reported yet (whichever page set them aside: the popup opened
// first reports nothing itself); Settings lists every entry, exports and deletes it.
import { storage } from 'wxt/utils/storage'
import { exclusive } from './storageLock.ts'
import {
  LEGACY_MATCHES_KEY,
  SET_ASIDE_LIMITS,
  quarantineItem,
  type QuarantineEntry,
} from './storageItems.ts'

/**
 * What a page asks to set aside: the entry's fields it knows (QuarantineEntry, one shape), the
 * data in `raw` — copied into the entry unless `keptIn` is 'key' (then only its start, as a preview).
 */
export type SetAsideRequest = Pick<QuarantineEntry, 'key' | 'matchId' | 'reason' | 'code' | 'refusal' | 'at' | 'size' | 'raw'> & {
  keptIn?: 'key'
}

/** Bytes of a value as JSON (what a copy costs, what an export weighs). */
export function sizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length + 2
  try {
    return JSON.stringify(value)?.length ?? 0
  } catch {
    return 0
  }
}

function previewOf(value: unknown): string {
  const text = typeof value === 'string' ? value : (() => {
    try {
      return JSON.stringify(value) ?? ''
    } catch {
      return String(value)
    }
  })()
  return text.slice(0, SET_ASIDE_LIMITS.preview)
}

function sameProblem(a: QuarantineEntry, b: SetAsideRequest): boolean {
  return a.key === b.key && a.matchId === b.matchId && a.code === b.code && a.reason === b.reason
}

function newEntryId(): string {
  return `q-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}

function entryOf(request: SetAsideRequest): QuarantineEntry {
  const { raw, keptIn, ...rest } = request
  const base = { id: newEntryId(), ...stripUndefined(rest) }
  if (keptIn === 'key') return { ...base, keptIn: 'key', ...(raw === undefined ? {} : { preview: previewOf(raw) }) }
  if (request.size > SET_ASIDE_LIMITS.bytes / 2) return { ...base, keptIn: 'dropped', preview: previewOf(raw) }
  return { ...base, keptIn: 'entry', raw: raw ?? null }
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T
}

/** Entries newest last; copies beyond the bounds become previews, the oldest first; entries beyond the count go, the oldest first. */
export function bounded(entries: QuarantineEntry[]): QuarantineEntry[] {
  let list = [...entries]
  let copies = list.filter((entry) => entry.keptIn === 'entry').reduce((sum, entry) => sum + entry.size, 0)
  for (let i = 0; i < list.length && copies > SET_ASIDE_LIMITS.bytes; i++) {
    const entry = list[i]!
    if (entry.keptIn !== 'entry') continue
    copies -= entry.size
    const { raw, ...rest } = entry
    list[i] = { ...rest, keptIn: 'dropped', preview: previewOf(raw) }
  }
  // Data left in place under its own key is not a copy: its entry stays while the data does.
  const countable = list.filter((entry) => entry.keptIn !== 'key')
  const over = countable.length - SET_ASIDE_LIMITS.entries
  if (over > 0) {
    const gone = new Set(countable.slice(0, over).map((entry) => entry.id))
    list = list.filter((entry) => !gone.has(entry.id))
  }
  return list
}

/** Entries this page could not write (storage full): still reported, from memory. */
export const unsavedSetAside: QuarantineEntry[] = []

async function storedEntries(): Promise<QuarantineEntry[]> {
  try {
    const value = await quarantineItem.getValue()
    return Array.isArray(value) ? value : []
  } catch {
    return []
  }
}

/** Adds entries to the set-aside list; the caller holds the storage lock. Never throws. */
export async function setAsideLocked(requests: readonly SetAsideRequest[]): Promise<void> {
  if (requests.length === 0) return
  const kept = await storedEntries()
  const known = [...kept, ...unsavedSetAside]
  const fresh = requests.filter((request) => !known.some((entry) => sameProblem(entry, request))).map(entryOf)
  if (fresh.length === 0) return
  try {
    await quarantineItem.setValue(bounded([...kept, ...fresh]))
    return
  } catch {
    // Storage full: keep at least the reasons and previews, which are small.
  }
  const slim = fresh.map((entry) => (entry.keptIn === 'entry' ? { ...entry, keptIn: 'dropped' as const, raw: undefined, preview: previewOf(entry.raw) } : entry))
  try {
    await quarantineItem.setValue(bounded([...kept, ...slim]))
  } catch {
    unsavedSetAside.push(...slim)
  }
}

export function setAside(requests: readonly SetAsideRequest[]): Promise<void> {
  return exclusive(() => setAsideLocked(requests))
}

/** The side panel has reported these entries: it will not report them again. */
export function markSetAsideSeen(ids: readonly string[]): Promise<void> {
  return exclusive(async () => {
    const wanted = new Set(ids)
    const entries = await storedEntries()
    if (!entries.some((entry) => wanted.has(entry.id) && !entry.seen)) return
    try {
      await quarantineItem.setValue(entries.map((entry) => (wanted.has(entry.id) ? { ...entry, seen: true } : entry)))
    } catch {
      // Not recorded as seen: reported once more next time, nothing lost.
    }
    for (const entry of unsavedSetAside) if (wanted.has(entry.id)) entry.seen = true
  })
}

/** The set-aside data itself, as a JSON text to download. */
export async function setAsideData(entry: QuarantineEntry): Promise<string> {
  if (entry.keptIn === 'entry') return JSON.stringify(entry.raw, null, 2)
  if (entry.keptIn === 'dropped') return JSON.stringify({ preview: entry.preview ?? '', size: entry.size }, null, 2)
  const value: unknown = await storage.getItem(entry.key as `local:${string}`)
  if (entry.key === LEGACY_MATCHES_KEY && entry.matchId !== undefined && typeof value === 'object' && value !== null) {
    const matches = (value as { matches?: Record<string, unknown> }).matches
    if (matches && entry.matchId in matches) return JSON.stringify(matches[entry.matchId], null, 2)
  }
  return typeof value === 'string' ? value : JSON.stringify(value ?? null, null, 2)
}

/**
 * Deletes a set-aside entry and, when its data was left under its own key, that data too (once
 * no other entry points there). Only what was set aside goes: a key the index lists is kept.
 */
export function deleteSetAside(id: string, listed: (key: string) => boolean): Promise<void> {
  return exclusive(async () => {
    const entries = await storedEntries()
    const entry = entries.find((candidate) => candidate.id === id) ?? unsavedSetAside.find((candidate) => candidate.id === id)
    if (!entry) return
    const rest = entries.filter((candidate) => candidate.id !== id)
    await quarantineItem.setValue(rest)
    const unsaved = unsavedSetAside.findIndex((candidate) => candidate.id === id)
    if (unsaved >= 0) unsavedSetAside.splice(unsaved, 1)
    if (entry.keptIn !== 'key' || rest.some((other) => other.key === entry.key) || listed(entry.key)) return
    const key = entry.key as `local:${string}`
    await storage.removeItems(entry.key === LEGACY_MATCHES_KEY ? [key, `${key}$` as `local:${string}`] : [key])
  })
}
