// @vitest-environment node
// Issue 10: dice touching side by side, seen from straight above, are five dice read surely, not
// "another face of the same die": two faces of one cube stand at right angles, so their pips
// cannot both look round (vision/dice/faces.ts mayShareADie).
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import { draw, type Die, type Look } from './diceScenes.ts'

/** White dice with large black pips on wood, as a phone close-up shows them (the pips a fifth of the side across). */
const bigPips: Look = { side: 100, pip: 0.1, step: 0.28, pipColour: [25, 25, 25], body: () => [238, 236, 232], table: () => [170, 95, 60] }

describe('dice touching, seen from above', () => {
  it('reads five dice pressed side to side surely, each its own die', () => {
    // Two rows touching, each die 1.06 sides from the next: their faces' sides, reckoned from
    // such large pips, come out longer than the dice, so the faces measure under a side apart.
    const dice: Die[] = [
      { x: 110, y: 110, value: 5, angle: 0.05 },
      { x: 216, y: 115, value: 2, angle: -0.04 },
      { x: 322, y: 112, value: 1, angle: 0.02 },
      { x: 140, y: 216, value: 2, angle: 0.03 },
      { x: 246, y: 219, value: 6, angle: -0.02 },
    ]
    const reading = readDice(draw(480, 340, dice, bigPips, 71))
    const spacing = Math.hypot(dice[1]!.x - dice[0]!.x, dice[1]!.y - dice[0]!.y)
    expect(Math.min(...reading.dice.map((die) => die.side))).toBeGreaterThan(spacing)
    expect(reading.dice.flatMap((die) => die.doubts ?? [])).toEqual([])
    expect(reading.values).toEqual([5, 2, 1, 2, 6])
    expect(reading.uncertain).toEqual([])
  })
})
