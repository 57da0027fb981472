// RULES.md §9, "save the last zero" («Сохрани последний ноль»): the score of the house,
// and from it the standing that sets L2 before every throw (§6.2).
import { HOUSE_ZONES, assertValidPosition, zoneOf, type HouseZone } from './board.ts'
import { COLORS, opponent, type Color, type Position, type Standing } from './types.ts'

export type Score = Record<Color, number>

/**
 * What the procedure did in one zone:
 * - 'equal': both sides have as many stones there, the zone is skipped;
 * - 'added': `leader` had more stones and got the difference;
 * - 'stopped': `leader` had more stones, but the points would have changed the only
 *   zero left in the score (the other side already scores), so the count stops here;
 * - 'not-visited': a zone after the stop.
 */
export type ZoneOutcome = 'equal' | 'added' | 'stopped' | 'not-visited'

export interface ZoneCount {
  zone: HouseZone
  red: number
  blue: number
  outcome: ZoneOutcome
  /** The side with more stones in the zone; null when equal. */
  leader: Color | null
  /** Points added to the leader here (0 unless 'added'). */
  points: number
}

export interface ScoreBreakdown {
  /** Centre, middle, outer, in the order visited. */
  zones: ZoneCount[]
  score: Score
  /** The zone where the procedure stopped to save the last zero, or null when it visited all three. */
  stoppedAt: HouseZone | null
}

function stonesPerZone(position: Position): Record<HouseZone, Score> {
  const counts = Object.fromEntries(HOUSE_ZONES.map((zone) => [zone, { red: 0, blue: 0 }])) as Record<HouseZone, Score>
  for (const color of COLORS) {
    for (const cell of position[color]) {
      const zone = zoneOf(cell)
      // Stones outside the house count for nothing.
      if (zone === 'centre' || zone === 'middle' || zone === 'outer') counts[zone][color]++
    }
  }
  return counts
}

/** The scoring procedure zone by zone, for the UI to draw and explain. Throws on a bad position. */
export function scoreBreakdown(position: Position): ScoreBreakdown {
  assertValidPosition(position)
  const counts = stonesPerZone(position)
  const score: Score = { red: 0, blue: 0 }
  const zones: ZoneCount[] = []
  let stoppedAt: HouseZone | null = null
  for (const zone of HOUSE_ZONES) {
    const { red, blue } = counts[zone]
    const leader: Color | null = red > blue ? 'red' : blue > red ? 'blue' : null
    let outcome: ZoneOutcome
    let points = 0
    if (stoppedAt !== null) outcome = 'not-visited'
    else if (leader === null) outcome = 'equal'
    else if (score[opponent(leader)] > 0) {
      // The leader's 0 is the only zero left: adding to it would lose it. Stop at once.
      outcome = 'stopped'
      stoppedAt = zone
    } else {
      outcome = 'added'
      points = Math.abs(red - blue)
      score[leader] += points
    }
    zones.push({ zone, red, blue, outcome, leader, points })
  }
  return { zones, score, stoppedAt }
}

/** RULES.md §9: the score of the house; at most one side scores. */
export function scoreHouse(position: Position): Score {
  return scoreBreakdown(position).score
}

/** RULES.md §6.2: the house scored from the mover's side. */
export function standingOf(position: Position, mover: Color): Standing {
  const score = scoreHouse(position)
  if (score[mover] > 0) return 'winning'
  if (score[opponent(mover)] > 0) return 'losing'
  return 'draw'
}
