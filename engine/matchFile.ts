// The match file: a match log as JSON with a schema version (STYLE.md §2). A file is
// input from outside, like a setup typed by a person: it is checked whole and either
// accepted or refused with the path of the first problem ("events[12].move.lengths[1]:
// …"); never half-applied.
import { parseCell } from './board.ts'
import { RuleError, reasonOf, ruleReason, type RuleErrorCode, type RuleParams, type RuleReason } from './errors.ts'
import { houseRulesErrors, type HouseRules } from './houseRules.ts'
import { describeValue } from './describeValue.ts'
import { deriveMatch } from './fold.ts'
import type { MatchEvent, MatchEventType } from './matchEvents.ts'
import { setupProblems } from './matchSetup.ts'
import type { MatchState } from './matchState.ts'
import { checkMove, moveCheckReason } from './trajectory.ts'
import type { Move } from './types.ts'

export const MATCH_FILE_FORMAT = 'curling-referee-match'
export const MATCH_FILE_VERSION = 1

export interface MatchFile {
  format: typeof MATCH_FILE_FORMAT
  version: typeof MATCH_FILE_VERSION
  /** A name for the match, as the saved-matches list shows it. */
  name?: string
  events: MatchEvent[]
}

/**
 * A refused file: `path` names the place ('events[12].move.lengths[1]'), the message starts
 * with it; the problem itself is coded (`inner`), so the UI says it in the user's language.
 */
export class MatchFileError extends RuleError {
  readonly path: string
  /** `reason` may already start with the path (a replay refusal, "events[7] (ThrowMade): …"). */
  constructor(path: string, reason: string | RuleReason) {
    const problem = typeof reason === 'string' ? ruleReason('detail', { text: reason }, reason) : reason
    const replay = problem.message.startsWith(path)
    const message = replay ? problem.message : `${path}: ${problem.message}`
    super(ruleReason(replay ? 'file.replay' : 'file.at', { path }, message, [problem]))
    this.name = 'MatchFileError'
    this.path = path
  }
}

/**
 * Upgrades a file of version v to v + 1, keyed by v. Version 1 is the first, so there is
 * none yet; when the format changes, the old version's step goes here and older files
 * keep loading.
 */
export type MatchFileMigration = (file: Record<string, unknown>) => Record<string, unknown>
export const MATCH_FILE_MIGRATIONS: Readonly<Record<number, MatchFileMigration>> = Object.freeze({})

// ─── Writing ─────────────────────────────────────────────────────────────────

/**
 * The file of a match log, one event a line (readable in a bug report, small diffs).
 * Refuses a log that does not replay: a file is only ever written from a valid match.
 */
export function serializeMatch(events: readonly MatchEvent[], name?: string): string {
  deriveMatch(events)
  const head = JSON.stringify({ format: MATCH_FILE_FORMAT, version: MATCH_FILE_VERSION, ...(name === undefined ? {} : { name }) })
  const lines = events.map((event) => `    ${JSON.stringify(event)}`).join(',\n')
  return `${head.slice(0, -1)},\n  "events": [\n${lines}\n  ]\n}\n`
}

// ─── Reading ─────────────────────────────────────────────────────────────────

export interface LoadedMatch {
  name: string | null
  events: MatchEvent[]
  /** deriveMatch(events), already computed while checking. */
  state: MatchState
}

/** Parses and checks a match file's text; throws MatchFileError naming the place. */
export function parseMatchFile(text: string, migrations = MATCH_FILE_MIGRATIONS): LoadedMatch {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const detail = error instanceof Error ? error.message : describeValue(error)
    // The parser's own words are English; where it says the position, that much can be translated.
    const position = /position (\d+)/.exec(detail)?.[1]
    if (position !== undefined) fail('file', 'file.not-json-at', { position: Number(position) }, `not JSON (${detail})`)
    if (/end of (JSON|data)/i.test(detail)) fail('file', 'file.not-json-end', {}, `not JSON (${detail})`)
    fail('file', 'file.not-json', { detail }, `not JSON (${detail})`)
  }
  return readMatchFile(value, migrations)
}

