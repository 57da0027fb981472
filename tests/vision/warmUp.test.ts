// @vitest-environment node
// The warm-up scenes (vision/warmUp.ts) must take the readers through their real work: a scene
// the readers gave up on early would compile little of what the player's photo needs.
import { describe, expect, it } from 'vitest'
import { proposeCorners, readBoard } from '../../vision/board.ts'
import { readDice } from '../../vision/dice.ts'
import { WARM_UP_CORNERS, boardWarmUpScene, diceWarmUpScene } from '../../vision/warmUp.ts'

describe('the readers’ warm-up scenes', () => {
  it('the dice scene is read whole: five sure dice, ivory and red, 1 to 5', () => {
    const reading = readDice(diceWarmUpScene())
    expect([...reading.values].sort()).toEqual([1, 2, 3, 4, 5])
    expect(reading.uncertain).toEqual([])
    expect(reading.complete).toBe(true)
  })

  it('the board scene’s corners are found within a few pixels, and its stones read in their cells', () => {
    const image = boardWarmUpScene()
    const proposal = proposeCorners(image)
    expect(proposal.confidence).toBeGreaterThan(0.8)
    for (const [k, corner] of proposal.corners.entries())
      expect(Math.hypot(corner.x - WARM_UP_CORNERS[k]!.x, corner.y - WARM_UP_CORNERS[k]!.y)).toBeLessThan(4)
    const reading = readBoard(image, { corners: proposal.corners })
    const stones = reading.cells.filter((cell) => cell.state !== 'empty').map((cell) => `${cell.cell} ${cell.state}`)
    expect(stones.sort()).toEqual(['c2 red', 'd9 red', 'f4 blue'])
    expect(reading.uncertain).toEqual([])
  })
})
