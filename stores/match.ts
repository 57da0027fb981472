/**
 * useMatchStore — the saved matches and the current one. A match is its event log (engine);
 * nothing derived is stored but the list's line in the index. Storage: one key per match and
 * a small index (storageItems.ts, matchStorage.ts). The store keeps the state of the current
 * match and applies each new event to it (applyEvent); opening a match replays and re-checks its
 * whole log (readMatchFile: every event's shape, every throw re-simulated).
 * Every page (popup, side panels) watches storage: a page that was behind catches up, and a
 * write made from a screen that was behind is refused, never written over another page's.
 *
 * state
 *   loaded: boolean
 *   currentId: string | null
 *   matches: Record<id, { id, name, createdAt, updatedAt }>   every saved match (from the index)
 *   newerVersion: boolean                saved matches written by a newer version: left untouched, writes refused
 *   notice: AppRefusal | null            an action refused because another page changed the match first: the
 *                                        screen now shows that change, and this says why (until the next action)
 *   selectedMove: Move | null            the move chosen in the throw flow (not stored); prefer
 *                                        useThrowPreviewStore().select(), which also resets the replay
 * getters
 *   current: StoredMatch | null          { id, name, createdAt, updatedAt, events }
 *   events: MatchEvent[]                 the current match's log ([] when none)
 *   state: MatchState | null             the current match's state; null without a match
 *   derivationError: string | null       why the saved matches could not be opened, in the user's language
 *   position: Position                   state.position, or an empty field
 *   summaries: MatchSummary[]            every saved match, newest first, for a list (from the index)
 * actions (each persists first and changes the screen only once saved; a refused or failed one
 * throws — a RuleError for the rules, an AppRefusal for storage and size limits — and changes nothing)
 *   load(): Promise<void>                read the index (moving v1's single value into it once) and the
 *                                        current match; set aside what is broken; start watching.
 *                                        stopWatching() when the page closes
 *   createMatch(setup, name?): Promise<string>   start a match and make it current; returns its id
 *   openMatch(id), deleteMatch(id), renameMatch(id, name): Promise<void>
 *   recordGenerator(generator: GeneratorRecord)  dice / cards / null for the coming throw
 *   makeThrow(move), makeNullThrow()     append ThrowMade
 *   correctPosition(position, note?)     append PositionCorrected
 *   scoreEnd()                           append EndScored (the house's score)
 *   enterEndScore(score)                 append EndScored entered: the score the referee typed
 *   undo(), redo()                       append Undo / Redo
 *   pauseClock(), resumeClock()          append ClockPaused / ClockResumed (a timed match; not undoable)
 *   exportMatch(id?): string             the current match's file (JSON)
 *   importMatch(text, fallbackName?): Promise<ImportResult>   engine matchFile check; refused with the path of the problem; never half-applied
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import {
  applyEvent,
  deriveMatch,
  endScoredEvent,
  enteredEndScoreEvent,
  nullThrowEvent,
  parseMatchFile,
  serializeMatch,
  startMatch,
  throwEvent,
  type Color,
  type GeneratorRecord,
  type MatchEvent,
  type MatchPhase,
  type MatchSetup,
  type MatchState,
  type Move,
  type Position,
} from '../engine/index.ts'
import { storage } from 'wxt/utils/storage'
import { AppRefusal } from '../i18n/appRefusal.ts'
import { explainError } from '../i18n/explainError.ts'
import { registerMessages } from '../i18n/index.ts'
import storageMessages from '../i18n/messages/storage.ts'
import { INPUT_LIMITS, checkFileSize, checkLength } from './inputLimits.ts'
import {
  BehindRefusal,
  deleteStoredMatch,
  emptyIndex,
  newerVersionRefusal,
  openMatchIndex,
  readContinuation,
  readMatch,
  readStoredMatch,
  renameStoredMatch,
  repairMatch,
  setCurrentMatch,
  writeMatch,
  type MatchReadingOk,
} from './matchStorage.ts'
import { MATCH_STORAGE_VERSION, matchIndexItem, matchKey, type MatchIndex, type StoredMatch } from './storageItems.ts'

registerMessages(storageMessages)

export interface MatchSummary {
  id: string
  name: string
  players: Record<Color, string>
  updatedAt: string
  end: number
  phase: MatchPhase
  totals: Record<Color, number>
  /** Who has the hammer in the end being played. */
  hammer: Color
  winner: Color | null
}

