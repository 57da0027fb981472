// Dice and cards as people type them, read into the engine's input. The engine checks
// the values and the cards themselves and names what is wrong.

/** "3 1 3 2 3", "31323" or "3,1,3,2,3" → [3, 1, 3, 2, 3]; what is not a digit separates. */
export function parseDiceText(text: string): number[] {
  const compact = text.replace(/[\s,;]+/g, '')
  return /^\d+$/.test(compact) ? [...compact].map(Number) : text.split(/[^\d]+/).filter(Boolean).map(Number)
}

/** "10h qs 4d" → ['10H', 'QS', '4D']; the engine checks the cards themselves. */
export function parseHandText(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((card) => card.toUpperCase())
}
