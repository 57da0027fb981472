// The share code: a match (or only its result) as one short line of text that a QR code can
// carry and another copy of the referee can read back. It is a pure function of the match
// log: the same log gives the same code, always.
//
//   LC1M.<base32>   the whole match: every event, each throw as its move alone, a card hand
//                   left out when the card round recorded with it gives that hand
//   LC1R.<base32>   the result only: players, colours, setup, each end's score and time
//
// "LC" is Logical Curling, "1" the format version, "M"/"R" what it holds. The base32 text
// (RFC 4648 letters A–Z and digits 2–7, no padding) keeps to the QR code's alphanumeric mode,
// 5.5 bits a character instead of 8, and survives being read aloud or typed in capitals. The
// bytes behind it: the payload's length, the payload, its CRC-32 — a code cut short or
// damaged in a chat is refused as such before anything is read.
//
// A throw's result is not in the code: it is what the stones do, and the reader simulates it
// again (throwEvent), which is also what a match file's check does (throwCheck.ts). Anything
// the packed form cannot say exactly (an event of a kind it does not know, a hand-edited file
// with stones in another order) travels as that event's JSON, so decoding always gives back
// the very log that was encoded.
import { ALL_CELLS } from './board.ts'
import { cardRoundAfter } from './cardRoundInMatch.ts'
import { JOKER, deckCards, DECKS } from './cards.ts'
import { refuseWith, ruleReason, RuleError, reasonOf } from './errors.ts'
import { applyEvent, deriveMatch } from './fold.ts'
import { DEFAULT_HOUSE_RULES } from './houseRules.ts'
import type { CardRoundAction } from './cardRound.ts'
import type { EndScored, GeneratorRecord, MatchEvent, MatchStarted, ThrowMade } from './matchEvents.ts'
import { END_COUNTS, type MatchSetup } from './matchSetup.ts'
import type { MatchState } from './matchState.ts'
import { nullThrowEvent, throwEvent } from './nextEvents.ts'
import { TRAJECTORY_TYPES } from './trajectory.ts'
import type { Color, Move, Position } from './types.ts'

export const SHARE_CODE_VERSION = 1
export type ShareKind = 'match' | 'result'
const KIND_LETTER: Readonly<Record<ShareKind, string>> = { match: 'M', result: 'R' }
export function shareCodePrefix(kind: ShareKind): string {
  return `LC${SHARE_CODE_VERSION}${KIND_LETTER[kind]}.`
}
/** A pasted code longer than this is no share code (a QR code holds at most 4,296 characters; a 50-end match as text ~15,000). */
export const SHARE_CODE_MAX_LENGTH = 100_000

export interface SharedMatch {
  kind: ShareKind
  name: string | null
  /** The match log: the one encoded, or (kind 'result') a score-only log of the same ends. */
  events: MatchEvent[]
  /** deriveMatch(events), computed while reading. */
  state: MatchState
  /** Kind 'result': how many throws the original match had recorded (they are not in the code). */
  throwsLeftOut: number
}

// ─── Bits ────────────────────────────────────────────────────────────────────

class BitWriter {
  private readonly bits: number[] = []

  write(value: number, count: number): void {
    for (let bit = count - 1; bit >= 0; bit--) this.bits.push(Math.floor(value / 2 ** bit) % 2)
  }

  flag(value: boolean): void {
    this.write(value ? 1 : 0, 1)
  }

  /** A whole number ≥ 0 in groups of `group` bits, each followed by "more to come". */
  uint(value: number, group: number): void {
    let rest = value
    do {
      this.write(rest % 2 ** group, group)
      rest = Math.floor(rest / 2 ** group)
      this.flag(rest > 0)
    } while (rest > 0)
  }

  int(value: number, group: number): void {
    this.uint(value >= 0 ? value * 2 : -value * 2 - 1, group)
  }

  text(value: string): void {
    const bytes = new TextEncoder().encode(value)
    this.uint(bytes.length, 5)
    for (const byte of bytes) this.write(byte, 8)
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(Math.ceil(this.bits.length / 8))
    this.bits.forEach((bit, i) => {
      if (bit) out[i >> 3]! |= 0x80 >> (i & 7)
    })
    return out
  }
}

