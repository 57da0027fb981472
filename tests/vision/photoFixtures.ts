// Loads the generated photo fixtures (scripts/make-photo-fixtures.ts) for tests and the bench.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import jpeg from 'jpeg-js'
import { COLUMNS, ROWS, type Position } from '../../engine/index.ts'
import { applyHomography, homographyFromPoints, rectangle, type Point, type RgbaImage } from '../../vision/raster.ts'

export const PHOTO_FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'photos')

export interface BoardFixture {
  file: string
  position: Position
  corners: Point[]
  taps: { red: Point; blue: Point }
  standardColours: boolean
}

export interface DiceFixture {
  file: string
  dice: { x: number; y: number; value: number }[]
}

export function loadTruth<T>(kind: 'board' | 'dice'): T[] {
  return JSON.parse(readFileSync(join(PHOTO_FIXTURES, kind, 'truth.json'), 'utf8')) as T[]
}

export function loadPhoto(kind: 'board' | 'dice', file: string): RgbaImage {
  const decoded = jpeg.decode(readFileSync(join(PHOTO_FIXTURES, kind, file)), { useTArray: true, formatAsRGBA: true })
  return { width: decoded.width, height: decoded.height, data: new Uint8ClampedArray(decoded.data.buffer) }
}

/** The largest distance, in cells of the true field, between corners and the true ones (a12 h12 h0 a0). */
export function cornerError(corners: readonly Point[], truth: readonly Point[]): number {
  const toField = homographyFromPoints(truth, rectangle(COLUMNS, ROWS))
  const target = rectangle(COLUMNS, ROWS)
  return Math.max(
    ...corners.map((p, i) => {
      const f = applyHomography(toField, p.x, p.y)
      return Math.max(Math.abs(f.x - target[i]!.x), Math.abs(f.y - target[i]!.y))
    }),
  )
}
