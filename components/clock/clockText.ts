// How the clock's times read on screen: whole seconds, m:ss below an hour, h:mm:ss above.

/** 754 000 ms → '12:34'; 3 723 000 ms → '1:02:03'. Seconds are floored: a running clock never shows time not yet spent. */
export function clockText(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000)
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

/** A narrow cell's time (the linescore's): 45″ below a minute, 12′ below an hour, 1h05 above; whole units, floored. */
export function clockTextShort(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000)
  if (total < 60) return `${total}″`
  if (total < 3600) return `${Math.floor(total / 60)}′`
  return `${Math.floor(total / 3600)}h${String(Math.floor((total % 3600) / 60)).padStart(2, '0')}`
}
