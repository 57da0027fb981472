// How an error message quotes a value that came from outside (a file, a form, storage).

/**
 * A value as an error message shows it: text as is, anything else as short JSON. Never
 * throws, whatever came in from a file (String() does on { "toString": "" }).
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch {
    text = undefined
  }
  if (text === undefined) text = typeof value === 'object' ? 'an object' : typeof value
  return text.length > 40 ? `${text.slice(0, 37)}…` : text
}
