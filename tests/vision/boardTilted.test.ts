// @vitest-environment node
// Issue 10: the board reader on a seated player's view (scripts/make-photo-fixtures.ts
// --only board-tilted): a camera 25–45° above the table, tokens with height whose tops lean
// into the next row, textured and dark tables, light falling off, red ring lines, light
// labels in the frame and spare stones beside the board.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import jpeg from 'jpeg-js'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Cell } from '../../engine/index.ts'
import { proposeCorners, readBoard, type BoardReading, type CornerProposal } from '../../vision/board.ts'
import { cameraFromField, leanAt } from '../../vision/board/camera.ts'
import { homographyFromPoints, rectangle, type RgbaImage } from '../../vision/raster.ts'
import { PHOTO_FIXTURES, type BoardFixture } from './photoFixtures.ts'

interface TiltedFixture extends BoardFixture {
  elevation: number
  tokenHeight: number
}

const folder = join(PHOTO_FIXTURES, 'board-tilted')
const fixtures = JSON.parse(readFileSync(join(folder, 'truth.json'), 'utf8')) as TiltedFixture[]

function load(file: string): RgbaImage {
  const decoded = jpeg.decode(readFileSync(join(folder, file)), { useTArray: true, formatAsRGBA: true })
  return { width: decoded.width, height: decoded.height, data: new Uint8ClampedArray(decoded.data.buffer) }
}

const truthAt = (fixture: BoardFixture, cell: Cell) =>
  fixture.position.red.includes(cell) ? 'red' : fixture.position.blue.includes(cell) ? 'blue' : 'empty'

/** The field's cell size near its far edge, where half a cell is least. */
function farCell(fixture: BoardFixture): number {
  const [a12, h12, , a0] = fixture.corners
  return Math.min(Math.hypot(h12!.x - a12!.x, h12!.y - a12!.y) / 8, Math.hypot(a0!.x - a12!.x, a0!.y - a12!.y) / 13)
}

const outcomes: { fixture: TiltedFixture; image: RgbaImage; proposal: CornerProposal; reading: BoardReading; cornerError: number }[] = []

beforeAll(() => {
  for (const fixture of fixtures) {
    const image = load(fixture.file)
    const proposal = proposeCorners(image)
    const reading = readBoard(image, { corners: proposal.corners })
    const cornerError = Math.max(...proposal.corners.map((p, i) => Math.hypot(p.x - fixture.corners[i]!.x, p.y - fixture.corners[i]!.y)))
    outcomes.push({ fixture, image, proposal, reading, cornerError: cornerError / farCell(fixture) })
  }
}, 300_000)

describe('tilted board photos: corners from the printed grid', () => {
  it('finds at least 11 of 12 fields within half a cell, sure of them, with no drag', () => {
    const found = outcomes.filter((o) => o.cornerError < 0.5 && o.proposal.confidence >= 0.5)
    expect(found.length).toBeGreaterThanOrEqual(11)
  })

  it('is never sure of corners that are off by half a cell or more', () => {
    for (const o of outcomes) if (o.cornerError >= 0.5) expect(o.proposal.confidence, o.fixture.file).toBeLessThan(0.5)
  })
})

describe('tilted board photos: cells', () => {
  it('reads at least 99% of cells right with the proposed corners', () => {
    const cells = outcomes.reduce((n, o) => n + o.reading.cells.length, 0)
    const wrong = outcomes.reduce((n, o) => n + o.reading.cells.filter((c) => c.state !== truthAt(o.fixture, c.cell)).length, 0)
    expect(cells).toBe(12 * 96)
    expect(1 - wrong / cells).toBeGreaterThanOrEqual(0.99)
  })

  it('asks about every cell it misreads (a tall stone leaning into the next row included)', () => {
    const silent = outcomes.flatMap((o) =>
      o.reading.cells.filter((c) => c.state !== truthAt(o.fixture, c.cell) && !o.reading.uncertain.includes(c.cell)).map((c) => `${o.fixture.file} ${c.cell}`),
    )
    expect(silent).toEqual([])
  })

  it('asks about every cell when the corners do not lie on the printed grid', () => {
    const o = outcomes[0]!
    const shifted = o.fixture.corners.map((p) => ({ x: p.x + farCell(o.fixture) * 2.5, y: p.y + farCell(o.fixture) * 1.5 }))
    const reading = readBoard(o.image, { corners: shifted as [typeof shifted[0], typeof shifted[0], typeof shifted[0], typeof shifted[0]] })
    expect(reading.uncertain).toHaveLength(96)
  })
})

describe('tilted board photos: the camera behind the field', () => {
  it('says a stone top leans towards the far end, more in the far rows than the near ones', () => {
    const fixture = fixtures[0]!
    const image = outcomes[0]!.image
    const camera = cameraFromField(homographyFromPoints(rectangle(8, 13), fixture.corners), image.width, image.height)
    expect(camera).not.toBeNull()
    const far = leanAt(camera!, 4, 1.5, fixture.tokenHeight)
    const near = leanAt(camera!, 4, 11.5, fixture.tokenHeight)
    // v runs from row 12's far edge towards the player: the far end is towards smaller v.
    expect(far.y).toBeLessThan(0)
    expect(near.y).toBeLessThan(0)
    expect(Math.abs(far.y)).toBeGreaterThan(Math.abs(near.y))
  })

  it('finds no camera to lean with in a square-on view (heights do not move a reading there)', () => {
    const square = rectangle(8, 13).map((p) => ({ x: 100 + p.x * 30, y: 50 + p.y * 30 }))
    expect(cameraFromField(homographyFromPoints(rectangle(8, 13), square), 400, 500)).toBeNull()
  })
})
