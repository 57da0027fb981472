// "3 minutes ago", «3 минуты назад»: how long ago something happened, in the user's language
// (Intl.RelativeTimeFormat), for the match list's last activity.
import type { Locale } from './index.ts'

const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
]

/** The time from `now` to `when` (ISO 8601) in words; null for a date that does not parse. */
export function relativeTime(when: string, now: number, locale: Locale): string | null {
  const at = Date.parse(when)
  if (Number.isNaN(at)) return null
  let amount = (at - now) / 1000
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(amount), unit)
    amount /= size
  }
  return null
}
