// The saved matches in storage (layout: storageItems.ts): one key per match plus the index,
// written only under one lock shared by every page of the extension, so a write checks the
// log length it was made for and never lands over another page's. Reading never trusts what
// is stored: a match is re-checked and replayed whole when opened (readMatchFile); what cannot
// be used is set aside (setAside.ts) and reported, its valid beginning kept. Nothing here
// leaves a page waiting forever: every storage failure while opening is caught and reported.
import * as v from 'valibot'
import {
  MATCH_FILE_FORMAT,
  MATCH_FILE_VERSION,
  applyEvent,
  readMatchFile,
  reasonOf,
  type MatchEvent,
  type MatchState,
  type RuleReason,
} from '../engine/index.ts'
import { storage } from 'wxt/utils/storage'
import { AppRefusal } from '../i18n/appRefusal.ts'
import { exclusive } from './storageLock.ts'
import { setAsideLocked, sizeOf, type SetAsideRequest } from './setAside.ts'
import {
  LEGACY_MATCHES_KEY,
  MATCH_INDEX_KEY,
  MATCH_STORAGE_VERSION,
  matchIndexItem,
  matchKey,
  type MatchIndex,
  type MatchIndexEntry,
  type StorageReasonCode,
  type StoredMatch,
} from './storageItems.ts'

// ─── shapes (valibot): what a stored value must be before the engine looks at its events ───

const StoredMatchShape = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  events: v.array(v.unknown()),
})

const ColorRecord = <T extends v.GenericSchema>(schema: T) => v.object({ red: schema, blue: schema })

const IndexEntryShape = v.object({
  id: v.string(),
  name: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  players: ColorRecord(v.string()),
  end: v.number(),
  phase: v.picklist(['throwing', 'end-complete', 'finished']),
  totals: ColorRecord(v.number()),
  hammer: v.picklist(['red', 'blue']),
  winner: v.nullable(v.picklist(['red', 'blue'])),
  events: v.pipe(v.number(), v.integer(), v.minValue(1)),
})

const IndexShape = v.object({
  v: v.number(),
  currentId: v.nullable(v.string()),
  matches: v.record(v.string(), IndexEntryShape),
})

/** The field a shape problem is at, as the report names it (storage.reason.*). */
function shapeCode(issues: readonly v.BaseIssue<unknown>[]): StorageReasonCode {
  const field = issues[0]?.path?.[0]?.key
  if (field === undefined) return 'not-an-object'
  if (field === 'id') return 'id-missing'
  if (field === 'name') return 'name-missing'
  if (field === 'events') return 'events-not-a-list'
  return 'dates-missing'
}

const SHAPE_REASON: Record<StorageReasonCode, string> = {
  unparseable: 'unparseable',
  'not-a-record': 'not a saved-matches record',
  'not-an-object': 'not an object',
  'id-missing': 'id: missing',
  'name-missing': 'name: missing',
  'dates-missing': 'dates: missing',
  'events-not-a-list': 'events: not a list',
  'id-mismatch': 'id does not match its key',
  'newer-version': 'stored by a newer version',
  missing: 'no stored match under its key',
}

// ─── one match: the whole check, and its longest valid beginning ───

export interface MatchProblem {
  reason: string
  code?: StorageReasonCode
  refusal?: RuleReason
}

export type MatchReading =
  | { ok: true; record: StoredMatch; state: MatchState }
  | {
      ok: false
      problem: MatchProblem
      /** The longest beginning of its log that replays (at least MatchStarted), and what follows it. */
      prefix?: { record: StoredMatch; state: MatchState; rest: unknown[] }
    }

function replay(events: readonly unknown[]): MatchState {
  return readMatchFile({ format: MATCH_FILE_FORMAT, version: MATCH_FILE_VERSION, events }).state
}

/**
 * A stored match checked as an imported file is: its shape, then every event's shape, then the
 * replay (re-simulating each throw). A string is tried as JSON first (a value edited by hand).
 */
