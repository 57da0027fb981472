// One set-aside entry as a sentence in the user's language: which data, and why it could not
// be used — the engine's refusal, the store's own finding, or (unknown) framed as internal.
import { explainError } from '../../i18n/explainError.ts'
import { t } from '../../i18n/index.ts'
import type { QuarantineEntry } from '../../stores/storageItems.ts'

function reasonText(entry: QuarantineEntry): string {
  if (entry.refusal) return explainError(entry.refusal)
  if (entry.code) return t(`storage.reason.${entry.code}`)
  return explainError(entry.reason)
}

export function setAsideLine(entry: QuarantineEntry): string {
  if (entry.key === 'local:settings') return t('storage.problem.settings')
  const kept = entry.keptIn === 'entry' && isRest(entry.raw) ? ` ${t('storage.problem.kept')}` : ''
  if (entry.matchId !== undefined) return t('storage.problem.match', { id: entry.matchId, reason: reasonText(entry) }) + kept
  return t('storage.problem.all', { reason: reasonText(entry) })
}

/** A damaged match whose valid beginning was kept sets aside only the events after it. */
function isRest(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && 'keptEvents' in raw
}
