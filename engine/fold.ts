// The fold (STYLE.md §2, §7): applyEvent is the unit — one event applied to the state it
// already has, at the same cost at throw 1 and at throw 1,000 — and deriveMatch is the fold
// of it over a whole log. The undo stack and the log lines are persistent stacks shared
// with the states before, so nothing already applied is copied or replayed.
import { CLOCK_NOT_STARTED, clockOf, pauseOrResume, tallyUntil, type ClockTally, type MatchClock } from './clock.ts'
import { cardRoundNowOf, advanceCardRound, freshCardRound } from './cardRoundInMatch.ts'
import { describeValue } from './describeValue.ts'
import { RuleError, reasonOf, refuseWith, ruleReason } from './errors.ts'
import {
  EMPTY_POSITION,
  checkedPosition,
  copyPosition,
  currentEnd,
  describeScore,
  expectThrow,
  limitsOf,
  phaseOf,
  previousPowerOf,
  refuse,
  scoreParams,
  type Game,
} from './game.ts'
import { readGenerator } from './generatorReading.ts'
import type { EndScored, MatchEvent, MatchStarted, RealEvent } from './matchEvents.ts'
import { recordingOf, setupErrors, setupProblemReason, setupProblems, type MatchSetup } from './matchSetup.ts'
import type { EndRecord, LogLine, MatchFold, MatchState, ThrowRecord } from './matchState.ts'
import { scoreHouse, standingOf } from './scoring.ts'
import { checkThrowMade } from './throwCheck.ts'
import { hammerAfter, moverOf, winnerOf } from './turns.ts'
import type { Color } from './types.ts'

/** A persistent stack: pushing or popping shares everything below. */
interface Stack<T> {
  readonly top: T
  readonly rest: Stack<T> | null
  readonly size: number
}

function push<T>(stack: Stack<T> | null, top: T): Stack<T> {
  return { top, rest: stack, size: (stack?.size ?? 0) + 1 }
}

function toArray<T>(stack: Stack<T> | null): T[] {
  const items: T[] = new Array<T>(stack?.size ?? 0)
  for (let node = stack, i = items.length - 1; node; node = node.rest, i--) items[i] = node.top
  return items
}

/** A real event in effect, with the game before it (what Undo goes back to). */
interface Applied {
  index: number
  event: RealEvent
  before: Game
}

/**
 * The fold's state: the game, the real events in effect (the bottom one is MatchStarted,
 * which cannot be undone), the undone ones that Redo may put back, and the log lines.
 * A real event appended after an Undo clears `undone`: what was undone stays undone.
 */
interface Fold {
  game: Game
  applied: Stack<Applied>
  undone: Stack<{ index: number; event: RealEvent }> | null
  lines: Stack<Omit<LogLine, 'undone'>>
  /** The index the next event gets. */
  next: number
  /** The time tallied up to the latest event (clock.ts); null when the match has no clock. */
  clock: ClockTally | null
}

// ─── Real events ─────────────────────────────────────────────────────────────

function refuseThrowsInScoreOnly(game: Game, what: 'generator' | 'throw'): void {
  if (recordingOf(game.setup) === 'score-only') {
    refuse('match.score-only', { subject: what }, `${what}: a score-only match records each end's score, no throws`)
  }
}

/** An entered score (EndScored entered): whole points 0–8, at most one side scoring (RULES.md §9). */
function enteredScore(score: unknown): Record<Color, number> {
  const points = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 8
  const record = score as Partial<Record<Color, unknown>> | null
  if (typeof record !== 'object' || record === null || !points(record.red) || !points(record.blue)) {
    const value = describeValue(score)
    refuse('match.entered-score-shape', { value }, `EndScored: ${value} — an entered score is { red, blue }, whole points 0–8`)
  }
  const { red, blue } = record as Record<Color, number>
  if (red > 0 && blue > 0) {
    refuse('match.entered-score-both', { red, blue }, `EndScored: ${red} : ${blue} — only one side scores in an end (RULES.md §9)`)
  }
  return { red, blue }
}