export function readStoredMatch(raw: unknown, id: string): MatchReading {
  let value = raw
  if (raw === null || raw === undefined) return { ok: false, problem: { reason: SHAPE_REASON.missing, code: 'missing' } }
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      return { ok: false, problem: { reason: SHAPE_REASON.unparseable, code: 'unparseable' } }
    }
  }
  if (typeof value === 'object' && value !== null && typeof (value as { v?: unknown }).v === 'number' && (value as { v: number }).v > MATCH_STORAGE_VERSION) {
    return { ok: false, problem: { reason: `${SHAPE_REASON['newer-version']} (v${(value as { v: number }).v})`, code: 'newer-version' } }
  }
  const shape = v.safeParse(StoredMatchShape, value)
  if (!shape.success) {
    const code = shapeCode(shape.issues)
    return { ok: false, problem: { reason: SHAPE_REASON[code], code } }
  }
  const stored = shape.output
  if (stored.id !== id) return { ok: false, problem: { reason: SHAPE_REASON['id-mismatch'], code: 'id-mismatch' } }
  const record = (events: unknown[]): StoredMatch => ({ ...stored, v: MATCH_STORAGE_VERSION, events: events as MatchEvent[] })
  try {
    return { ok: true, record: record(stored.events), state: replay(stored.events) }
  } catch (error) {
    const refusal = reasonOf(error)
    const problem = { reason: refusal.message, refusal }
    // The longest beginning that replays: a log is valid up to its first bad event, so the
    // valid lengths are 1 … k and a binary search finds k in log₂(n) replays.
    let good = 0
    let goodState: MatchState | null = null
    let low = 1
    let high = stored.events.length - 1
    while (low <= high) {
      const middle = Math.floor((low + high) / 2)
      try {
        goodState = replay(stored.events.slice(0, middle))
        good = middle
        low = middle + 1
      } catch {
        high = middle - 1
      }
    }
    if (good === 0 || goodState === null) return { ok: false, problem }
    return { ok: false, problem, prefix: { record: record(stored.events.slice(0, good)), state: goodState, rest: stored.events.slice(good) } }
  }
}

/**
 * Another page's write to a match this page shows. The log only grows, so a longer stored log
 * that still holds this page's last event goes on from the state held: only the events it adds
 * are applied (applyEvent checks each). Anything else is read and re-checked whole.
 */
export function readContinuation(held: MatchReadingOk, raw: unknown): MatchReading {
  const mine = held.record.events
  const next = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<StoredMatch>
  const incoming = Array.isArray(next.events) ? (next.events as MatchEvent[]) : null
  const sameStart = incoming !== null && incoming.length > mine.length && JSON.stringify(incoming[mine.length - 1]) === JSON.stringify(mine[mine.length - 1])
  if (incoming !== null && sameStart) {
    try {
      let state = held.state
      for (const event of incoming.slice(mine.length)) state = applyEvent(state, event)
      return { ok: true, record: { ...held.record, ...next, v: MATCH_STORAGE_VERSION, events: incoming }, state }
    } catch {
      // not a plain continuation after all: read it whole below
    }
  }
  return readStoredMatch(raw, held.record.id)
}

// ─── the index ───

export function emptyIndex(): MatchIndex {
  return { v: MATCH_STORAGE_VERSION, currentId: null, matches: {} }
}

/** The list's line for a match, from its state. */
export function indexEntry(record: StoredMatch, state: MatchState): MatchIndexEntry {
  return {
    id: record.id,
    name: record.name,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    players: { ...state.setup.players },
    end: state.end,
    phase: state.phase,
    totals: { ...state.totals },
    hammer: state.hammer,
    winner: state.winner,
    events: record.events.length,
  }
}

type IndexReading = { kind: 'ok'; index: MatchIndex } | { kind: 'absent' } | { kind: 'newer'; version: number } | { kind: 'damaged'; raw: unknown }

function readIndexValue(raw: unknown): IndexReading {
  if (raw === null || raw === undefined) return { kind: 'absent' }
  if (typeof raw === 'object' && typeof (raw as { v?: unknown }).v === 'number' && (raw as { v: number }).v > MATCH_STORAGE_VERSION) {
    return { kind: 'newer', version: (raw as { v: number }).v }
  }
  const parsed = v.safeParse(IndexShape, raw)
  if (!parsed.success) return { kind: 'damaged', raw }
  const index = parsed.output as MatchIndex
  const currentId = index.currentId !== null && index.currentId in index.matches ? index.currentId : null
  return { kind: 'ok', index: { ...index, currentId } }
}