/** Checks an already parsed match file (migrating older versions first); throws MatchFileError. */
export function readMatchFile(value: unknown, migrations = MATCH_FILE_MIGRATIONS): LoadedMatch {
  const file = migrateMatchFile(value, migrations)
  const events = file.events
  expectList(events, 'events')
  if (events.length === 0) fail('events', 'file.empty', {}, 'empty: a match log begins with MatchStarted')
  const houseRules = houseRulesOf(events[0])
  events.forEach((event, index) => checkEvent(event, `events[${index}]`, houseRules))
  const checked = events as MatchEvent[]
  let state: MatchState
  try {
    state = deriveMatch(checked)
  } catch (error) {
    // The rules refuse with RuleErrors ("events[7] (ThrowMade): …", the rule's own refusal
    // as its cause); anything else (a TypeError, say) is a bug in the engine, not a bad file.
    const cause = error instanceof Error ? (error.cause ?? error) : error
    const refusal = (value: unknown) => value instanceof RuleError || (value instanceof Error && value.constructor === Error)
    if (!(error instanceof Error) || !refusal(error) || !refusal(cause)) throw error
    const index = /^events\[(\d+)\]/.exec(error.message)?.[1]
    throw new MatchFileError(index === undefined ? 'events' : `events[${index}]`, reasonOf(error))
  }
  return { name: typeof file.name === 'string' ? file.name : null, events: checked, state }
}

/** The file's header checked and its version brought up to date. */
export function migrateMatchFile(value: unknown, migrations = MATCH_FILE_MIGRATIONS): Record<string, unknown> {
  if (!isRecord(value)) fail('file', 'file.not-a-file', {}, 'expected a match file object { format, version, events }')
  if (value.format !== MATCH_FILE_FORMAT) {
    fail('format', 'file.format', { format: MATCH_FILE_FORMAT, got: show(value.format) }, `expected '${MATCH_FILE_FORMAT}', got ${show(value.format)}`)
  }
  let file = value
  let version = versionOf(file)
  if (version > MATCH_FILE_VERSION) {
    fail('version', 'file.too-new', { version, current: MATCH_FILE_VERSION }, `${version} is newer than this app reads (${MATCH_FILE_VERSION}); update the app`)
  }
  while (version < MATCH_FILE_VERSION) {
    const migrate = migrations[version]
    if (!migrate) fail('version', 'file.too-old', { version }, `${version} is too old: no migration to ${version + 1}`)
    file = migrate(file)
    if (versionOf(file) !== version + 1) {
      fail('version', 'file.migration', { version }, `the migration from ${version} did not produce version ${version + 1}`)
    }
    version += 1
  }
  expectKeys(file, '', ['format', 'version', 'name', 'events'])
  if (file.name !== undefined && typeof file.name !== 'string') fail('name', 'file.expected', { kind: 'text', got: show(file.name) }, 'expected text')
  return file
}

// ─── The checks, each naming its path ────────────────────────────────────────

function versionOf(file: Record<string, unknown>): number {
  const version = file.version
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    fail('version', 'file.version', { got: show(version) }, `expected a whole number, got ${show(version)}`)
  }
  return version
}

function fail(path: string, code: RuleErrorCode, params: RuleParams, reason: string): never {
  throw new MatchFileError(path, ruleReason(code, params, reason))
}

/** What a field should have held, for the "expected …, got …" refusals. */
type Expected = 'object' | 'list' | 'text' | 'boolean' | 'color'

function expected(path: string, kind: Expected, value: unknown, reason: string): never {
  fail(path, 'file.expected', { kind, got: show(value) }, reason)
}

/** Quoted when text, so a file's "7" and 7 read apart. */
function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(describeValue(value)) : describeValue(value)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function expectRecord(value: unknown, path: string): asserts value is Record<string, unknown> {
  if (!isRecord(value)) expected(path, 'object', value, `expected an object, got ${show(value)}`)
}

function expectList(value: unknown, path: string): asserts value is unknown[] {
  if (!Array.isArray(value)) expected(path, 'list', value, `expected a list, got ${show(value)}`)
}

/** Unknown fields are refused: in a file they mean a typo or a damaged record. */
function expectKeys(value: Record<string, unknown>, path: string, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      const fields = allowed.join(', ')
      fail(path === '' ? key : `${path}.${key}`, 'file.unknown-field', { fields }, `unknown field (expected ${fields})`)
    }
  }
}

function expectText(value: unknown, path: string): asserts value is string {
  if (typeof value !== 'string') expected(path, 'text', value, `expected text, got ${show(value)}`)
}

function expectWhole(value: unknown, path: string, min: number, max: number): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(path, 'file.not-whole', { value: show(value), min, max }, `${show(value)} is not a whole number ${min}–${max}`)
  }
}

function expectBoolean(value: unknown, path: string): void {
  if (typeof value !== 'boolean') expected(path, 'boolean', value, `expected true or false, got ${show(value)}`)
}

function expectColor(value: unknown, path: string): void {
  if (value !== 'red' && value !== 'blue') expected(path, 'color', value, `expected 'red' or 'blue', got ${show(value)}`)
}

