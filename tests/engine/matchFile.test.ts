// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  appendEvent,
  defaultSetup,
  deriveMatch,
  endScoredEvent,
  nullThrowEvent,
  startMatch,
  throwEvent,
  type MatchEvent,
  type MatchSetup,
} from '../../engine/index.ts'
import {
  MATCH_FILE_FORMAT,
  MATCH_FILE_VERSION,
  MatchFileError,
  parseMatchFile,
  readMatchFile,
  serializeMatch,
  type MatchFileMigration,
} from '../../engine/matchFile.ts'
import type { Move } from '../../engine/types.ts'

// ─── A match that uses every kind of event ───────────────────────────────────

const reverse = (start: string, a: number, b: number): Move => ({ start, type: 'reverse', lengths: [a, b] })
const AT = '2026-03-01T18:30:00.000Z'

function append(events: MatchEvent[], make: (state: ReturnType<typeof deriveMatch>) => MatchEvent): MatchEvent[] {
  return appendEvent(events, make(deriveMatch(events)))
}

function diceMatch(): MatchEvent[] {
  const setup: MatchSetup = { ...defaultSetup({ red: 'Rita', blue: 'Boris' }, 'blue'), ends: 6, firstHammerBy: 'choice' }
  let events = startMatch(setup, AT)
  events = appendEvent(events, {
    type: 'GeneratorRecorded',
    at: AT,
    generator: {
      kind: 'dice',
      values: [3, 3, 4, 4, 1],
      operation: { rolls: [{ values: [3, 3, 4, 4, 1], rerolled: [] }] },
    },
  })
  events = append(events, (s) => throwEvent(s, { start: 'c0', type: 'shortened', lengths: [4, 3] }, AT))
  events = append(events, (s) => throwEvent(s, { start: 'f0', type: 'semaphore', lengths: [3, 2] }))
  events = append(events, (s) => throwEvent(s, reverse('d0', 1, 1)))
  events = appendEvent(events, { type: 'Undo', at: AT })
  events = appendEvent(events, { type: 'Redo' })
  events = appendEvent(events, { type: 'PositionCorrected', position: { red: ['d9', 'c5'], blue: ['e10'] }, note: 'a stone was nudged' })
  events = append(events, (s) => endScoredEvent(s, AT))
  events = append(events, (s) => throwEvent(s, reverse('e0', 2, 4)))
  events = appendEvent(events, { type: 'Undo' })
  return events
}

function cardMatch(): MatchEvent[] {
  const setup: MatchSetup = {
    ...defaultSetup({ red: 'Вера', blue: 'Юрий' }, 'red'),
    ends: 10,
    variant: { kind: 'cards', deck: 54, discardPileTracking: true },
  }
  const mainCards = ['2S', '5H', '9D', 'JC', 'KS', '3C'].map((card) => ({ type: 'deal-main', card }))
  const placeFirst = { type: 'place', player: 'first', beside: [null, null, null, null, null, null], unused: 5 }
  let events = startMatch(setup)
  events = appendEvent(events, {
    type: 'GeneratorRecorded',
    // Six main cards; the first player keeps them, marking 3C unused: a null hand.
    generator: { kind: 'cards', hand: ['2S', '5H', '9D', 'JC', 'KS'], roundActions: [...mainCards, placeFirst] },
  })
  events = append(events, (s) => nullThrowEvent(s))
  // The second player draws five and lays them beside the first five main cards.
  const drawn = ['JK', 'QS', 'QH', '7D', '7C']
  const roundActions = [
    ...drawn.map((card) => ({ type: 'draw', player: 'second', card })),
    { type: 'place', player: 'second', beside: [...drawn, null], unused: 5 },
  ]
  events = appendEvent(events, { type: 'GeneratorRecorded', generator: { kind: 'cards', hand: drawn, jokers: ['QD'], roundActions } })
  expect(deriveMatch(events).generatorReading?.combination).toBe('full-house')
  // A full house Q Q Q 7 7 reads as {3, 3, 3, 1, 1}; after the null (P = 1) at a draw L2 is 2.
  events = append(events, (s) => throwEvent(s, { start: 'e0', type: 'shortened', lengths: [3, 1] }))
  events = appendEvent(events, { type: 'GeneratorRecorded', generator: { kind: 'null' } })
  events = append(events, (s) => nullThrowEvent(s))
  return events
}

function fileObject(events: MatchEvent[]): Record<string, unknown> {
  return JSON.parse(serializeMatch(events)) as Record<string, unknown>
}

