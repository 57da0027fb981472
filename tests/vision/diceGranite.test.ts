// @vitest-environment node
// Issue 10: small coloured dice on granite. The stone is flecked all over with dark grains of a
// pip's size: two of them side by side on a pale patch fit a two's diagonal, with the stone's
// pale grey around them as its "face". A die's face has nothing but its pips on it; the stone
// around two grains has more grains alike them, and no such two may be read surely as a die.
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import type { Rgb } from '../../vision/raster.ts'
import { seededRandom } from '../../scripts/seededRandom.ts'
import { draw, type Die, type Look } from './diceScenes.ts'

/** Pale grey stone with dark grains (1.5–4 px) and mid-grey patches (2–7 px) strewn over it at random. */
function granite(width: number, height: number, seed: number): (x: number, y: number) => Rgb {
  const random = seededRandom(seed)
  const stone = new Float32Array(width * height).fill(200)
  const grains = Math.round(width * height * 0.02)
  for (let n = 0; n < grains; n++) {
    const x = random() * width
    const y = random() * height
    const dark = random() < 0.5
    const radius = dark ? 1.5 + random() * 2.5 : 2 + random() * 5
    const level = dark ? 120 + random() * 40 : 165 + random() * 20
    for (let j = Math.floor(y - radius); j <= y + radius; j++)
      for (let i = Math.floor(x - radius); i <= x + radius; i++)
        if (i >= 0 && j >= 0 && i < width && j < height && Math.hypot(i - x, j - y) < radius) stone[j * width + i] = Math.min(stone[j * width + i]!, level)
  }
  return (x, y) => {
    const level = stone[Math.min(height - 1, Math.floor(y)) * width + Math.min(width - 1, Math.floor(x))]!
    return [level, level - 2, level + 2]
  }
}

describe('small red dice with white pips on granite (generated here)', { timeout: 60_000 }, () => {
  const dice: Die[] = [
    { x: 130, y: 100, value: 3, angle: 0.3 },
    { x: 380, y: 120, value: 5, angle: -0.2 },
  ]
  for (const seed of [5, 7])
    it(`reads the two dice surely, and no pair of grains surely as a two (stone ${seed})`, () => {
      const look: Look = { side: 40, pip: 0.1, step: 0.27, pipColour: [250, 250, 250], body: (): Rgb => [215, 40, 40], table: granite(512, 384, seed) }
      const reading = readDice(draw(512, 384, dice, look, seed))
      const sure = reading.dice.filter((_, i) => !reading.uncertain.includes(i))
      const onADie = (die: { centre: { x: number; y: number } }) => dice.some((drawn) => Math.hypot(die.centre.x - drawn.x, die.centre.y - drawn.y) < 15)
      expect(sure.filter((die) => !onADie(die)).map((die) => `${die.value} at (${Math.round(die.centre.x)}, ${Math.round(die.centre.y)})`)).toEqual([])
      expect(sure.map((die) => die.value)).toEqual([3, 5])
    })
})
