// Refusals in the user's language. The engine refuses with a code and params beside its
// English message (engine/errors.ts); this turns them into the current language's
// sentence, wrapped refusals included, so a Russian user never meets a bare English one.
// Anything uncoded is a fault of the app, not of the input: it is framed as an internal
// error in the user's language, with the English detail for a bug report.
import { isRuleReason, type RuleParams, type RuleReason, type WithRefusal } from '../engine/index.ts'
import { END_OF_LINE } from '../engine/index.ts'
import { isAppRefusal } from './appRefusal.ts'
import { registerMessages, t } from './index.ts'
import errorMessages from './messages/errors.ts'

registerMessages(errorMessages)

/**
 * Params that name a thing the user's language has its own word for: the message prefix
 * of those words. A numbered name (color2) is looked up as its base (color).
 */
const WORDS: Readonly<Record<string, string>> = {
  type: 'trajectory',
  combination: 'combination',
  color: 'errors.color',
  player: 'errors.player',
  subject: 'errors.subject',
  part: 'errors.part',
  role: 'errors.role',
  numbers: 'errors.numbers',
  kind: 'errors.kind',
  matchPhase: 'errors.matchPhase',
  phase: 'errors.phase',
  action: 'errors.action',
  place: 'errors.place',
  event: 'errors.event',
  allows: 'errors.allows',
  allowed: 'errors.allowed',
  needs: 'errors.needs',
  what: 'errors.what',
  tags: 'errors.tags',
}

function word(name: string, value: string | number): string | number {
  if (name === 'found' && value === END_OF_LINE) return t('errors.found.end')
  const prefix = WORDS[name.replace(/\d+$/, '')]
  if (prefix === undefined || typeof value !== 'string') return value
  const translated = t(`${prefix}.${value}`)
  // A value with no word of its own (an unknown type someone typed) is shown as written.
  return translated.startsWith('⟦') ? value : translated
}

function translatedParams(params: RuleParams): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, word(name, value)]))
}

/** One coded refusal, with the refusals it wraps, in the current language. */
export function explainReason(reason: RuleReason): string {
  const inner = (reason.inner ?? []).map(explainReason).join('; ')
  return t(`errors.code.${reason.code}`, { ...translatedParams(reason.params), inner })
}

/** The coded refusal an error or a refused result carries, if any. */
export function codedReason(error: unknown): RuleReason | null {
  if (isRuleReason(error)) return error
  if (typeof error !== 'object' || error === null) return null
  const attached = (error as WithRefusal).refusal
  return isRuleReason(attached) ? attached : null
}

function englishText(error: unknown): string {
  const message = (error as { message?: unknown } | null | undefined)?.message
  if (typeof message === 'string') return message
  const reason = (error as { reason?: unknown } | null | undefined)?.reason
  return typeof reason === 'string' ? reason : String(error)
}

/** What to show the user for a thrown error or a refused result, in the current language. */
export function explainError(error: unknown): string {
  if (isAppRefusal(error)) return t(error.key, error.params)
  const reason = codedReason(error)
  if (reason !== null && reason.code !== 'detail') return explainReason(reason)
  return t('errors.internal', { detail: englishText(error) })
}
