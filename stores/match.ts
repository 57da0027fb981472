/**
 * useMatchStore — the saved matches and the current one, as event logs (engine/match.ts).
 * Nothing derived is stored: position, score, end, whose throw and the hammer all come
 * from deriveMatch(events). Persisted in `local:matches` (storageItems.ts); every page
 * watches it, so the popup and the side panel show the same match.
 *
 * state
 *   loaded: boolean
 *   currentId: string | null
 *   matches: Record<id, StoredMatch>      { id, name, createdAt, updatedAt, events }
 *   problems: StorageProblem[]            quarantined data to report ({ matchId?, reason }); the data
 *                                         itself is kept in `local:quarantine`, never deleted
 *   selectedMove: Move | null             the move chosen in the throw flow (not stored); prefer
 *                                         useThrowPreviewStore().select(), which also resets the replay
 * getters
 *   current: StoredMatch | null
 *   events: MatchEvent[]                   the current match's log ([] when none)
 *   state: MatchState | null               deriveMatch(events); null without a match
 *   derivationError: string | null         when the log would not replay (should not happen: load quarantines)
 *   position: Position                     state.position, or an empty field
 *   summaries: MatchSummary[]              every saved match, newest first, for a list
 * actions (each persists; an action the rules refuse throws an Error with the engine's message
 * and changes nothing)
 *   load(): Promise<void>                  read storage, quarantine what is broken (or written by a newer
 *                                          version), start watching; stopWatching() when the page closes
 *   createMatch(setup, name?): Promise<string>   start a match and make it current; returns its id
 *   openMatch(id), deleteMatch(id), renameMatch(id, name): Promise<void>
 *   recordGenerator(generator: GeneratorRecord)  dice / cards / null for the coming throw
 *   previewThrow(move): ThrowPreview       simulate from the current state, no change
 *   makeThrow(move), makeNullThrow()       append ThrowMade
 *   correctPosition(position, note?)       append PositionCorrected
 *   scoreEnd()                             append EndScored
 *   undo(), redo()                         append Undo / Redo
 *   exportMatch(id?): string               the match file (JSON) of a match
 *   importMatch(text, fallbackName?): Promise<ImportResult>   engine matchFile check; refused with the path of the problem; never half-applied
 *   dismissProblems(): void                hide the quarantine report (the data stays aside)
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import {
  appendEvent,
  deriveMatch,
  endScoredEvent,
  nullThrowEvent,
  startMatch,
  throwEvent,
  type GeneratorRecord,
  type MatchEvent,
  type MatchPhase,
  type MatchSetup,
  type MatchState,
  type ThrowMade,
} from '../engine/index.ts'
import { parseMatchFile, serializeMatch } from '../engine/index.ts'
import type { RuleReason } from '../engine/index.ts'
import type { Color, Move, Position } from '../engine/index.ts'
import { explainError } from '../i18n/explainError.ts'
import { readStoredMatches, type MatchesReading } from './matchStorage.ts'
import {
  MATCHES_VERSION,
  matchesItem,
  quarantineItem,
  type QuarantineEntry,
  type StorageReasonCode,
  type StoredMatch,
  type StoredMatches,
} from './storageItems.ts'

export interface MatchSummary {
  id: string
  name: string
  players: Record<Color, string>
  updatedAt: string
  end: number
  phase: MatchPhase
  totals: Record<Color, number>
  winner: Color | null
}

/** A quarantined entry as the report shows it: `code` or `refusal` say the reason in the user's language. */
export interface StorageProblem {
  matchId?: string
  reason: string
  code?: StorageReasonCode
  refusal?: RuleReason
}

export interface ThrowPreview {
  move: Move
  event: ThrowMade
}

/** A refused file's `error` says what is wrong and where (the path), in the user's language. */
/** A refused file carries the engine's refusal itself, so the screen says it in whatever language is current. */
export type ImportResult = { ok: true; id: string } | { ok: false; error: unknown }

const EMPTY_POSITION: Position = { red: [], blue: [] }

function newId(): string {
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}

function nowIso(): string {
  return new Date().toISOString()
}

