// Reading the stored matches without trusting them: a match whose data is malformed or
// whose log does not replay is kept aside in quarantine (never deleted) and reported,
// and the rest start normally. Nothing here throws.
import { MATCH_FILE_FORMAT, MATCH_FILE_VERSION, readMatchFile } from '../engine/index.ts'
import { reasonOf, type RuleReason } from '../engine/index.ts'
import type { QuarantineEntry, StorageReasonCode, StoredMatch, StoredMatches } from './storageItems.ts'

export const MATCHES_KEY = 'local:matches'

export interface MatchesReading {
  doc: StoredMatches
  quarantined: QuarantineEntry[]
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

type StoredMatchProblem = { reason: string; code?: StorageReasonCode; refusal?: RuleReason }

function problemOf(value: unknown): StoredMatchProblem | null {
  if (!isRecord(value)) return { reason: 'not an object', code: 'not-an-object' }
  if (typeof value.id !== 'string' || value.id === '') return { reason: 'id: missing', code: 'id-missing' }
  if (typeof value.name !== 'string') return { reason: 'name: missing', code: 'name-missing' }
  if (typeof value.createdAt !== 'string' || typeof value.updatedAt !== 'string') return { reason: 'dates: missing', code: 'dates-missing' }
  if (!Array.isArray(value.events)) return { reason: 'events: not a list', code: 'events-not-a-list' }
  // The same whole check as an imported match file: every event's shape, then the replay.
  try {
    readMatchFile({ format: MATCH_FILE_FORMAT, version: MATCH_FILE_VERSION, events: value.events })
  } catch (error) {
    const refusal = reasonOf(error)
    return { reason: refusal.message, refusal }
  }
  return null
}

/** Why one stored match cannot be used, or null when it replays. */
export function storedMatchProblem(value: unknown): string | null {
  return problemOf(value)?.reason ?? null
}

/**
 * Splits what storage holds into the usable matches and the entries to quarantine.
 * A string is tried as JSON first (a value written by hand in the dev tools, say).
 */
export function readStoredMatches(raw: unknown, now: string = new Date().toISOString()): MatchesReading {
  const empty: StoredMatches = { currentId: null, matches: {} }
  if (raw === null || raw === undefined) return { doc: empty, quarantined: [] }
  let value: unknown = raw
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      return { doc: empty, quarantined: [{ key: MATCHES_KEY, reason: 'unparseable', code: 'unparseable', at: now, raw }] }
    }
  }
  if (!isRecord(value) || !isRecord(value.matches)) {
    return { doc: empty, quarantined: [{ key: MATCHES_KEY, reason: 'not a saved-matches record', code: 'not-a-record', at: now, raw }] }
  }
  const matches: Record<string, StoredMatch> = {}
  const quarantined: QuarantineEntry[] = []
  for (const [id, match] of Object.entries(value.matches)) {
    const problem = problemOf(match) ?? ((match as StoredMatch).id === id ? null : { reason: 'id does not match its key', code: 'id-mismatch' as const })
    if (problem === null) matches[id] = match as StoredMatch
    else quarantined.push({ key: MATCHES_KEY, matchId: id, ...problem, at: now, raw: match })
  }
  const currentId = typeof value.currentId === 'string' && value.currentId in matches ? value.currentId : null
  return { doc: { currentId, matches }, quarantined }
}
