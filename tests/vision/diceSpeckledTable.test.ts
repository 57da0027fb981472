// @vitest-environment node
// Issue 10: a close-up of one large die on a speckled table (carpet, dusty leather). The specks
// pair up like small pips, and so set the roll's typical pip size: the die's own large pips must
// still be read, and no speck taken surely for a die.
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, type Look } from './diceScenes.ts'

/** Dark specks two by two, a few pixels across, scattered over a mid-brown table. */
const speckled = (x: number, y: number): Rgb => {
  const cell = 80
  const cx = Math.floor(x / cell)
  const cy = Math.floor(y / cell)
  const jitter = ((cx * 73 + cy * 151) % 17) - 8
  for (const dx of [0, 11]) {
    const sx = cx * cell + 12 + dx + jitter
    const sy = cy * cell + 14 + ((cx * 31 + cy * 7) % 9)
    if (Math.hypot(x - sx, y - sy) < 3.2) return [70, 60, 52]
  }
  return [170, 150, 130]
}

describe('one large die on a speckled table (generated here)', { timeout: 60_000 }, () => {
  it('reads the die by its large pips, and takes no speck surely for a die', () => {
    const look: Look = { side: 210, pip: 0.085, step: 0.27, pipColour: [25, 25, 25], body: (): Rgb => [236, 226, 200], table: speckled }
    const reading = readDice(draw(900, 1200, [{ x: 450, y: 600, value: 6, angle: 0.2 }], look, 43))
    const sure = reading.dice.filter((_, i) => !reading.uncertain.includes(i))
    expect(sure.map((die) => die.value)).toEqual([6])
    expect(Math.hypot(sure[0]!.centre.x - 450, sure[0]!.centre.y - 600)).toBeLessThan(30)
  })
})
