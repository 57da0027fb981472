// @vitest-environment node
// Issue 10: a glossy black die with white pips, too small to see one by one, catches a streak of
// light across its face. Through the middle of a four it passed for a five's middle pip, read
// clearly by the die's body; a pip is round, as wide across the streak as along it.
import { describe, expect, it } from 'vitest'
import { findDieBodies, readBody } from '../../vision/dice/bodies.ts'
import { toLab, type Rgb, type RgbaImage } from '../../vision/raster.ts'
import { draw, type Die, type Look } from './diceScenes.ts'

const glossyBlack = (): Rgb => [38, 38, 42]
const small: Look = { side: 30, pip: 0.085, step: 0.27, pipColour: [215, 215, 210], body: glossyBlack, table: () => [200, 200, 198] }

/** A streak of light `width` pixels wide and `length` long through the middle of `die`, turned `angle` from its rows. */
function paintStreak(image: RgbaImage, die: Die, angle: number, length: number, width: number): RgbaImage {
  const along = { x: Math.cos(die.angle + angle), y: Math.sin(die.angle + angle) }
  for (let y = Math.floor(die.y - length); y <= Math.ceil(die.y + length); y++)
    for (let x = Math.floor(die.x - length); x <= Math.ceil(die.x + length); x++) {
      const dx = x - die.x
      const dy = y - die.y
      const t = dx * along.x + dy * along.y
      const off = Math.abs(dx * along.y - dy * along.x)
      if (Math.abs(t) <= length / 2 && off <= width / 2) image.data.set([245, 245, 245], (y * image.width + x) * 4)
    }
  return image
}

/** Each die's body reading, the body found within 4 px of its middle. */
function readEach(photo: RgbaImage, dice: readonly Die[]) {
  const bodies = findDieBodies(photo, toLab(photo), { min: 16, max: 45 })
  return dice.map((die) => readBody(photo, bodies.find((b) => Math.hypot(b.centre.x - die.x, b.centre.y - die.y) < 4)!)!)
}

describe('a streak of light across a small glossy die, read by its body', { timeout: 60_000 }, () => {
  const dice: Die[] = [
    { x: 60, y: 80, value: 4, angle: 0.35 },
    { x: 150, y: 80, value: 4, angle: 0.1 },
    { x: 240, y: 80, value: 5, angle: 0.35 },
    { x: 330, y: 80, value: 3, angle: 0.2 },
  ]

  it('reads a four whose middle a narrow streak runs through as a four, not a five', () => {
    const photo = draw(400, 160, dice, small, 71)
    // Along the four's diagonal, from pip to pip, and along its rows.
    paintStreak(photo, dice[0]!, Math.PI / 4, 20, 2)
    paintStreak(photo, dice[1]!, 0, 16, 2)
    const [diagonal, along] = readEach(photo, dice)
    expect(diagonal!.value).toBe(4)
    expect(along!.value).toBe(4)
  })

  it('reads a five and a three whose middle pip a streak runs through as they are: the pip is as wide across it', () => {
    const photo = draw(400, 160, dice, small, 73)
    paintStreak(photo, dice[2]!, -Math.PI / 4, 20, 2)
    paintStreak(photo, dice[3]!, Math.PI / 2, 16, 2)
    const [, , five, three] = readEach(photo, dice)
    expect(five!.value).toBe(5)
    expect(five!.margin).toBeGreaterThanOrEqual(1)
    expect(three!.value).toBe(3)
  })

  it('reads every layout unstreaked as before', () => {
    const plain: Die[] = [1, 2, 3, 4, 5, 6].map((value, k) => ({ x: 40 + 60 * k, y: 60, value, angle: 0.2 * k }))
    const photo = draw(640, 300, plain, small, 79)
    expect(readEach(photo, plain).map((r) => (r.margin >= 1 ? r.value : 0))).toEqual([1, 2, 3, 4, 5, 6])
  })
})
