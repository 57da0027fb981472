// Face cards as the deck on the table prints them: J Q K A, or В Д К Т on a Russian deck.
// A display choice like the language (stores/settings.ts applies it): the notation, the
// engine and stored matches always say J Q K A.
import { ref } from 'vue'

export type CardLetters = 'latin' | 'russian'

const RUSSIAN_FACE: Readonly<Record<string, string>> = { J: 'В', Q: 'Д', K: 'К', A: 'Т' }
const letters = ref<CardLetters>('latin')

export function setCardLetters(next: CardLetters): void {
  letters.value = next
}

/** A rank as the deck on the table prints it. */
export function rankLabel(rank: string): string {
  return letters.value === 'russian' ? (RUSSIAN_FACE[rank] ?? rank) : rank
}
