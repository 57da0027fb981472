// Dice and cards as people type them, read into the engine's input. The engine checks
// the values and the cards themselves and names what is wrong.

/** "3 1 3 2 3", "31323" or "3,1,3,2,3" → [3, 1, 3, 2, 3]; what is not a digit separates. */
export function parseDiceText(text: string): number[] {
  const compact = text.replace(/[\s,;]+/g, '')
  return /^\d+$/.test(compact) ? [...compact].map(Number) : text.split(/[^\d]+/).filter(Boolean).map(Number)
}

/** A Russian deck's face cards (валет, дама, король, туз) as the engine names them. */
const RUSSIAN_FACE: Readonly<Record<string, string>> = { В: 'J', Д: 'Q', К: 'K', Т: 'A' }
/** Suits as symbols, or by their Russian initials: пики, черви, бубны, трефы (крести). */
const SUIT: Readonly<Record<string, string>> = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C', П: 'S', Ч: 'H', Б: 'D', Т: 'C', К: 'C' }

/**
 * "10h qs 4d" → ['10H', 'QS', '4D']. A Russian hand reads too: the rank first (В Д К Т),
 * the suit last (♠ ♥ ♦ ♣ or п ч б т), so "Дч Тт 10♥" → ['QH', 'AC', '10H']. The engine
 * checks the cards themselves.
 */
export function parseHandText(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((typed) => {
      const card = typed.toUpperCase()
      if (card.length < 2) return card
      const rank = card.slice(0, -1)
      const suit = card.slice(-1)
      return `${RUSSIAN_FACE[rank] ?? rank}${SUIT[suit] ?? suit}`
    })
}