/** The stored index, for a write (inside the lock): absent reads as empty; newer or damaged refuses. */
async function indexForWrite(): Promise<MatchIndex> {
  const reading = readIndexValue(await matchIndexItem.getValue())
  if (reading.kind === 'ok') return reading.index
  if (reading.kind === 'absent') return emptyIndex()
  if (reading.kind === 'newer') throw newerVersionRefusal()
  throw new AppRefusal('storage.error.index-damaged', {}, 'saved matches: the list is damaged; reopen the side panel')
}

export function newerVersionRefusal(): AppRefusal {
  return new AppRefusal('storage.error.newer-version', {}, 'saved matches were written by a newer version of the app; left untouched')
}

// ─── writing ───

/** The browser's refusal of a write (the quota, say) as the app's refusal, in the user's language. */
export function writeRefusal(error: unknown): AppRefusal {
  const detail = error instanceof Error ? error.message : String(error)
  const full = /quota/i.test(detail)
  return new AppRefusal(full ? 'storage.error.full' : 'storage.error.write-failed', { reason: detail }, `not saved: ${detail}`, { cause: error })
}

async function setAll(items: { key: `local:${string}`; value: unknown }[]): Promise<void> {
  try {
    await storage.setItems(items)
  } catch (error) {
    throw writeRefusal(error)
  }
}

/** What a page knows of a match when it writes: its log length then (the write's check). */
export interface MatchChange {
  id: string
  /** The log length the page's screen showed; null for a new match (the id must be free). */
  expectedEvents: number | null
  /** Builds the new record (from the page's own, which the check has just shown to be the stored one); may throw a refusal. */
  build(): { record: StoredMatch; state: MatchState }
  /** Makes the match the one every screen shows. */
  makeCurrent?: boolean
}

export interface MatchReadingOk {
  record: StoredMatch
  state: MatchState
}

/** The stored match was changed by another page since this page's screen: refused, and it says so. */
export class BehindRefusal extends AppRefusal {
  constructor(readonly stored: MatchReadingOk) {
    super('storage.error.behind', {}, 'another view changed this match meanwhile; the screen now shows it')
  }
}

/**
 * Writes one match and its index entry in one storage call, inside the lock, after checking that
 * the stored log has the length this page expected. A page that was behind gets a BehindRefusal
 * carrying the stored match (to catch up with), and nothing is written.
 */
export function writeMatch(change: MatchChange): Promise<{ index: MatchIndex; record: StoredMatch; state: MatchState }> {
  return exclusive(async () => {
    const index = await indexForWrite()
    const entry = index.matches[change.id]
    if (change.expectedEvents === null) {
      if (entry) throw new AppRefusal('storage.error.write-failed', { reason: 'id taken' }, `${change.id}: id taken`)
    } else {
      if (!entry) throw new AppRefusal('storage.error.match-gone', {}, `${change.id}: deleted in another view`)
      if (entry.events !== change.expectedEvents) {
        const reading = readStoredMatch(await storage.getItem(matchKey(change.id)), change.id)
        if (reading.ok) throw new BehindRefusal(reading)
        throw new AppRefusal('storage.error.match-gone', {}, `${change.id}: no longer readable`)
      }
    }
    const { record, state } = change.build()
    const next: MatchIndex = {
      ...index,
      currentId: change.makeCurrent ? change.id : index.currentId,
      matches: { ...index.matches, [change.id]: indexEntry(record, state) },
    }
    await setAll([
      { key: matchKey(change.id), value: record },
      { key: MATCH_INDEX_KEY, value: next },
    ])
    return { index: next, record, state }
  })
}

/** Renames a match: its record and its index entry (the log is not touched, so no length check). */
export function renameStoredMatch(id: string, name: string, at: string): Promise<MatchIndex> {
  return exclusive(async () => {
    const index = await indexForWrite()
    const entry = index.matches[id]
    if (!entry) throw new AppRefusal('storage.error.match-gone', {}, `${id}: deleted in another view`)
    const raw = await storage.getItem<Record<string, unknown>>(matchKey(id))
    if (raw === null || typeof raw !== 'object') throw new AppRefusal('storage.error.match-gone', {}, `${id}: no longer readable`)
    const next: MatchIndex = { ...index, matches: { ...index.matches, [id]: { ...entry, name, updatedAt: at } } }
    await setAll([
      { key: matchKey(id), value: { ...raw, name, updatedAt: at } },
      { key: MATCH_INDEX_KEY, value: next },
    ])
    return next
  })
}

