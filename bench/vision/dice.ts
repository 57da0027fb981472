// Dice figures for the vision bench: per-die and whole-photo accuracy, wrong-and-not-asked,
// questions asked, latency. A true die is paired with the reading whose centre lies within
// half a side of it.
import { readDice, type DiceReading, type DieReading } from '../../vision/dice.ts'
import { applyAsTheApp, type StressVariant } from './stress.ts'
import { latencyRows, startTiming, warmUpAsTheToolDoes, loadJpeg, loadTruthFrom, share, type KindResult, type PhotoSet, type PhotoTime } from './common.ts'
import { correctedDie } from './answerKey.ts'

interface DiceTruth {
  file: string
  dice: { x: number; y: number; value: number }[]
}

/** Each true die with the reading at its place (nearest centre within half a side), and the readings left over. */
export function pairDice(truth: DiceTruth, reading: DiceReading) {
  const unused = new Set(reading.dice)
  const pairs = truth.dice.map((die) => {
    let best: DieReading | undefined
    let bestDistance = Infinity
    for (const found of unused) {
      const distance = Math.hypot(found.centre.x - die.x, found.centre.y - die.y)
      if (distance < found.side / 2 && distance < bestDistance) {
        best = found
        bestDistance = distance
      }
    }
    if (best) unused.delete(best)
    return { truth: die, found: best }
  })
  return { pairs, phantoms: [...unused] }
}

/** Each photo as it is, or once per stress variant (bench/vision/stress.ts) with its truth moved alike. */
function* photosOf(set: PhotoSet, truths: readonly DiceTruth[], variants: readonly StressVariant[] | null) {
  for (const truth of truths) {
    const image = loadJpeg(set, 'dice', truth.file)
    if (!variants) {
      yield { variant: null, image, truth }
      continue
    }
    for (const variant of variants) {
      const { image: changed, moved } = applyAsTheApp(variant, 'dice', image)
      const dice = truth.dice.map((d) => ({ ...d, ...moved(d) }))
      yield { variant: variant.name, image: changed, truth: { file: `${truth.file} [${variant.name}]`, dice } }
    }
  }
}

/** The dice figures for one set; with `variants`, every photo is read once per variant, each with its own line too. */
export function measureDice(set: PhotoSet, variants: readonly StressVariant[] | null = null): KindResult {
  const truths = loadTruthFrom<DiceTruth>(set, 'dice')
  const times: PhotoTime[] = []
  const warmUpMs = warmUpAsTheToolDoes('dice')
  const misses: string[] = []
  let dice = 0
  let right = 0
  let found = 0
  let photosRight = 0
  let silent = 0
  let asked = 0
  let askedRight = 0
  let phantomsSilent = 0
  // The same figures against the answer key with its listed errors corrected (answerKey.ts), on the photos as they are.
  const corrections: string[] = []
  let correctedEntries = 0
  let rightCorrected = 0
  let silentCorrected = 0
  const byVariant = new Map<string, { dice: number; right: number; silent: number }>()
  let photos = 0
  for (const { variant, image, truth } of photosOf(set, truths, variants)) {
    photos++
    const tally = variant === null ? null : (byVariant.get(variant) ?? { dice: 0, right: 0, silent: 0 })
    if (variant !== null && tally) byVariant.set(variant, tally)
    const timing = startTiming()
    const reading = readDice(image)
    times.push(timing.stop(image))
    const uncertain = new Set(reading.uncertain.map((i) => reading.dice[i]))
    const { pairs, phantoms } = pairDice(truth, reading)
    // The photo tool shows one row per die; a row left empty (fewer dice found than thrown)
    // or a flagged phantom is a question the player answers for a die that was missed.
    const emptyRows = Math.max(0, truth.dice.length - reading.dice.length)
    let missedAnswered = emptyRows + phantoms.filter((p) => uncertain.has(p)).length
    phantomsSilent += phantoms.filter((p) => !uncertain.has(p)).length
    for (const phantom of phantoms)
      misses.push(
        `${truth.file}: no die at (${Math.round(phantom.centre.x)}, ${Math.round(phantom.centre.y)}), ` +
          `read ${phantom.value} (confidence ${phantom.confidence.toFixed(2)})` +
          (uncertain.has(phantom) ? ', asked' : ', NOT ASKED') +
          (phantom.doubts?.length ? ` [${phantom.doubts.join('; ')}]` : ''),
      )
    asked += reading.uncertain.length + emptyRows
    let allRight = reading.dice.length === truth.dice.length
    for (const pair of pairs) {
      dice++
      if (tally) tally.dice++
      if (pair.found) found++
      const flagged = pair.found ? uncertain.has(pair.found) : missedAnswered-- > 0
      const correction = variant === null ? correctedDie(truth.file, pair.truth) : null
      if (correction) {
        correctedEntries++
        corrections.push(`${truth.file}: the key says ${correction.given}, the photo shows ${correction.seen} (${correction.why})`)
      }
      const seen = correction ? Number(correction.seen) : pair.truth.value
      if (pair.found?.value === seen) rightCorrected++
      else if (!flagged) silentCorrected++
      if (pair.found?.value === pair.truth.value) {
        right++
        if (tally) tally.right++
        if (flagged) askedRight++
        continue
      }
      allRight = false
      if (!flagged) {
        silent++
        if (tally) tally.silent++
      }
      misses.push(
        `${truth.file}: die ${pair.truth.value} at (${Math.round(pair.truth.x)}, ${Math.round(pair.truth.y)}) ` +
          (pair.found ? `read ${pair.found.value} (confidence ${pair.found.confidence.toFixed(2)})` : 'not found') +
          (flagged ? ', asked' : ', NOT ASKED'),
      )
    }
    if (allRight) photosRight++
  }
  return {
    rows: [
      { label: 'photos', value: `${photos} (${dice} dice)` },
      { label: 'dice found', value: share(found, dice) },
      { label: 'dice read right', value: share(right, dice) },
      { label: 'photos fully right', value: share(photosRight, photos) },
      { label: 'WRONG AND NOT ASKED (dice)', value: share(silent, dice) },
      { label: 'dice reported where none is, not asked', value: String(phantomsSilent) },
      { label: 'questions asked (dice)', value: `${asked} (${askedRight} about dice read right)` },
      ...(correctedEntries > 0
        ? [
            { label: `dice read right, answer key corrected (${correctedEntries})`, value: share(rightCorrected, dice) },
            { label: 'WRONG AND NOT ASKED, key corrected', value: share(silentCorrected, dice) },
          ]
        : []),
      ...latencyRows(times, warmUpMs),
      ...[...byVariant].map(([name, tally]) => ({
        label: `  ${name}: right / wrong not asked`,
        value: `${share(tally.right, tally.dice)} / ${tally.silent}`,
      })),
    ],
    misses: [...corrections.map((c) => `answer key: ${c}`), ...misses],
  }
}
