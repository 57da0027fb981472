// Card figures for the vision bench: rank, suit and whole-card accuracy, wrong-and-not-asked,
// questions asked, latency. A true card is paired with the reading whose outline holds its
// centre (or whose centre is within 60 px), nearest first.
import { readCards, type CardReading } from '../../vision/cards.ts'
import type { RankOcr } from '../../vision/ocr.ts'
import type { Point, RgbaImage } from '../../vision/raster.ts'
import { correctedCard } from './answerKey.ts'
import { applyAsTheApp, type StressVariant } from './stress.ts'
import { latencyRows, startTiming, loadJpeg, loadTruthFrom, share, type KindResult, type PhotoSet, type PhotoTime } from './common.ts'

interface CardTruth {
  file: string
  cards: { card: string; x: number; y: number }[]
}

const rankOf = (card: string) => (card === 'JK' ? 'JK' : card.slice(0, -1))
const suitOf = (card: string) => (card === 'JK' ? 'JK' : card.slice(-1))

function insideQuad(p: Point, quad: readonly Point[]): boolean {
  let sign = 0
  for (let i = 0; i < quad.length; i++) {
    const a = quad[i]!
    const b = quad[(i + 1) % quad.length]!
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
    if (cross === 0) continue
    if (sign === 0) sign = Math.sign(cross)
    else if (Math.sign(cross) !== sign) return false
  }
  return true
}

function pairCards(truth: CardTruth, readings: readonly CardReading[]) {
  const unused = new Set(readings)
  const pairs = truth.cards.map((entry) => {
    const expected = entry
    let best: CardReading | null = null
    let bestDistance = Infinity
    for (const reading of unused) {
      const distance = Math.hypot(reading.centre.x - expected.x, reading.centre.y - expected.y)
      const holds = distance < 60 || insideQuad(expected, reading.corners)
      if (holds && distance < bestDistance) {
        best = reading
        bestDistance = distance
      }
    }
    if (best) unused.delete(best)
    return { expected: entry.card, reading: best }
  })
  return { pairs, phantoms: [...unused] }
}

/** One photo as the reader gets it: the image and its truth (moved with the image when stressed). */
interface CardPhoto {
  label: string
  variant: string | null
  image: RgbaImage
  truth: CardTruth
  /** The truth as given (the answer key's corrections are listed by its points). */
  original: CardTruth
}

function* photosOf(set: PhotoSet, truths: readonly CardTruth[], variants: readonly StressVariant[] | null): Generator<CardPhoto> {
  for (const truth of truths) {
    const image = loadJpeg(set, 'cards', truth.file)
    if (!variants) {
      yield { label: truth.file, variant: null, image, truth, original: truth }
      continue
    }
    for (const variant of variants) {
      const { image: changed, moved } = applyAsTheApp(variant, 'cards', image)
      const cards = truth.cards.map((card) => ({ ...card, ...moved(card) }))
      yield { label: `${truth.file} [${variant.name}]`, variant: variant.name, image: changed, truth: { ...truth, cards }, original: truth }
    }
  }
}

/**
 * The card figures for one set; with `variants`, every photo is read once per stress variant
 * (bench/vision/stress.ts) instead of as it is, and each variant gets its own line too.
 */
export async function measureCards(set: PhotoSet, ocr: RankOcr | null, variants: readonly StressVariant[] | null = null): Promise<KindResult> {
  const truths = loadTruthFrom<CardTruth>(set, 'cards')
  const times: PhotoTime[] = []
  const misses: string[] = []
  let photos = 0
  let cards = 0
  let found = 0
  let rankRight = 0
  let suitRight = 0
  let cardRight = 0
  let silent = 0
  let asked = 0
  let phantomsSilent = 0
  // The same figures against the answer key with its listed errors corrected (answerKey.ts).
  const corrections: string[] = []
  let cardRightCorrected = 0
  let silentCorrected = 0
  let correctedEntries = 0
  const byVariant = new Map<string, { cards: number; right: number; silent: number }>()
  for (const { label, variant, image, truth, original } of photosOf(set, truths, variants)) {
    photos++
    const timing = startTiming()
    const readings = await readCards(image, ocr)
    times.push(timing.stop(image))
    asked += readings.filter((r) => r.uncertain).length
    const { pairs, phantoms } = pairCards(truth, readings)
    phantomsSilent += phantoms.filter((p) => !p.uncertain && p.card !== null).length
    const tally = variant === null ? null : (byVariant.get(variant) ?? { cards: 0, right: 0, silent: 0 })
    if (variant !== null && tally) byVariant.set(variant, tally)
    for (const [i, { expected, reading }] of pairs.entries()) {
      cards++
      if (reading) found++
      const read = reading?.card ?? null
      const correction = correctedCard(truth.file, original.cards[i]!)
      if (correction) correctedEntries++
      if (correction && variant === null)
        corrections.push(`${truth.file}: the key says ${correction.given}, the photo shows ${correction.seen} (${correction.why})`)
      const seen = correction?.seen ?? expected
      const notAskedAbout = reading !== null && read !== null && !reading.uncertain
      if (read === seen) cardRightCorrected++
      else if (notAskedAbout) silentCorrected++
      if (tally) {
        tally.cards++
        if (read === seen) tally.right++
        else if (notAskedAbout) tally.silent++
      }
      if (read && rankOf(read) === rankOf(expected)) rankRight++
      if (read && suitOf(read) === suitOf(expected)) suitRight++
      if (read === expected) {
        cardRight++
        continue
      }
      // A card not found, or found without a reading, leaves the player to enter it.
      if (notAskedAbout) silent++
      misses.push(
        `${label}: ${expected} ` +
          (reading ? `read ${read ?? 'nothing'} (confidence ${reading.confidence.toFixed(2)})` : 'not found') +
          (notAskedAbout ? ', NOT ASKED' : ', asked'),
      )
    }
  }
  return {
    rows: [
      { label: 'photos', value: `${photos} (${cards} cards)` },
      { label: 'cards found', value: share(found, cards) },
      { label: 'rank right', value: share(rankRight, cards) },
      { label: 'suit right', value: share(suitRight, cards) },
      { label: 'whole card right', value: share(cardRight, cards) },
      { label: 'WRONG AND NOT ASKED (cards)', value: share(silent, cards) },
      { label: 'cards reported where none is, not asked', value: String(phantomsSilent) },
      { label: 'questions asked (cards)', value: String(asked) },
      ...(correctedEntries > 0
        ? [
            { label: `whole card right, answer key corrected (${correctedEntries})`, value: share(cardRightCorrected, cards) },
            { label: `WRONG AND NOT ASKED, key corrected`, value: share(silentCorrected, cards) },
          ]
        : []),
      ...latencyRows(times),
      ...[...byVariant].map(([name, tally]) => ({
        label: `  ${name}: right / wrong not asked (key corrected)`,
        value: `${share(tally.right, tally.cards)} / ${tally.silent}`,
      })),
    ],
    misses: [...corrections.map((c) => `answer key: ${c}`), ...misses],
  }
}