/** The message of what `read` throws, which must be a MatchFileError. */
function refusal(read: () => unknown): string {
  try {
    read()
  } catch (error) {
    expect(error).toBeInstanceOf(MatchFileError)
    return (error as Error).message
  }
  throw new Error('expected the file to be refused')
}

function withEvent(events: MatchEvent[], index: number, change: (event: Record<string, unknown>) => void): Record<string, unknown> {
  const file = fileObject(events)
  change((file.events as Record<string, unknown>[])[index]!)
  return file
}

// ─── Round trip ──────────────────────────────────────────────────────────────

describe('the match file round trip', () => {
  it.each([
    ['a dice match with undo, redo, a correction and a scored end', diceMatch],
    ['a 54-card match with nulls and a joker', cardMatch],
  ])('%s: serialise → parse gives the same log and the same derived state', (_, make) => {
    const events = make()
    const text = serializeMatch(events, 'Friday final')
    const loaded = parseMatchFile(text)
    expect(loaded.name).toBe('Friday final')
    expect(loaded.events).toEqual(events)
    expect(loaded.state).toEqual(deriveMatch(events))
    expect(serializeMatch(loaded.events, 'Friday final')).toBe(text)
  })

  it('writes the format and version, one event a line', () => {
    const text = serializeMatch(diceMatch())
    const file = JSON.parse(text) as { format: string; version: number; name?: string; events: unknown[] }
    expect(file.format).toBe(MATCH_FILE_FORMAT)
    expect(file.version).toBe(MATCH_FILE_VERSION)
    expect(file.name).toBeUndefined()
    expect(text.split('\n').filter((line) => line.startsWith('    {'))).toHaveLength(file.events.length)
    expect(parseMatchFile(text).name).toBeNull()
  })

  it('refuses to write a log that does not replay', () => {
    expect(() => serializeMatch([{ type: 'Undo' }])).toThrow('a match log begins with MatchStarted')
  })
})

// ─── Refusals name the place ─────────────────────────────────────────────────

