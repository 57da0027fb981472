// A card as players read it: rank and suit symbol ('10♥', or 'Д♥' on a Russian deck,
// i18n/cardLetters.ts), or the joker's name.
import { JOKER } from '../../engine/index.ts'
import { rankLabel } from '../../i18n/cardLetters.ts'
import { t } from '../../i18n/index.ts'

const SUIT_SYMBOL: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' }

export function cardLabel(card: string): string {
  if (card === JOKER) return t('throw.cards.joker')
  const suit = card.slice(-1)
  return `${rankLabel(card.slice(0, -1))}${SUIT_SYMBOL[suit] ?? suit}`
}
