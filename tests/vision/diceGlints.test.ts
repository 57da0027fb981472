// @vitest-environment node
// Issue 10: a large hollow pip under a lamp shows a small faint glint off its middle; it is a
// pip still, where a dark die seen whole holds pips (vision/dice/pips.ts withoutWholeDice).
import { describe, expect, it } from 'vitest'
import { withoutWholeDice } from '../../vision/dice/pips.ts'
import { pip } from './diceScenes.ts'

describe('a glint in a large pip', () => {
  const large = () => pip(200, 200, { radius: 19, contrast: 160, polarity: 1 })
  const spot = (dx: number, dy: number, contrast: number) => pip(200 + dx, 200 + dy, { radius: 3, contrast, polarity: -1 })

  it('keeps a pip holding one faint spot off its middle: the lamp on the hollow’s slope', () => {
    const outer = large()
    const glint = spot(5, -5, 35)
    expect(withoutWholeDice([outer, glint])).toEqual([outer, glint])
  })

  it('drops a blob holding a spot as clear as itself, a spot at its very middle, or several spots: a dark die seen whole', () => {
    for (const held of [[spot(5, -5, 120)], [spot(1, 0, 35)], [spot(-6, -6, 35), spot(6, 6, 35)]]) {
      const outer = large()
      expect(withoutWholeDice([outer, ...held])).toEqual(held)
    }
  })
})
