// The extension's persisted state: WXT storage items, versioned (STYLE.md §5). Every
// page (popup, side panel) reads and watches the same items, so they stay in step.
// When a stored shape changes: raise `version` and add `migrations[newVersion]`,
// which receives the value of the version before and returns the new shape.
import { storage } from 'wxt/utils/storage'
import type { Color, MatchEvent, MatchPhase } from '../engine/index.ts'
import type { RuleReason } from '../engine/index.ts'
import type { CardLetters } from '../i18n/cardLetters.ts'

export type ThemeChoice = 'light' | 'dark' | 'system'
export type LocaleChoice = 'en' | 'ru'

export type { CardLetters }

/** settings v2 (v1 had no cardLetters). `locale` null: follow the browser's language. */
export interface StoredSettings {
  locale: LocaleChoice | null
  theme: ThemeChoice
  cardLetters: CardLetters
}

/**
 * The saved matches, v2: one key per match, `local:match:<id>` (its name and event log, the
 * only source of its state), and a small index, `local:matchIndex` (what the match list shows,
 * the match the screens show, and each log's length, which every write checks: a write made
 * from an out-of-date screen is refused, never written over another page's). A write touches
 * its own match's key and the index, in one storage call.
 *
 * v1 kept every match in one value, `local:matches` ({ currentId, matches: { [id]: match } });
 * matchStorage.ts moves it into this layout once, on the first open after the update. A stored
 * value carries its version in `v`, so a value written by a newer version is recognised and
 * left alone (WXT item migrations transform one key; this one splits a key into many).
 */
export const MATCH_STORAGE_VERSION = 2
export const MATCH_INDEX_KEY = 'local:matchIndex'
export const MATCH_KEY_PREFIX = 'local:match:'
/** v1's single value (and its WXT version meta, `local:matches$`). */
export const LEGACY_MATCHES_KEY = 'local:matches'

export function matchKey(id: string): `local:${string}` {
  return `${MATCH_KEY_PREFIX}${id}` as `local:${string}`
}

/** One saved match as stored under its own key. */
export interface StoredMatch {
  v: number
  id: string
  name: string
  /** ISO 8601. */
  createdAt: string
  updatedAt: string
  events: MatchEvent[]
}

/** A match as the list shows it, kept in the index so the list never reads a log. */
export interface MatchIndexEntry {
  id: string
  name: string
  createdAt: string
  updatedAt: string
  players: Record<Color, string>
  end: number
  phase: MatchPhase
  totals: Record<Color, number>
  hammer: Color
  winner: Color | null
  /** The log's length: a write that expects another length is refused (the screen was behind). */
  events: number
}

export interface MatchIndex {
  v: number
  currentId: string | null
  matches: Record<string, MatchIndexEntry>
}

/** Why stored data could not be used, when the store itself found it (not the engine's rules). */
export type StorageReasonCode =
  | 'unparseable'
  | 'not-a-record'
  | 'not-an-object'
  | 'id-missing'
  | 'name-missing'
  | 'dates-missing'
  | 'events-not-a-list'
  | 'id-mismatch'
  | 'newer-version'
  | 'missing'

/**
 * Stored data that could not be used, set aside with the reason: the English `reason` for a bug
 * report, and what lets the report say it in the user's language — the store's own `code`, or
 * the engine's coded `refusal` (plain data). Set-aside data is bounded (SET_ASIDE_LIMITS): a copy
 * is kept in the entry (`raw`) when small; anything larger stays where it was, under its own key
 * (`keptIn: 'key'`), untouched, and the entry points there. Settings lists, exports and deletes them.
 */
export interface QuarantineEntry {
  /** This entry's own id (for Settings: export, delete). */
  id: string
  /** The storage key it came from, and the match id when it was one match. */
  key: string
  matchId?: string
  reason: string
  code?: StorageReasonCode
  refusal?: RuleReason
  at: string
  /** Size of the set-aside data, in bytes of JSON. */
  size: number
  /** 'entry': `raw` holds the data; 'key': it stays under `key`; 'dropped': too large to keep, only `preview` is. */
  keptIn: 'entry' | 'key' | 'dropped'
  raw?: unknown
  /** The start of the data when it is not kept in the entry. */
  preview?: string
  /** The side panel has reported it (the popup never marks an entry seen). */
  seen?: boolean
}

