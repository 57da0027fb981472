/**
 * The end of a match as the screens tell it (RULES.md §10): who won and by how much, the
 * deciding end's final position, and the setup of a rematch. Read from the derived state only.
 */
import type { Color, MatchSetup, MatchState, Position } from '../../engine/index.ts'

/**
 * The position the deciding end was scored on. The state of a won match starts the next
 * (never played) end on an empty field; the referee still wants to see how the match was won.
 * A won match accepts nothing but Undo (which unwins it), so its last log line is the deciding
 * EndScored — or a Redo that put it back — and the line before holds the position it was scored on.
 */
export function decidingPosition(state: MatchState): Position | null {
  if (!state.finished) return null
  return state.log.at(-2)?.position ?? null
}

/** The deciding end: the last one scored (an extra end when the agreed ends ended level). */
export function decidingEnd(state: MatchState): MatchState['ends'][number] | null {
  return state.finished ? (state.ends.at(-1) ?? null) : null
}

/** A player's name as the match knows it; an empty name falls back to the colour's. */
export function playerName(state: MatchState, color: Color, colorName: (color: Color) => string): string {
  return state.setup.players[color] || colorName(color)
}

/**
 * A rematch: the same players in the same colours, the same ends, generator, way of recording
 * and house rules. It is a new match, so its first end's hammer is decided as any first end's
 * is — by lot or by agreement (RULES.md §10); nothing carries over from the match just played.
 */
export function rematchSetup(setup: MatchSetup, firstHammer: Color, firstHammerBy: MatchSetup['firstHammerBy']): MatchSetup {
  // JSON, not structuredClone: the setup may be a reactive proxy, which structuredClone refuses.
  return { ...(JSON.parse(JSON.stringify(setup)) as MatchSetup), firstHammer, firstHammerBy }
}

/** The result as a sentence's params, the winner's points first ("Anna wins 5 : 3"); null while the match goes on. */
export function resultParams(state: MatchState, colorName: (color: Color) => string): { name: string; won: number; lost: number } | null {
  const { winner } = state
  if (!winner) return null
  const loser: Color = winner === 'red' ? 'blue' : 'red'
  return { name: playerName(state, winner, colorName), won: state.totals[winner], lost: state.totals[loser] }
}

/** A match whose ends are typed as scores, with no throws (MatchSetup.recording, issue 9). */
export function isScoreOnly(setup: MatchSetup): boolean {
  return setup.recording === 'score-only'
}