function scoreEnd(game: Game, event: EndScored, index: number): Game {
  const end = currentEnd(game)
  if (game.winner) refuse('match.score-over', scoreParams(game.totals), `EndScored: the match is over (${describeScore(game.totals)})`)
  let score: Record<Color, number>
  if (event.entered === true) score = enteredScore(event.score)
  else {
    if (event.entered !== undefined) {
      const value = describeValue(event.entered)
      refuse('match.entered-flag', { value }, `EndScored.entered: ${value} — true for a score the referee typed, or absent`)
    }
    if (recordingOf(game.setup) === 'score-only') {
      refuse('match.score-only-entered', { end }, `EndScored: end ${end} of a score-only match is scored as entered (entered: true)`)
    }
    if (!game.begun) refuse('match.end-not-begun', { end }, `EndScored: end ${end} has not begun (no throw, no correction) — scored twice?`)
    score = scoreHouse(game.position)
    if (event.score?.red !== score.red || event.score?.blue !== score.blue) {
      refuse(
        'match.score-differs',
        { ...scoreParams(event.score), ...scoreParams(score, '2') },
        `EndScored: recorded ${describeScore(event.score)} but the house scores ${describeScore(score)} (RULES.md §9); correct the position first`,
      )
    }
  }
  const totals = { red: game.totals.red + score.red, blue: game.totals.blue + score.blue }
  const record: EndRecord = {
    end,
    extra: end > game.setup.ends,
    hammer: game.hammer,
    score,
    totalsAfter: totals,
    nextHammer: hammerAfter(game.hammer, score),
    throws: game.throws,
    eventIndex: index,
    entered: event.entered === true,
  }
  const ends = [...game.ends, record]
  return {
    ...game,
    ends,
    totals,
    hammer: record.nextHammer,
    position: copyPosition(EMPTY_POSITION),
    throws: [],
    begun: false,
    generator: null,
    reading: null,
    // RULES.md §8: the deck is shuffled after every end, however the end was closed.
    cardRound: freshCardRound(game.setup, end + 1),
    winner: winnerOf(ends.length, game.setup.ends, totals),
  }
}

/** Applies one real event to the game, or refuses it. The game is never mutated. */
function applyReal(game: Game, event: RealEvent, index: number): Game {
  switch (event.type) {
    case 'MatchStarted':
      return refuse('match.already-started', {}, 'MatchStarted: the match has already started')
    case 'GeneratorRecorded': {
      refuseThrowsInScoreOnly(game, 'generator')
      const { throwNumber } = expectThrow(game, 'generator')
      if (game.generator) {
        refuse('match.generator-twice', { throw: throwNumber }, `generator: already recorded for throw ${throwNumber}; undo it to record another`)
      }
      const reading = readGenerator(event.generator, game.setup)
      const cardRound = advanceCardRound(game.cardRound, event.generator, throwNumber)
      return { ...game, generator: event.generator, reading, cardRound }
    }
    case 'ThrowMade': {
      refuseThrowsInScoreOnly(game, 'throw')
      const { throwNumber, mover } = checkThrowMade(game, event)
      const record: ThrowRecord = {
        eventIndex: index,
        throwNumber,
        mover,
        move: event.move,
        generator: game.generator,
        result: event.result,
      }
      return {
        ...game,
        throws: [...game.throws, record],
        position: copyPosition(event.result.position),
        begun: true,
        generator: null,
        reading: null,
      }
    }
    case 'PositionCorrected': {
      if (game.winner) refuse('match.correction-over', {}, 'correction: the match is over')
      if (event.note !== undefined && typeof event.note !== 'string') refuse('match.correction-note', {}, 'correction: the note must be text')
      return { ...game, position: checkedPosition(event.position, 'match.correction-position', {}, 'correction'), begun: true }
    }
    case 'EndScored':
      return scoreEnd(game, event, index)
    default: {
      const type = describeValue((event as { type: unknown }).type)
      return refuse('match.unknown-event', { value: type }, `${type}: unknown event type`)
    }
  }
}

function startGame(event: MatchEvent | undefined): Game {
  if (event?.type !== 'MatchStarted') refuse('match.first-event', {}, 'a match log begins with MatchStarted')
  const problems = setupProblems(event.setup)
  if (problems.length > 0) refuse('match.setup', {}, setupErrors(event.setup).join('; '), problems.map(setupProblemReason))
  const setup: MatchSetup = event.setup
  return {
    setup,
    ends: [],
    totals: { red: 0, blue: 0 },
    hammer: setup.firstHammer,
    position: copyPosition(EMPTY_POSITION),
    throws: [],
    begun: false,
    generator: null,
    reading: null,
    cardRound: freshCardRound(setup, 1),
    winner: null,
  }
}

