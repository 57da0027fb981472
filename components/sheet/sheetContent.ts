// The score sheet of one match as data in the user's language: what the printed page shows and
// what "copy as text" copies are the same content (sheetText.ts writes it as plain text).
// Everything is read from the derived match state (STYLE.md §2); the log's own formatter
// (components/match/logText.ts) writes the moves, dice, cards and corrections.
import {
  COLORS,
  DEFAULT_CARD_LIMITS,
  DEFAULT_HOUSE_RULES,
  THROWN_STONE,
  combinationRanking,
  simulateThrowTraced,
  type Cell,
  type Color,
  type MatchClock,
  type MatchState,
  type Position,
  type ThrowRecord,
} from '../../engine/index.ts'
import { locale, registerMessages, t } from '../../i18n/index.ts'
import setupMessages from '../../i18n/messages/setup.ts'
import sheetMessages from '../../i18n/messages/sheet.ts'
import { clockText } from '../clock/clockText.ts'
import { endOfLine, generatorText, logLineText, throwMoveText, voidText } from '../match/logText.ts'
import { isScoreOnly, playerName, resultParams } from '../match/matchResult.ts'

// The generator and house rules are said in the setup form's own words.
registerMessages(setupMessages)
registerMessages(sheetMessages)

export interface SheetFact {
  key: string
  label: string
  value: string
}

export interface SheetColumn {
  end: number
  /** "3", or "+1" for the first extra end. */
  label: string
  extra: boolean
  /** Who had the hammer; null for an end not begun. */
  hammer: Color | null
  score: Record<Color, number> | null
  /** Time used in the end (m:ss), when the match has a clock. */
  time: string | null
}

export interface SheetThrow {
  n: number
  mover: Color
  /** "Red" / "Красные". */
  who: string
  /** The dice or cards as they fell ("Dice 1 1 2 3 4"); '' when none was recorded. */
  generator: string
  /** The move in notation ("e0 triple 3-2-1"), or "null". */
  move: string
  /** Where the thrown stone stopped and what left play, or the void ruling. */
  result: string
  void: boolean
}

export interface SheetEnd {
  end: number
  title: string
  /** "hammer: Anna · 2 : 0, total 2 : 0 · score entered". */
  summary: string
  hammer: Color
  throws: SheetThrow[]
  inProgress: boolean
}

export interface ScoreSheet {
  title: string
  game: string
  name: string
  facts: SheetFact[]
  players: Record<Color, string>
  columns: SheetColumn[]
  totals: Record<Color, number>
  winner: Color | null
  /** Whether any end shows a time (the match has a clock). */
  timed: boolean
  /** A score-only match has no throws to list. */
  scoreOnly: boolean
  ends: SheetEnd[]
  notes: string[]
  result: string
  signatures: string[]
}

export interface SheetInput {
  name: string
  /** When the match was created (ISO 8601). */
  createdAt: string
  state: MatchState
  /** The match clock (engine clockAt), when the match has one: time per end and thinking time. */
  clock?: MatchClock | null
}

function dateText(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale.value === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(date)
}

function generatorFact(state: MatchState): string {
  const variant = state.setup.variant
  if (variant.kind === 'dice') return t('setup.variant.dice')
  const deck = t('setup.variant.cards', { deck: variant.deck })
  return variant.discardPileTracking ? `${deck}; ${t('setup.discardTracking').toLowerCase()}` : deck
}

/** The house rules in the setup form's words (I-11); the card L1 table only in a card match. */
function houseRulesFact(state: MatchState): string {
  const { setup } = state
  if (isScoreOnly(setup)) return t('sheet.houseRules.none')
  const rules = setup.houseRules
  const variant = setup.variant
  const quadrupleDefault = rules.quadrupleConstraint === DEFAULT_HOUSE_RULES.quadrupleConstraint
  const limitsDefault = Object.entries(DEFAULT_CARD_LIMITS).every(([key, limit]) => rules.cardLimits[key as keyof typeof DEFAULT_CARD_LIMITS] === limit)
  if (quadrupleDefault && (variant.kind === 'dice' || limitsDefault)) return t('sheet.houseRules.default')
  const parts = [t('sheet.houseRules.quadruple', { label: t('setup.quadruple'), value: t(`setup.quadruple.${rules.quadrupleConstraint}`) })]
  if (variant.kind === 'cards') {
    const limits = combinationRanking(variant.deck)
      .map((combination) => `${t(`combination.${combination}`)} ${rules.cardLimits[combination]}`)
      .join(', ')
    parts.push(t('sheet.houseRules.cardLimits', { label: t('setup.cardLimits'), limits }))
  }
  return parts.join('; ')
}

