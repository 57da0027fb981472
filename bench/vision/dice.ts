// Dice figures for the vision bench: per-die and whole-photo accuracy, wrong-and-not-asked,
// questions asked, latency. A true die is paired with the reading whose centre lies within
// half a side of it.
import { readDice, type DiceReading, type DieReading } from '../../vision/dice.ts'
import { latencyRows, startTiming, loadJpeg, loadTruthFrom, share, type KindResult, type PhotoSet, type PhotoTime } from './common.ts'

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

export function measureDice(set: PhotoSet): KindResult {
  const truths = loadTruthFrom<DiceTruth>(set, 'dice')
  const times: PhotoTime[] = []
  const misses: string[] = []
  let dice = 0
  let right = 0
  let found = 0
  let photosRight = 0
  let silent = 0
  let asked = 0
  let askedRight = 0
  let phantomsSilent = 0
  for (const truth of truths) {
    const image = loadJpeg(set, 'dice', truth.file)
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
    asked += reading.uncertain.length + emptyRows
    let allRight = reading.dice.length === truth.dice.length
    for (const pair of pairs) {
      dice++
      if (pair.found) found++
      const flagged = pair.found ? uncertain.has(pair.found) : missedAnswered-- > 0
      if (pair.found?.value === pair.truth.value) {
        right++
        if (flagged) askedRight++
        continue
      }
      allRight = false
      if (!flagged) silent++
      misses.push(
        `${truth.file}: die ${pair.truth.value} at (${pair.truth.x}, ${pair.truth.y}) ` +
          (pair.found ? `read ${pair.found.value} (confidence ${pair.found.confidence.toFixed(2)})` : 'not found') +
          (flagged ? ', asked' : ', NOT ASKED'),
      )
    }
    if (allRight) photosRight++
  }
  return {
    rows: [
      { label: 'photos', value: `${truths.length} (${dice} dice)` },
      { label: 'dice found', value: share(found, dice) },
      { label: 'dice read right', value: share(right, dice) },
      { label: 'photos fully right', value: share(photosRight, truths.length) },
      { label: 'WRONG AND NOT ASKED (dice)', value: share(silent, dice) },
      { label: 'dice reported where none is, not asked', value: String(phantomsSilent) },
      { label: 'questions asked (dice)', value: `${asked} (${askedRight} about dice read right)` },
      ...latencyRows(times),
    ],
    misses,
  }
}