/** Bits past the end, or a value the writer never writes: the code is not one this app made. */
class Unreadable extends Error {}

class BitReader {
  private position = 0
  constructor(private readonly data: Uint8Array) {}

  read(count: number): number {
    if (this.position + count > this.data.length * 8) throw new Unreadable('the code ends too early')
    let value = 0
    for (let i = 0; i < count; i++, this.position++) {
      value = value * 2 + ((this.data[this.position >> 3]! >> (7 - (this.position & 7))) & 1)
    }
    return value
  }

  flag(): boolean {
    return this.read(1) === 1
  }

  uint(group: number): number {
    let value = 0
    for (let shift = 0; ; shift += group) {
      if (shift > 53) throw new Unreadable('a number too large')
      value += this.read(group) * 2 ** shift
      if (!this.flag()) return value
    }
  }

  int(group: number): number {
    const zigzag = this.uint(group)
    return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2
  }

  text(): string {
    const length = this.uint(5)
    const bytes = new Uint8Array(length)
    for (let i = 0; i < length; i++) bytes[i] = this.read(8)
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      throw new Unreadable('text that is not UTF-8')
    }
  }

  /** Only the zero bits that fill the last byte may be left. */
  finish(): void {
    if (this.data.length * 8 - this.position >= 8) throw new Unreadable('bytes left over after the match')
    while (this.position < this.data.length * 8) if (this.read(1) !== 0) throw new Unreadable('bits left over after the match')
  }
}

/** A list of fixed choices, each written as its index. */
function oneOf<T>(values: readonly T[], bits: number) {
  return {
    write(writer: BitWriter, value: T): void {
      const index = values.indexOf(value)
      if (index < 0) throw new NotPackable()
      writer.write(index, bits)
    },
    read(reader: BitReader): T {
      const index = reader.read(bits)
      if (index >= values.length) throw new Unreadable(`choice ${index} of ${values.length}`)
      return values[index]!
    },
  }
}

/** The packed form cannot say this value exactly: the event goes as JSON. */
class NotPackable extends Error {}

const CELLS = oneOf(ALL_CELLS, 7)
const TYPES = oneOf(TRAJECTORY_TYPES, 3)
const CARDS = oneOf([...deckCards(52), JOKER], 6)
const COLORS_BIT = oneOf<Color>(['red', 'blue'], 1)
const ENDS = oneOf(END_COUNTS, 2)
const DECK = oneOf(DECKS, 2)
const HAMMER_BY = oneOf<MatchSetup['firstHammerBy']>(['lot', 'choice'], 1)
const OPTIONAL_BOOLEAN = oneOf<boolean | undefined>([undefined, false, true], 2)
const RECORDING = oneOf<MatchSetup['recording']>([undefined, 'throws', 'score-only'], 2)
const ACTIONS = oneOf<CardRoundAction['type']>(
  ['deal-main', 'draw', 'take', 'place', 'close-round', 'gather-and-shuffle', 'shuffle-for-next-end', 'shuffle-discard-into-deck'],
  3,
)
const PLAYER = oneOf(['first', 'second'] as const, 1)
/** Three bits name the common events; 'more' is followed by a flag: JSON, or three bits naming a rarer kind. */
const EVENT_TAGS = ['more', 'MatchStarted', 'GeneratorRecorded', 'ThrowMade', 'PositionCorrected', 'EndScored', 'Undo', 'Redo'] as const
const EVENT_TAG = oneOf(EVENT_TAGS, 3)
const MORE_TAGS = ['ClockPaused', 'ClockResumed'] as const
const MORE_TAG = oneOf(MORE_TAGS, 3)
type EventTag = Exclude<(typeof EVENT_TAGS)[number], 'more'> | (typeof MORE_TAGS)[number] | 'json'

function writeTag(writer: BitWriter, tag: string): void {
  const more = (MORE_TAGS as readonly string[]).includes(tag)
  if (!more && tag !== 'json') return EVENT_TAG.write(writer, tag as EventTag & (typeof EVENT_TAGS)[number])
  EVENT_TAG.write(writer, 'more')
  writer.flag(more)
  if (more) MORE_TAG.write(writer, tag as (typeof MORE_TAGS)[number])
}