export const useMatchStore = defineStore('match', () => {
  const loaded = ref(false)
  const currentId = ref<string | null>(null)
  const matches = ref<Record<string, StoredMatch>>({})
  const problems = ref<StorageProblem[]>([])
  const selectedMove = ref<Move | null>(null)
  /** This page's name in the write log, so it can ignore the echo of its own writes. */
  const pageId = Math.random().toString(36).slice(2)
  let seq = 0
  let unwatch: (() => void) | null = null

  const current = computed<StoredMatch | null>(() =>
    currentId.value === null ? null : (matches.value[currentId.value] ?? null),
  )
  const events = computed<MatchEvent[]>(() => current.value?.events ?? [])
  const derived = computed<{ state: MatchState | null; error: unknown }>(() => {
    if (events.value.length === 0) return { state: null, error: null }
    try {
      return { state: deriveMatch(events.value), error: null }
    } catch (error) {
      return { state: null, error }
    }
  })
  const state = computed(() => derived.value.state)
  // In the user's language, and re-said when the language changes.
  const derivationError = computed(() => (derived.value.error === null ? null : explainError(derived.value.error)))
  const position = computed<Position>(() => state.value?.position ?? EMPTY_POSITION)

  const summaries = computed<MatchSummary[]>(() =>
    Object.values(matches.value)
      .map((match): MatchSummary | null => {
        try {
          const s = deriveMatch(match.events)
          return {
            id: match.id,
            name: match.name,
            players: s.setup.players,
            updatedAt: match.updatedAt,
            end: s.end,
            phase: s.phase,
            totals: s.totals,
            winner: s.winner,
          }
        } catch {
          return null
        }
      })
      .filter((summary): summary is MatchSummary => summary !== null)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
  )

  // ─── persistence ───────────────────────────────────────────────────────────

  function adopt(doc: StoredMatches): void {
    matches.value = doc.matches
    currentId.value = doc.currentId
  }

  async function quarantine(entries: QuarantineEntry[]): Promise<void> {
    if (entries.length === 0) return
    const kept = await quarantineItem.getValue()
    await quarantineItem.setValue([...(Array.isArray(kept) ? kept : []), ...entries])
    problems.value = [
      ...problems.value,
      ...entries.map(({ matchId, reason, code, refusal }) => ({ matchId, reason, code, refusal })),
    ]
  }

  async function save(): Promise<void> {
    seq++
    const doc: StoredMatches = { currentId: currentId.value, matches: matches.value, writer: pageId, seq }
    await matchesItem.setValue(JSON.parse(JSON.stringify(doc)) as StoredMatches)
  }

  async function receive(raw: unknown): Promise<void> {
    if (typeof raw === 'object' && raw !== null && (raw as StoredMatches).writer === pageId) return
    const reading = readStoredMatches(raw)
    adopt(reading.doc)
    await quarantine(reading.quarantined)
  }

  async function load(): Promise<void> {
    let raw: unknown
    try {
      raw = await matchesItem.getValue()
    } catch (error) {
      raw = `${String(error)}`
    }
    // Written by a newer build (its migrations unknown here): keep it aside whole rather than misread it.
    const { v: storedVersion } = (await matchesItem.getMeta()) as { v?: unknown }
    const newer = typeof storedVersion === 'number' && storedVersion > MATCHES_VERSION
    const reading: MatchesReading = newer
      ? {
          doc: { currentId: null, matches: {} },
          quarantined: [{ key: 'local:matches', reason: `stored by a newer version (v${storedVersion})`, code: 'newer-version', at: nowIso(), raw }],
        }
      : readStoredMatches(raw)
    adopt(reading.doc)
    await quarantine(reading.quarantined)
    // What was quarantined is no longer in the saved list: write the clean list back.
    if (reading.quarantined.length > 0) {
      await save()
      if (newer) await matchesItem.setMeta({ v: MATCHES_VERSION })
    }
    loaded.value = true
    unwatch?.()
    unwatch = matchesItem.watch((next) => void receive(next))
  }

  function stopWatching(): void {
    unwatch?.()
    unwatch = null
  }

  // ─── the saved matches ─────────────────────────────────────────────────────

  async function createMatch(setup: MatchSetup, name?: string): Promise<string> {
    const at = nowIso()
    const log = startMatch(setup, at)
    const id = newId()
    const title = name?.trim() || `${setup.players.red} – ${setup.players.blue}`
    matches.value = { ...matches.value, [id]: { id, name: title, createdAt: at, updatedAt: at, events: log } }
    currentId.value = id
    selectedMove.value = null
    await save()
    return id
  }

  async function openMatch(id: string): Promise<void> {
    if (!(id in matches.value)) throw new Error(`${id}: no such saved match`)
    currentId.value = id
    selectedMove.value = null
    await save()
  }

  async function deleteMatch(id: string): Promise<void> {
    const rest = { ...matches.value }
    delete rest[id]
    matches.value = rest
    if (currentId.value === id) currentId.value = null
    await save()
  }

  async function renameMatch(id: string, name: string): Promise<void> {
    const match = matches.value[id]
    if (!match) throw new Error(`${id}: no such saved match`)
    const title = name.trim()
    if (title === '') throw new Error('name: must not be empty')
    matches.value = { ...matches.value, [id]: { ...match, name: title, updatedAt: nowIso() } }
    await save()
  }

  // ─── the current match's events ────────────────────────────────────────────

  function requireState(): MatchState {
    if (!current.value) throw new Error('no match is open')
    if (!state.value) throw derived.value.error ?? new Error('the match log does not replay')
    return state.value
  }

  /** appendEvent refuses what makes no sense; only then is the log replaced. */
  async function append(event: MatchEvent): Promise<void> {
    const match = current.value
    if (!match) throw new Error('no match is open')
    const next = appendEvent(match.events, { ...event, at: event.at ?? nowIso() })
    matches.value = { ...matches.value, [match.id]: { ...match, events: next, updatedAt: nowIso() } }
    selectedMove.value = null
    await save()
  }

  async function recordGenerator(generator: GeneratorRecord): Promise<void> {
    await append({ type: 'GeneratorRecorded', generator })
  }

  function previewThrow(move: Move): ThrowPreview {
    return { move, event: throwEvent(requireState(), move) }
  }

  async function makeThrow(move: Move): Promise<void> {
    await append(throwEvent(requireState(), move, nowIso()))
  }

  async function makeNullThrow(): Promise<void> {
    await append(nullThrowEvent(requireState(), nowIso()))
  }

  async function correctPosition(next: Position, note?: string): Promise<void> {
    requireState()
    await append({ type: 'PositionCorrected', position: next, ...(note ? { note } : {}) })
  }

  async function scoreEnd(): Promise<void> {
    await append(endScoredEvent(requireState(), nowIso()))
  }

  async function undo(): Promise<void> {
    await append({ type: 'Undo' })
  }

  async function redo(): Promise<void> {
    await append({ type: 'Redo' })
  }

  // ─── match files ───────────────────────────────────────────────────────────

  function exportMatch(id: string | null = currentId.value): string {
    const match = id === null ? undefined : matches.value[id]
    if (!match) throw new Error('no match to export')
    return serializeMatch(match.events, match.name)
  }

  /** The file is checked whole by the engine (matchFile.ts) before anything is stored. */
  async function importMatch(text: string, fallbackName = 'imported match'): Promise<ImportResult> {
    let loaded: ReturnType<typeof parseMatchFile>
    try {
      loaded = parseMatchFile(text)
    } catch (error) {
      return { ok: false, error }
    }
    const at = nowIso()
    const id = newId()
    const name = loaded.name?.trim() || fallbackName
    matches.value = { ...matches.value, [id]: { id, name, createdAt: at, updatedAt: at, events: loaded.events } }
    currentId.value = id
    await save()
    return { ok: true, id }
  }

  function dismissProblems(): void {
    problems.value = []
  }

  return {
    loaded, currentId, matches, problems, selectedMove,
    current, events, state, derivationError, position, summaries,
    load, stopWatching, createMatch, openMatch, deleteMatch, renameMatch,
    recordGenerator, previewThrow, makeThrow, makeNullThrow, correctPosition, scoreEnd, undo, redo,
    exportMatch, importMatch, dismissProblems,
  }
})
