// Whole matches as a referee might record them, made by a seeded random referee through the
// engine's own event builders: dice or cards (with the card round's actions recorded with each
// hand), corrections of the position, undo and redo, ends scored from the house or typed.
// For the share code's round trips and its capacity figures.
import {
  applyEvent,
  cardRoundAfter,
  cardsOutOfDeck,
  deckCards,
  defaultSetup,
  deriveMatch,
  endScoredEvent,
  enteredEndScoreEvent,
  JOKER,
  legalMovesUnder,
  nullThrowEvent,
  startMatch,
  throwEvent,
  type CardRoundAction,
  type Deck,
  type MatchEvent,
  type MatchState,
} from '../engine/index.ts'
import { seededRandom, type Random } from '../scripts/seededRandom.ts'

export interface RandomMatchOptions {
  variant: 'dice' | Deck
  ends?: 6 | 8 | 10
  /** Stop after this many events (the match need not be over). */
  maxEvents?: number
  /** Chances per throw of a correction, an undo (then maybe a redo), an end typed instead of thrown. */
  corrections?: number
  undos?: number
  typedEnds?: number
  /** A timed match (setup.clock), paused and resumed now and then. */
  clock?: boolean
}

const START = Date.parse('2026-03-14T18:30:00.000Z')

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!
}

/** Cards still in the deck (a 54-card deck has two jokers). */
function freshCards(state: MatchState, pending: readonly CardRoundAction[]): string[] {
  const round = cardRoundAfter(state, pending)!.round
  const left = [...deckCards(round.deck)]
  for (const card of cardsOutOfDeck(round)) left.splice(left.indexOf(card === JOKER ? JOKER : card), 1)
  return left
}

/** The card round's actions up to the mover's hand, chosen at random among what the round allows. */
function cardActions(random: Random, state: MatchState): { hand: string[]; actions: CardRoundAction[] } | null {
  const actions: CardRoundAction[] = []
  for (let guard = 0; guard < 60; guard++) {
    const now = cardRoundAfter(state, actions)
    if (now === null || !now.inStep) return null
    if (now.hand !== null) return { hand: now.hand, actions }
    const { step, round } = now
    const allowed = step.allowed.filter((type) => type !== 'draw' || random() < 0.5 || !step.allowed.includes('place'))
    const type = pick(random, allowed.length > 0 ? allowed : step.allowed)
    let action: CardRoundAction
    if (type === 'deal-main' || type === 'draw') {
      const card = pick(random, freshCards(state, actions))
      action = type === 'deal-main' ? { type, card } : { type, player: step.player!, card }
    } else if (type === 'take') {
      action = { type, player: 'second', card: pick(random, step.mayTake) }
    } else if (type === 'place') {
      const player = step.player!
      const subs = round.substitutions[player]
      action = { type, player, beside: round.main.map((_, i) => subs[i] ?? null), unused: round.main.length === 6 ? 5 : null }
    } else {
      action = { type }
    }
    actions.push(action)
  }
  throw new Error('the card round did not reach a hand in 60 actions')
}

/** A seeded random match log; the same seed and options give the same log. */
export function randomMatch(seed: number, options: RandomMatchOptions): MatchEvent[] {
  const random = seededRandom(seed)
  const variant = options.variant === 'dice' ? { kind: 'dice' as const } : { kind: 'cards' as const, deck: options.variant }
  const setup = { ...defaultSetup({ red: 'Вера', blue: 'Oleg' }, random() < 0.5 ? 'red' : 'blue'), ends: options.ends ?? 8, variant, ...(options.clock ? { clock: { thinkingSeconds: 900 } } : {}) }
  let time = START
  const at = () => new Date((time += 2_000 + Math.floor(random() * 40_000))).toISOString()
  const events: MatchEvent[] = startMatch(setup, new Date(time).toISOString())
  let state = deriveMatch(events)
  const add = (event: MatchEvent) => {
    state = applyEvent(state, event)
    events.push(event)
  }
  const max = options.maxEvents ?? Infinity
  while (!state.finished && events.length < max) {
    if (state.phase === 'end-complete') {
      add(endScoredEvent(state, at()))
      continue
    }
    if (options.clock && random() < 0.04) {
      add({ type: 'ClockPaused', at: at() })
      add({ type: 'ClockResumed', at: at() })
      continue
    }
    if (random() < (options.typedEnds ?? 0)) {
      const scorer = pick(random, ['red', 'blue'] as const)
      const points = Math.floor(random() * 4)
      add(enteredEndScoreEvent(state, { red: scorer === 'red' ? points : 0, blue: scorer === 'blue' ? points : 0 }, at()))
      continue
    }
    if (random() < (options.corrections ?? 0) && state.position.red.length + state.position.blue.length > 0) {
      const color = state.position.red.length > 0 ? 'red' : 'blue'
      const position = { red: [...state.position.red], blue: [...state.position.blue] }
      position[color].pop()
      add({ type: 'PositionCorrected', position, ...(random() < 0.5 ? { note: 'сдвинули фишку' } : {}), at: at() })
      continue
    }
    if (state.canUndo && random() < (options.undos ?? 0)) {
      add({ type: 'Undo', at: at() })
      if (random() < 0.5) add({ type: 'Redo', at: at() })
      continue
    }
    if (state.generator === null) {
      if (variant.kind === 'dice') {
        add({ type: 'GeneratorRecorded', generator: { kind: 'dice', values: Array.from({ length: 5 }, () => 1 + Math.floor(random() * 5)) }, at: at() })
      } else {
        const dealt = cardActions(random, state)
        if (dealt === null) add({ type: 'GeneratorRecorded', generator: { kind: 'null' }, at: at() })
        else add({ type: 'GeneratorRecorded', generator: { kind: 'cards', hand: dealt.hand, roundActions: dealt.actions }, at: at() })
      }
      continue
    }
    const reading = state.generatorReading!
    const moves = reading.combination === 'null' ? [] : legalMovesUnder(reading.numbers, state.limits!.limit, state.setup.houseRules)
    let thrown = false
    for (let attempt = 0; attempt < 20 && moves.length > 0 && !thrown; attempt++) {
      try {
        add(throwEvent(state, pick(random, moves), at()))
        thrown = true
      } catch {
        // the free-guard rule, say: another move
      }
    }
    if (!thrown) add(nullThrowEvent(state, at()))
  }
  return events
}
