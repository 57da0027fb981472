// Refusals as data. A refusal reaches a person at the table, who may read Russian, so
// beside its English message (which names the rule and the place, STYLE.md §6, and is
// what tests and bug reports quote) it carries a stable code and the values of its
// sentence; the UI turns code + params into the user's language. A refusal that only
// makes sense with the one it wraps ("events[3] (ThrowMade): throw 5: …") keeps the
// wrapped refusals as `inner`, so every layer is translated, not just the outer one.

/** Every code the engine may refuse with; the i18n test checks each has en and ru text. */
export const RULE_ERROR_CODES = [
  // A reason with no code of its own inside a coded frame (its English text is shown as is).
  'detail',

  // board.ts: cells and setups (RULES.md §2)
  'cell.unknown',
  'setup.not-an-object',
  'setup.not-a-list',
  'setup.too-many-stones',
  'setup.unknown-cell',
  'setup.start-row',
  'setup.two-stones',
  'setup.problems',

  // trajectory.ts: the shape of a move (RULES.md §3, I-8)
  'move.not-an-object',
  'move.unknown-type',
  'move.not-a-start-cell',
  'move.not-a-cell',
  'move.lengths-not-a-list',
  'move.length-count',
  'move.length-range',
  'move.constraint',
  'constraint.reverse',
  'constraint.shortened',
  'constraint.triple',
  'constraint.quadruple-horizontal',
  'constraint.quadruple-strict',
  'constraint.semaphore',

  // notation.ts: typed moves and positions (STYLE.md §3)
  'notation.at',
  'notation.not-text',
  'notation.too-long',
  'notation.start-missing',
  'notation.not-a-start-cell',
  'notation.not-a-cell',
  'notation.type-missing',
  'notation.not-a-type',
  'notation.length-missing',
  'notation.length-range',
  'notation.bracket',
  'notation.length-count',
  'notation.unexpected',
  'notation.colour-tag',
  'notation.colour-twice',
  'notation.cell-missing',
  'notation.comma-too-many',
  'notation.stones-only',
  'notation.slash',
  'notation.colour-missing',
  'notation.throw-missing',
  'notation.throw-range',
  'notation.hammer-tag',
  'notation.mover-disagrees',

  // dice.ts: final dice and the dice operation (RULES.md §7)
  'dice.not-a-list',
  'dice.count',
  'dice.six',
  'dice.value',
  'dice.roll',
  'dice.operation-shape',
  'dice.roll-shape',
  'dice.die-values',
  'dice.reroll-dice',
  'dice.reroll-none',
  'dice.first-roll',
  'dice.void-roll',
  'dice.free-reroll-sixes',
  'dice.operation-finished',
  'dice.only-sixes',
  'dice.kept-die-changed',
  'dice.no-roll',
  'dice.void-five-sixes',
  'dice.sixes-left',

  // cards.ts: cards, decks and hands (RULES.md §8, I-5)
  'card.unknown',
  'card.joker-not-in-deck',
  'card.not-in-deck',
  'hand.not-a-list',
  'hand.size',
  'hand.card',
  'hand.too-many-jokers',
  'hand.duplicate',
  'hand.joker-count',
  'hand.joker-as-joker',

  // cardRound.ts: the card round (RULES.md §8, I-6)
  'round.card-shape',
  'round.player-shape',
  'round.action-shape',
  'round.unknown-action',
  'round.unknown-card',
  'round.deck-empty',
  'round.jokers-out',
  'round.card-out',
  'round.not-now',
  'round.nothing-to-draw',
  'round.wrong-player',
  'round.five-substitutions',
  'round.substitution-total',
  'round.draw-from-deck-first',
  'round.not-a-first-substitution',
  'round.placement-shape',
  'round.not-an-unplaced-substitution',
  'round.substitution-unused',
  'round.none-unused',
  'round.mark-unused',
  'round.unused-has-substitution',
  'round.deck-not-empty',
  'round.action',

  // collision.ts: a throw (RULES.md §4, §5)
  'throw.number-range',
  'throw.no-stone-left',
  'throw.illegal-move',

  // judge.ts: the ruling on a claimed move in its context (RULES.md §3, §5, §6)
  'judge.no-generator',
  'judge.no-dice',
  'judge.no-cards',
  'judge.dice-invalid',
  'judge.cards-invalid',
  'judge.null',
  'judge.shape',
  'judge.power-l1',
  'judge.power-l2-winning',
  'judge.power-l2-draw',
  'judge.not-drawn',
  'judge.void',
  'judge.void-guards',

  // fold.ts, throwCheck.ts, matchSetup.ts: the match as a log (STYLE.md §2, RULES.md §6–10)
  'match.event',
  'match.empty-log',
  'match.first-event',
  'match.setup',
  'setup-field.at',
  'setup-field.object',
  'setup-field.players',
  'setup-field.player-name',
  'setup-field.ends',
  'setup-field.variant',
  'setup-field.deck',
  'setup-field.boolean',
  'setup-field.color',
  'setup-field.hammer-by',
  'setup-field.recording',
  'setup-field.clock',
  'setup-field.thinking-seconds',

  // houseRules.ts: the house rules a match is played under (I-11)
  'house-rules.not-an-object',
  'house-rules.quadruple',
  'house-rules.card-limits',
  'house-rules.card-limit',
  'house-rules.card-limit-order',
  'match.already-started',
  'match.over',
  'match.end-full',
  'match.no-throw-expected',
  'match.dice-in-card-match',
  'match.cards-in-dice-match',
  'match.dice-operation',
  'match.dice-operation-values',
  'match.round-action-shape',
  'match.round-action',
  'match.hand-differs',
  'match.generator-twice',
  'match.throw-number',
  'match.wrong-mover',
  'match.throw-position',
  'match.null-in-dice-match',
  'match.hand-not-null',
  'match.null-power',
  'match.null-moved',
  'match.throw-move',
  'match.hand-is-null',
  'match.power-recorded',
  'match.power-over-limit',
  'match.not-drawn',
  'match.stones-not-conserved',
  'match.free-guard-not-violated',
  'match.free-guard-violated',
  'match.out-of-play-differs',
  'match.out-of-play-missing',
  'match.stone-not-there',
  'match.stone-missing',
  'match.score-only',
  'match.score-only-entered',
  'match.entered-flag',
  'match.entered-score-shape',
  'match.entered-score-both',
  'match.correction-over',
  'match.correction-note',
  'match.correction-position',
  'match.score-over',
  'match.end-not-begun',
  'match.score-differs',
  'match.unknown-event',
  'match.nothing-to-undo',
  'match.nothing-to-redo',
  'match.bad-date',
  'match.no-clock',
  'match.clock-at',
  'match.clock-paused',
  'match.clock-not-paused',
  'match.clock-over',

  // matchFile.ts: a match file, checked whole before anything is stored
  'file.at',
  'file.replay',
  'file.not-json',
  'file.not-json-at',
  'file.not-json-end',
  'file.not-a-file',
  'file.format',
  'file.too-new',
  'file.too-old',
  'file.migration',
  'file.version',
  'file.expected',
  'file.unknown-field',
  'file.not-whole',
  'file.expected-true',
  'file.not-a-cell',
  'file.generator-kind',
  'file.unknown-event',
  'file.empty',

  // shareCode.ts: a share code (QR or pasted), checked whole before anything is stored
  'share.too-long',
  'share.not-a-code',
  'share.too-new',
  'share.character',
  'share.truncated',
  'share.damaged',
  'share.unreadable',
  'share.event',
] as const

