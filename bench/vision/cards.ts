// Card figures for the vision bench: rank, suit and whole-card accuracy, wrong-and-not-asked,
// questions asked, latency. A true card is paired with the reading whose outline holds its
// centre (or whose centre is within 60 px), nearest first.
import { readCards, type CardReading } from '../../vision/cards.ts'
import type { RankOcr } from '../../vision/ocr.ts'
import type { Point } from '../../vision/raster.ts'
import { correctedCard } from './answerKey.ts'
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
    return { expected: entry.card, entry, reading: best }
  })
  return { pairs, phantoms: [...unused] }
}

export async function measureCards(set: PhotoSet, ocr: RankOcr | null): Promise<KindResult> {
  const truths = loadTruthFrom<CardTruth>(set, 'cards')
  const times: PhotoTime[] = []
  const misses: string[] = []
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
  for (const truth of truths) {
    const image = loadJpeg(set, 'cards', truth.file)
    const timing = startTiming()
    const readings = await readCards(image, ocr)
    times.push(timing.stop(image))
    asked += readings.filter((r) => r.uncertain).length
    const { pairs, phantoms } = pairCards(truth, readings)
    phantomsSilent += phantoms.filter((p) => !p.uncertain && p.card !== null).length
    for (const { expected, entry, reading } of pairs) {
      cards++
      if (reading) found++
      const read = reading?.card ?? null
      const correction = correctedCard(truth.file, entry)
      if (correction) corrections.push(`${truth.file}: the key says ${correction.given}, the photo shows ${correction.seen} (${correction.why})`)
      const seen = correction?.seen ?? expected
      if (read === seen) cardRightCorrected++
      else if (reading !== null && read !== null && !reading.uncertain) silentCorrected++
      if (read && rankOf(read) === rankOf(expected)) rankRight++
      if (read && suitOf(read) === suitOf(expected)) suitRight++
      if (read === expected) {
        cardRight++
        continue
      }
      // A card not found, or found without a reading, leaves the player to enter it.
      const notAsked = reading !== null && read !== null && !reading.uncertain
      if (notAsked) silent++
      misses.push(
        `${truth.file}: ${expected} ` +
          (reading ? `read ${read ?? 'nothing'} (confidence ${reading.confidence.toFixed(2)})` : 'not found') +
          (notAsked ? ', NOT ASKED' : ', asked'),
      )
    }
  }
  return {
    rows: [
      { label: 'photos', value: `${truths.length} (${cards} cards)` },
      { label: 'cards found', value: share(found, cards) },
      { label: 'rank right', value: share(rankRight, cards) },
      { label: 'suit right', value: share(suitRight, cards) },
      { label: 'whole card right', value: share(cardRight, cards) },
      { label: 'WRONG AND NOT ASKED (cards)', value: share(silent, cards) },
      { label: 'cards reported where none is, not asked', value: String(phantomsSilent) },
      { label: 'questions asked (cards)', value: String(asked) },
      ...(corrections.length > 0
        ? [
            { label: `whole card right, answer key corrected (${corrections.length})`, value: share(cardRightCorrected, cards) },
            { label: `WRONG AND NOT ASKED, key corrected`, value: share(silentCorrected, cards) },
          ]
        : []),
      ...latencyRows(times),
    ],
    misses: [...corrections.map((c) => `answer key: ${c}`), ...misses],
  }
}
