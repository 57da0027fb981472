// Main and substitution cards, RULES.md §8 (and I-6): the card procedure of an end as a
// pure state machine. The physical cards are input typed at the table; nothing here is
// random. State and actions are plain JSON, so a match can keep the actions in its log
// and replay them (STYLE.md §2).
import { HAND_SIZE, JOKER, assertDeck, notInDeckRefusal, parseCard, type Deck } from './cards.ts'
import { RuleError, reasonOf, ruleReason, withRefusal, type RuleErrorCode, type RuleParams, type RuleReason, type WithRefusal } from './errors.ts'

/** The two players of a round: the one who throws first in it, and the other. */
export type RoundPlayer = 'first' | 'second'

/** At most five substitution cards per round, both players' together (RULES.md §8). */
export const MAX_SUBSTITUTIONS = 5
/** Rounds in an end: one throw by each player, 16 throws. */
export const ROUNDS_PER_END = 8
/** After this round all cards are gathered and shuffled, and fresh main cards laid. */
export const GATHER_AFTER_ROUND = 4

/** 5 main cards with 36 cards, 6 with 52 or 54. */
export function mainCardCount(deck: Deck): number {
  return deck === 36 ? 5 : 6
}

export type CardRoundPhase =
  /** Main cards are laid from the deck, one at a time, until there are 5/6. */
  | 'deal-main'
  /** The first player draws substitution cards, then places them. */
  | 'first-substitution'
  /** The second player draws (then takes from the first player's cards), then places them. */
  | 'second-substitution'
  /** Both hands are made; once the second player has thrown, the round is closed. */
  | 'round-complete'
  /** Round 4 is over: every card, discards included, is gathered and shuffled. */
  | 'gather'
  /** Round 8 is over: the end is over and the deck is shuffled for the next one. */
  | 'end-complete'

/** How a player laid his substitution cards. */
export interface Placement {
  /** Per main card (in the order of `main`), the substitution card laid beside it, or null. */
  beside: (string | null)[]
  /** With 6 main cards the index of the one marked unused; null with 5. */
  unused: number | null
}

export interface CardRoundState {
  deck: Deck
  /** The end, 1-based. */
  end: number
  /** The round being played (or about to be), 1–8. */
  round: number
  phase: CardRoundPhase
  /** The main cards face up, in the order laid. */
  main: string[]
  /** Each player's substitution cards, in the order taken. */
  substitutions: Record<RoundPlayer, string[]>
  /** How each player placed them this round, null until placed. */
  placements: Record<RoundPlayer, Placement | null>
  /** Each player's five cards this round, null until placed. */
  hands: Record<RoundPlayer, string[] | null>
  /** Cards put in the discard pile since the deck was last shuffled. */
  discard: string[]
}

export type CardRoundAction =
  /** A main card laid from the top of the deck. */
  | { type: 'deal-main'; card: string }
  /** A substitution card drawn from the top of the deck. */
  | { type: 'draw'; player: RoundPlayer; card: string }
  /** The second player takes one of the first player's substitution cards. */
  | { type: 'take'; player: 'second'; card: string }
  /** The player lays his substitution cards beside main cards, marking one unused with 6. */
  | { type: 'place'; player: RoundPlayer; beside: (string | null)[]; unused?: number | null }
  /** After the second throw: main cards to the discard, substitution cards become main. */
  | { type: 'close-round' }
  /** After round 4: every card back in the deck, shuffled. */
  | { type: 'gather-and-shuffle' }
  /** After round 8: every card back in the deck, shuffled for the next end. */
  | { type: 'shuffle-for-next-end' }
  /** I-6: the deck ran out; the discard pile is shuffled into it. */
  | { type: 'shuffle-discard-into-deck' }

export type CardRoundActionType = CardRoundAction['type']

/** The rule an action breaks. */
export type CardRoundRule =
  /** The action is not an object of a known type with the right fields. */
  | 'action-shape'
  /** This kind of action has no place in the current phase. */
  | 'not-now'
  /** It is the other player's step. */
  | 'wrong-player'
  /** Not a card ('1H'), or not in this deck ('2S' in 36, 'JK' outside 54). */
  | 'unknown-card'
  /** The card is on the table or in the discard pile since the last shuffle: it cannot come from the deck. */
  | 'card-out'
  /** I-6: the deck is empty; shuffle the discard pile into it first. */
  | 'deck-empty'
  /** I-6 applies only when the deck has run out. */
  | 'deck-not-empty'
  /** The first player takes at most five substitution cards. */
  | 'five-substitutions'
  /** Both players' substitution cards together never exceed five. */
  | 'substitution-total'
  /** The second player takes from the first player's cards only once the total is five. */
  | 'draw-from-deck-first'
  /** The card taken is not among the first player's substitution cards. */
  | 'not-a-first-substitution'
  /** `beside` does not have one entry per main card. */
  | 'placement-shape'
  /** Every substitution card taken is laid beside a main card, and no other card. */
  | 'use-every-substitution'
  /** With 6 main cards one, with no substitution beside it, is marked unused; with 5 none is. */
  | 'unused-main-card'

