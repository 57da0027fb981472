// A photo of the main cards on the table, turned into the card round's own 'deal-main' actions
// (RULES.md §8). The photo shows every main card lying there, those already known to the round
// (substitution cards that became main cards when the last round closed) and the ones just
// laid from the deck; only the latter are dealt, in the photo's reading order. The engine
// rules on each card (not of this deck, already out of the deck, too many main cards).
import { applyCardAction, type CardRoundAction, type CardRoundResult, type CardRoundState } from '../../engine/index.ts'

/** The engine's own refusal, passed on whole so the screen shows it as it shows every refusal. */
type Refusal = Extract<CardRoundResult, { ok: false }>

export type MainCardsFromPhoto =
  | { ok: true; actions: CardRoundAction[]; state: CardRoundState }
  /** A main card the round already has is not in the photo: it shows some other table. */
  | { ok: false; missing: string }
  /** The engine refused one of the new cards; nothing is dealt. */
  | { ok: false; card: string; refusal: Refusal }

export function mainCardsFromPhoto(state: CardRoundState, photographed: readonly string[]): MainCardsFromPhoto {
  const unmatched = [...photographed]
  for (const known of state.main) {
    const at = unmatched.indexOf(known)
    if (at < 0) return { ok: false, missing: known }
    unmatched.splice(at, 1)
  }
  const actions: CardRoundAction[] = []
  let current = state
  for (const card of unmatched) {
    const action: CardRoundAction = { type: 'deal-main', card }
    const result = applyCardAction(current, action)
    if (!result.ok) return { ok: false, card, refusal: result }
    actions.push(action)
    current = result.state
  }
  return { ok: true, actions, state: current }
}