// ─── One event, Undo and Redo included ───────────────────────────────────────

function lineOf(game: Game, index: number, event: MatchEvent): Omit<LogLine, 'undone'> {
  return { index, event, end: currentEnd(game), throwsMade: game.throws.length, position: copyPosition(game.position) }
}

function stepUnchecked(fold: Fold | null, event: MatchEvent, index: number): Fold {
  if (event.at !== undefined && (typeof event.at !== 'string' || Number.isNaN(Date.parse(event.at)))) {
    refuse('match.bad-date', { value: describeValue(event.at) }, `at: ${describeValue(event.at)} is not an ISO date and time`)
  }
  const at = event.at === undefined ? null : Date.parse(event.at)
  if (fold === null) {
    const game = startGame(event)
    const started: Applied = { index, event: event as MatchStarted, before: game }
    const clock = game.setup.clock === undefined ? null : tallyUntil(CLOCK_NOT_STARTED, game, at)
    return { game, applied: push(null, started), undone: null, lines: push(null, lineOf(game, index, event)), next: index + 1, clock }
  }
  // The time since the event before runs as the game stood until this event.
  let clock = fold.clock === null ? null : tallyUntil(fold.clock, fold.game, at)
  let { applied, undone } = fold
  let game: Game
  if (event.type === 'ClockPaused' || event.type === 'ClockResumed') {
    // Not a real event: the game, what Undo takes back and what Redo puts back stay as they were.
    clock = pauseOrResume(clock, fold.game, event)
    game = fold.game
  } else if (event.type === 'Undo') {
    // MatchStarted itself cannot be undone: the first entry stays.
    if (applied.size < 2 || applied.rest === null) refuse('match.nothing-to-undo', {}, 'Undo: nothing to undo')
    undone = push(undone, { index: applied.top.index, event: applied.top.event })
    game = applied.top.before
    applied = applied.rest
  } else if (event.type === 'Redo') {
    if (undone === null) refuse('match.nothing-to-redo', {}, 'Redo: nothing to redo')
    const { index: redone, event: real } = undone.top
    game = applyReal(fold.game, real, redone)
    applied = push(applied, { index: redone, event: real, before: fold.game })
    undone = undone.rest
  } else {
    game = applyReal(fold.game, event, index)
    applied = push(applied, { index, event, before: fold.game })
    undone = null
  }
  return { game, applied, undone, lines: push(fold.lines, lineOf(game, index, event)), next: index + 1, clock }
}

/** One event onto the fold; a refusal names the event's index and type. */
function step(fold: Fold | null, event: MatchEvent): Fold {
  const index = fold?.next ?? 0
  try {
    return stepUnchecked(fold, event, index)
  } catch (error) {
    const reason = error instanceof Error ? error.message : describeValue(error)
    const type = describeValue((event as { type?: unknown } | undefined)?.type)
    const message = `events[${index}] (${type}): ${reason}`
    throw new RuleError(ruleReason('match.event', { index, event: type }, message, [reasonOf(error)]), { cause: error })
  }
}

// ─── The state a fold stands for ─────────────────────────────────────────────

const FOLDS = new WeakMap<MatchFold, Fold>()

/** Only a real event can be taken back: Undo, Redo and the clock's pauses stay as they were. */
function isReal(event: MatchEvent): event is RealEvent {
  return event.type !== 'Undo' && event.type !== 'Redo' && event.type !== 'ClockPaused' && event.type !== 'ClockResumed'
}

/** The log lines, built when first read: appending an event never copies them. */
function logOf(fold: Fold): LogLine[] {
  const inEffect = new Set<number>()
  for (let node: Stack<Applied> | null = fold.applied; node; node = node.rest) inEffect.add(node.top.index)
  return toArray(fold.lines).map((line) => ({
    ...line,
    undone: isReal(line.event) && !inEffect.has(line.index),
  }))
}

