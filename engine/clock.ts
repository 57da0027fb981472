// The clock (docs/clock.md): an optional match clock and per-player thinking time, kept in
// the log like everything else. Time is read from the events' own `at` stamps, never from
// the wall clock: the fold tallies what ran between one event and the next, and clockAt
// adds what has run since the latest event up to the `now` it is handed.
import { describeValue } from './describeValue.ts'
import { ruleReason, type RuleReason } from './errors.ts'
import { currentEnd, refuse, type Game } from './game.ts'
import type { ClockEvent } from './matchEvents.ts'
import { THROWS_PER_END, moverOf } from './turns.ts'
import type { Color } from './types.ts'

/**
 * The clock agreed before the match. Present: the match is timed (the match clock, the time of
 * each end, each player's thinking time). `thinkingSeconds`: each player's thinking budget for
 * the whole match, extra ends included; absent: thinking time is counted with no budget.
 */
export interface ClockSetup {
  thinkingSeconds?: number
}

/** The largest thinking budget a setup may give: 24 hours. */
export const MAX_THINKING_SECONDS = 24 * 60 * 60

/** The clock of a match at a moment (clockAt). All times in milliseconds. */
export interface MatchClock {
  /** The clock runs: the match is on and not paused. */
  running: boolean
  /** The referee paused it (ClockPaused) and has not resumed it yet. */
  paused: boolean
  /** Time the match has run: from its start to now (or to its last end), pauses left out. */
  matchMs: number
  /** Each player's thinking time so far. */
  usedMs: Record<Color, number>
  /** Whose thinking time is running now: the mover, while a throw is expected and the clock runs. */
  thinking: Color | null
  /** Each player's budget (setup.clock.thinkingSeconds), or null when there is none. */
  budgetMs: number | null
  /** What is left of each budget, never below 0; null without a budget. */
  remainingMs: Record<Color, number> | null
  /** How far each player is past the budget (0 within it, and always 0 without a budget). */
  overTimeMs: Record<Color, number>
  /**
   * The match-clock time of each end, in order: endMs[0] is end 1. While the match is on, the
   * last entry is the current end's, still running; once it is over, one entry per end played.
   */
  endMs: number[]
  /** Each player's thinking time within each end, indexed as endMs. */
  endUsedMs: Record<Color, number>[]
}

/** What the fold keeps of the clock: the time tallied up to the latest known moment. */
export interface ClockTally {
  readonly paused: boolean
  /** The latest known moment (ms since 1970), or null before any event carried `at`. */
  readonly lastAt: number | null
  readonly matchMs: number
  readonly usedMs: Readonly<Record<Color, number>>
  readonly endMs: readonly number[]
  readonly endUsedMs: readonly Readonly<Record<Color, number>>[]
}

export const CLOCK_NOT_STARTED: ClockTally = { paused: false, lastAt: null, matchMs: 0, usedMs: { red: 0, blue: 0 }, endMs: [], endUsedMs: [] }

/** Problems with setup.clock (empty when fine), each coded; the setup check adds the field. */
export function clockSetupProblems(clock: unknown): { field: string; reason: RuleReason }[] {
  if (clock === undefined) return []
  if (typeof clock !== 'object' || clock === null || Array.isArray(clock)) {
    return [{ field: 'setup.clock', reason: ruleReason('setup-field.clock', {}, 'expected { thinkingSeconds? } or no clock') }]
  }
  const seconds = (clock as ClockSetup).thinkingSeconds
  if (seconds === undefined) return []
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > MAX_THINKING_SECONDS) {
    const value = describeValue(seconds)
    const message = `${value} — a thinking budget is whole seconds, 1–${MAX_THINKING_SECONDS}`
    return [{ field: 'setup.clock.thinkingSeconds', reason: ruleReason('setup-field.thinking-seconds', { value, max: MAX_THINKING_SECONDS }, message) }]
  }
  return []
}

/**
 * What runs while the game stands as it does: nothing when paused or over; else the match
 * clock, the current end's, and the mover's thinking time while a throw is expected (not
 * while a full end waits for its score, never in a score-only match).
 */
