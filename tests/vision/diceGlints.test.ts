// @vitest-environment node
// Issue 10: a large hollow pip under a lamp shows a small faint glint off its middle; it is a
// pip still, where a dark die seen whole holds pips (vision/dice/pips.ts withoutWholeDice).
import { describe, expect, it } from 'vitest'
import { withoutWholeDice } from '../../vision/dice/pips.ts'
import { pip } from './diceScenes.ts'

describe('a glint in a large pip', () => {
  // A dark pip of level 40 on a face of 200; a light spot in it stands on the pip's dark core.
  const large = () => pip(200, 200, { radius: 19, level: 40, face: 200, contrast: 160, polarity: 1 })
  const spot = (dx: number, dy: number, contrast: number) => pip(200 + dx, 200 + dy, { radius: 3, face: 40, level: 40 + contrast, contrast, polarity: -1 })

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

  // As measured on a big ivory die's pip seen close: the blob's mean (52) lies well above its
  // core (20), its rim soft; the glint's mean (85) stands 65 above the core around it, more than
  // half the pip's 113, yet lies less than a third of the way from the pip's level to its face.
  const softPip = (x: number) => pip(x, 200, { radius: 16, level: 52, face: 165, contrast: 113, polarity: 1 })
  const clearGlint = (x: number) => pip(x - 4, 197, { radius: 3.6, face: 20, level: 85, contrast: 65, polarity: -1 })

  it('keeps a soft-rimmed close-up pip whose glint stands out from its dark core more than from the pip, beside a plain pip of its face', () => {
    const [outer, glint, plain] = [softPip(200), clearGlint(200), softPip(260)]
    expect(withoutWholeDice([outer, glint, plain])).toEqual([outer, glint, plain])
  })

  it('drops the same blob and spot standing alone: a small dark die seen whole, its blurred one’s pip near its level', () => {
    const glint = clearGlint(200)
    expect(withoutWholeDice([softPip(200), glint])).toEqual([glint])
  })
})