function facts(input: SheetInput, name: (color: Color) => string): SheetFact[] {
  const { setup } = input.state
  const list: SheetFact[] = [
    ...COLORS.map((color) => ({ key: color, label: t(`color.${color}`), value: name(color) })),
    // The day it was played: the match's first event, else when it was saved here (an import).
    { key: 'date', label: t('sheet.date'), value: dateText(input.state.log[0]?.event.at ?? input.createdAt) },
    { key: 'ends', label: t('setup.ends'), value: String(setup.ends) },
  ]
  if (isScoreOnly(setup)) list.push({ key: 'recording', label: t('setup.recording'), value: t('setup.recording.score-only') })
  else list.push({ key: 'generator', label: t('setup.variant'), value: generatorFact(input.state) })
  list.push(
    {
      key: 'first-hammer',
      label: t('setup.hammer'),
      value: t('sheet.firstHammer', { name: name(setup.firstHammer), how: t(`setup.hammer.${setup.firstHammerBy}`).toLowerCase() }),
    },
    { key: 'house-rules', label: t('setup.houseRules'), value: houseRulesFact(input.state) },
  )
  const clock = input.clock
  if (clock) {
    const value = t('sheet.clock.value', {
      match: clockText(clock.matchMs),
      red: name('red'),
      redUsed: clockText(clock.usedMs.red),
      blue: name('blue'),
      blueUsed: clockText(clock.usedMs.blue),
    })
    const budget = clock.budgetMs === null ? '' : ` ${t('sheet.clock.budget', { budget: clockText(clock.budgetMs) })}`
    list.push({ key: 'clock', label: t('clock.title'), value: `${value}${budget}` })
  }
  return list
}

/** The ends played, then the agreed ends still to come (and the extra end being played). */
function columns(input: SheetInput): SheetColumn[] {
  const { state } = input
  const endMs = input.clock?.endMs
  const time = (end: number) => (endMs && endMs[end - 1] !== undefined ? clockText(endMs[end - 1]!) : null)
  const label = (end: number) => (end > state.setup.ends ? `+${end - state.setup.ends}` : String(end))
  const played: SheetColumn[] = state.ends.map((e) => ({ end: e.end, label: label(e.end), extra: e.extra, hammer: e.hammer, score: e.score, time: time(e.end) }))
  const last = Math.max(state.setup.ends, state.finished ? state.ends.length : state.ends.length + 1)
  for (let end = state.ends.length + 1; end <= last; end++) {
    const current = !state.finished && end === state.ends.length + 1
    played.push({ end, label: label(end), extra: end > state.setup.ends, hammer: current ? state.hammer : null, score: null, time: current ? time(end) : null })
  }
  return played
}

/** Where the thrown stone came to rest: the trace's last move of the thrown stone. */
function restingCell(before: Position, record: ThrowRecord, state: MatchState): Cell | null {
  if (!record.move) return null
  const { trace } = simulateThrowTraced(before, record.mover, record.move, record.throwNumber, state.setup.houseRules)
  let cell: Cell | null = null
  for (const step of trace) if (step.kind === 'move' && step.stone === THROWN_STONE) cell = step.to
  return cell
}

function throwResult(record: ThrowRecord, state: MatchState): string {
  if (record.result.freeGuardViolation) return voidText(record)
  if (!record.move) return ''
  const start = record.move.start
  // The thrown stone is the one that left play from its start cell: no stone stands on row 0.
  const thrownOut = record.result.outOfPlay.some((stone) => stone.color === record.mover && stone.from === start)
  const others = record.result.outOfPlay.filter((stone) => !(stone.color === record.mover && stone.from === start))
  const before = state.log[record.eventIndex - 1]?.position ?? { red: [], blue: [] }
  const cell = thrownOut ? null : restingCell(before, record, state)
  const parts = [cell ? t('sheet.throw.to', { cell }) : t('sheet.throw.thrownOut')]
  if (others.length > 0) parts.push(t('sheet.throw.out', { stones: others.map((stone) => `${t(`color.${stone.color}`)} ${stone.from}`).join(', ') }))
  return parts.join('; ')
}