export type RuleErrorCode = (typeof RULE_ERROR_CODES)[number]
export type RuleParams = Readonly<Record<string, string | number>>

/** One refusal: its code, the values of its sentence, the English message, what it wraps. */
export interface RuleReason {
  readonly code: RuleErrorCode
  readonly params: RuleParams
  readonly message: string
  readonly inner?: readonly RuleReason[]
}

export function ruleReason(code: RuleErrorCode, params: RuleParams, message: string, inner?: readonly RuleReason[]): RuleReason {
  return inner === undefined ? { code, params, message } : { code, params, message, inner }
}

/** A refused input, thrown: its message is the English one, code and params translate it. */
export class RuleError extends Error implements RuleReason {
  override name = 'RuleError'
  readonly code: RuleErrorCode
  readonly params: RuleParams
  readonly inner?: readonly RuleReason[]

  constructor(reason: RuleReason, options?: ErrorOptions) {
    super(reason.message, options)
    this.code = reason.code
    this.params = reason.params
    if (reason.inner !== undefined) this.inner = reason.inner
  }
}

/** Throws a refusal. */
export function refuseWith(code: RuleErrorCode, params: RuleParams, message: string, inner?: readonly RuleReason[]): never {
  throw new RuleError(ruleReason(code, params, message, inner))
}

/**
 * A result object that refuses (checkMove's { ok: false, reason }, a dice or card-round
 * failure) carries its coded refusal here. Not enumerable, so the object keeps the shape
 * its contract gives it (ENGINE_API) for equality and JSON, while the UI can translate it.
 */
export interface WithRefusal {
  readonly refusal?: RuleReason
}

export function withRefusal<T extends object>(value: T, refusal: RuleReason): T & WithRefusal {
  // Configurable, so a reactive proxy (Vue) may hand out its own wrapped copy of it.
  Object.defineProperty(value, 'refusal', { value: refusal, enumerable: false, configurable: true })
  return value
}

const CODES: ReadonlySet<string> = new Set(RULE_ERROR_CODES)

export function isRuleReason(value: unknown): value is RuleReason {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<RuleReason>
  return (
    typeof candidate.code === 'string' &&
    CODES.has(candidate.code) &&
    typeof candidate.params === 'object' &&
    candidate.params !== null &&
    typeof candidate.message === 'string'
  )
}

/**
 * Any error as a reason to wrap: a coded one (or a result carrying its refusal) as it is,
 * anything else as a 'detail' that shows its English text (the engine's own guards,
 * which a person should never meet).
 */
export function reasonOf(error: unknown): RuleReason {
  if (isRuleReason(error)) return ruleReason(error.code, error.params, error.message, error.inner)
  const attached = (error as WithRefusal | null | undefined)?.refusal
  if (typeof error === 'object' && isRuleReason(attached)) return attached
  const message = (error as { message?: unknown } | null | undefined)?.message
  const text = typeof message === 'string' ? message : String(error)
  return ruleReason('detail', { text }, text)
}