describe('a bad file is refused whole, naming the path', () => {
  const events = diceMatch()

  it('not JSON, not a match file, a wrong version', () => {
    expect(refusal(() => parseMatchFile('{"format": '))).toMatch(/^file: not JSON/)
    expect(refusal(() => readMatchFile([1, 2]))).toBe('file: expected a match file object { format, version, events }')
    expect(refusal(() => readMatchFile({ ...fileObject(events), format: 'chess' }))).toBe(`format: expected '${MATCH_FILE_FORMAT}', got "chess"`)
    expect(refusal(() => readMatchFile({ ...fileObject(events), version: 2 }))).toBe('version: 2 is newer than this app reads (1); update the app')
    expect(refusal(() => readMatchFile({ ...fileObject(events), version: '1' }))).toBe('version: expected a whole number, got "1"')
    expect(refusal(() => readMatchFile({ ...fileObject(events), events: {} }))).toBe('events: expected a list, got {}')
    expect(refusal(() => readMatchFile({ ...fileObject(events), events: [] }))).toBe('events: empty: a match log begins with MatchStarted')
    expect(refusal(() => readMatchFile({ ...fileObject(events), author: 'me' }))).toMatch(/^author: unknown field/)
  })

  it('a length out of range names the event, the move and the length', () => {
    const file = withEvent(events, 2, (event) => ((event.move as Move).lengths[1] = 7))
    expect(refusal(() => readMatchFile(file))).toBe('events[2].move.lengths[1]: 7 is not a whole number 1–5')
  })

  it('a move that breaks its constraint names the move', () => {
    const file = withEvent(events, 4, (event) => ((event.move as Move).lengths = [3, 1]))
    expect(refusal(() => readMatchFile(file))).toBe('events[4].move: reverse [3,1]: vertical (3) must not exceed the diagonal (1)')
  })

  it('cells, colours, types and fields', () => {
    expect(refusal(() => readMatchFile(withEvent(events, 7, (e) => ((e.position as { blue: string[] }).blue[0] = 'z9'))))).toBe(
      'events[7].position.blue[0]: "z9" is not a cell of the field',
    )
    expect(refusal(() => readMatchFile(withEvent(events, 3, (e) => ((e.result as { outOfPlay: unknown[] }).outOfPlay = [{ color: 'green', from: 'a1' }]))))).toBe(
      `events[3].result.outOfPlay[0].color: expected 'red' or 'blue', got "green"`,
    )
    expect(refusal(() => readMatchFile(withEvent(events, 5, (e) => (e.type = 'Shrug'))))).toBe('events[5].type: unknown event type "Shrug"')
    expect(refusal(() => readMatchFile(withEvent(events, 5, (e) => (e.why = 'oops'))))).toBe('events[5].why: unknown field (expected type, at)')
    expect(refusal(() => readMatchFile(withEvent(events, 5, (e) => (e.at = 'teatime'))))).toBe('events[5].at: "teatime" is not an ISO date and time')
    expect(refusal(() => readMatchFile(withEvent(events, 1, (e) => ((e.generator as { values: number[] }).values[4] = 6))))).toBe(
      'events[1].generator.values[4]: 6 is not a whole number 1–5',
    )
    expect(refusal(() => readMatchFile(withEvent(events, 8, (e) => (e.score = { red: -1, blue: 0 }))))).toBe(
      'events[8].score.red: -1 is not a whole number 0–8',
    )
  })

  it('values that break String() (found by the fuzzer) are refused clearly', () => {
    const trap = { toString: '' }
    const cards = cardMatch()
    const file = withEvent(cards, 1, (e) => ((e.generator as { roundActions: { card: unknown }[] }).roundActions[0]!.card = trap))
    expect(refusal(() => readMatchFile(file))).toBe('events[1].generator.roundActions[0].card: expected text, got {"toString":""}')
    expect(refusal(() => readMatchFile(withEvent(cards, 0, (e) => ((e.setup as { ends: unknown }).ends = trap))))).toBe(
      'events[0].setup.ends: {"toString":""} — a match is 6, 8 or 10 ends (RULES.md §1)',
    )
    expect(() => deriveMatch([{ type: trap } as unknown as MatchEvent])).toThrow('events[0] ({"toString":""}): a match log begins with MatchStarted')
  })

  it('a bad setup names its field', () => {
    expect(refusal(() => readMatchFile(withEvent(events, 0, (e) => ((e.setup as { ends: number }).ends = 7))))).toBe(
      'events[0].setup.ends: 7 — a match is 6, 8 or 10 ends (RULES.md §1)',
    )
    expect(refusal(() => readMatchFile(withEvent(events, 0, (e) => ((e.setup as { houseRules: object }).houseRules = { quadrupleConstraint: 'x', cardLimits: {} }))))).toBe(
      `events[0].setup.houseRules: quadrupleConstraint must be 'strict' or 'attested'`,
    )
    expect(refusal(() => readMatchFile(withEvent(events, 0, (e) => ((e.setup as { referee: string }).referee = 'Ann'))))).toMatch(
      /^events\[0\]\.setup\.referee: unknown field/,
    )
  })

  it('a log that does not replay is refused with the rule, naming the event', () => {
    const wrongMover = withEvent(events, 3, (e) => (e.mover = 'red'))
    const message = refusal(() => readMatchFile(wrongMover))
    expect(message).toMatch(/^events\[3\] \(ThrowMade\): throw 2 is blue's/)
    expect(refusal(() => readMatchFile(withEvent(events, 8, (e) => (e.score = { red: 0, blue: 3 }))))).toMatch(
      /^events\[8\] \(EndScored\): EndScored: recorded 0 : 3 but the house scores/,
    )
    const file = fileObject(events)
    ;(file.events as unknown[]).push({ type: 'Redo' }, { type: 'Redo' })
    expect(refusal(() => readMatchFile(file))).toBe(`events[${events.length + 1}] (Redo): Redo: nothing to redo`)
    try {
      readMatchFile(wrongMover)
    } catch (error) {
      expect((error as MatchFileError).path).toBe('events[3]')
    }
  })
})

// ─── Migration ───────────────────────────────────────────────────────────────

describe('older versions are migrated', () => {
  // A synthetic version 0: the log was called `log`, and EndScored was `EndClosed`.
  const fromV0: MatchFileMigration = (file) => {
    const { log, ...rest } = file
    const events = (log as Record<string, unknown>[]).map((event) => (event.type === 'EndClosed' ? { ...event, type: 'EndScored' } : event))
    return { ...rest, version: 1, events }
  }

  function v0Of(events: MatchEvent[]): Record<string, unknown> {
    const log = events.map((event) => (event.type === 'EndScored' ? { ...event, type: 'EndClosed' } : event))
    return { format: MATCH_FILE_FORMAT, version: 0, log }
  }

  it('a v0 file loads through its migration to the same match', () => {
    const events = diceMatch()
    const loaded = readMatchFile(v0Of(events), { 0: fromV0 })
    expect(loaded.events).toEqual(events)
    expect(loaded.state).toEqual(deriveMatch(events))
  })

  it('without a migration, or with one that forgets the version, it is refused', () => {
    expect(refusal(() => readMatchFile(v0Of(diceMatch())))).toBe('version: 0 is too old: no migration to 1')
    expect(refusal(() => readMatchFile(v0Of(diceMatch()), { 0: (file) => file }))).toBe(
      'version: the migration from 0 did not produce version 1',
    )
  })
})

// ─── Fuzzing: only clear refusals ────────────────────────────────────────────

/** Runs the loader; anything thrown must be a MatchFileError with a path and a message. */
function loadsOrRefusesClearly(read: () => ReturnType<typeof readMatchFile>): void {
  try {
    const loaded = read()
    expect(loaded.state).toEqual(deriveMatch(loaded.events))
  } catch (error) {
    if (!(error instanceof MatchFileError)) throw error
    expect(error.path.length).toBeGreaterThan(0)
    expect(error.message.startsWith(error.path)).toBe(true)
    expect(error.message.length).toBeGreaterThan(error.path.length + 2)
  }
}

type Json = unknown
type Slot = { parent: Record<string, Json> | Json[]; key: string | number }

function slotsOf(value: Json, into: Slot[] = []): Slot[] {
  if (typeof value !== 'object' || value === null) return into
  for (const key of Object.keys(value)) {
    const parent = value as Record<string, Json>
    into.push({ parent, key: Array.isArray(value) ? Number(key) : key })
    slotsOf(parent[key], into)
  }
  return into
}

const mutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'delete', 'duplicate', 'number', 'swap'),
  value: fc.jsonValue({ maxDepth: 2 }),
  delta: fc.integer({ min: -3, max: 3 }),
})

