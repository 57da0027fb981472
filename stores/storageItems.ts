// The extension's persisted state: WXT storage items, versioned (STYLE.md §5). Every
// page (popup, side panel) reads and watches the same items, so they stay in step.
// When a stored shape changes: raise `version` and add `migrations[newVersion]`,
// which receives the value of the version before and returns the new shape.
import { storage } from 'wxt/utils/storage'
import type { MatchEvent } from '../engine/index.ts'
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

/** One saved match: its name and its event log (the only source of its state). */
export interface StoredMatch {
  id: string
  name: string
  /** ISO 8601. */
  createdAt: string
  updatedAt: string
  events: MatchEvent[]
}

/** matches v1: every saved match, and the one the referee screens show. */
export interface StoredMatches {
  currentId: string | null
  matches: Record<string, StoredMatch>
  /** Which page wrote last and its write count: a page ignores the echo of its own writes. */
  writer?: string
  seq?: number
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

/**
 * A stored value that could not be used, kept aside (never deleted) with the reason: the
 * English `reason` for a bug report, and what lets the report say it in the user's
 * language — the store's own `code`, or the engine's coded `refusal` (plain data).
 */
export interface QuarantineEntry {
  /** The storage key it came from, and the match id when it was one match of many. */
  key: string
  matchId?: string
  reason: string
  code?: StorageReasonCode
  refusal?: RuleReason
  at: string
  raw: unknown
}

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
export const MATCHES_VERSION = 1
export const QUARANTINE_VERSION = 1
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

export const matchesItem = storage.defineItem<StoredMatches | null>('local:matches', {
  fallback: null,
  version: MATCHES_VERSION,
  migrations: {},
})

export const quarantineItem = storage.defineItem<QuarantineEntry[]>('local:quarantine', {
  fallback: [],
  version: QUARANTINE_VERSION,
  migrations: {},
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
