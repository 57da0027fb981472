// The card round inside a match (RULES.md §8): the round machine of cardRound.ts driven by
// the match's hands and ends. Each recorded hand carries the round actions taken since the
// previous one; every end starts from a shuffled deck; and what may be done now depends on
// whose throw it is — the mover's hand, once placed, waits for his throw, and the round
// closes only after the second player's throw.
import {
  applyCardAction,
  cardRoundStep,
  initialCardRound,
  playerHand,
  type CardRoundAction,
  type CardRoundActionType,
  type CardRoundReminder,
  type CardRoundState,
  type CardRoundStep,
  type RoundPlayer,
} from './cardRound.ts'
import { HAND_SIZE } from './cards.ts'
import { RuleError, reasonOf, ruleReason, withRefusal } from './errors.ts'
import { refuse } from './game.ts'
import type { GeneratorRecord } from './matchEvents.ts'
import type { MatchSetup } from './matchSetup.ts'
import type { MatchState } from './matchState.ts'

/** The card round as the referee meets it before recording the mover's hand. */
export interface CardRoundNow {
  /** The round with the actions taken so far. */
  round: CardRoundState
  /**
   * What may be done now: cardRoundStep narrowed to the mover's turn — nothing while his
   * hand waits to be thrown, no closing before the second player's throw.
   */
  step: CardRoundStep
  /** The mover's place in the round: odd throws are the first player's (he has no hammer). */
  mover: RoundPlayer
  /** The mover's hand of this round once placed — the hand to record; null before. */
  hand: string[] | null
  /**
   * False when the round recorded so far is not at the mover's round (a hand was entered
   * without the round): no action is offered; the hands are entered as they are.
   */
  inStep: boolean
  /** The first throw of an end after the first: the deck was shuffled after the last end. */
  newEnd: boolean
}

/** A card match's round at the start of `end`: a shuffled deck, main cards to lay (RULES.md §8). */
export function freshCardRound(setup: MatchSetup, end: number): CardRoundState | null {
  return setup.variant.kind === 'cards' ? { ...initialCardRound(setup.variant.deck), end } : null
}

/** Odd throws are the round's first player's. */
export function roundPlayerOf(throwNumber: number): RoundPlayer {
  return throwNumber % 2 === 1 ? 'first' : 'second'
}

function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join()
}

/**
 * A recorded hand's round actions, replayed on the round so far; the hand must be the one
 * the round gave the mover. A hand recorded with round actions (even none) but not placed
 * by them was entered as it is: the round then reads the placing from the hand itself when
 * its main cards are on the table (the hand's other cards are the substitution cards), so
 * a hand typed for one throw does not leave the round behind. A hand with no round actions
 * at all (recorded before the round was followed) leaves the round as it is.
 */
export function advanceCardRound(round: CardRoundState | null, generator: GeneratorRecord, throwNumber: number): CardRoundState | null {
  if (generator.kind !== 'cards' || !generator.roundActions || round === null) return round
  for (const [i, action] of generator.roundActions.entries()) {
    const path = `generator.roundActions[${i}]`
    if (typeof action !== 'object' || action === null) refuse('match.round-action-shape', { path }, `${path}: expected a card-round action`)
    const result = applyCardAction(round, action as CardRoundAction)
    if (!result.ok) refuse('match.round-action', { path }, `${path}: ${result.message} (${result.rule})`, [reasonOf(result)])
    round = result.state
  }
  const player = roundPlayerOf(throwNumber)
  if (!(inStepWith(round, throwNumber) && handPlaced(round, player))) {
    round = placingFromHand(round, throwNumber, generator.hand) ?? round
  }
  const dealt = inStepWith(round, throwNumber) && handPlaced(round, player) ? playerHand(round, player) : null
  if (dealt && !sameCards(dealt, generator.hand)) {
    const params = { player, cards: dealt.join(' '), cards2: generator.hand.join(' ') }
    refuse('match.hand-differs', params, `generator.hand: the card round gave the ${player} player [${params.cards}], not [${params.cards2}]`)
  }
  return round
}

/** Applies actions in order; null when the round refuses one. */
function applyAll(round: CardRoundState, actions: readonly CardRoundAction[]): CardRoundState | null {
  for (const action of actions) {
    const result = applyCardAction(round, action)
    if (!result.ok) return null
    round = result.state
  }
  return round
}

/**
 * The round after the mover took and laid the substitution cards that make `hand`
 * (RULES.md §8): the hand's cards not among the main cards are his substitution cards —
 * drawn from the deck, or (the second player, once the total is five) taken from the first
 * player's; each lies beside a main card the hand lacks, and with six main cards the one
 * left over is the unused one. Null when the round cannot give this hand now.
 */
