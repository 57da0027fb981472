// Round-robin standings (components/standings/standings.ts): wins, then point difference; names
// matched trimmed and case-blind; unfinished matches and a player against themself not counted.
import { describe, expect, it } from 'vitest'
import { playerKey, standingsOf, type StandingsMatch } from '../../components/standings/standings.ts'
import type { Color } from '../../engine/index.ts'
import { typedMatch } from '../roundRobin.ts'

const colorName = (color: Color) => (color === 'red' ? 'Red' : 'Blue')
let counter = 0
function match(red: string, blue: string, ends: [number, number][]): StandingsMatch {
  counter++
  return { id: `m${counter}`, name: `match ${counter}`, state: typedMatch(red, blue, ends).state }
}
const SIX_ENDS_RED_5_3: [number, number][] = [[2, 0], [0, 1], [1, 0], [0, 2], [2, 0], [0, 0]]
const SIX_ENDS_BLUE_4_1: [number, number][] = [[0, 2], [1, 0], [0, 1], [0, 0], [0, 1], [0, 0]]

describe('round-robin standings', () => {
  it('a player in several matches adds up played, wins, losses, ends won, points for and against', () => {
    const table = standingsOf(
      [match('Anna', 'Boris', SIX_ENDS_RED_5_3), match('Boris', 'Vera', SIX_ENDS_RED_5_3), match('Vera', 'Anna', SIX_ENDS_BLUE_4_1)],
      colorName,
    )
    const anna = table.rows.find((row) => row.name === 'Anna')!
    expect(anna).toMatchObject({ played: 2, wins: 2, losses: 0, endsWon: 3 + 3, pointsFor: 5 + 4, pointsAgainst: 3 + 1, difference: 5 })
    const boris = table.rows.find((row) => row.name === 'Boris')!
    expect(boris).toMatchObject({ played: 2, wins: 1, losses: 1, endsWon: 2 + 3, pointsFor: 3 + 5, pointsAgainst: 5 + 3, difference: 0 })
    expect(table.rows.map((row) => [row.place, row.name])).toEqual([[1, 'Anna'], [2, 'Boris'], [3, 'Vera']])
  })

  it('level on wins, the point difference decides; level on both, the place is shared', () => {
    // Anna beats Boris 5:3, Boris beats Vera 5:3, Vera beats Anna 5:3: each 1 win, difference 0.
    const cycle = standingsOf(
      [match('Anna', 'Boris', SIX_ENDS_RED_5_3), match('Boris', 'Vera', SIX_ENDS_RED_5_3), match('Vera', 'Anna', SIX_ENDS_RED_5_3)],
      colorName,
    )
    expect(cycle.rows.map((row) => [row.place, row.wins, row.difference])).toEqual([[1, 1, 0], [1, 1, 0], [1, 1, 0]])
    // Vera beats Anna by 3 instead of 2: Vera's difference +1, Anna's −1 → Vera, Boris, Anna.
    const byDifference = standingsOf(
      [match('Anna', 'Boris', SIX_ENDS_RED_5_3), match('Boris', 'Vera', SIX_ENDS_RED_5_3), match('Anna', 'Vera', SIX_ENDS_BLUE_4_1)],
      colorName,
    )
    expect(byDifference.rows.map((row) => [row.place, row.name, row.wins, row.difference])).toEqual([
      [1, 'Vera', 1, 1],
      [2, 'Boris', 1, 0],
      [3, 'Anna', 1, -1],
    ])
  })

  it('names are matched trimmed and case-blind, and the other spellings are kept to say so', () => {
    expect(playerKey('  Anna ')).toBe(playerKey('ANNA'))
    const table = standingsOf([match('Anna', 'Boris', SIX_ENDS_RED_5_3), match(' anna ', 'Vera', SIX_ENDS_RED_5_3)], colorName)
    expect(table.rows).toHaveLength(3)
    expect(table.rows[0]).toMatchObject({ name: 'Anna', otherSpellings: ['anna'], played: 2, wins: 2 })
  })

  it('a match in progress is not counted but listed as such; so is one with the same player on both sides', () => {
    const going = match('Anna', 'Boris', [[1, 0], [0, 2]])
    const self = match('Anna', 'anna', SIX_ENDS_RED_5_3)
    const done = match('Boris', 'Vera', SIX_ENDS_BLUE_4_1)
    const table = standingsOf([going, self, done], colorName)
    expect(table.unfinished.map((m) => m.id)).toEqual([going.id])
    expect(table.samePlayer.map((m) => m.id)).toEqual([self.id])
    expect(table.counted.map((m) => m.id)).toEqual([done.id])
    expect(table.rows.map((row) => row.name)).toEqual(['Vera', 'Boris'])
  })

  it('a blank end is nobody’s end won, and an extra end counts as an end', () => {
    // 6 ends level at 2 : 2 (with two blank ends), then Blue wins the extra end 1 : 0.
    const extra = match('Anna', 'Boris', [[1, 0], [0, 0], [0, 1], [1, 0], [0, 0], [0, 1], [0, 1]])
    expect(extra.state.winner).toBe('blue')
    const table = standingsOf([extra], colorName)
    expect(table.rows.map((row) => [row.name, row.endsWon, row.pointsFor, row.pointsAgainst])).toEqual([
      ['Boris', 3, 3, 2],
      ['Anna', 2, 2, 3],
    ])
  })

  it('an empty name stands as its colour', () => {
    const table = standingsOf([match('', 'Boris', SIX_ENDS_RED_5_3)], colorName)
    expect(table.rows.map((row) => row.name)).toEqual(['Red', 'Boris'])
  })
})