function readTag(reader: BitReader): EventTag {
  const tag = EVENT_TAG.read(reader)
  if (tag !== 'more') return tag
  return reader.flag() ? MORE_TAG.read(reader) : 'json'
}
const GENERATOR_KIND = oneOf<GeneratorRecord['kind']>(['dice', 'cards', 'null'], 2)

// ─── Pieces ──────────────────────────────────────────────────────────────────

function writeList<T>(writer: BitWriter, list: readonly T[], countBits: number, item: (value: T) => void): void {
  if (list.length >= 2 ** countBits) throw new NotPackable()
  writer.write(list.length, countBits)
  list.forEach(item)
}

function readList<T>(reader: BitReader, countBits: number, item: () => T): T[] {
  return Array.from({ length: reader.read(countBits) }, item)
}

function writeSmall(writer: BitWriter, value: unknown, bits: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= 2 ** bits) throw new NotPackable()
  writer.write(value, bits)
}

function writeCards(writer: BitWriter, cards: readonly string[]): void {
  writeList(writer, cards, 3, (card) => CARDS.write(writer, card))
}

function readCards(reader: BitReader): string[] {
  return readList(reader, 3, () => CARDS.read(reader))
}

function writeSetup(writer: BitWriter, setup: MatchSetup): void {
  writer.text(setup.players.red)
  writer.text(setup.players.blue)
  ENDS.write(writer, setup.ends)
  writer.flag(setup.variant.kind === 'cards')
  if (setup.variant.kind === 'cards') {
    DECK.write(writer, setup.variant.deck)
    OPTIONAL_BOOLEAN.write(writer, setup.variant.discardPileTracking)
  }
  COLORS_BIT.write(writer, setup.firstHammer)
  HAMMER_BY.write(writer, setup.firstHammerBy)
  RECORDING.write(writer, setup.recording)
  writer.flag(setup.clock !== undefined)
  if (setup.clock !== undefined) {
    const seconds = setup.clock.thinkingSeconds
    writer.flag(seconds !== undefined)
    if (seconds !== undefined) {
      if (!Number.isInteger(seconds) || seconds < 0) throw new NotPackable()
      writer.uint(seconds, 8)
    }
  }
  const defaultRules = canonical(setup.houseRules) === canonical(DEFAULT_HOUSE_RULES)
  writer.flag(defaultRules)
  if (!defaultRules) writer.text(JSON.stringify(setup.houseRules))
}

function readSetup(reader: BitReader): MatchSetup {
  const players = { red: reader.text(), blue: reader.text() }
  const ends = ENDS.read(reader)
  let variant: MatchSetup['variant'] = { kind: 'dice' }
  if (reader.flag()) {
    const deck = DECK.read(reader)
    const discardPileTracking = OPTIONAL_BOOLEAN.read(reader)
    variant = { kind: 'cards', deck, ...(discardPileTracking === undefined ? {} : { discardPileTracking }) }
  }
  const firstHammer = COLORS_BIT.read(reader)
  const firstHammerBy = HAMMER_BY.read(reader)
  const recording = RECORDING.read(reader)
  const clock = reader.flag() ? (reader.flag() ? { thinkingSeconds: reader.uint(8) } : {}) : undefined
  const houseRules = reader.flag() ? structuredClone(DEFAULT_HOUSE_RULES) : (parseJson(reader.text()) as MatchSetup['houseRules'])
  return {
    players,
    ends,
    variant,
    firstHammer,
    firstHammerBy,
    houseRules,
    ...(recording === undefined ? {} : { recording }),
    ...(clock === undefined ? {} : { clock }),
  }
}

function writeMove(writer: BitWriter, move: Move): void {
  CELLS.write(writer, move.start)
  TYPES.write(writer, move.type)
  writeList(writer, move.lengths, 3, (length) => writeSmall(writer, length, 3))
}

function readMove(reader: BitReader): Move {
  const start = CELLS.read(reader)
  const type = TYPES.read(reader)
  return { start, type, lengths: readList(reader, 3, () => reader.read(3)) }
}

