// @vitest-environment node
// Issue 10: the printed grid is nearly the same turned half round, so a corner fit turned
// (a12 where h0 is), a row off, or crossed into a mirror image still lies on most printed
// lines. Row 0 tells the ends apart (RULES.md §2: only c0–f0 are printed cells there, a0, b0,
// g0 and h0 are frame): a fit it contradicts is turned back, or asked about — never read.
import { describe, expect, it } from 'vitest'
import { readBoard, sampleStoneColour, type FieldCorners } from '../../vision/board.ts'
import { WORKING_SIDE, gridScore, gridSupport, refine } from '../../vision/board/fieldGrid.ts'
import {
  START_ROW_TO_TRUST,
  checkOrientation,
  shiftedByRows,
  startRowAgreement,
  turnedHalfRound,
} from '../../vision/board/orientation.ts'
import { gaussianBlur, limitSize, toGray, type GrayImage } from '../../vision/raster.ts'
import { cornerError, loadPhoto, loadTruth, type BoardFixture } from './photoFixtures.ts'

const fixtures = loadTruth<BoardFixture>('board')
/** Every fifth photo: light and dark tables, frames and stone pairs, some taken upside down. */
const sample = fixtures.filter((_, i) => i % 5 === 0)

/** The photo's working copy as the corner search sees it, and the true corners on it. */
function working(fixture: BoardFixture) {
  const { image, scale } = limitSize(loadPhoto('board', fixture.file), WORKING_SIDE)
  const gray = gaussianBlur(toGray(image), 0.7)
  const truth = fixture.corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as FieldCorners
  return { gray, truth }
}

/** The field with its columns crossed (a where h is): a mirror image, which no photo is. */
function mirrored(corners: FieldCorners): FieldCorners {
  return [corners[1], corners[0], corners[3], corners[2]]
}

describe('the start row tells the field’s ends apart', () => {
  it('agrees with the true corners, and not with the field turned half round or a row off', () => {
    for (const fixture of sample) {
      const { gray, truth } = working(fixture)
      expect(startRowAgreement(gray, truth), fixture.file).toBeGreaterThanOrEqual(START_ROW_TO_TRUST)
      const turned = turnedHalfRound(truth)
      for (const [name, wrong] of [
        ['turned half round', turned],
        ['a row towards the far end', shiftedByRows(truth, 1)],
        ['a row towards the start', shiftedByRows(truth, -1)],
        ['turned and a row along', shiftedByRows(turned, 1)],
        ['turned and a row back', shiftedByRows(turned, -1)],
      ] as const)
        expect(startRowAgreement(gray, wrong) ?? 0, `${fixture.file}: ${name}`).toBeLessThan(START_ROW_TO_TRUST)
    }
  })

  it('turns a fit turned half round back, and moves a fit a row towards the far end back, onto the true field', () => {
    for (const fixture of sample.slice(0, 6)) {
      const { gray, truth } = working(fixture)
      const fitTo = (corners: FieldCorners) => ({ corners, score: gridScore(gray, corners), support: gridSupport(gray, corners) })
      const refit = (corners: FieldCorners) => fitTo(refine(gray, corners) as FieldCorners)
      for (const wrong of [turnedHalfRound(truth), shiftedByRows(truth, 1)]) {
        // The wrong placement lies on the printed lines too: the grid alone would take it.
        const { fit, orientation } = checkOrientation(gray, fitTo(wrong), refit)
        expect(orientation, fixture.file).toBe('corrected')
        expect(cornerError(fit.corners, truth), fixture.file).toBeLessThan(0.25)
      }
      expect(checkOrientation(gray, fitTo(truth), refit).orientation, fixture.file).toBe('confirmed')
    }
  }, 120_000)
})

describe('a board read with corners its start row contradicts', () => {
  it('asks about every cell when the corners are turned half round, a row off or mirrored', () => {
    for (const fixture of sample.slice(0, 4)) {
      const image = loadPhoto('board', fixture.file)
      const truth = fixture.corners as FieldCorners
      const colours = fixture.standardColours
        ? undefined
        : { red: sampleStoneColour(image, fixture.taps.red), blue: sampleStoneColour(image, fixture.taps.blue) }
      for (const corners of [turnedHalfRound(truth), shiftedByRows(truth, 1), mirrored(truth)]) {
        const reading = readBoard(image, { corners, colours })
        expect(reading.uncertain, fixture.file).toHaveLength(reading.cells.length)
      }
      // The true corners are confirmed: no cell is asked for them.
      const right = readBoard(image, { corners: truth, colours })
      expect(Object.values(right.reasons), fixture.file).not.toContain('corners')
    }
  }, 120_000)
})

describe('start cells printed in a colour of their own', () => {
  /**
   * A field seen from above, drawn on a synthetic raster: light cells with dark lines in a dark
   * frame, and c0–f0 printed in a middle grey (a green start area is that in grey), 60 % of the
   * way from the frame to the light cells.
   */
  function fieldWithStartArea(): { gray: GrayImage; truth: FieldCorners } {
    const cell = 24
    const margin = 2 * cell
    const width = 8 * cell + 2 * margin
    const height = 13 * cell + 2 * margin
    const frame = 40
    const light = 200
    const start = frame + 0.6 * (light - frame)
    const data = new Float32Array(width * height).fill(frame)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const u = (x + 0.5 - margin) / cell
        const v = (y + 0.5 - margin) / cell
        const inRows = u >= 0 && u < 8 && v >= 0 && v < 12
        const inStart = u >= 2 && u < 6 && v >= 12 && v < 13
        if (!inRows && !inStart) continue
        const onLine = Math.abs(u - Math.round(u)) * cell < 1 || Math.abs(v - Math.round(v)) * cell < 1
        data[y * width + x] = onLine ? 90 : inStart ? start : light
      }
    const truth = [
      { x: margin, y: margin },
      { x: margin + 8 * cell, y: margin },
      { x: margin + 8 * cell, y: margin + 13 * cell },
      { x: margin, y: margin + 13 * cell },
    ] as FieldCorners
    return { gray: gaussianBlur({ width, height, data }, 0.7), truth }
  }

  it('confirms the true corners, and not the field turned half round or a row off', () => {
    const { gray, truth } = fieldWithStartArea()
    expect(startRowAgreement(gray, truth)).toBeGreaterThanOrEqual(START_ROW_TO_TRUST)
    const turned = turnedHalfRound(truth)
    for (const wrong of [turned, shiftedByRows(truth, 1), shiftedByRows(truth, -1), shiftedByRows(turned, 1), shiftedByRows(turned, -1)])
      expect(startRowAgreement(gray, wrong) ?? 0).toBeLessThan(START_ROW_TO_TRUST)
  })
})