/** A refusal names the rule broken; its coded refusal, for the UI's language, rides along unseen. */
export type CardRoundResult =
  | { ok: true; state: CardRoundState }
  | ({ ok: false; rule: CardRoundRule; message: string } & WithRefusal)

export type CardRoundReminder =
  /** Round 4 is over: gather every card, discards included, and shuffle (RULES.md §8). */
  | 'shuffle-all-after-round-4'
  /** The end is over: shuffle the deck (RULES.md §8). */
  | 'shuffle-after-end'
  /** I-6: the deck is empty; shuffle the discard pile into it. */
  | 'shuffle-discard-into-empty-deck'
  /** With 6 main cards the player marks one, with no substitution card beside it, unused. */
  | 'mark-unused-main-card'
  /** Every substitution card taken must be laid beside a main card. */
  | 'use-every-substitution-card'
  /** The second player's step is over; close the round after his throw. */
  | 'close-round-after-second-throw'

/** What may happen now, for the UI to guide the person at the table. */
export interface CardRoundStep {
  phase: CardRoundPhase
  /** Whose substitution step it is, or null outside one. */
  player: RoundPlayer | null
  /** The action types apply() accepts now. */
  allowed: CardRoundActionType[]
  /** Main cards still to lay (phase 'deal-main'). */
  mainToDeal: number
  /** How many more substitution cards the player may draw from the deck by the rules (0 outside a step). */
  mayDraw: number
  /** The first player's cards the second player may take now. */
  mayTake: string[]
  /** Cards left in the deck. */
  deckCount: number
  reminders: CardRoundReminder[]
}

/** Where a card is known to be since the last shuffle. 'deck' means not seen: in the deck. */
export type CardPlace = 'main' | 'first-substitution' | 'second-substitution' | 'discard' | 'deck'

/** A fresh deck, shuffled before the first end: the main cards are to be laid. */
export function initialCardRound(deck: Deck): CardRoundState {
  assertDeck(deck)
  return {
    deck,
    end: 1,
    round: 1,
    phase: 'deal-main',
    main: [],
    ...noRound(),
    discard: [],
  }
}

/** Every card out of the deck since the last shuffle: on the table or in the discard pile. */
export function cardsOutOfDeck(state: CardRoundState): string[] {
  return [...state.main, ...state.substitutions.first, ...state.substitutions.second, ...state.discard]
}

export function deckCount(state: CardRoundState): number {
  return state.deck - cardsOutOfDeck(state).length
}

/** Where a card is (a joker: where the first one found is; both may be out). */
export function cardPlace(state: CardRoundState, card: string): CardPlace {
  if (state.main.includes(card)) return 'main'
  if (state.substitutions.first.includes(card)) return 'first-substitution'
  if (state.substitutions.second.includes(card)) return 'second-substitution'
  if (state.discard.includes(card)) return 'discard'
  return 'deck'
}

/** A player's five cards this round, once placed (null before). */
export function playerHand(state: CardRoundState, player: RoundPlayer): string[] | null {
  const hand = state.hands[player]
  return hand ? [...hand] : null
}

function substitutionTotal(state: CardRoundState): number {
  return state.substitutions.first.length + state.substitutions.second.length
}

function substitutionPlayer(phase: CardRoundPhase): RoundPlayer | null {
  return phase === 'first-substitution' ? 'first' : phase === 'second-substitution' ? 'second' : null
}

function mayDrawCount(state: CardRoundState, player: RoundPlayer | null): number {
  if (player === 'first') return MAX_SUBSTITUTIONS - state.substitutions.first.length
  if (player === 'second') return MAX_SUBSTITUTIONS - substitutionTotal(state)
  return 0
}

