// Scores the card reader on the rendered card photos (tests/fixtures/photos/cards, made by
// scripts/make-card-fixtures.ts). Shared by the card test and the vision bench.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import jpeg from 'jpeg-js'
import type { RgbaImage } from '../../vision/raster.ts'
import { readCards, type CardReading } from '../../vision/cards.ts'
import { createRankOcr, type RankOcr } from '../../vision/ocr.ts'
import { rankOfOcrText } from '../../vision/cards/rank.ts'

export const CARD_FIXTURE_FOLDER = join(import.meta.dirname, '../fixtures/photos/cards')
/** The English model as the package ships it; in the extension the build copies it. */
export const NODE_LANG_PATH = join(import.meta.dirname, '../../node_modules/@tesseract.js-data/eng/4.0.0_best_int')

export interface CardPhotoTruth {
  file: string
  style: 'international' | 'russian'
  /** Font: the index font; heldOut: a font the glyph templates were NOT made from. */
  cards: { card: string; x: number; y: number; font: string; heldOut: boolean }[]
}

export interface CardMiss {
  file: string
  expected: string
  read: string | null
  confidence: number
  uncertain: boolean
}

export interface CardFixtureScore {
  photos: number
  cards: number
  /** Cards whose outline was found (matched to a true card by position). */
  found: number
  rankCorrect: number
  suitCorrect: number
  cardCorrect: number
  /** Cards whose index font is not among the templates' fonts, and how many of them were read right. */
  heldOutCards: number
  heldOutCorrect: number
  /** Readings flagged for the player to confirm. */
  flagged: number
  /** Wrong readings that were NOT flagged: silent mistakes, the ones that matter. */
  silentMistakes: number
  /** Cards found that are not in the photo. */
  phantoms: number
  /** Cards whose rank tesseract was asked about, and how often its text alone was the true rank. */
  ocrAsked: number
  ocrCorrect: number
  misses: CardMiss[]
  /** Mean time to read one photo, OCR included when used. */
  msPerPhoto: number
  ocrStartMs: number
}

export function loadCardTruth(): CardPhotoTruth[] {
  return JSON.parse(readFileSync(join(CARD_FIXTURE_FOLDER, 'truth.json'), 'utf8')) as CardPhotoTruth[]
}

export function loadCardPhoto(file: string): RgbaImage {
  const decoded = jpeg.decode(readFileSync(join(CARD_FIXTURE_FOLDER, file)), { useTArray: true })
  return { width: decoded.width, height: decoded.height, data: new Uint8ClampedArray(decoded.data.buffer) }
}

function rankOf(card: string): string {
  return card === 'JK' ? 'JK' : card.slice(0, -1)
}

function suitOf(card: string): string {
  return card === 'JK' ? 'JK' : card.slice(-1)
}

/** Pairs each true card with the reading whose centre is nearest, within 60 px. */
function pairUp(truth: CardPhotoTruth, readings: readonly CardReading[]) {
  const unused = new Set(readings)
  const pairs = truth.cards.map((expected) => {
    let nearest: CardReading | null = null
    let nearestDistance = 60
    for (const reading of unused) {
      const distance = Math.hypot(reading.centre.x - expected.x, reading.centre.y - expected.y)
      if (distance < nearestDistance) {
        nearest = reading
        nearestDistance = distance
      }
    }
    if (nearest) unused.delete(nearest)
    return { expected: expected.card, heldOut: expected.heldOut, reading: nearest }
  })
  return { pairs, phantoms: unused.size }
}

/**
 * Reads every fixture photo and counts what came out right. With `ocr` (default) one
 * tesseract worker is started and reused for all photos.
 */
export async function evaluateCardFixtures(options: { ocr?: boolean } = {}): Promise<CardFixtureScore> {
  const truths = loadCardTruth()
  const score: CardFixtureScore = {
    photos: truths.length,
    cards: 0,
    found: 0,
    rankCorrect: 0,
    suitCorrect: 0,
    cardCorrect: 0,
    heldOutCards: 0,
    heldOutCorrect: 0,
    flagged: 0,
    silentMistakes: 0,
    phantoms: 0,
    ocrAsked: 0,
    ocrCorrect: 0,
    misses: [],
    msPerPhoto: 0,
    ocrStartMs: 0,
  }
  let ocr: RankOcr | null = null
  if (options.ocr !== false) {
    const started = performance.now()
    ocr = await createRankOcr({ langPath: NODE_LANG_PATH })
    score.ocrStartMs = performance.now() - started
  }
  let readingMs = 0
  try {
    for (const truth of truths) {
      const photo = loadCardPhoto(truth.file)
      const started = performance.now()
      const readings = await readCards(photo, ocr)
      readingMs += performance.now() - started
      const { pairs, phantoms } = pairUp(truth, readings)
      score.phantoms += phantoms
      for (const { expected, heldOut, reading } of pairs) {
        score.cards++
        if (heldOut) score.heldOutCards++
        if (reading) score.found++
        if (reading?.uncertain) score.flagged++
        const ocrRead = reading?.rank?.ocr
        if (ocrRead) {
          score.ocrAsked++
          if (rankOfOcrText(ocrRead.text) === rankOf(expected)) score.ocrCorrect++
        }
        const read = reading?.card ?? null
        if (read && rankOf(read) === rankOf(expected)) score.rankCorrect++
        if (read && suitOf(read) === suitOf(expected)) score.suitCorrect++
        if (read === expected) {
          score.cardCorrect++
          if (heldOut) score.heldOutCorrect++
        } else {
          if (reading && !reading.uncertain) score.silentMistakes++
          score.misses.push({
            file: truth.file,
            expected,
            read,
            confidence: reading?.confidence ?? 0,
            uncertain: reading?.uncertain ?? true,
          })
        }
      }
    }
  } finally {
    await ocr?.terminate()
  }
  score.msPerPhoto = readingMs / Math.max(1, truths.length)
  return score
}