function expectCell(value: unknown, path: string): void {
  if (typeof value !== 'string' || !parseCell(value)) fail(path, 'file.not-a-cell', { value: show(value) }, `${show(value)} is not a cell of the field`)
}

function checkPosition(value: unknown, path: string): void {
  expectRecord(value, path)
  expectKeys(value, path, ['red', 'blue'])
  for (const color of ['red', 'blue'] as const) {
    const stones = value[color]
    expectList(stones, `${path}.${color}`)
    stones.forEach((cell, i) => expectCell(cell, `${path}.${color}[${i}]`))
  }
  // Two stones on a cell, too many stones, row 0: the replay names them with the rule.
}

function checkMoveAt(value: unknown, path: string, houseRules: HouseRules | null): void {
  expectRecord(value, path)
  expectKeys(value, path, ['start', 'type', 'lengths'])
  expectText(value.start, `${path}.start`)
  expectText(value.type, `${path}.type`)
  expectList(value.lengths, `${path}.lengths`)
  value.lengths.forEach((length, i) => expectWhole(length, `${path}.lengths[${i}]`, 1, 5))
  const move = value as unknown as Move
  const check = houseRules ? checkMove(move, houseRules) : checkMove(move)
  if (!check.ok) throw new MatchFileError(path, moveCheckReason(check))
}

function checkNumberList(value: unknown, path: string, min: number, max: number): void {
  expectList(value, path)
  value.forEach((item, i) => expectWhole(item, `${path}[${i}]`, min, max))
}

function checkTextList(value: unknown, path: string): void {
  expectList(value, path)
  value.forEach((item, i) => expectText(item, `${path}[${i}]`))
}

function checkGenerator(value: unknown, path: string): void {
  expectRecord(value, path)
  switch (value.kind) {
    case 'dice':
      expectKeys(value, path, ['kind', 'values', 'operation'])
      checkNumberList(value.values, `${path}.values`, 1, 5)
      if (value.operation !== undefined) {
        const operation = value.operation
        expectRecord(operation, `${path}.operation`)
        expectKeys(operation, `${path}.operation`, ['rolls'])
        expectList(operation.rolls, `${path}.operation.rolls`)
        operation.rolls.forEach((roll, i) => {
          const at = `${path}.operation.rolls[${i}]`
          expectRecord(roll, at)
          expectKeys(roll, at, ['values', 'rerolled'])
          checkNumberList(roll.values, `${at}.values`, 1, 6)
          checkNumberList(roll.rerolled, `${at}.rerolled`, 0, 4)
        })
      }
      return
    case 'cards':
      expectKeys(value, path, ['kind', 'hand', 'jokers', 'roundActions'])
      checkTextList(value.hand, `${path}.hand`)
      if (value.jokers !== undefined) checkTextList(value.jokers, `${path}.jokers`)
      // Card-round actions: their rules are checked by the replay (cardRound.ts).
      if (value.roundActions !== undefined) {
        const actions = value.roundActions
        expectList(actions, `${path}.roundActions`)
        actions.forEach((action, i) => checkRoundActionFields(action, `${path}.roundActions[${i}]`))
      }
      return
    case 'null':
      expectKeys(value, path, ['kind'])
      return
    default:
      fail(`${path}.kind`, 'file.generator-kind', { got: show(value.kind) }, `expected 'dice', 'cards' or 'null', got ${show(value.kind)}`)
  }
}

/**
 * The fields a card-round action may carry, by kind of value; which fields an action
 * needs, and whether the step is allowed, is the replay's part (cardRound.ts).
 */
function checkRoundActionFields(action: unknown, path: string): void {
  expectRecord(action, path)
  expectKeys(action, path, ['type', 'player', 'card', 'beside', 'unused'])
  expectText(action.type, `${path}.type`)
  if (action.player !== undefined) expectText(action.player, `${path}.player`)
  if (action.card !== undefined) expectText(action.card, `${path}.card`)
  if (action.beside !== undefined) {
    expectList(action.beside, `${path}.beside`)
    action.beside.forEach((card, i) => card === null || expectText(card, `${path}.beside[${i}]`))
  }
  if (action.unused !== undefined && action.unused !== null) expectWhole(action.unused, `${path}.unused`, 0, 5)
}

const EVENT_FIELDS: Readonly<Record<MatchEventType, readonly string[]>> = {
  MatchStarted: ['setup'],
  GeneratorRecorded: ['generator'],
  ThrowMade: ['move', 'result', 'mover', 'throwNumber'],
  PositionCorrected: ['position', 'note'],
  EndScored: ['score', 'entered'],
  Undo: [],
  Redo: [],
  ClockPaused: [],
  ClockResumed: [],
}

