// Loads the generated photo fixtures (scripts/make-photo-fixtures.ts) for tests and the bench.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import jpeg from 'jpeg-js'
import type { Position } from '../../engine/index.ts'
import type { Point, RgbaImage } from '../../vision/raster.ts'

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