/** Removes a match's key and its index entry. */
export function deleteStoredMatch(id: string): Promise<MatchIndex> {
  return exclusive(async () => {
    const index = await indexForWrite()
    const matches = { ...index.matches }
    delete matches[id]
    const next: MatchIndex = { ...index, currentId: index.currentId === id ? null : index.currentId, matches }
    await setAll([{ key: MATCH_INDEX_KEY, value: next }])
    try {
      await storage.removeItem(matchKey(id))
    } catch {
      // The index no longer lists it: a leftover key is only space, freed by the next delete.
    }
    return next
  })
}

/** Which match every screen shows. */
export function setCurrentMatch(id: string | null): Promise<MatchIndex> {
  return exclusive(async () => {
    const index = await indexForWrite()
    if (id !== null && !(id in index.matches)) throw new AppRefusal('storage.error.match-gone', {}, `${id}: deleted in another view`)
    const next: MatchIndex = { ...index, currentId: id }
    await setAll([{ key: MATCH_INDEX_KEY, value: next }])
    return next
  })
}

// ─── opening: the index (migrating v1 once), then one match ───

export interface OpenedMatches {
  index: MatchIndex
  /** Written by a newer version: shown empty, left untouched, every write refused. */
  newer: boolean
}

/**
 * The index as stored, brought up to date inside the lock: v1's single value moved into one key
 * per match (its damaged matches set aside, their valid beginnings kept), a damaged index
 * rebuilt from the match keys, a newer one left alone. Never throws: a storage failure opens an
 * empty list in memory and is reported.
 */
export function openMatchIndex(now: string = new Date().toISOString()): Promise<OpenedMatches> {
  return exclusive(async () => {
    let raw: unknown
    try {
      raw = await matchIndexItem.getValue()
    } catch (error) {
      await setAsideLocked([{ key: MATCH_INDEX_KEY, reason: `unreadable: ${String(error)}`, code: 'unparseable', at: now, keptIn: 'key', size: 0 }])
      return { index: emptyIndex(), newer: false }
    }
    const reading = readIndexValue(raw)
    if (reading.kind === 'ok') return { index: reading.index, newer: false }
    if (reading.kind === 'newer') {
      await setAsideLocked([
        { key: MATCH_INDEX_KEY, reason: `${SHAPE_REASON['newer-version']} (v${reading.version})`, code: 'newer-version', at: now, keptIn: 'key', size: sizeOf(raw) },
      ])
      return { index: emptyIndex(), newer: true }
    }
    if (reading.kind === 'damaged') {
      await setAsideLocked([{ key: MATCH_INDEX_KEY, reason: SHAPE_REASON['not-a-record'], code: 'not-a-record', at: now, raw, size: sizeOf(raw) }])
      return { index: await rebuildIndex(now), newer: false }
    }
    return { index: await migrateV1(now), newer: false }
  })
}

/** The index made again from every `local:match:*` key (a damaged index only: it reads everything). */
async function rebuildIndex(now: string): Promise<MatchIndex> {
  const all = await storage.snapshot('local')
  const index = emptyIndex()
  const problems: SetAsideRequest[] = []
  const items: { key: `local:${string}`; value: unknown }[] = []
  for (const [key, value] of Object.entries(all)) {
    if (!key.startsWith('match:') || key.endsWith('$')) continue
    const id = key.slice('match:'.length)
    const reading = readStoredMatch(value, id)
    if (reading.ok) index.matches[id] = indexEntry(reading.record, reading.state)
    else {
      problems.push(problemRequest(matchKey(id), id, reading, value, now))
      if (reading.prefix) {
        index.matches[id] = indexEntry(reading.prefix.record, reading.prefix.state)
        if (keepsRestInEntry(reading)) items.push({ key: matchKey(id), value: reading.prefix.record })
      }
    }
  }
  await trySet([...items, { key: MATCH_INDEX_KEY, value: index }])
  await setAsideLocked(problems)
  return index
}

