// @vitest-environment node
// Issue 10: a large wooden die seen close up fills a phone photo; a thin scratch across its face
// parts its pips, far apart, as a die's edge would, and the pips on either side are read apart.
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import { JOINED_ACROSS_MARKS } from '../../vision/dice/faces.ts'
import type { Rgb } from '../../vision/raster.ts'
import { draw, type Look } from './diceScenes.ts'

const black: Rgb = [30, 28, 30]
const scratch: Rgb = [84, 78, 74]

describe('a large die close up (generated here)', { timeout: 60_000 }, () => {
  it('joins a face’s pips parted by a scratch when one part is no layout, and asks', () => {
    // Black wood with one light scratch, a few pixels wide, between one corner pip of the four
    // and the other three: those make an L, no die's layout; with the corner pip they fit a four.
    const scratched = (dx: number, dy: number): Rgb => (Math.abs(dx - dy - 0.27) < 0.005 ? scratch : black)
    const look: Look = { side: 400, pip: 0.08, step: 0.27, pipColour: [226, 196, 120], body: scratched, table: (): Rgb => [226, 226, 222] }
    const reading = readDice(draw(800, 800, [{ x: 400, y: 420, value: 4, angle: 0.1 }], look, 53))
    expect(reading.values).toEqual([4])
    expect(reading.uncertain).toEqual([0])
    expect(reading.dice[0]!.doubts).toContain(JOINED_ACROSS_MARKS)
  })
})