function sheetThrow(record: ThrowRecord, state: MatchState): SheetThrow {
  return {
    n: record.throwNumber,
    mover: record.mover,
    who: t(`color.${record.mover}`),
    generator: record.generator ? generatorText(record.generator) : '',
    move: throwMoveText(record),
    result: throwResult(record, state),
    void: record.result.freeGuardViolation,
  }
}

function endTitle(state: MatchState, end: number): string {
  return end > state.setup.ends ? t('sheet.extraEnd', { n: end - state.setup.ends }) : t('sheet.end', { end })
}

function ends(input: SheetInput, name: (color: Color) => string): SheetEnd[] {
  const { state } = input
  const clock = input.clock
  const time = (end: number) => {
    const ms = clock?.endMs[end - 1]
    const used = clock?.endUsedMs[end - 1]
    if (ms === undefined || used === undefined) return null
    return t('sheet.end.time', { time: clockText(ms), red: name('red'), redUsed: clockText(used.red), blue: name('blue'), blueUsed: clockText(used.blue) })
  }
  const list: SheetEnd[] = state.ends.map((record) => {
    const summary = [
      t('sheet.end.hammer', { name: name(record.hammer) }),
      t('sheet.end.score', { red: record.score.red, blue: record.score.blue, totalRed: record.totalsAfter.red, totalBlue: record.totalsAfter.blue }),
      record.entered ? t('sheet.end.entered') : null,
      time(record.end),
      record.throws.length === 0 && !isScoreOnly(state.setup) ? t('sheet.end.noThrows') : null,
    ]
    return {
      end: record.end,
      title: endTitle(state, record.end),
      summary: summary.filter((part) => part !== null).join(' · '),
      hammer: record.hammer,
      throws: record.throws.map((throwRecord) => sheetThrow(throwRecord, state)),
      inProgress: false,
    }
  })
  if (!state.finished && (state.throws.length > 0 || state.ends.length === 0 || isScoreOnly(state.setup))) {
    const summary = [t('sheet.end.hammer', { name: name(state.hammer) }), t('sheet.end.inProgress'), time(state.end)]
    list.push({
      end: state.end,
      title: endTitle(state, state.end),
      summary: summary.filter((part) => part !== null).join(' · '),
      hammer: state.hammer,
      throws: state.throws.map((throwRecord) => sheetThrow(throwRecord, state)),
      inProgress: true,
    })
  }
  return list
}

/**
 * Corrections and notes: every position correction with its note, every score the referee
 * typed instead of reading the house, and every event taken back (the record of what happened
 * at the table survives an undo, STYLE.md §2).
 */
function notes(state: MatchState): string[] {
  const list: string[] = []
  for (const line of state.log) {
    const event = line.event
    if (event.type === 'Undo' || event.type === 'Redo' || event.type === 'MatchStarted') continue
    const text = logLineText(state.log, line)
    if (line.undone) {
      list.push(`${t('sheet.notes.undone', { text })}`)
      continue
    }
    if (event.type === 'PositionCorrected') {
      const end = endOfLine(state.log, line)
      const where = line.throwsMade > 0 ? t('sheet.notes.at', { end, n: line.throwsMade }) : t('sheet.notes.atStart', { end })
      list.push(`${where}: ${text}`)
    } else if (event.type === 'EndScored' && event.entered && !isScoreOnly(state.setup)) {
      list.push(text)
    }
  }
  return list
}

/** The score sheet of a match, in the current language. */
export function scoreSheet(input: SheetInput): ScoreSheet {
  const { state } = input
  const name = (color: Color) => playerName(state, color, (c) => t(`color.${c}`))
  const result = resultParams(state, (c) => t(`color.${c}`))
  const endColumns = columns(input)
  return {
    title: t('sheet.title'),
    game: t('sheet.game'),
    name: input.name,
    facts: facts(input, name),
    players: { red: name('red'), blue: name('blue') },
    columns: endColumns,
    totals: { ...state.totals },
    winner: state.winner,
    timed: endColumns.some((column) => column.time !== null),
    scoreOnly: isScoreOnly(state.setup),
    ends: ends(input, name),
    notes: notes(state),
    result: result ? t('match.result.winner', result) : t('sheet.inProgress', { end: state.end, red: state.totals.red, blue: state.totals.blue }),
    signatures: [
      ...COLORS.map((color) => t('sheet.signature.player', { color: t(`color.${color}`), name: name(color) })),
      t('sheet.signature.referee'),
    ],
  }
}