/** A damaged match's rest (after its valid beginning) is copied into the set-aside list when small; else the whole stays in place. */
function keepsRestInEntry(reading: Extract<MatchReading, { ok: false }>): boolean {
  return reading.prefix !== undefined && sizeOf(reading.prefix.rest) <= SET_ASIDE_COPY_BYTES
}

/** Largest copy made into the set-aside list for one damaged match (the list as a whole has its own bound). */
const SET_ASIDE_COPY_BYTES = 128 * 1024

function problemRequest(key: string, matchId: string, reading: Extract<MatchReading, { ok: false }>, raw: unknown, now: string): SetAsideRequest {
  const base = { key, matchId, reason: reading.problem.reason, code: reading.problem.code, refusal: reading.problem.refusal, at: now }
  if (reading.prefix && keepsRestInEntry(reading)) {
    // The valid beginning stays the match; the events after it are what is set aside.
    return { ...base, raw: { keptEvents: reading.prefix.record.events.length, rest: reading.prefix.rest }, size: sizeOf(reading.prefix.rest) }
  }
  return { ...base, keptIn: 'key', size: sizeOf(raw), raw }
}

async function trySet(items: { key: `local:${string}`; value: unknown }[]): Promise<boolean> {
  try {
    await storage.setItems(items)
    return true
  } catch {
    return false
  }
}

/** How much of v1's value moves per storage call: the moved matches leave it in the same call, so the quota is never doubled. */
const MIGRATION_BATCH_BYTES = 1024 * 1024

/**
 * v1 → v2: `local:matches` becomes one key per match and the index. Each batch of matches is
 * written together with v1's value without them, so the data is never held twice and a stop
 * halfway leaves both parts valid (the next open goes on). What cannot be moved stays in v1's
 * value, set aside in place; the value is removed only once nothing is left in it.
 */
async function migrateV1(now: string): Promise<MatchIndex> {
  const index = emptyIndex()
  const [legacyItem, metaItem] = await storage.getItems([LEGACY_MATCHES_KEY, `${LEGACY_MATCHES_KEY}$` as `local:${string}`])
  const legacy: unknown = legacyItem?.value
  const legacyMeta: unknown = metaItem?.value
  const finish = async (): Promise<MatchIndex> => {
    await trySet([{ key: MATCH_INDEX_KEY, value: index }])
    return index
  }
  if (legacy === null || legacy === undefined) return finish()
  const meta = (legacyMeta ?? {}) as { v?: unknown; setAside?: unknown }
  if (meta.setAside === true) return finish()
  const keepAside = async (request: SetAsideRequest): Promise<MatchIndex> => {
    await setAsideLocked([request])
    await trySet([{ key: `${LEGACY_MATCHES_KEY}$` as `local:${string}`, value: { ...meta, setAside: true } }])
    return finish()
  }
  if (typeof meta.v === 'number' && meta.v > 1) {
    return keepAside({ key: LEGACY_MATCHES_KEY, reason: `${SHAPE_REASON['newer-version']} (v${meta.v})`, code: 'newer-version', at: now, keptIn: 'key', size: sizeOf(legacy) })
  }
  let value: unknown = legacy
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      return keepAside({ key: LEGACY_MATCHES_KEY, reason: SHAPE_REASON.unparseable, code: 'unparseable', at: now, keptIn: 'key', size: sizeOf(legacy), raw: legacy })
    }
  }
  const doc = value as { currentId?: unknown; matches?: unknown }
  if (typeof doc !== 'object' || doc === null || typeof doc.matches !== 'object' || doc.matches === null || Array.isArray(doc.matches)) {
    return keepAside({ key: LEGACY_MATCHES_KEY, reason: SHAPE_REASON['not-a-record'], code: 'not-a-record', at: now, keptIn: 'key', size: sizeOf(legacy), raw: legacy })
  }
  const remaining: Record<string, unknown> = { ...(doc.matches as Record<string, unknown>) }
  const problems: SetAsideRequest[] = []
  let batch: { key: `local:${string}`; value: unknown }[] = []
  let batchBytes = 0
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return
    const rest = { ...doc, matches: remaining }
    await storage.setItems([...batch, { key: MATCH_INDEX_KEY, value: index }, { key: LEGACY_MATCHES_KEY, value: rest }])
    batch = []
    batchBytes = 0
  }
  try {
    for (const [id, match] of Object.entries(doc.matches as Record<string, unknown>)) {
      const reading = readStoredMatch(match, id)
      let moved: { record: StoredMatch; state: MatchState } | null = reading.ok ? reading : null
      if (!reading.ok) {
        problems.push({ ...problemRequest(LEGACY_MATCHES_KEY, id, reading, match, now), ...(reading.prefix && keepsRestInEntry(reading) ? {} : { keptIn: 'key' as const }) })
        moved = reading.prefix ?? null
      }
      if (moved === null) continue
      index.matches[id] = indexEntry(moved.record, moved.state)
      batch.push({ key: matchKey(id), value: moved.record })
      // A damaged match's original stays in v1's value (set aside in place) unless its rest was copied aside.
      if (reading.ok || keepsRestInEntry(reading)) delete remaining[id]
      batchBytes += sizeOf(moved.record)
      if (batchBytes >= MIGRATION_BATCH_BYTES) await flush()
    }
    if (typeof doc.currentId === 'string' && doc.currentId in index.matches) index.currentId = doc.currentId
    await flush()
    await setAsideLocked(problems.splice(0))
    if (Object.keys(remaining).length === 0) {
      await storage.setItems([{ key: MATCH_INDEX_KEY, value: index }])
      await storage.removeItems([LEGACY_MATCHES_KEY, `${LEGACY_MATCHES_KEY}$`])
    } else {
      await storage.setItems([
        { key: MATCH_INDEX_KEY, value: index },
        { key: `${LEGACY_MATCHES_KEY}$` as `local:${string}`, value: { ...meta, v: 1, setAside: true } },
      ])
    }
  } catch {
    // The browser refused a write (its quota): what moved is listed, the rest stays in v1's
    // value and the next open goes on from there.
    await setAsideLocked(problems)
  }
  return index
}

