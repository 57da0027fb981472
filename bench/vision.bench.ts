// npm run bench:vision — the photo readers over the generated fixture set (issue 4):
// cell accuracy, whole boards read exactly, dice accuracy, latency per photo, and the card
// reader's figures when its fixture evaluator is present.
import { performance } from 'node:perf_hooks'
import { proposeCorners, readBoard, sampleStoneColour } from '../vision/board.ts'
import { readDice } from '../vision/dice.ts'
import { loadPhoto, loadTruth, type BoardFixture, type DiceFixture } from '../tests/vision/photoFixtures.ts'

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1] ?? 0
}
/** Latency by photo size: the fixtures mix 480-px-wide photos with phone-sized ones (≥ 900 px). */
function latencyLine(times: { ms: number; width: number }[]): string {
  const large = times.filter((t) => t.width >= 900).map((t) => t.ms)
  const small = times.filter((t) => t.width < 900).map((t) => t.ms)
  const all = times.map((t) => t.ms)
  return (
    `median ${median(all).toFixed(0)} ms, max ${Math.max(...all).toFixed(0)} ms ` +
    `(small photos median ${median(small).toFixed(0)} ms; phone-sized median ${median(large).toFixed(0)} ms, max ${Math.max(0, ...large).toFixed(0)} ms)`
  )
}
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(2)} %`

function benchBoards(): void {
  const fixtures = loadTruth<BoardFixture>('board')
  const times: { ms: number; width: number }[] = []
  let cells = 0
  let right = 0
  let exact = 0
  let flaggedWrong = 0
  let uncertain = 0
  for (const fixture of fixtures) {
    const image = loadPhoto('board', fixture.file)
    const start = performance.now()
    // Taps stand in for the player's calibration where the colours are not red and blue.
    const colours = fixture.standardColours
      ? undefined
      : { red: sampleStoneColour(image, fixture.taps.red), blue: sampleStoneColour(image, fixture.taps.blue) }
    const reading = readBoard(image, { corners: proposeCorners(image).corners, colours })
    times.push({ ms: performance.now() - start, width: image.width })
    let wrongHere = 0
    for (const cell of reading.cells) {
      const truth = fixture.position.red.includes(cell.cell) ? 'red' : fixture.position.blue.includes(cell.cell) ? 'blue' : 'empty'
      cells++
      if (cell.state === truth) right++
      else {
        wrongHere++
        if (reading.uncertain.includes(cell.cell)) flaggedWrong++
      }
    }
    uncertain += reading.uncertain.length
    if (wrongHere === 0) exact++
  }
  console.log(`boards: ${fixtures.length} photos`)
  console.log(`  cell accuracy          ${percent(right, cells)}  (${cells - right} of ${cells} wrong, ${flaggedWrong} of them flagged)`)
  console.log(`  whole boards exact     ${percent(exact, fixtures.length)}`)
  console.log(`  cells asked about      ${uncertain}`)
  console.log(`  latency per photo      ${latencyLine(times)}`)
}

function benchDice(): void {
  const fixtures = loadTruth<DiceFixture>('dice')
  const times: { ms: number; width: number }[] = []
  let dice = 0
  let right = 0
  let complete = 0
  for (const fixture of fixtures) {
    const image = loadPhoto('dice', fixture.file)
    const start = performance.now()
    const reading = readDice(image)
    times.push({ ms: performance.now() - start, width: image.width })
    if (reading.complete) complete++
    for (const truth of fixture.dice) {
      dice++
      const found = reading.dice.find((d) => Math.hypot(d.centre.x - truth.x, d.centre.y - truth.y) < d.side / 2)
      if (found?.value === truth.value) right++
    }
  }
  console.log(`dice: ${fixtures.length} photos`)
  console.log(`  dice accuracy          ${percent(right, dice)}  (${dice - right} of ${dice} wrong)`)
  console.log(`  all five found         ${percent(complete, fixtures.length)}`)
  console.log(`  latency per photo      ${latencyLine(times)}`)
}

async function benchCards(): Promise<void> {
  try {
    const { evaluateCardFixtures } = await import('../tests/vision/cardFixtures.ts')
    const score = await evaluateCardFixtures()
    console.log(`cards: ${score.photos} photos, ${score.cards} cards (vision/cards.ts via tests/vision/cardFixtures.ts)`)
    console.log(`  rank accuracy          ${percent(score.rankCorrect, score.cards)}`)
    console.log(`  suit accuracy          ${percent(score.suitCorrect, score.cards)}`)
    console.log(`  cards asked about      ${score.flagged} (wrong and not asked: ${score.silentMistakes})`)
    console.log(`  fonts not in templates ${percent(score.heldOutCorrect, score.heldOutCards)} of ${score.heldOutCards} cards right`)
    console.log(`  tesseract alone right  ${percent(score.ocrCorrect, score.ocrAsked)} of ${score.ocrAsked} ranks`)
    console.log(`  latency per photo      mean ${score.msPerPhoto.toFixed(0)} ms (OCR start ${score.ocrStartMs.toFixed(0)} ms)`)
  } catch (error) {
    console.log(`cards: not measured (${error instanceof Error ? error.message : String(error)})`)
  }
}

benchBoards()
benchDice()
await benchCards()
