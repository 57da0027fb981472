// @vitest-environment node
// Issue 10: a white stone on white print, too low for its side to be read as one (0.08 cells,
// a pixel or two), shows only the dark crescent of its shaded side round its front: read from
// that crescent as a stone, never the other way round (a cell without one is still asked).
import { describe, expect, it } from 'vitest'
import type { Cell } from '../../engine/index.ts'
import { readBoard, type BoardReading } from '../../vision/board.ts'
import type { Rgb } from '../../vision/raster.ts'
import { renderTokenScene, type SceneToken, type TokenScene } from './tokenScenes.ts'

const WHITE: Rgb = [246, 246, 244]
const BLACK: Rgb = [25, 25, 28]
const white: Rgb = [238, 238, 236]
const zones = { guard: white, none: white, outer: white, middle: white, centre: white }
const whiteStones = ['b3', 'f4', 'c7', 'g9'] as Cell[]
const tokens: SceneToken[] = [...whiteStones.map((cell) => ({ cell, colour: WHITE })), { cell: 'a6', colour: BLACK }, { cell: 'h10', colour: BLACK }]

const scene = (more: Partial<TokenScene> = {}): TokenScene => ({
  tokens,
  height: 0.08,
  radius: 0.37,
  elevation: 37,
  distance: 16,
  zones,
  width: 960,
  height_px: 720,
  ...more,
})

function stateOf(reading: BoardReading, cell: Cell) {
  return reading.cells.find((c) => c.cell === cell)!.state
}

describe('white stones on white print, seen by the crescent at their front', () => {
  it('reads them as stones without a question', () => {
    const { image, corners } = renderTokenScene(scene())
    const reading = readBoard(image, { corners, colours: { red: BLACK, blue: WHITE } })
    for (const cell of whiteStones) {
      expect(stateOf(reading, cell)).toBe('blue')
      expect(reading.uncertain).not.toContain(cell)
    }
    // No crescent where no stone stands: the grid's lines round every cell are straight.
    expect(reading.position.blue.filter((cell) => !whiteStones.includes(cell))).toEqual([])
  })

  it('still asks where no crescent shows (a side lit like its top)', () => {
    const { image, corners } = renderTokenScene(scene({ side: WHITE }))
    const reading = readBoard(image, { corners, colours: { red: BLACK, blue: WHITE } })
    for (const cell of whiteStones) expect(stateOf(reading, cell) === 'blue' || reading.uncertain.includes(cell)).toBe(true)
    // Nothing read where no stone stands, and no empty cell cleared by a crescent's absence.
    expect(reading.position.blue.filter((cell) => !whiteStones.includes(cell))).toEqual([])
  })
})