function writePosition(writer: BitWriter, position: Position): void {
  for (const color of ['red', 'blue'] as const) writeList(writer, position[color], 4, (cell) => CELLS.write(writer, cell))
}

function readPosition(reader: BitReader): Position {
  const red = readList(reader, 4, () => CELLS.read(reader))
  return { red, blue: readList(reader, 4, () => CELLS.read(reader)) }
}

function writeAction(writer: BitWriter, action: CardRoundAction): void {
  ACTIONS.write(writer, action.type)
  switch (action.type) {
    case 'deal-main':
      return CARDS.write(writer, action.card)
    case 'draw':
    case 'take':
      PLAYER.write(writer, action.player)
      return CARDS.write(writer, action.card)
    case 'place':
      PLAYER.write(writer, action.player)
      writeList(writer, action.beside, 3, (card) => {
        writer.flag(card !== null)
        if (card !== null) CARDS.write(writer, card)
      })
      writer.write(action.unused === undefined ? 0 : action.unused === null ? 1 : 2, 2)
      if (typeof action.unused === 'number') writeSmall(writer, action.unused, 3)
      return
    default:
      return
  }
}

function readAction(reader: BitReader): CardRoundAction {
  const type = ACTIONS.read(reader)
  switch (type) {
    case 'deal-main':
      return { type, card: CARDS.read(reader) }
    case 'draw':
      return { type, player: PLAYER.read(reader), card: CARDS.read(reader) }
    case 'take': {
      const player = PLAYER.read(reader)
      return { type, player, card: CARDS.read(reader) } as CardRoundAction
    }
    case 'place': {
      const player = PLAYER.read(reader)
      const beside = readList(reader, 3, () => (reader.flag() ? CARDS.read(reader) : null))
      const unusedKind = reader.read(2)
      if (unusedKind === 3) throw new Unreadable('unused card mark')
      return { type, player, beside, ...(unusedKind === 0 ? {} : { unused: unusedKind === 1 ? null : reader.read(3) }) }
    }
    default:
      return { type } as CardRoundAction
  }
}

/**
 * The hand a card round gives the mover (cardRoundAfter), when the recorded actions lead to
 * one: then the hand itself need not be written — the rules say it must be that hand.
 */
function handOfRound(state: MatchState | null, actions: readonly CardRoundAction[]): string[] | null {
  if (state === null) return null
  try {
    return cardRoundAfter(state, actions)?.hand ?? null
  } catch {
    return null
  }
}

function writeGenerator(writer: BitWriter, generator: GeneratorRecord, state: MatchState | null): void {
  GENERATOR_KIND.write(writer, generator.kind)
  if (generator.kind === 'dice') {
    writeList(writer, generator.values, 3, (value) => writeSmall(writer, value, 3))
    writer.flag(generator.operation !== undefined)
    if (generator.operation !== undefined) {
      writeList(writer, generator.operation.rolls, 4, (roll) => {
        writeList(writer, roll.values, 3, (value) => writeSmall(writer, value, 3))
        writeList(writer, roll.rerolled, 3, (die) => writeSmall(writer, die, 3))
      })
    }
  } else if (generator.kind === 'cards') {
    const actions = generator.roundActions as CardRoundAction[] | undefined
    writer.flag(actions !== undefined)
    if (actions !== undefined) {
      writer.uint(actions.length, 4)
      actions.forEach((action) => writeAction(writer, action))
    }
    const dealt = actions === undefined ? null : handOfRound(state, actions)
    const fromRound = dealt !== null && canonical(dealt) === canonical(generator.hand)
    writer.flag(fromRound)
    if (!fromRound) writeCards(writer, generator.hand)
    writer.flag(generator.jokers !== undefined)
    if (generator.jokers !== undefined) writeCards(writer, generator.jokers)
  }
}

