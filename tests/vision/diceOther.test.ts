// @vitest-environment node
// Issue 10: dice unlike the ivory webcam dice — translucent marbled dice with white pips, and
// many small dice in a large photo (a phone held over a tray) — on images drawn here.
import { describe, expect, it } from 'vitest'
import { readDice } from '../../vision/dice.ts'
import type { Rgb, RgbaImage } from '../../vision/raster.ts'
import { draw, marbled, type Die, type Look } from './diceScenes.ts'

const valuesOf = (image: RgbaImage) => {
  const reading = readDice(image)
  return { values: reading.values, uncertain: reading.uncertain }
}

describe('dice unlike the ivory webcam dice (generated here)', { timeout: 60_000 }, () => {
  it('reads translucent marbled dice with white pips: swirls inside a face do not part its pips', () => {
    const values = [2, 3, 2, 5, 3]
    const dice = values.map((value, k) => ({ x: 80 + k * 120, y: 240 + (k % 2) * 40, value, angle: 0.2 * k }))
    const look: Look = { side: 80, pip: 0.085, step: 0.27, pipColour: [238, 238, 242], body: marbled }
    expect(valuesOf(draw(640, 480, dice, look, 7))).toEqual({ values, uncertain: [] })
  })

  it('reads small dice in a large photo on a finer copy when the pips found are a few pixels across', () => {
    const values = [6, 2, 5, 3, 4]
    const dice = values.map((value, k) => ({ x: 300 + k * 240, y: 600, value, angle: 0.15 * k }))
    const ivory = (): Rgb => [236, 226, 200]
    const look: Look = { side: 40, pip: 0.085, step: 0.27, pipColour: [30, 30, 30], body: ivory }
    expect(valuesOf(draw(1600, 1200, dice, look, 3))).toEqual({ values, uncertain: [] })
  })

  // A dice tray's white plastic bar with its two grey screw holes: a round blob on a plain ring,
  // as a one's pip is, but with no die's square face around it.
  const tray = (x: number, y: number): Rgb => {
    if (y < 540 || y > 610 || x < 12 || x > 628) return [214, 214, 212]
    if (y < 542 || y > 608) return [196, 196, 194]
    for (const hole of [55, 585]) if (Math.hypot(x - hole, y - 575) < 14) return [120, 120, 122]
    return [238, 238, 236]
  }
  const ivory = (): Rgb => [236, 226, 200]
  const onTray: Look = { side: 60, pip: 0.085, step: 0.27, pipColour: [30, 30, 30], body: ivory, table: tray }
  const sureOnes = (image: RgbaImage) => {
    const reading = readDice(image)
    return reading.dice.filter((_, i) => !reading.uncertain.includes(i)).map((d) => [d.value, Math.round(d.centre.x / 10), Math.round(d.centre.y / 10)])
  }

  it('reads no screw hole in a plain bar as a one: a lone pip needs a die’s square face around it', () => {
    // Two ones, and their other dice not seen: the holes' pips match the ones' size as well as they do each other's.
    const dice = [
      { x: 180, y: 220, value: 1, angle: 0.1 },
      { x: 420, y: 300, value: 1, angle: 0.5 },
    ]
    expect(sureOnes(draw(640, 640, dice, onTray, 5))).toEqual([[1, 18, 22], [1, 42, 30]])
  })

  it('asks about a lone pip off its face’s middle: a two whose other pip is lost', () => {
    const dice = [
      { x: 150, y: 220, value: 1, angle: 0.1 },
      { x: 320, y: 260, value: 6, angle: 0.4 },
      { x: 480, y: 220, value: 2, angle: 0.2, missing: [1] },
    ]
    expect(sureOnes(draw(640, 640, dice, { ...onTray, table: undefined }, 9))).toEqual([[1, 15, 22], [6, 32, 26]])
  })

  it('asks about a two with light pips whose die is not centred on it: two pips along a four’s side', () => {
    // Green dice with white pips on a grey cloth as light as they are; the four's lower pips are
    // lost in a glint. Its upper two fit a two's diagonal, the grey cloth where that two's other
    // corner would be is no lighter than the face, but the face around them reaches far further
    // on one side.
    const green = (): Rgb => [30, 150, 70]
    const cloth = (): Rgb => [105, 105, 105]
    const small: Look = { side: 50, pip: 0.09, step: 0.27, pipColour: [236, 240, 236], body: green, table: cloth }
    const dice = [
      { x: 150, y: 220, value: 2, angle: 0.1 },
      { x: 320, y: 260, value: 3, angle: 0.4 },
      { x: 480, y: 220, value: 4, angle: 0.2, missing: [2, 3] },
    ]
    expect(sureOnes(draw(640, 640, dice, small, 11))).toEqual([[2, 15, 22], [3, 32, 26]])
  })

  it('asks about two pips along a four’s side, which fit a two’s diagonal as short as the other dice’s sides', () => {
    // Ivory dice with black pips on a grey cloth; the four's right-hand pips are lost in a
    // glint. Its left column is read as a two whose step is 1/√2 of the roll's.
    const cloth = (): Rgb => [120, 120, 118]
    const look: Look = { side: 60, pip: 0.085, step: 0.27, pipColour: [30, 30, 30], body: ivory, table: cloth }
    const dice = [
      { x: 110, y: 240, value: 5, angle: 0.1 },
      { x: 260, y: 240, value: 4, angle: 0.4 },
      { x: 400, y: 240, value: 6, angle: 0.2 },
      { x: 540, y: 240, value: 4, angle: 0.25, missing: [1, 3] },
    ]
    const reading = readDice(draw(640, 480, dice, look, 13))
    const at = (x: number) => reading.dice.findIndex((d) => Math.abs(d.centre.x - x) < 30)
    expect(reading.values).toEqual([5, 4, 6, 2])
    expect(reading.uncertain).toEqual([at(540)])
    expect(reading.dice[at(540)]!.doubts).toContain('a two as short as a side of the other dice’s faces')
  })

  it('reads every die of a tray of two sets surely: dark pips on ivory, and white pips on red with a layout of three or more', () => {
    // Two ivory dice with black pips and two red dice with white pips (four dice: the outline
    // reader, which reads only whole rolls of five, keeps out of it). The red five shows that
    // light pips are the roll's too, though fewer of its dice have them, and the red one is no
    // glint either.
    const body = (_dx: number, _dy: number, die: Die): Rgb => (die.pipColour ? [170, 30, 40] : [236, 226, 200])
    const look: Look = { side: 60, pip: 0.085, step: 0.27, pipColour: [30, 30, 30], body, table: (): Rgb => [120, 120, 118] }
    const white: Rgb = [240, 238, 236]
    const dice = [
      { x: 100, y: 200, value: 4, angle: 0.1 },
      { x: 360, y: 200, value: 6, angle: 0.2 },
      { x: 480, y: 300, value: 5, angle: 0.3, pipColour: white },
      { x: 300, y: 420, value: 1, angle: 0.25, pipColour: white },
    ]
    expect(valuesOf(draw(640, 560, dice, look, 23))).toEqual({ values: [4, 6, 5, 1], uncertain: [] })
  })

  it('reads a four one of whose pips a streak flattened as a four: its round pips alone fit no layout', () => {
    // A streak of the face cuts into pips: their roundness differs more than a slant makes it,
    // and the round pips alone (an L of three, a four's side) are no die's layout or a shorter
    // one. Together a face's pips fit a four's grid closely, and they are not flatter and
    // smaller together (a side face). One pip flattened alone is read surely; two groups of two
    // are asked about.
    const look: Look = { side: 60, pip: 0.085, step: 0.27, pipColour: [30, 30, 30], body: ivory, table: (): Rgb => [120, 120, 118] }
    const dice = [
      { x: 120, y: 240, value: 5, angle: 0.1 },
      { x: 280, y: 240, value: 4, angle: 0.2, streaked: [3] },
      { x: 440, y: 240, value: 4, angle: 0.3, streaked: [2, 3] },
    ]
    const reading = readDice(draw(640, 480, dice, look, 29))
    expect(reading.values).toEqual([5, 4, 4])
    expect(reading.uncertain).toEqual([2])
    expect(reading.dice[2]!.doubts).toContain('pips of unlike roundness or light joined into one layout')
  })

  it('reads a row of three beside a column of unfound pips as a six, and asks', () => {
    // The six's right-hand pips are printed small, below the pip finder's reach: its left
    // column alone is a row of three, whose face ends close on one side. Two spacings across on
    // the other, three dark spots level with its pips, with face between them: a six.
    const look: Look = { side: 60, pip: 0.085, step: 0.27, pipColour: [30, 30, 30], body: ivory, table: (): Rgb => [120, 120, 118] }
    const dice = [
      { x: 120, y: 240, value: 5, angle: 0.1 },
      { x: 280, y: 240, value: 4, angle: 0.3 },
      { x: 440, y: 240, value: 6, angle: 0.2, shrunk: [1, 3, 5] },
    ]
    const reading = readDice(draw(640, 480, dice, look, 31))
    expect(reading.values).toEqual([5, 4, 6])
    expect(reading.uncertain).toEqual([2])
    expect(reading.dice[2]!.doubts).toContain('a row of three beside a column of unfound pips: a six')
  })

  it('reads no two from two whole dark dice on a white tray: the face between them ends nowhere', () => {
    // Black dice with dull red pips that barely differ from the black in grey: each die is one
    // large dark blob on a plain ring of tray, as a pip is, and the two lie on a diagonal.
    const black = (): Rgb => [28, 26, 28]
    const white = (): Rgb => [196, 196, 194]
    const look: Look = { side: 34, pip: 0.085, step: 0.27, pipColour: [70, 22, 22], body: black, table: white }
    const dice = [
      { x: 343, y: 289, value: 5, angle: 0.2 },
      { x: 277, y: 357, value: 3, angle: 0.1 },
    ]
    expect(sureOnes(draw(640, 640, dice, look, 17))).toEqual([])
  })

  it('reads a die beside a whole dark die surely: the dark die, taken for one large pip, is no face of its die', () => {
    // A black die whose pips are lost in shade is one large dark blob on the white tray; its
    // "side", reckoned from that pip, reaches over the green die beside it.
    const body = (_dx: number, _dy: number, die: Die): Rgb => (die.value === 5 ? [30, 150, 70] : [28, 26, 28])
    const look: Look = { side: 34, pip: 0.085, step: 0.27, pipColour: [236, 240, 236], body, table: (): Rgb => [196, 196, 194] }
    const dice = [
      { x: 250, y: 300, value: 6, angle: 0.2, missing: [0, 1, 2, 3, 4, 5] },
      { x: 360, y: 330, value: 5, angle: 0.3 },
    ]
    expect(sureOnes(draw(640, 640, dice, look, 19))).toEqual([[5, 36, 33]])
  })
})
