/**
 * Round-robin standings for a set of matches: per player the matches played, won and lost, the
 * ends won and the points for and against, ordered by wins, then by point difference. Players
 * are the same player when their names are (spaces at either end and letter case aside): the
 * matches know names, not people. Only finished matches count; the others are listed apart.
 * Read from each match's derived state (engine facade); nothing is stored.
 */
import { COLORS, opponent, type Color, type MatchState } from '../../engine/index.ts'

export interface StandingsMatch {
  id: string
  /** The match's own name, for the lists of matches not counted. */
  name: string
  state: MatchState
}

export interface PlayerStanding {
  /** The name as matched: trimmed, lower case. */
  key: string
  /** The name as first written (trimmed). */
  name: string
  /** Other ways the same name was written (trimmed), in the order met. */
  otherSpellings: string[]
  played: number
  wins: number
  losses: number
  /** Ends in which the player scored (a blank end 0 : 0 is nobody's). */
  endsWon: number
  pointsFor: number
  pointsAgainst: number
  difference: number
  /** 1-based; players level on wins and difference share a place. */
  place: number
}

export interface Standings {
  rows: PlayerStanding[]
  /** The matches counted, in the order given. */
  counted: StandingsMatch[]
  /** Not finished yet: not counted. */
  unfinished: StandingsMatch[]
  /** Both sides under one name: not counted (it would be a player's win and loss at once). */
  samePlayer: StandingsMatch[]
}

/** How two names are matched: spaces at either end and letter case do not matter. */
export function playerKey(name: string): string {
  return name.trim().toLocaleLowerCase()
}

/** wins first, then point difference; then points scored and the name, so the order is stable. */
function ahead(a: PlayerStanding, b: PlayerStanding): number {
  return b.wins - a.wins || b.difference - a.difference || b.pointsFor - a.pointsFor || a.name.localeCompare(b.name)
}

/**
 * The standings of the given matches. `colorName` names a player whose name was left empty
 * ("Red"), as the match screens do.
 */
export function standingsOf(matches: readonly StandingsMatch[], colorName: (color: Color) => string): Standings {
  const players = new Map<string, PlayerStanding>()
  const result: Standings = { rows: [], counted: [], unfinished: [], samePlayer: [] }
  const written = (state: MatchState, color: Color) => state.setup.players[color].trim() || colorName(color)

  for (const match of matches) {
    const { state } = match
    if (!state.finished) {
      result.unfinished.push(match)
      continue
    }
    if (playerKey(written(state, 'red')) === playerKey(written(state, 'blue'))) {
      result.samePlayer.push(match)
      continue
    }
    result.counted.push(match)
    for (const color of COLORS) {
      const name = written(state, color)
      const key = playerKey(name)
      let row = players.get(key)
      if (row === undefined) {
        row = { key, name, otherSpellings: [], played: 0, wins: 0, losses: 0, endsWon: 0, pointsFor: 0, pointsAgainst: 0, difference: 0, place: 0 }
        players.set(key, row)
      } else if (name !== row.name && !row.otherSpellings.includes(name)) {
        row.otherSpellings.push(name)
      }
      row.played++
      if (state.winner === color) row.wins++
      else row.losses++
      row.endsWon += state.ends.filter((end) => end.score[color] > 0).length
      row.pointsFor += state.totals[color]
      row.pointsAgainst += state.totals[opponent(color)]
      row.difference = row.pointsFor - row.pointsAgainst
    }
  }

  result.rows = [...players.values()].sort(ahead)
  result.rows.forEach((row, index) => {
    const before = result.rows[index - 1]
    row.place = before && before.wins === row.wins && before.difference === row.difference ? before.place : index + 1
  })
  return result
}