function stateOf(fold: Fold): MatchState {
  const { game } = fold
  const scoreOnly = recordingOf(game.setup) === 'score-only'
  // A score-only end waits for its score from the start: no throw is expected in it.
  const phase = scoreOnly && !game.winner ? 'end-complete' : phaseOf(game)
  const end = currentEnd(game)
  const throwNumber = phase === 'throwing' ? game.throws.length + 1 : null
  const mover = throwNumber === null ? null : moverOf(throwNumber, game.hammer)
  const cardRoundNow = throwNumber !== null && game.cardRound && !game.generator ? cardRoundNowOf(game.cardRound, throwNumber, end) : null
  const state = {
    setup: game.setup,
    phase,
    end,
    extraEnd: end > game.setup.ends,
    throwsMade: game.throws.length,
    throwNumber,
    mover,
    hammer: game.hammer,
    position: copyPosition(game.position),
    previousPower: previousPowerOf(game),
    standing: mover === null ? null : standingOf(game.position, mover),
    generator: game.generator,
    cardRound: game.cardRound,
    cardRoundNow,
    generatorReading: game.reading,
    limits: mover === null ? null : limitsOf(game, mover),
    throws: game.throws,
    ends: game.ends,
    totals: { ...game.totals },
    finished: game.winner !== null,
    winner: game.winner,
    canUndo: fold.applied.size > 1,
    canRedo: fold.undone !== null,
  } as Omit<MatchState, 'log' | 'fold'> as MatchState
  let log: LogLine[] | null = null
  // Configurable, so a reactive proxy (Vue) may hand out its own wrapped copy of them.
  Object.defineProperty(state, 'log', { get: () => (log ??= logOf(fold)), enumerable: true, configurable: true })
  const handle = Object.freeze({}) as MatchFold
  FOLDS.set(handle, fold)
  Object.defineProperty(state, 'fold', { value: handle, enumerable: false, configurable: true })
  return state
}

function foldOf(state: MatchState): Fold {
  const fold = state.fold === undefined ? undefined : FOLDS.get(state.fold)
  if (fold === undefined) throw new Error('applyEvent: the state does not come from deriveMatch or applyEvent (a copy of a state cannot be applied to)')
  return fold
}

// ─── The public functions ────────────────────────────────────────────────────

/**
 * The state after one more event, or a refusal (RuleError) naming the event's index and
 * why, as deriveMatch gives it. Costs the same at throw 1 and at throw 1,000. Never
 * mutates `state`; the old state stays valid (it is how a view keeps going back).
 */
export function applyEvent(state: MatchState, event: MatchEvent): MatchState {
  return stateOf(step(foldOf(state), event))
}

/** Replays the log: the fold of applyEvent. Throws a RuleError naming the event index and the reason when it makes no sense. */
export function deriveMatch(events: readonly MatchEvent[]): MatchState {
  if (events.length === 0) refuseWith('match.empty-log', {}, 'events: a match log begins with MatchStarted')
  let fold: Fold | null = null
  for (const event of events) fold = step(fold, event)
  return stateOf(fold!)
}

/** The log with one more event; refuses (throws) an event that makes no sense now. Never mutates `events`. */
export function appendEvent(events: readonly MatchEvent[], event: MatchEvent): MatchEvent[] {
  const next = [...events, event]
  deriveMatch(next)
  return next
}

/**
 * The clock of a timed match at `now` (ISO 8601), or null when the match has no clock
 * (setup.clock absent). Pure: the time since the latest event is counted up to `now`, as the
 * match stands; the engine never reads the wall clock (docs/clock.md).
 */
export function clockAt(state: MatchState, now: string): MatchClock | null {
  if (state.setup.clock === undefined) return null
  const fold = foldOf(state)
  if (fold.clock === null) return null
  const moment = typeof now === 'string' ? Date.parse(now) : Number.NaN
  if (Number.isNaN(moment)) refuseWith('match.bad-date', { value: describeValue(now) }, `clockAt: ${describeValue(now)} is not an ISO date and time`)
  return clockOf(fold.clock, fold.game, moment, state.setup.clock)
}

/** A new log: just the MatchStarted event. Throws on a bad setup. */
export function startMatch(setup: MatchSetup, at?: string): MatchEvent[] {
  const event: MatchStarted = { type: 'MatchStarted', setup, ...(at === undefined ? {} : { at }) }
  const events = [event]
  deriveMatch(events)
  return events
}