/** Reads one match to show it (no lock: reading never changes anything). */
export async function readMatch(id: string): Promise<MatchReading> {
  let raw: unknown
  try {
    raw = await storage.getItem(matchKey(id))
  } catch (error) {
    return { ok: false, problem: { reason: `unreadable: ${String(error)}`, code: 'unparseable' } }
  }
  return readStoredMatch(raw, id)
}

/**
 * A match that did not read is repaired inside the lock (read again: another page may have done
 * it): its valid beginning written back as the match with the rest set aside, or, with none (or a
 * rest too large to copy), the value left in place, dropped from the list and set aside there.
 * Returns the match as it now stands, or null when nothing of it can be shown, and the index.
 */
export function repairMatch(id: string, now: string = new Date().toISOString()): Promise<{ reading: MatchReadingOk | null; index: MatchIndex | null }> {
  return exclusive(async () => {
    const raw = await storage.getItem(matchKey(id)).catch(() => null)
    const reading = readStoredMatch(raw, id)
    const index: MatchIndex | null = await indexForWrite().catch(() => null)
    if (reading.ok) return { reading, index }
    const newer = reading.problem.code === 'newer-version'
    if (!newer) await setAsideLocked([problemRequest(matchKey(id), id, reading, raw, now)])
    else await setAsideLocked([{ key: matchKey(id), matchId: id, reason: reading.problem.reason, code: 'newer-version', at: now, keptIn: 'key', size: sizeOf(raw) }])
    if (index === null) return { reading: null, index }
    const matches = { ...index.matches }
    if (reading.prefix && keepsRestInEntry(reading)) {
      matches[id] = indexEntry(reading.prefix.record, reading.prefix.state)
      const next = { ...index, matches }
      const written = await trySet([
        { key: matchKey(id), value: reading.prefix.record },
        { key: MATCH_INDEX_KEY, value: next },
      ])
      return { reading: written ? reading.prefix : null, index: written ? next : index }
    }
    delete matches[id]
    const next = { ...index, currentId: index.currentId === id ? null : index.currentId, matches }
    return { reading: null, index: (await trySet([{ key: MATCH_INDEX_KEY, value: next }])) ? next : index }
  })
}

export { MATCH_INDEX_KEY }