/** A refused file carries the engine's refusal itself, so the screen says it in whatever language is current. */
export type ImportResult = { ok: true; id: string } | { ok: false; error: unknown }

const EMPTY_POSITION: Position = { red: [], blue: [] }

function newId(): string {
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}

function nowIso(): string {
  return new Date().toISOString()
}

/** A copy with no Vue proxy left in it (one event, one setup: small). */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

function checkSetupNames(setup: MatchSetup): void {
  for (const name of [setup.players.red, setup.players.blue]) {
    if (typeof name === 'string') checkLength('playerName', name)
  }
}

export const useMatchStore = defineStore('match', () => {
  const loaded = ref(false)
  const index = shallowRef<MatchIndex>(emptyIndex())
  const newerVersion = ref(false)
  const record = shallowRef<StoredMatch | null>(null)
  const matchState = shallowRef<MatchState | null>(null)
  const loadError = shallowRef<unknown>(null)
  const selectedMove = ref<Move | null>(null)
  /** A refusal that changed the screen under the user (another page wrote first): said until the next action. */
  const notice = shallowRef<AppRefusal | null>(null)
  /** This page's actions, one after another: each is decided on the state the one before left. */
  let queue: Promise<unknown> = Promise.resolve()
  function inTurn<T>(action: () => Promise<T>): Promise<T> {
    const start = () => {
      notice.value = null
      return action()
    }
    const run = queue.then(start, start)
    queue = run.catch(() => undefined)
    return run
  }
  /** The log length of this page's own write in flight: its storage echo is not news. */
  let pendingLength: number | null = null
  let unwatchIndex: (() => void) | null = null
  let unwatchRecord: (() => void) | null = null

  const currentId = computed(() => record.value?.id ?? null)
  const current = computed<StoredMatch | null>(() => record.value)
  const events = computed<MatchEvent[]>(() => record.value?.events ?? [])
  const state = computed(() => matchState.value)
  const derivationError = computed(() => (loadError.value === null ? null : explainError(loadError.value)))
  const position = computed<Position>(() => matchState.value?.position ?? EMPTY_POSITION)
  const matches = computed(() =>
    Object.fromEntries(
      Object.values(index.value.matches).map(({ id, name, createdAt, updatedAt }) => [id, { id, name, createdAt, updatedAt }]),
    ),
  )
  const summaries = computed<MatchSummary[]>(() =>
    Object.values(index.value.matches)
      .map(({ id, name, players, updatedAt, end, phase, totals, hammer, winner }) => ({ id, name, players, updatedAt, end, phase, totals, hammer, winner }))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
  )

  // ─── showing a match, and following other pages ───────────────────────────

  function show(reading: MatchReadingOk | null): void {
    const changed = reading?.record.id !== record.value?.id
    record.value = reading?.record ?? null
    matchState.value = reading?.state ?? null
    if (changed) {
      selectedMove.value = null
      watchRecord()
    }
  }

  /** Reads a match and shows it; a damaged one is repaired (its valid beginning kept) or set aside. */
  async function showStored(id: string): Promise<boolean> {
    const reading = await readMatch(id)
    if (reading.ok) {
      show(reading)
      return true
    }
    const repaired = await repairMatch(id)
    if (repaired.index) index.value = repaired.index
    show(repaired.reading)
    return repaired.reading !== null
  }

  /** Another page changed the current match: apply the events it added, or read it again. */
  function receiveRecord(raw: unknown): void {
    const mine = record.value
    if (!mine) return
    if (raw === null || raw === undefined) {
      show(null)
      return
    }
    const next = raw as Partial<StoredMatch>
    const length = Array.isArray(next.events) ? next.events.length : -1
    if (length === pendingLength) return
    if (length === mine.events.length) {
      if (typeof next.name === 'string' && next.name !== mine.name) record.value = { ...mine, name: next.name, updatedAt: String(next.updatedAt) }
      return
    }
    const reading = matchState.value ? readContinuation({ record: mine, state: matchState.value }, raw) : readStoredMatch(raw, mine.id)
    if (reading.ok) show(reading)
    else void showStored(mine.id)
  }

  function watchRecord(): void {
    unwatchRecord?.()
    unwatchRecord = null
    const id = record.value?.id
    if (id === undefined || !loaded.value) return
    unwatchRecord = storage.watch(matchKey(id), (next) => receiveRecord(next))
  }

  async function receiveIndex(raw: unknown): Promise<void> {
    if (raw === null || typeof raw !== 'object' || newerVersion.value) return
    const next = raw as MatchIndex
    if (typeof next.matches !== 'object' || next.matches === null) return
    index.value = next
    if (next.currentId !== currentId.value) {
      if (next.currentId === null || !(next.currentId in next.matches)) show(null)
      else await showStored(next.currentId)
    }
  }

  async function load(): Promise<void> {
    try {
      const opened = await openMatchIndex()
      newerVersion.value = opened.newer
      index.value = opened.index
      loadError.value = opened.newer ? newerVersionRefusal() : null
      const id = opened.index.currentId
      if (id !== null) await showStored(id)
    } catch (error) {
      loadError.value = error
    } finally {
      loaded.value = true
    }
    unwatchIndex?.()
    unwatchIndex = matchIndexItem.watch((next) => void receiveIndex(next))
    watchRecord()
  }

  function stopWatching(): void {
    unwatchIndex?.()
    unwatchRecord?.()
    unwatchIndex = null
    unwatchRecord = null
  }

  // ─── writing ───────────────────────────────────────────────────────────────

  function writable(): void {
    if (newerVersion.value) throw newerVersionRefusal()
  }

  /** Saves one match; the screen changes only once it is saved. A screen that was behind catches up and the action is refused. */
  async function commit(id: string, expectedEvents: number | null, next: MatchReadingOk, makeCurrent = false): Promise<void> {
    writable()
    pendingLength = next.record.events.length
    try {
      const written = await writeMatch({ id, expectedEvents, build: () => next, makeCurrent })
      index.value = written.index
      if (makeCurrent || record.value?.id === id) show({ record: written.record, state: written.state })
    } catch (error) {
      if (error instanceof BehindRefusal && record.value?.id === id) {
        show(error.stored)
        notice.value = error
      }
      throw error
    } finally {
      pendingLength = null
    }
  }

  function fitTitle(title: string): string {
    const limit = INPUT_LIMITS.matchName
    return title.length <= limit ? title : `${title.slice(0, limit - 1).trimEnd()}…`
  }

  function createMatch(setup: MatchSetup, name?: string): Promise<string> {
    return inTurn(() => create(setup, name))
  }

  async function create(setup: MatchSetup, name?: string): Promise<string> {
    checkSetupNames(setup)
    // Two names of the longest allowed length make a longer title than a typed one may be: the
    // title made from them is cut to the limit (the players' own names are kept whole in the setup).
    const title = name?.trim() || fitTitle(`${setup.players.red} – ${setup.players.blue}`)
    checkLength('matchName', title)
    const at = nowIso()
    const log = startMatch(plain(setup), at)
    const id = newId()
    const stored: StoredMatch = { v: MATCH_STORAGE_VERSION, id, name: title, createdAt: at, updatedAt: at, events: log }
    await commit(id, null, { record: stored, state: deriveMatch(log) }, true)
    return id
  }

  function openMatch(id: string): Promise<void> {
    return inTurn(() => open(id))
  }

  async function open(id: string): Promise<void> {
    if (!(id in index.value.matches)) throw new Error(`${id}: no such saved match`)
    if (!(await showStored(id))) throw new AppRefusal('storage.error.setAside', {}, `${id}: could not be read; set aside`)
    try {
      index.value = await setCurrentMatch(id)
    } catch {
      // Which match every screen shows is not a record: this page shows it even when it could not say so.
    }
  }

  function deleteMatch(id: string): Promise<void> {
    return inTurn(() => remove(id))
  }

  async function remove(id: string): Promise<void> {
    writable()
    index.value = await deleteStoredMatch(id)
    if (record.value?.id === id) show(null)
  }

  function renameMatch(id: string, name: string): Promise<void> {
    return inTurn(() => rename(id, name))
  }

  async function rename(id: string, name: string): Promise<void> {
    writable()
    if (!(id in index.value.matches)) throw new Error(`${id}: no such saved match`)
    const title = name.trim()
    if (title === '') throw new AppRefusal('input.nameEmpty', {}, 'name: must not be empty')
    checkLength('matchName', title)
    const at = nowIso()
    index.value = await renameStoredMatch(id, title, at)
    if (record.value?.id === id) record.value = { ...record.value, name: title, updatedAt: at }
  }

  // ─── the current match's events ────────────────────────────────────────────

  function requireState(): MatchState {
    if (!record.value || !matchState.value) throw new Error('no match is open')
    return matchState.value
  }

  /** The rules check the event first (nothing is saved when they refuse); then it is saved, then shown. */
  async function append(event: MatchEvent): Promise<void> {
    const mine = record.value
    if (!mine) throw new Error('no match is open')
    writable()
    // Plain data: a move chosen on screen arrives as a Vue proxy, which the browser's storage would mangle.
    const stamped = plain({ ...event, at: event.at ?? nowIso() } as MatchEvent)
    // The state this page holds, with one event applied (engine fold): no replay, no copy of the log's states.
    const state = applyEvent(requireState(), stamped)
    const next: StoredMatch = { ...mine, v: MATCH_STORAGE_VERSION, updatedAt: nowIso(), events: [...mine.events, stamped] }
    await commit(mine.id, mine.events.length, { record: next, state })
    selectedMove.value = null
  }

  /** An event made from the state this page shows once its earlier actions are done. */
  function appendInTurn(event: () => MatchEvent): Promise<void> {
    return inTurn(() => append(event()))
  }

  function recordGenerator(generator: GeneratorRecord): Promise<void> {
    return appendInTurn(() => ({ type: 'GeneratorRecorded', generator }))
  }

  function makeThrow(move: Move): Promise<void> {
    return appendInTurn(() => throwEvent(requireState(), move, nowIso()))
  }

  function makeNullThrow(): Promise<void> {
    return appendInTurn(() => nullThrowEvent(requireState(), nowIso()))
  }

  function correctPosition(next: Position, note?: string): Promise<void> {
    return appendInTurn(() => {
      requireState()
      if (note) checkLength('note', note)
      return { type: 'PositionCorrected', position: next, ...(note ? { note } : {}) }
    })
  }

  function scoreEnd(): Promise<void> {
    return appendInTurn(() => endScoredEvent(requireState(), nowIso()))
  }

  /** A score-only end, or an end closed by its typed score (a blank end 0 : 0). */
  function enterEndScore(score: Record<Color, number>): Promise<void> {
    return appendInTurn(() => enteredEndScoreEvent(requireState(), score, nowIso()))
  }

  function undo(): Promise<void> {
    return appendInTurn(() => ({ type: 'Undo' }))
  }

  function redo(): Promise<void> {
    return appendInTurn(() => ({ type: 'Redo' }))
  }

  /** The referee stops the clock of a timed match (docs/clock.md); the engine refuses it otherwise. */
  function pauseClock(): Promise<void> {
    return appendInTurn(() => ({ type: 'ClockPaused', at: nowIso() }))
  }

  function resumeClock(): Promise<void> {
    return appendInTurn(() => ({ type: 'ClockResumed', at: nowIso() }))
  }

  // ─── match files ───────────────────────────────────────────────────────────

  function exportMatch(id: string | null = currentId.value): string {
    const match = record.value
    if (!match || match.id !== id) throw new Error('no match to export')
    return serializeMatch(match.events, match.name)
  }

  /** The file is checked whole by the engine (matchFile.ts) and saved before it is shown; a file that cannot be saved is refused. */
  function importMatch(text: string, fallbackName = 'imported match'): Promise<ImportResult> {
    return inTurn(() => importFile(text, fallbackName))
  }

  async function importFile(text: string, fallbackName: string): Promise<ImportResult> {
    try {
      checkFileSize(text.length)
      const file = parseMatchFile(text)
      checkSetupNames(file.state.setup)
      const at = nowIso()
      const id = newId()
      const name = (file.name?.trim() || fallbackName).slice(0, INPUT_LIMITS.matchName)
      const stored: StoredMatch = { v: MATCH_STORAGE_VERSION, id, name, createdAt: at, updatedAt: at, events: file.events }
      await commit(id, null, { record: stored, state: file.state }, true)
      return { ok: true, id }
    } catch (error) {
      return { ok: false, error }
    }
  }

  function dismissNotice(): void {
    notice.value = null
  }

  return {
    loaded, currentId, matches, newerVersion, selectedMove, notice, dismissNotice,
    current, events, state, derivationError, position, summaries,
    load, stopWatching, createMatch, openMatch, deleteMatch, renameMatch,
    recordGenerator, makeThrow, makeNullThrow, correctPosition, scoreEnd, enterEndScore, undo, redo, pauseClock, resumeClock,
    exportMatch, importMatch,
  }
})
