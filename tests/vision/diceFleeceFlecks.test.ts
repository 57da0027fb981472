// @vitest-environment node
// Issue 10: light flecks on a dark fleece, its tufts a few pixels across in every shade. To the pip
// finder each fleck is a lone pip on a plain ring, as a one's pip is; the rays cast from it to find
// its die's face end at the tufts, each at its own distance, yet smoothed over three rays they can
// measure a square face centred on the fleck. A one's face ends at four straight edges, each ray
// about where its neighbours end: a fleck's ragged outline is no die's face, and no fleck is read
// surely as a one. A real one on the same fleece still is.
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import type { Rgb } from '../../vision/raster.ts'
import { seededRandom } from '../../scripts/seededRandom.ts'
import { draw, type Look } from './diceScenes.ts'

const WIDTH = 400
const HEIGHT = 400
/** Tufts TUFT pixels square, each of a random shade from dark to mid grey. */
const TUFT = 3
const FLECKS = [[100, 100], [300, 110], [120, 290], [290, 300], [200, 200]] as const

function fleece(seed: number) {
  const random = seededRandom(seed)
  const columns = Math.ceil(WIDTH / TUFT) + 1
  const tufts = Array.from({ length: columns * columns }, () => random())
  return (x: number, y: number): Rgb => {
    if (FLECKS.some(([fx, fy]) => Math.hypot(x - fx, y - fy) < 3)) return [120, 120, 124]
    const shade = tufts[Math.floor(y / TUFT) * columns + Math.floor(x / TUFT)]!
    const grey = 38 + 44 * shade * shade
    return [grey, grey, grey + 3]
  }
}

const look: Look = { side: 110, pip: 0.085, step: 0.27, pipColour: [30, 30, 30], body: (): Rgb => [238, 236, 230], table: fleece(1) }

describe('light flecks on a dark fleece (generated here)', { timeout: 60_000 }, () => {
  it('reads no fleck surely as a one', () => {
    const reading = readDice(draw(WIDTH, HEIGHT, [], look, 3))
    const sure = reading.dice.filter((_, i) => !reading.uncertain.includes(i))
    expect(sure).toEqual([])
  })

  it('still reads a one on the same fleece surely', () => {
    const reading = readDice(draw(WIDTH, HEIGHT, [{ x: 200, y: 330, value: 1, angle: 0.2 }], look, 3))
    const [found] = reading.dice.filter((die) => Math.hypot(die.centre.x - 200, die.centre.y - 330) < 20)
    expect(found?.value).toBe(1)
    expect(reading.uncertain).not.toContain(reading.dice.indexOf(found!))
  })
})