function readGenerator(reader: BitReader, state: MatchState | null): GeneratorRecord {
  const kind = GENERATOR_KIND.read(reader)
  if (kind === 'dice') {
    const values = readList(reader, 3, () => reader.read(3))
    if (!reader.flag()) return { kind, values }
    const rolls = readList(reader, 4, () => ({ values: readList(reader, 3, () => reader.read(3)), rerolled: readList(reader, 3, () => reader.read(3)) }))
    return { kind, values, operation: { rolls } }
  }
  if (kind === 'cards') {
    const roundActions = reader.flag() ? Array.from({ length: reader.uint(4) }, () => readAction(reader)) : undefined
    let hand: string[]
    if (reader.flag()) {
      const dealt = roundActions === undefined ? null : handOfRound(state, roundActions)
      if (dealt === null) throw new Unreadable('a hand said to come from a card round that gives none')
      hand = dealt
    } else {
      hand = readCards(reader)
    }
    const jokers = reader.flag() ? readCards(reader) : undefined
    return { kind, hand, ...(jokers === undefined ? {} : { jokers }), ...(roundActions === undefined ? {} : { roundActions }) }
  }
  return { kind: 'null' }
}

// ─── Events ──────────────────────────────────────────────────────────────────

/** Times: the first in full (ms since 1970), every later one as the difference from the last. */
class Stamps {
  private last: number | null = null

  write(writer: BitWriter, at: string | undefined): void {
    writer.flag(at !== undefined)
    if (at === undefined) return
    const ms = Date.parse(at)
    if (Number.isNaN(ms) || new Date(ms).toISOString() !== at) throw new NotPackable()
    if (this.last === null) writer.uint(ms, 8)
    else writer.int(ms - this.last, 8)
    this.last = ms
  }

  read(reader: BitReader): string | undefined {
    if (!reader.flag()) return undefined
    const ms = this.last === null ? reader.uint(8) : this.last + reader.int(8)
    this.last = ms
    const date = new Date(ms)
    if (Number.isNaN(date.getTime())) throw new Unreadable('a time out of range')
    return date.toISOString()
  }

  /** An event sent as JSON counts too, so the next difference is from its time. */
  saw(at: unknown): void {
    if (typeof at === 'string' && !Number.isNaN(Date.parse(at))) this.last = Date.parse(at)
  }
}

function stamped<T extends MatchEvent>(event: T, at: string | undefined): T {
  return at === undefined ? event : { ...event, at }
}

/** Writes the event's own fields after its tag and time (not the time). */
function writeEventBody(writer: BitWriter, event: MatchEvent, state: MatchState | null): void {
  switch (event.type) {
    case 'MatchStarted':
      return writeSetup(writer, event.setup)
    case 'GeneratorRecorded':
      return writeGenerator(writer, event.generator, state)
    case 'ThrowMade':
      writer.flag(event.move !== null)
      if (event.move !== null) writeMove(writer, event.move)
      writer.flag(event.mover !== undefined)
      writer.flag(event.throwNumber !== undefined)
      return
    case 'PositionCorrected':
      writePosition(writer, event.position)
      writer.flag(event.note !== undefined)
      if (event.note !== undefined) writer.text(event.note)
      return
    case 'EndScored':
      writeSmall(writer, event.score.red, 4)
      writeSmall(writer, event.score.blue, 4)
      writer.flag(event.entered === true)
      return
    case 'Undo':
    case 'Redo':
    case 'ClockPaused':
    case 'ClockResumed':
      return
    default:
      throw new NotPackable()
  }
}

