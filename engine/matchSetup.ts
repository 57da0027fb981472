// What the players agree before the first throw (RULES.md §1, §7, §8, §10, I-11), and the
// checks a setup from a form or a file passes before a match starts.
import { DECKS, type Deck } from './cards.ts'
import { clockSetupProblems, type ClockSetup } from './clock.ts'
import { describeValue } from './describeValue.ts'
import { ruleReason, type RuleErrorCode, type RuleParams, type RuleReason } from './errors.ts'
import { DEFAULT_HOUSE_RULES, houseRulesProblems, type HouseRules } from './houseRules.ts'
import { COLORS, type Color } from './types.ts'

/** Ends agreed before the match (RULES.md §1); extra ends follow while tied. */
export type EndCount = 6 | 8 | 10
export const END_COUNTS: readonly EndCount[] = [6, 8, 10]
export const DEFAULT_END_COUNT: EndCount = 8

/** The deck sizes (cards.ts), re-exported here for the setup form. */
export { DECKS, type Deck }

/** The random generator of the match (RULES.md §7, §8). */
export type Variant =
  | { kind: 'dice' }
  | {
      kind: 'cards'
      deck: Deck
      /** RULES.md §8: players agree beforehand whether tracking the discard pile is allowed. */
      discardPileTracking?: boolean
    }

/**
 * How the match is recorded: throw by throw (the engine rules on every throw and scores
 * the house), or only each end's score as the referee types it (EndScored `entered`).
 */
export type Recording = 'throws' | 'score-only'
export const RECORDINGS: readonly Recording[] = ['throws', 'score-only']

export interface MatchSetup {
  players: Record<Color, string>
  ends: EndCount
  variant: Variant
  /** Who has the hammer in the first end (RULES.md §10) … */
  firstHammer: Color
  /** … and how that was decided: by lot or by agreement. */
  firstHammerBy: 'lot' | 'choice'
  /** I-11: the house rules the match is played under. */
  houseRules: HouseRules
  /** Absent: 'throws'. */
  recording?: Recording
  /** Absent: no clock. Present: the match is timed (clock.ts, docs/clock.md). */
  clock?: ClockSetup
}

/** The setup with defaults filled in (8 ends, dice, default house rules, hammer by lot). */
export function defaultSetup(players: Record<Color, string>, firstHammer: Color): MatchSetup {
  return {
    players: { ...players },
    ends: DEFAULT_END_COUNT,
    variant: { kind: 'dice' },
    firstHammer,
    firstHammerBy: 'lot',
    houseRules: structuredClone(DEFAULT_HOUSE_RULES) as HouseRules,
  }
}

/** 'throws' unless the setup says the match records only scores. */
export function recordingOf(setup: MatchSetup): Recording {
  return setup.recording ?? 'throws'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isColor(value: unknown): value is Color {
  return value === 'red' || value === 'blue'
}

/** Problems with a setup (empty when fine), each naming its field. */
export function setupErrors(setup: unknown): string[] {
  return setupProblems(setup).map(({ field, reason }) => `${field}: ${reason.message}`)
}

/** One problem of a setup: the field it lies in ('setup.ends') and the coded refusal. */
export interface SetupProblem {
  field: string
  reason: RuleReason
}

/** setupErrors, coded: a match file or a form shows these in the user's language. */
export function setupProblems(setup: unknown): SetupProblem[] {
  const problem = (field: string, code: RuleErrorCode, params: RuleParams, message: string): SetupProblem => ({
    field,
    reason: ruleReason(code, params, message),
  })
  if (!isRecord(setup)) return [problem('setup', 'setup-field.object', {}, 'expected an object')]
  const problems: SetupProblem[] = []
  const players = setup.players
  if (!isRecord(players)) problems.push(problem('setup.players', 'setup-field.players', {}, 'expected { red, blue } names'))
  else
    for (const color of COLORS) {
      if (typeof players[color] !== 'string') problems.push(problem(`setup.players.${color}`, 'setup-field.player-name', {}, 'expected a name (text)'))
    }
  if (!(END_COUNTS as readonly unknown[]).includes(setup.ends)) {
    const value = describeValue(setup.ends)
    problems.push(problem('setup.ends', 'setup-field.ends', { value }, `${value} — a match is 6, 8 or 10 ends (RULES.md §1)`))
  }
  const variant = setup.variant
  if (!isRecord(variant) || (variant.kind !== 'dice' && variant.kind !== 'cards')) {
    problems.push(problem('setup.variant', 'setup-field.variant', {}, `expected { kind: 'dice' } or { kind: 'cards', deck }`))
  } else if (variant.kind === 'cards') {
    if (!(DECKS as readonly unknown[]).includes(variant.deck)) {
      const value = describeValue(variant.deck)
      problems.push(problem('setup.variant.deck', 'setup-field.deck', { value }, `${value} — the deck has 36, 52 or 54 cards (RULES.md §1)`))
    }
    if (variant.discardPileTracking !== undefined && typeof variant.discardPileTracking !== 'boolean') {
      problems.push(problem('setup.variant.discardPileTracking', 'setup-field.boolean', {}, 'expected true or false'))
    }
  }
  if (!isColor(setup.firstHammer)) problems.push(problem('setup.firstHammer', 'setup-field.color', {}, `expected 'red' or 'blue'`))
  if (setup.firstHammerBy !== 'lot' && setup.firstHammerBy !== 'choice') {
    problems.push(problem('setup.firstHammerBy', 'setup-field.hammer-by', {}, `expected 'lot' or 'choice'`))
  }
  if (setup.recording !== undefined && !(RECORDINGS as readonly unknown[]).includes(setup.recording)) {
    const value = describeValue(setup.recording)
    problems.push(problem('setup.recording', 'setup-field.recording', { value }, `${value} — expected 'throws' or 'score-only'`))
  }
  problems.push(...clockSetupProblems(setup.clock))
  // A card match's L1 table is also checked along its deck's ranking (RULES.md §8, I-4).
  const deck = isRecord(variant) && variant.kind === 'cards' && (DECKS as readonly unknown[]).includes(variant.deck) ? (variant.deck as Deck) : undefined
  problems.push(...houseRulesProblems(setup.houseRules, deck).map((reason) => ({ field: 'setup.houseRules', reason })))
  return problems
}

/** A setup problem with its field, as one refusal ("setup.ends: 7 — a match is …"). */
export function setupProblemReason({ field, reason }: SetupProblem): RuleReason {
  return ruleReason('setup-field.at', { field }, `${field}: ${reason.message}`, [reason])
}
