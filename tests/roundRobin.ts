// Score-only matches typed end by end, for the standings and the match list (unit and e2e):
// a log as the referee's score entry writes it, and its derived state.
import { applyEvent, defaultSetup, deriveMatch, enteredEndScoreEvent, startMatch, type Color, type MatchEvent, type MatchSetup, type MatchState } from '../engine/index.ts'

export interface TypedMatch {
  events: MatchEvent[]
  state: MatchState
}

/** A 6-end score-only match between red and blue with these end scores [red, blue], in order. */
export function typedMatch(red: string, blue: string, ends: readonly (readonly [number, number])[], firstHammer: Color = 'red', at = '2026-11-23T10:00:00.000Z', setup: Partial<MatchSetup> = {}): TypedMatch {
  const events = startMatch({ ...defaultSetup({ red, blue }, firstHammer), ends: 6, recording: 'score-only', ...setup }, at)
  let state = deriveMatch(events)
  for (const [r, b] of ends) {
    const event = enteredEndScoreEvent(state, { red: r, blue: b }, at)
    state = applyEvent(state, event)
    events.push(event)
  }
  return { events, state }
}