/** The event as the reader rebuilds it: a throw is simulated again from the state before it. */
function readEventBody(reader: BitReader, tag: EventTag, at: string | undefined, state: MatchState | null): MatchEvent {
  switch (tag) {
    case 'MatchStarted':
      return stamped<MatchStarted>({ type: 'MatchStarted', setup: readSetup(reader) }, at)
    case 'GeneratorRecorded':
      return stamped({ type: 'GeneratorRecorded', generator: readGenerator(reader, state) }, at)
    case 'ThrowMade': {
      const move = reader.flag() ? readMove(reader) : null
      const withMover = reader.flag()
      const withNumber = reader.flag()
      if (state === null) throw new Unreadable('a throw before the match started')
      const made = move === null ? nullThrowEvent(state) : throwEvent(state, move)
      const { mover, throwNumber, ...rest } = made
      const event: ThrowMade = { type: 'ThrowMade', ...(withMover ? { mover } : {}), ...(withNumber ? { throwNumber } : {}), move: rest.move, result: rest.result }
      return stamped(event, at)
    }
    case 'PositionCorrected': {
      const position = readPosition(reader)
      const note = reader.flag() ? reader.text() : undefined
      return stamped({ type: 'PositionCorrected', position, ...(note === undefined ? {} : { note }) }, at)
    }
    case 'EndScored': {
      const score = { red: reader.read(4), blue: reader.read(4) }
      return stamped<EndScored>({ type: 'EndScored', score, ...(reader.flag() ? { entered: true as const } : {}) }, at)
    }
    case 'Undo':
    case 'Redo':
      return stamped({ type: tag }, at)
    case 'ClockPaused':
    case 'ClockResumed':
      // A pause is a moment: without its time the rules refuse it, as they would in a file.
      return stamped({ type: tag } as MatchEvent, at)
    case 'json':
      throw new Unreadable('json is read by the caller')
  }
}

/** JSON with every object's keys sorted: two events are the same when these agree. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  )
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new Unreadable('an event that is not JSON')
  }
}

function writeEvents(writer: BitWriter, events: readonly MatchEvent[]): void {
  writer.uint(events.length, 8)
  const stamps = new Stamps()
  let state: MatchState | null = null
  for (const event of events) {
    // Packed when the reader gets exactly this event back from the packed bits; else its JSON.
    const trial = new BitWriter()
    const trialStamps = Object.assign(new Stamps(), stamps)
    let packed: MatchEvent | null = null
    try {
      writeTag(trial, event.type)
      trialStamps.write(trial, event.at)
      writeEventBody(trial, event, state)
      const reader = new BitReader(trial.bytes())
      const tag = readTag(reader)
      packed = readEventBody(reader, tag, Object.assign(new Stamps(), stamps).read(reader), state)
    } catch (error) {
      if (!(error instanceof NotPackable) && !(error instanceof RuleError) && !(error instanceof Unreadable)) throw error
    }
    if (packed !== null && canonical(packed) === canonical(event)) {
      writeTag(writer, event.type)
      stamps.write(writer, event.at)
      writeEventBody(writer, event, state)
    } else {
      writeTag(writer, 'json')
      writer.text(JSON.stringify(event))
      stamps.saw(event.at)
    }
    state = state === null ? deriveMatch([event]) : applyEvent(state, event)
  }
}

function readEvents(reader: BitReader): { events: MatchEvent[]; state: MatchState } {
  const count = reader.uint(8)
  const stamps = new Stamps()
  const events: MatchEvent[] = []
  let state: MatchState | null = null
  for (let index = 0; index < count; index++) {
    let event: MatchEvent
    try {
      const tag = readTag(reader)
      if (tag === 'json') {
        event = parseJson(reader.text()) as MatchEvent
        stamps.saw((event as { at?: unknown } | null)?.at)
      } else {
        event = readEventBody(reader, tag, stamps.read(reader), state)
      }
      state = state === null ? deriveMatch([event]) : applyEvent(state, event)
    } catch (error) {
      if (error instanceof Unreadable) throw error
      throw refusedEvent(index, error)
    }
    events.push(event)
  }
  if (state === null) refuseWith('share.unreadable', { detail: 'no events' }, 'share code: the match has no events')
  return { events, state }
}

function refusedEvent(index: number, error: unknown): RuleError {
  const inner = reasonOf(error)
  return new RuleError(ruleReason('share.event', { n: index + 1 }, `share code: event ${index + 1}: ${inner.message}`, [inner]))
}

// ─── The result only ─────────────────────────────────────────────────────────

function writeResult(writer: BitWriter, events: readonly MatchEvent[]): void {
  const state = deriveMatch(events)
  const started = events[0] as MatchStarted
  writeSetup(writer, state.setup)
  const stamps = new Stamps()
  stamps.write(writer, started.at)
  const throwsMade = state.ends.reduce((sum, end) => sum + end.throws.length, 0) + state.throws.length
  writer.uint(throwsMade, 6)
  writer.uint(state.ends.length, 4)
  for (const end of state.ends) {
    writeSmall(writer, end.score.red, 4)
    writeSmall(writer, end.score.blue, 4)
    stamps.write(writer, events[end.eventIndex]?.at)
  }
}

/**
 * The result as a score-only match (MatchSetup.recording 'score-only'): the same setup (but
 * the clock), start and ends, each end's score entered as it stood. The winner, the totals and the
 * hammer of every end follow from these as they did in the original (RULES.md §10).
 */