function placingFromHand(round: CardRoundState, throwNumber: number, hand: readonly string[]): CardRoundState | null {
  if (!inStepWith(round, throwNumber)) return null
  const player = roundPlayerOf(throwNumber)
  // The round before closes after the second player's throw: a new round's first hand closes it.
  if (round.phase === 'round-complete' && player === 'first') {
    const closed = applyAll(round, [{ type: 'close-round' }])
    if (closed === null) return null
    round = closed
  }
  if (round.phase !== (player === 'first' ? 'first-substitution' : 'second-substitution') || hand.length !== HAND_SIZE) return null
  const others = [...hand]
  const kept = round.main.map((card) => {
    const at = others.indexOf(card)
    if (at < 0) return false
    others.splice(at, 1)
    return true
  })
  const toTake = [...others]
  for (const card of round.substitutions[player]) {
    const at = toTake.indexOf(card)
    if (at < 0) return null
    toTake.splice(at, 1)
  }
  const fromFirst = player === 'second' ? toTake.filter((card) => round.substitutions.first.includes(card)) : []
  const fromDeck = toTake.filter((card) => !fromFirst.includes(card))
  const free = kept.flatMap((isKept, i) => (isKept ? [] : [i]))
  const substitutions = [...round.substitutions[player], ...fromDeck, ...fromFirst]
  const withUnused = round.main.length === 6
  if (free.length !== substitutions.length + (withUnused ? 1 : 0)) return null
  const beside: (string | null)[] = round.main.map(() => null)
  substitutions.forEach((card, k) => (beside[free[k]!] = card))
  const unused = withUnused ? free[substitutions.length]! : null
  return applyAll(round, [
    ...fromDeck.map((card): CardRoundAction => ({ type: 'draw', player, card })),
    ...fromFirst.map((card): CardRoundAction => ({ type: 'take', player: 'second', card })),
    { type: 'place', player, beside, unused },
  ])
}

/** Whether the mover has placed his cards in this round: his hand waits for his throw. */
function handPlaced(round: CardRoundState, mover: RoundPlayer): boolean {
  return mover === 'first' ? round.phase === 'second-substitution' : round.phase === 'round-complete'
}

/** Whether the round is where throw `throwNumber` needs it. */
function inStepWith(round: CardRoundState, throwNumber: number): boolean {
  const mover = roundPlayerOf(throwNumber)
  const roundOfThrow = Math.ceil(throwNumber / 2)
  switch (round.phase) {
    case 'round-complete':
      return mover === 'first' ? round.round === roundOfThrow - 1 : round.round === roundOfThrow
    case 'deal-main':
    case 'gather':
    case 'first-substitution':
      return mover === 'first' && round.round === roundOfThrow
    case 'second-substitution':
      return round.round === roundOfThrow
    case 'end-complete':
      return false
  }
}

const WAITING_REMINDERS: readonly CardRoundReminder[] = ['close-round-after-second-throw']

/** The round before throw `throwNumber` (1–16) of `end`, after the `pending` actions not yet recorded. */
export function cardRoundNowOf(round: CardRoundState, throwNumber: number, end: number): CardRoundNow {
  const mover = roundPlayerOf(throwNumber)
  const raw = cardRoundStep(round)
  const inStep = inStepWith(round, throwNumber)
  const placed = inStep && handPlaced(round, mover)
  const hand = placed ? playerHand(round, mover) : null
  let step: CardRoundStep = raw
  if (!inStep) step = { ...raw, player: null, allowed: [], mayDraw: 0, mayTake: [], reminders: [] }
  else if (placed) step = { ...raw, player: null, allowed: [], mayDraw: 0, mayTake: [], reminders: raw.reminders.filter((r) => WAITING_REMINDERS.includes(r)) }
  const newEnd = end > 1 && throwNumber === 1 && round.phase === 'deal-main' && round.main.length === 0 && round.round === 1
  return { round, step, mover, hand, inStep, newEnd }
}

/**
 * The round now with actions taken at the table but not yet recorded (they go with the
 * mover's hand). Refuses, naming the action, one the round does not allow now.
 */
export function applyPendingActions(now: CardRoundNow, throwNumber: number, end: number, pending: readonly CardRoundAction[]): CardRoundNow {
  let current = now
  for (const [index, action] of pending.entries()) {
    const type = String((action as { type?: unknown } | null)?.type)
    const allowed: readonly CardRoundActionType[] = current.step.allowed
    const result: ReturnType<typeof applyCardAction> = allowed.includes(action?.type)
      ? applyCardAction(current.round, action)
      : notNow(current, action)
    if (!result.ok) {
      const message = `card action ${index + 1} (${type}): ${result.rule}: ${result.message}`
      throw new RuleError(ruleReason('round.action', { index: index + 1, action: type }, message, [reasonOf(result)]))
    }
    current = cardRoundNowOf(result.state, throwNumber, end)
  }
  return current
}

/** The machine's own refusal for an action it allows but the match does not now (or its own). */
function notNow(now: CardRoundNow, action: CardRoundAction): ReturnType<typeof applyCardAction> {
  const result = applyCardAction(now.round, action)
  if (!result.ok) return result
  // The machine would take it, but not at this throw: the mover's hand waits, or the round closes after the second throw.
  const round = now.round
  const phase = now.hand ? (now.mover === 'first' ? 'second-substitution' : 'round-complete') : round.phase
  const refused = ruleReason(
    'round.not-now',
    { action: action.type, phase, round: round.round, end: round.end },
    `${action.type}: not now — the mover's hand waits to be thrown, or the round closes after the second player's throw (round ${round.round} of end ${round.end})`,
  )
  return withRefusal({ ok: false as const, rule: 'not-now' as const, message: refused.message }, refused)
}

/**
 * The card round of the coming throw with the actions taken at the table since the last
 * recorded hand (they are recorded with the mover's hand, GeneratorRecord roundActions);
 * null when no hand is to be recorded now. Refuses (RuleError 'round.action') naming the
 * first action the round does not allow at this throw.
 */
export function cardRoundAfter(state: MatchState, pending: readonly CardRoundAction[] = []): CardRoundNow | null {
  if (state.cardRoundNow === null || state.throwNumber === null) return null
  return applyPendingActions(state.cardRoundNow, state.throwNumber, state.end, pending)
}