/** What may happen now: phase, whose step, the allowed actions and the reminders. */
export function cardRoundStep(state: CardRoundState): CardRoundStep {
  const player = substitutionPlayer(state.phase)
  const cardsInDeck = deckCount(state)
  const mainToDeal = state.phase === 'deal-main' ? mainCardCount(state.deck) - state.main.length : 0
  const mayDraw = mayDrawCount(state, player)
  const mayTake = player === 'second' && mayDraw === 0 ? [...state.substitutions.first] : []
  const needsDeck = mainToDeal > 0 || mayDraw > 0
  const allowed: CardRoundActionType[] = []
  const reminders: CardRoundReminder[] = []
  if (needsDeck && cardsInDeck === 0) {
    allowed.push('shuffle-discard-into-deck')
    reminders.push('shuffle-discard-into-empty-deck')
  }
  switch (state.phase) {
    case 'deal-main':
      if (cardsInDeck > 0) allowed.push('deal-main')
      break
    case 'first-substitution':
    case 'second-substitution':
      if (mayDraw > 0 && cardsInDeck > 0) allowed.push('draw')
      if (mayTake.length > 0) allowed.push('take')
      allowed.push('place')
      if (mainCardCount(state.deck) === 6) reminders.push('mark-unused-main-card')
      if (player && state.substitutions[player].length > 0) reminders.push('use-every-substitution-card')
      break
    case 'round-complete':
      allowed.push('close-round')
      reminders.push('close-round-after-second-throw')
      break
    case 'gather':
      allowed.push('gather-and-shuffle')
      reminders.push('shuffle-all-after-round-4')
      break
    case 'end-complete':
      allowed.push('shuffle-for-next-end')
      reminders.push('shuffle-after-end')
      break
  }
  return { phase: state.phase, player, allowed, mainToDeal, mayDraw, mayTake, deckCount: cardsInDeck, reminders }
}

// ─── Applying an action ──────────────────────────────────────────────────────

class Refusal extends RuleError {
  constructor(
    readonly rule: CardRoundRule,
    reason: RuleReason,
  ) {
    super(reason)
  }
}

function refuse(rule: CardRoundRule, code: RuleErrorCode, params: RuleParams, message: string, inner?: readonly RuleReason[]): never {
  throw new Refusal(rule, ruleReason(code, params, message, inner))
}

const PLACE_NAMES: Record<Exclude<CardPlace, 'deck'>, string> = {
  main: 'on the table as a main card',
  'first-substitution': "on the table as the first player's substitution card",
  'second-substitution': "on the table as the second player's substitution card",
  discard: 'in the discard pile since the last shuffle',
}

/** Refuses a card that is not of this deck, or cannot be in the deck now. */
function assertDrawable(state: CardRoundState, card: unknown): asserts card is string {
  if (typeof card !== 'string') refuse('action-shape', 'round.card-shape', { card: String(card) }, `card ${String(card)}: expected a card such as '10H'`)
  try {
    parseCard(card)
  } catch (error) {
    const refused = reasonOf(error)
    refuse('unknown-card', 'round.unknown-card', {}, refused.message, [refused])
  }
  const refused = notInDeckRefusal(card, state.deck)
  if (refused) refuse('unknown-card', 'round.unknown-card', {}, refused.message, [refused])
  if (deckCount(state) === 0) {
    refuse('deck-empty', 'round.deck-empty', { card }, `${card}: the deck is empty; shuffle the discard pile into it first (I-6)`)
  }
  const out = cardsOutOfDeck(state)
  if (card === JOKER) {
    const jokersOut = out.filter((c) => c === JOKER).length
    if (jokersOut >= 2) refuse('card-out', 'round.jokers-out', { card }, `${JOKER}: both jokers are already out of the deck (on the table or discarded)`)
  } else if (out.includes(card)) {
    const place = cardPlace(state, card) as Exclude<CardPlace, 'deck'>
    refuse('card-out', 'round.card-out', { card, place }, `${card} is ${PLACE_NAMES[place]}: it cannot come from the deck`)
  }
}

function assertPhase(state: CardRoundState, action: CardRoundAction, ...phases: CardRoundPhase[]): void {
  if (!phases.includes(state.phase)) {
    const params = { action: action.type, phase: state.phase, round: state.round, end: state.end }
    refuse('not-now', 'round.not-now', params, `${action.type}: not now — the card round is at '${state.phase}' (round ${state.round} of end ${state.end})`)
  }
}

function assertPlayer(state: CardRoundState, player: unknown): asserts player is RoundPlayer {
  const expected = substitutionPlayer(state.phase)
  if (player !== 'first' && player !== 'second') {
    refuse('action-shape', 'round.player-shape', { value: String(player) }, `player ${String(player)}: expected 'first' or 'second'`)
  }
  if (player !== expected) {
    refuse('wrong-player', 'round.wrong-player', { player: String(expected), player2: player }, `it is the ${expected} player's substitution step, not the ${player}'s`)
  }
}