function readResult(reader: BitReader): { events: MatchEvent[]; state: MatchState; throwsLeftOut: number } {
  // No clock: the ends' scores carry no thinking time to count.
  const { clock: _clock, ...read } = readSetup(reader)
  const setup: MatchSetup = { ...read, recording: 'score-only' }
  const stamps = new Stamps()
  const events: MatchEvent[] = [stamped<MatchStarted>({ type: 'MatchStarted', setup }, stamps.read(reader))]
  const throwsLeftOut = reader.uint(6)
  const ends = reader.uint(4)
  let state: MatchState
  try {
    state = deriveMatch(events)
  } catch (error) {
    throw refusedEvent(0, error)
  }
  for (let end = 0; end < ends; end++) {
    const score = { red: reader.read(4), blue: reader.read(4) }
    const event = stamped<EndScored>({ type: 'EndScored', score, entered: true }, stamps.read(reader))
    try {
      state = applyEvent(state, event)
    } catch (error) {
      throw refusedEvent(events.length, error)
    }
    events.push(event)
  }
  return { events, state, throwsLeftOut }
}

// ─── Text ────────────────────────────────────────────────────────────────────

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

function toBase32(bytes: Uint8Array): string {
  let text = ''
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      text += BASE32[(buffer >> (bits - 5)) & 31]
      bits -= 5
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) text += BASE32[(buffer << (5 - bits)) & 31]
  return text
}