function runningIn(game: Game, paused: boolean): { end: number; thinking: Color | null } | null {
  if (paused || game.winner) return null
  const throwing = game.setup.recording !== 'score-only' && game.throws.length < THROWS_PER_END
  return { end: currentEnd(game), thinking: throwing ? moverOf(game.throws.length + 1, game.hammer) : null }
}

/**
 * The tally moved on to the moment `at` (ms), the time since the latest known moment
 * counted as the game stood then. `at` null (an event without a time, an old file): the event
 * happened at the latest known moment, so nothing is counted. Time never runs backwards: a
 * moment before the latest known one counts as that one.
 */
export function tallyUntil(tally: ClockTally, game: Game, at: number | null): ClockTally {
  if (at === null) return tally
  if (tally.lastAt === null) return { ...tally, lastAt: at }
  const elapsed = Math.max(0, at - tally.lastAt)
  const lastAt = tally.lastAt + elapsed
  const running = runningIn(game, tally.paused)
  if (running === null || elapsed === 0) return lastAt === tally.lastAt ? tally : { ...tally, lastAt }
  const index = running.end - 1
  const endMs = [...tally.endMs]
  const endUsedMs = [...tally.endUsedMs]
  while (endMs.length <= index) endMs.push(0)
  while (endUsedMs.length <= index) endUsedMs.push({ red: 0, blue: 0 })
  endMs[index]! += elapsed
  let usedMs = tally.usedMs
  if (running.thinking !== null) {
    usedMs = { ...usedMs, [running.thinking]: usedMs[running.thinking] + elapsed }
    endUsedMs[index] = { ...endUsedMs[index]!, [running.thinking]: endUsedMs[index]![running.thinking] + elapsed }
  }
  return { paused: tally.paused, lastAt, matchMs: tally.matchMs + elapsed, usedMs, endMs, endUsedMs }
}

/** The clock as the tally and the game stand at `now` (ms), with the setup's budget. */
export function clockOf(tally: ClockTally, game: Game, now: number, setup: ClockSetup): MatchClock {
  const at = tallyUntil(tally, game, now)
  const running = runningIn(game, at.paused)
  // One entry per end played, plus the current one while the match is on; an end taken back by
  // Undo keeps its time in the tally and shows it again when the log reaches it once more.
  const ends = game.winner ? game.ends.length : game.ends.length + 1
  const endMs = Array.from({ length: ends }, (_, i) => at.endMs[i] ?? 0)
  const endUsedMs = Array.from({ length: ends }, (_, i) => ({ red: at.endUsedMs[i]?.red ?? 0, blue: at.endUsedMs[i]?.blue ?? 0 }))
  const usedMs = { red: at.usedMs.red, blue: at.usedMs.blue }
  const budgetMs = setup.thinkingSeconds === undefined ? null : setup.thinkingSeconds * 1000
  const left = (color: Color) => (budgetMs === null ? 0 : Math.max(0, budgetMs - usedMs[color]))
  const over = (color: Color) => (budgetMs === null ? 0 : Math.max(0, usedMs[color] - budgetMs))
  return {
    running: running !== null,
    paused: at.paused,
    matchMs: at.matchMs,
    usedMs,
    thinking: running?.thinking ?? null,
    budgetMs,
    remainingMs: budgetMs === null ? null : { red: left('red'), blue: left('blue') },
    overTimeMs: { red: over('red'), blue: over('blue') },
    endMs,
    endUsedMs,
  }
}

/** A pause or a resumption applied to the tally, or refused (no clock, no time, over, twice). */
export function pauseOrResume(tally: ClockTally | null, game: Game, event: ClockEvent): ClockTally {
  if (tally === null) refuse('match.no-clock', {}, `${event.type}: this match has no clock (setup.clock)`)
  if (typeof event.at !== 'string') refuse('match.clock-at', {}, `${event.type}: a pause or resumption needs its time (at)`)
  if (game.winner) refuse('match.clock-over', {}, `${event.type}: the match is over; its clock has stopped`)
  const pausing = event.type === 'ClockPaused'
  if (pausing && tally.paused) refuse('match.clock-paused', {}, 'ClockPaused: the clock is already paused')
  if (!pausing && !tally.paused) refuse('match.clock-not-paused', {}, 'ClockResumed: the clock is not paused')
  return { ...tally, paused: pausing }
}