function isEventType(value: unknown): value is MatchEventType {
  return typeof value === 'string' && Object.hasOwn(EVENT_FIELDS, value)
}

/** The house rules the moves are checked under, when the first event is a valid MatchStarted. */
function houseRulesOf(first: unknown): HouseRules | null {
  if (!isRecord(first) || !isRecord(first.setup)) return null
  const rules = first.setup.houseRules
  return houseRulesErrors(rules).length === 0 ? (rules as HouseRules) : null
}

/** setupErrors checks the values; a file also may not carry fields nobody reads. */
function checkSetupFields(setup: unknown, path: string): void {
  if (!isRecord(setup)) return
  expectKeys(setup, path, ['players', 'ends', 'variant', 'firstHammer', 'firstHammerBy', 'houseRules', 'recording', 'clock'])
  if (isRecord(setup.players)) expectKeys(setup.players, `${path}.players`, ['red', 'blue'])
  if (isRecord(setup.variant)) expectKeys(setup.variant, `${path}.variant`, ['kind', 'deck', 'discardPileTracking'])
  if (isRecord(setup.houseRules)) expectKeys(setup.houseRules, `${path}.houseRules`, ['quadrupleConstraint', 'cardLimits'])
  if (isRecord(setup.clock)) expectKeys(setup.clock, `${path}.clock`, ['thinkingSeconds'])
}

function checkEvent(event: unknown, path: string, houseRules: HouseRules | null): void {
  expectRecord(event, path)
  const type = event.type
  if (!isEventType(type)) fail(`${path}.type`, 'file.unknown-event', { value: show(type) }, `unknown event type ${show(type)}`)
  expectKeys(event, path, ['type', 'at', ...EVENT_FIELDS[type]])
  if (event.at !== undefined && (typeof event.at !== 'string' || Number.isNaN(Date.parse(event.at)))) {
    fail(`${path}.at`, 'match.bad-date', { value: show(event.at) }, `${show(event.at)} is not an ISO date and time`)
  }
  switch (type) {
    case 'MatchStarted': {
      checkSetupFields(event.setup, `${path}.setup`)
      const [problem] = setupProblems(event.setup)
      // A setup problem names its field from 'setup…'; a file path puts the event first.
      if (problem !== undefined) throw new MatchFileError(`${path}.${problem.field}`, problem.reason)
      return
    }
    case 'GeneratorRecorded':
      return checkGenerator(event.generator, `${path}.generator`)
    case 'ThrowMade': {
      if (event.move !== null) checkMoveAt(event.move, `${path}.move`, houseRules)
      if (event.mover !== undefined) expectColor(event.mover, `${path}.mover`)
      if (event.throwNumber !== undefined) expectWhole(event.throwNumber, `${path}.throwNumber`, 1, 16)
      const result = event.result
      const at = `${path}.result`
      expectRecord(result, at)
      expectKeys(result, at, ['position', 'outOfPlay', 'freeGuardViolation', 'power'])
      checkPosition(result.position, `${at}.position`)
      expectList(result.outOfPlay, `${at}.outOfPlay`)
      result.outOfPlay.forEach((stone, i) => {
        const where = `${at}.outOfPlay[${i}]`
        expectRecord(stone, where)
        expectKeys(stone, where, ['color', 'from'])
        expectColor(stone.color, `${where}.color`)
        expectCell(stone.from, `${where}.from`)
      })
      expectBoolean(result.freeGuardViolation, `${at}.freeGuardViolation`)
      expectWhole(result.power, `${at}.power`, 1, 5)
      return
    }
    case 'PositionCorrected':
      checkPosition(event.position, `${path}.position`)
      if (event.note !== undefined) expectText(event.note, `${path}.note`)
      return
    case 'EndScored': {
      const score = event.score
      expectRecord(score, `${path}.score`)
      expectKeys(score, `${path}.score`, ['red', 'blue'])
      expectWhole(score.red, `${path}.score.red`, 0, 8)
      expectWhole(score.blue, `${path}.score.blue`, 0, 8)
      if (event.entered !== undefined && event.entered !== true) {
        fail(`${path}.entered`, 'file.expected-true', { got: show(event.entered) }, `expected true (a score the referee typed) or no field, got ${show(event.entered)}`)
      }
      return
    }
    case 'Undo':
    case 'Redo':
    case 'ClockPaused':
    case 'ClockResumed':
      // A clock event's time (required) and whether the match has a clock: the replay's part.
      return
  }
}