/** Applies each step at a slot of the JSON tree picked by `at`, in place. */
function mutate(file: Json, steps: readonly { at: number; kind: string; value: Json; delta: number }[]): Json {
  for (const step of steps) {
    const slots = slotsOf(file)
    const slot = slots[step.at % slots.length]
    if (!slot) return file
    const parent = slot.parent as Record<string | number, Json>
    const current = parent[slot.key]
    switch (step.kind) {
      case 'replace':
        parent[slot.key] = step.value
        break
      case 'delete':
        if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1)
        else delete parent[slot.key]
        break
      case 'duplicate':
        if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 0, structuredClone(current))
        break
      case 'number':
        if (typeof current === 'number') parent[slot.key] = current + step.delta
        break
      case 'swap':
        if (Array.isArray(slot.parent) && slot.parent.length > 1) {
          const other = ((slot.key as number) + 1) % slot.parent.length
          ;[slot.parent[slot.key as number], slot.parent[other]] = [slot.parent[other], current]
        }
        break
    }
  }
  return file
}

describe('the loader under fuzzing', () => {
  it('random JSON is refused clearly', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        loadsOrRefusesClearly(() => readMatchFile(value))
        loadsOrRefusesClearly(() => parseMatchFile(JSON.stringify(value) ?? 'null'))
      }),
      { numRuns: 300 },
    )
  })

  it('random text is refused clearly', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        loadsOrRefusesClearly(() => parseMatchFile(text))
      }),
      { numRuns: 200 },
    )
  })

  it('random JSON in an event’s place is refused clearly', () => {
    const base = fileObject(diceMatch())
    fc.assert(
      fc.property(fc.nat(), fc.jsonValue({ maxDepth: 3 }), (at, value) => {
        const file = structuredClone(base) as { events: Json[] }
        file.events[at % file.events.length] = value
        loadsOrRefusesClearly(() => readMatchFile(file))
      }),
      { numRuns: 300 },
    )
  })

  it('mutated valid files load or are refused clearly, never half-applied', () => {
    const bases = [fileObject(diceMatch()), fileObject(cardMatch())]
    fc.assert(
      fc.property(fc.nat(1), fc.array(mutation, { minLength: 1, maxLength: 3 }), (which, steps) => {
        const file = mutate(structuredClone(bases[which]), steps)
        const snapshot = JSON.stringify(file)
        loadsOrRefusesClearly(() => readMatchFile(file))
        expect(JSON.stringify(file)).toBe(snapshot)
      }),
      { numRuns: 600 },
    )
  })
})