/** Bounds of the set-aside list: how many entries, and how many bytes of copies they hold together. */
export const SET_ASIDE_LIMITS = { entries: 20, bytes: 512 * 1024, preview: 400 } as const

/**
 * cardRoundDraft v1: card-round steps taken at the table but not yet recorded with a hand
 * (main cards laid, substitution cards drawn), so closing the panel mid-round loses nothing.
 * Valid only for the match and log length it was taken at.
 */
export interface CardRoundDraft {
  matchId: string
  eventCount: number
  actions: unknown[]
}

/** diceDraft v1: dice tapped but not yet recorded, for the same match and log length. */
export interface DiceDraft {
  matchId: string
  eventCount: number
  mode: 'faces' | 'operation'
  dice: number[]
  rolls: { values: number[]; rerolled: number[] }[]
}

export const SETTINGS_VERSION = 2
export const QUARANTINE_VERSION = 2
export const CARD_ROUND_DRAFT_VERSION = 1
export const DICE_DRAFT_VERSION = 1

export const DEFAULT_SETTINGS: StoredSettings = { locale: null, theme: 'system', cardLetters: 'latin' }

export const SETTINGS_MIGRATIONS = {
  // v2: the face-card letters; settings saved before keep the letters they were shown.
  2: (v1: Omit<StoredSettings, 'cardLetters'>): StoredSettings => ({ ...v1, cardLetters: 'latin' }),
}

export const settingsItem = storage.defineItem<StoredSettings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: SETTINGS_VERSION,
  migrations: SETTINGS_MIGRATIONS,
})

/** The index is read whole on every open and write: small, typed, no WXT migration (its `v` is inside). */
export const matchIndexItem = storage.defineItem<MatchIndex | null>(MATCH_INDEX_KEY, { fallback: null })

/** quarantine v1 entries had no id, size or place: each kept its copy. Too large a copy is dropped to a preview. */
export function quarantineV2(v1: unknown): QuarantineEntry[] {
  if (!Array.isArray(v1)) return []
  let budget: number = SET_ASIDE_LIMITS.bytes
  return v1.slice(-SET_ASIDE_LIMITS.entries).map((old: Partial<QuarantineEntry>, index): QuarantineEntry => {
    const text = JSON.stringify(old?.raw ?? null) ?? 'null'
    const keep = text.length <= budget
    if (keep) budget -= text.length
    return {
      id: `q-v1-${index}`,
      key: typeof old?.key === 'string' ? old.key : 'local:matches',
      ...(typeof old?.matchId === 'string' ? { matchId: old.matchId } : {}),
      reason: typeof old?.reason === 'string' ? old.reason : 'unknown',
      ...(old?.code ? { code: old.code } : {}),
      ...(old?.refusal ? { refusal: old.refusal } : {}),
      at: typeof old?.at === 'string' ? old.at : new Date(0).toISOString(),
      size: text.length,
      ...(keep ? { keptIn: 'entry' as const, raw: old?.raw } : { keptIn: 'dropped' as const, preview: text.slice(0, SET_ASIDE_LIMITS.preview) }),
    }
  })
}

export const quarantineItem = storage.defineItem<QuarantineEntry[]>('local:quarantine', {
  fallback: [],
  version: QUARANTINE_VERSION,
  migrations: { 2: quarantineV2 },
})

export const cardRoundDraftItem = storage.defineItem<CardRoundDraft | null>('local:cardRoundDraft', {
  fallback: null,
  version: CARD_ROUND_DRAFT_VERSION,
  migrations: {},
})

export const diceDraftItem = storage.defineItem<DiceDraft | null>('local:diceDraft', {
  fallback: null,
  version: DICE_DRAFT_VERSION,
  migrations: {},
})