function fromBase32(text: string, offset: number): Uint8Array {
  const out: number[] = []
  let buffer = 0
  let bits = 0
  for (const [i, char] of [...text].entries()) {
    const value = BASE32.indexOf(char)
    if (value < 0) {
      refuseWith('share.character', { char, position: offset + i + 1 }, `share code: '${char}' at character ${offset + i + 1} is not part of a share code`)
    }
    buffer = ((buffer << 5) | value) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((buffer >> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Uint8Array.from(out)
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/** [length of the payload as LEB128][payload][CRC-32 of the payload, 4 bytes]. */
function frame(payload: Uint8Array): Uint8Array {
  const head: number[] = []
  let length = payload.length
  do {
    head.push((length & 0x7f) | (length > 0x7f ? 0x80 : 0))
    length >>>= 7
  } while (length > 0)
  const crc = crc32(payload)
  return Uint8Array.from([...head, ...payload, crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff])
}

function base32Length(bytes: number): number {
  return Math.ceil((bytes * 8) / 5)
}

function unframe(bytes: Uint8Array, prefixLength: number, textLength: number): Uint8Array {
  let length = 0
  let at = 0
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++]
    if (byte === undefined || shift > 21) refuseWith('share.damaged', {}, 'share code: damaged (its length cannot be read)')
    length += (byte & 0x7f) * 2 ** shift
    if ((byte & 0x80) === 0) break
  }
  const expected = prefixLength + base32Length(at + length + 4)
  if (bytes.length < at + length + 4) {
    refuseWith('share.truncated', { length: textLength, expected }, `share code: cut short — ${textLength} characters of ${expected}`)
  }
  if (expected !== textLength) refuseWith('share.damaged', {}, `share code: damaged (${textLength} characters, its length says ${expected})`)
  const payload = bytes.slice(at, at + length)
  const stored = bytes.slice(at + length, at + length + 4)
  const crc = crc32(payload)
  if (stored[0] !== crc >>> 24 || stored[1] !== ((crc >>> 16) & 0xff) || stored[2] !== ((crc >>> 8) & 0xff) || stored[3] !== (crc & 0xff)) {
    refuseWith('share.damaged', {}, 'share code: damaged (its check sum does not agree)')
  }
  return payload
}

// ─── The public functions ────────────────────────────────────────────────────

/**
 * The share code of a whole match (LC1M.…). Refuses (throws) a log that does not replay:
 * a code is only ever made from a valid match.
 */
export function encodeMatchShare(events: readonly MatchEvent[], name?: string | null): string {
  deriveMatch(events)
  const writer = new BitWriter()
  writer.flag(typeof name === 'string')
  if (typeof name === 'string') writer.text(name)
  writeEvents(writer, events)
  return wrapShareCode('match', writer.bytes())
}

/** The share code of a match's result only (LC1R.…): setup, start, each end's score and time. */
export function encodeResultShare(events: readonly MatchEvent[], name?: string | null): string {
  const writer = new BitWriter()
  writer.flag(typeof name === 'string')
  if (typeof name === 'string') writer.text(name)
  writeResult(writer, events)
  return wrapShareCode('result', writer.bytes())
}

/** A pasted or scanned code as the encoder wrote it: spaces and line breaks dropped, capitals. */
export function normalizeShareCode(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase()
}

/** The checked frame of a code: what it holds and its payload (its length and check sum agreeing). */
export function unwrapShareCode(text: string): { kind: ShareKind; payload: Uint8Array } {
  if (text.length > SHARE_CODE_MAX_LENGTH) {
    refuseWith('share.too-long', { length: text.length, max: SHARE_CODE_MAX_LENGTH }, `share code: ${text.length} characters, at most ${SHARE_CODE_MAX_LENGTH}`)
  }
  const code = normalizeShareCode(text)
  const head = /^LC(\d+)([A-Z])\./.exec(code)
  if (!head) refuseWith('share.not-a-code', {}, 'not a share code of Curling Referee (it starts with LC1M. or LC1R.)')
  const version = Number(head[1])
  if (version > SHARE_CODE_VERSION) {
    refuseWith('share.too-new', { version, current: SHARE_CODE_VERSION }, `share code version ${version} is newer than this app reads (${SHARE_CODE_VERSION}); update the app`)
  }
  const kind = (Object.keys(KIND_LETTER) as ShareKind[]).find((key) => KIND_LETTER[key] === head[2])
  if (version !== SHARE_CODE_VERSION || kind === undefined) refuseWith('share.not-a-code', {}, `not a share code of Curling Referee (${head[0]})`)
  const body = code.slice(head[0].length)
  return { kind, payload: unframe(fromBase32(body, head[0].length), head[0].length, code.length) }
}

/** A code around a payload, its length and check sum written as the encoder writes them. */
export function wrapShareCode(kind: ShareKind, payload: Uint8Array): string {
  return shareCodePrefix(kind) + toBase32(frame(payload))
}

/**
 * Reads a share code back into a match log, replaying it through the rules (every throw
 * simulated again). Refuses with a coded RuleError: not a share code, a newer version, a
 * character that does not belong, cut short, damaged (the check sum), or an event the rules
 * refuse (naming it, with the rules' own refusal inside).
 */
export function decodeShare(text: string): SharedMatch {
  const { kind, payload } = unwrapShareCode(text)
  const reader = new BitReader(payload)
  try {
    const name = reader.flag() ? reader.text() : null
    if (kind === 'match') {
      const { events, state } = readEvents(reader)
      reader.finish()
      return { kind, name, events, state, throwsLeftOut: 0 }
    }
    const { events, state, throwsLeftOut } = readResult(reader)
    reader.finish()
    return { kind, name, events, state, throwsLeftOut }
  } catch (error) {
    if (error instanceof Unreadable) {
      refuseWith('share.unreadable', { detail: error.message }, `share code: unreadable (${error.message})`)
    }
    throw error
  }
}

/** The same match: its start (the setup and the time it began) agrees. */
export function sameMatchStart(a: readonly MatchEvent[], b: readonly MatchEvent[]): boolean {
  return a.length > 0 && b.length > 0 && canonical(a[0]) === canonical(b[0])
}

/** The same log, event for event (the order of a JSON object's fields aside). */
export function sameMatchLog(a: readonly MatchEvent[], b: readonly MatchEvent[]): boolean {
  return a.length === b.length && a.every((event, i) => canonical(event) === canonical(b[i]))
}
