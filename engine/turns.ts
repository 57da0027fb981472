// Whose throw and who has the hammer (RULES.md §10): the order of play within an end and
// from one end to the next, and when a match is over.
import { refuseWith } from './errors.ts'
import { describeValue } from './describeValue.ts'
import { opponent, type Color } from './types.ts'

export const THROWS_PER_END = 16

/** The loser of an end takes the hammer; after 0 : 0 it stays (RULES.md §10). */
export function hammerAfter(hammer: Color, score: Record<Color, number>): Color {
  if (score.red > score.blue) return 'blue'
  if (score.blue > score.red) return 'red'
  return hammer
}

/** Who makes throw `throwNumber` (1–16): the player without the hammer throws first, then they alternate. */
export function moverOf(throwNumber: number, hammer: Color): Color {
  if (!Number.isInteger(throwNumber) || throwNumber < 1 || throwNumber > THROWS_PER_END) {
    refuseWith('throw.number-range', { throw: describeValue(throwNumber) }, `throw ${describeValue(throwNumber)}: an end has throws 1–16`)
  }
  return throwNumber % 2 === 0 ? hammer : opponent(hammer)
}

/** RULES.md §10: over once the agreed ends are played and the totals differ; a tie plays extra ends one at a time. */
export function winnerOf(endsPlayed: number, agreedEnds: number, totals: Record<Color, number>): Color | null {
  if (endsPlayed < agreedEnds || totals.red === totals.blue) return null
  return totals.red > totals.blue ? 'red' : 'blue'
}