function dealMain(state: CardRoundState, card: string): CardRoundState {
  assertDrawable(state, card)
  const main = [...state.main, card]
  return { ...state, main, phase: main.length === mainCardCount(state.deck) ? 'first-substitution' : 'deal-main' }
}

function draw(state: CardRoundState, player: RoundPlayer, card: string): CardRoundState {
  if (player === 'first' && state.substitutions.first.length >= MAX_SUBSTITUTIONS) {
    const message = `${card}: the first player already has ${MAX_SUBSTITUTIONS} substitution cards, the most he may take`
    refuse('five-substitutions', 'round.five-substitutions', { card, most: MAX_SUBSTITUTIONS }, message)
  }
  if (player === 'second' && substitutionTotal(state) >= MAX_SUBSTITUTIONS) {
    refuse(
      'substitution-total',
      'round.substitution-total',
      { card, most: MAX_SUBSTITUTIONS },
      `${card}: both players' substitution cards already total ${MAX_SUBSTITUTIONS}; the second player may now only take the first player's cards`,
    )
  }
  assertDrawable(state, card)
  return { ...state, substitutions: { ...state.substitutions, [player]: [...state.substitutions[player], card] } }
}

function take(state: CardRoundState, card: string): CardRoundState {
  if (typeof card !== 'string') refuse('action-shape', 'round.card-shape', { card: String(card) }, `card ${String(card)}: expected a card such as '10H'`)
  const total = substitutionTotal(state)
  if (total < MAX_SUBSTITUTIONS) {
    refuse(
      'draw-from-deck-first',
      'round.draw-from-deck-first',
      { card, most: MAX_SUBSTITUTIONS, count: total },
      `${card}: the second player first draws from the deck until both players' substitution cards total ${MAX_SUBSTITUTIONS} (now ${total})`,
    )
  }
  const first = [...state.substitutions.first]
  const at = first.indexOf(card)
  if (at < 0) {
    const cards = first.join(' ') || '—'
    refuse('not-a-first-substitution', 'round.not-a-first-substitution', { card, cards }, `${card} is not among the first player's substitution cards (${first.join(' ') || 'none left'})`)
  }
  first.splice(at, 1)
  return { ...state, substitutions: { first, second: [...state.substitutions.second, card] } }
}

/** Checks a placement against the player's substitution cards and the main cards; returns the hand. */
function handOf(state: CardRoundState, player: RoundPlayer, placement: Placement): string[] {
  const { beside, unused } = placement
  const mainCount = state.main.length
  if (!Array.isArray(beside) || beside.length !== mainCount) {
    refuse('placement-shape', 'round.placement-shape', { count: mainCount }, `place: one entry per main card (${mainCount}), the substitution card beside it or null`)
  }
  const left = [...state.substitutions[player]]
  for (const card of beside) {
    if (card === null) continue
    const at = left.indexOf(card)
    if (at < 0) {
      const message = `${String(card)} is not a substitution card of the ${player} player that is still unplaced`
      refuse('use-every-substitution', 'round.not-an-unplaced-substitution', { card: String(card), player }, message)
    }
    left.splice(at, 1)
  }
  if (left.length > 0) {
    const cards = left.join(' ')
    refuse('use-every-substitution', 'round.substitution-unused', { cards }, `every substitution card taken must be used: ${cards} is not laid beside a main card`)
  }
  if (mainCount === HAND_SIZE) {
    if (unused !== null) refuse('unused-main-card', 'round.none-unused', { count: HAND_SIZE }, `with ${HAND_SIZE} main cards none is marked unused`)
    return state.main.map((card, i) => beside[i] ?? card)
  }
  if (unused === null || !Number.isInteger(unused) || unused < 0 || unused >= mainCount) {
    refuse('unused-main-card', 'round.mark-unused', { count: mainCount }, `with ${mainCount} main cards the player marks one (0–${mainCount - 1}) unused`)
  }
  if (beside[unused] !== null) {
    const params = { card: String(state.main[unused]), card2: String(beside[unused]) }
    refuse('unused-main-card', 'round.unused-has-substitution', params, `main card ${params.card} has ${params.card2} beside it and cannot be the unused one`)
  }
  return state.main.flatMap((card, i) => (i === unused ? [] : [beside[i] ?? card]))
}

function place(state: CardRoundState, player: RoundPlayer, placement: Placement): CardRoundState {
  const hand = handOf(state, player, placement)
  return {
    ...state,
    phase: player === 'first' ? 'second-substitution' : 'round-complete',
    placements: { ...state.placements, [player]: { beside: [...placement.beside], unused: placement.unused } },
    hands: { ...state.hands, [player]: hand },
  }
}

