// @vitest-environment node
// Issue 10: dice of several colours on a table. A pale purple die's pale pips stand out far
// less than a black die's white ones beside it: a face that faint beside another is that die's
// side in shade — but a side in shade is the die's own body turned from the light, never lighter
// than its top, and the pale die's face is far lighter than the black die's.
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, type Die, type Look } from './diceScenes.ts'

describe('a pale purple die beside a black one (generated here)', { timeout: 60_000 }, () => {
  it('reads the pale die’s five as a die of its own, not as the black die’s side in shade', () => {
    const dice: Die[] = [
      { x: 120, y: 100, value: 3, angle: 0.2, pipColour: [245, 245, 245] },
      { x: 175, y: 140, value: 5, angle: -0.3, pipColour: [200, 215, 200] },
    ]
    const body = (_dx: number, _dy: number, die: Die): Rgb => (die.value === 3 ? [25, 22, 35] : [150, 130, 175])
    const look: Look = { side: 44, pip: 0.11, step: 0.26, pipColour: [245, 245, 245], body, table: () => [150, 145, 110] }
    const reading = readDice(draw(320, 240, dice, look, 5))
    const sure = reading.dice.filter((_, i) => !reading.uncertain.includes(i))
    expect(sure.map((die) => die.value)).toEqual([3, 5])
  })
})