/** The per-round part of the state, empty: no substitution cards, placements or hands. */
function noRound(): Pick<CardRoundState, 'substitutions' | 'placements' | 'hands'> {
  return {
    substitutions: { first: [], second: [] },
    placements: { first: null, second: null },
    hands: { first: null, second: null },
  }
}

function closeRound(state: CardRoundState): CardRoundState {
  const cleared = {
    ...state,
    ...noRound(),
    // The main cards go to the discard pile; the substitution cards left on the table become the main cards.
    discard: [...state.discard, ...state.main],
    main: [...state.substitutions.first, ...state.substitutions.second],
  }
  if (state.round === ROUNDS_PER_END) return { ...cleared, phase: 'end-complete' }
  const next = { ...cleared, round: state.round + 1 }
  if (state.round === GATHER_AFTER_ROUND) return { ...next, phase: 'gather' }
  return { ...next, phase: next.main.length === mainCardCount(state.deck) ? 'first-substitution' : 'deal-main' }
}

/** Every card back in the deck, shuffled: fresh main cards are to be laid. */
function shuffledDeck(state: CardRoundState): CardRoundState {
  return { ...state, ...noRound(), main: [], discard: [], phase: 'deal-main' }
}

function shuffleDiscardIntoDeck(state: CardRoundState): CardRoundState {
  const step = cardRoundStep(state)
  if (step.deckCount > 0) {
    const message = `the deck still has ${step.deckCount} cards; the discard pile is shuffled in only when it runs out (I-6)`
    refuse('deck-not-empty', 'round.deck-not-empty', { count: step.deckCount }, message)
  }
  if (!step.allowed.includes('shuffle-discard-into-deck')) {
    refuse('not-now', 'round.nothing-to-draw', {}, 'shuffle-discard-into-deck: no card needs to be drawn now')
  }
  return { ...state, discard: [] }
}

function applyOrRefuse(state: CardRoundState, action: CardRoundAction): CardRoundState {
  if (typeof action !== 'object' || action === null) refuse('action-shape', 'round.action-shape', {}, 'action: expected an object with a type')
  switch (action.type) {
    case 'deal-main':
      assertPhase(state, action, 'deal-main')
      return dealMain(state, action.card)
    case 'draw':
      assertPhase(state, action, 'first-substitution', 'second-substitution')
      assertPlayer(state, action.player)
      return draw(state, action.player, action.card)
    case 'take':
      assertPhase(state, action, 'second-substitution')
      assertPlayer(state, action.player)
      return take(state, action.card)
    case 'place':
      assertPhase(state, action, 'first-substitution', 'second-substitution')
      assertPlayer(state, action.player)
      return place(state, action.player, { beside: action.beside, unused: action.unused ?? null })
    case 'close-round':
      assertPhase(state, action, 'round-complete')
      return closeRound(state)
    case 'gather-and-shuffle':
      assertPhase(state, action, 'gather')
      return { ...shuffledDeck(state), round: GATHER_AFTER_ROUND + 1 }
    case 'shuffle-for-next-end':
      assertPhase(state, action, 'end-complete')
      return { ...shuffledDeck(state), end: state.end + 1, round: 1 }
    case 'shuffle-discard-into-deck':
      return shuffleDiscardIntoDeck(state)
    default: {
      const type = String((action as { type?: unknown }).type)
      return refuse('action-shape', 'round.unknown-action', { value: type }, `${type}: unknown card-round action`)
    }
  }
}

/** Applies one action: the new state, or a refusal naming the rule it breaks. Never mutates `state`. */
export function applyCardAction(state: CardRoundState, action: CardRoundAction): CardRoundResult {
  try {
    return { ok: true, state: applyOrRefuse(state, action) }
  } catch (error) {
    if (error instanceof Refusal) return withRefusal({ ok: false, rule: error.rule, message: error.message }, reasonOf(error))
    throw error
  }
}

/** Replays actions from a fresh deck; throws an Error naming the first refused action, its index and rule. */
export function replayCardRound(deck: Deck, actions: readonly CardRoundAction[]): CardRoundState {
  let state = initialCardRound(deck)
  for (const [index, action] of actions.entries()) {
    const result = applyCardAction(state, action)
    if (!result.ok) {
      const type = String(action?.type)
      const message = `card action ${index + 1} (${type}): ${result.rule}: ${result.message}`
      throw new RuleError(ruleReason('round.action', { index: index + 1, action: type }, message, [reasonOf(result)]))
    }
    state = result.state
  }
  return state
}
