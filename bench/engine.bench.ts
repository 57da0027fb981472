// The engine's speed on the heaviest turn there is: every legal move of number set 'any'
// at limit 5, each thrown into a crowded house. `npm run bench`; prints figures, asserts
// nothing. (A full 8 + 8 is no position to throw from — the mover would have no stone
// left — so the mover has 7 in play, as on the hammer throw 16.)
import { loadavg } from 'node:os'
import { legalMoves, simulateThrow, simulateThrowTraced, throwOutcomes, type Position } from '../engine/index.ts'

const CROWDED_HOUSE: Position = {
  red: ['c7', 'd8', 'e9', 'f10', 'd6', 'g8', 'b9'],
  blue: ['e8', 'd9', 'c10', 'f7', 'e6', 'b7', 'g10', 'd11'],
}
const MOVER = 'red'
const THROW = 16
const WARM_UP = 300
const RUNS = 200

/** Median and fastest wall time of `run`, in microseconds, after warming the JIT. */
function measure(run: () => unknown): { median: number; fastest: number } {
  for (let i = 0; i < WARM_UP; i++) run()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    run()
    times.push((performance.now() - start) * 1000)
  }
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(RUNS / 2)]!, fastest: times[0]! }
}

const moves = legalMoves('any', 5)
const perSecond = (microseconds: number): string => `${Math.round((moves.length / microseconds) * 1e6).toLocaleString('en')}/s`

const rows: [string, () => unknown][] = [
  ['legalMoves + throwOutcomes (the whole turn)', () => throwOutcomes(CROWDED_HOUSE, MOVER, legalMoves('any', 5), THROW)],
  ['legalMoves alone', () => legalMoves('any', 5)],
  ['throwOutcomes alone (position loaded once)', () => throwOutcomes(CROWDED_HOUSE, MOVER, moves, THROW)],
  ['simulateThrow per move (facade, all checks each call)', () => moves.map((move) => simulateThrow(CROWDED_HOUSE, MOVER, move, THROW))],
  ['simulateThrowTraced per move (with the trace)', () => moves.map((move) => simulateThrowTraced(CROWDED_HOUSE, MOVER, move, THROW))],
]

console.log(`engine bench — Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}; ${moves.length} legal moves from legalMoves('any', 5)`)
console.log(`position: R:${CROWDED_HOUSE.red.join(',')} B:${CROWDED_HOUSE.blue.join(',')}, ${MOVER} to throw, throw ${THROW}`)
console.log(`median (fastest) of ${RUNS} runs after ${WARM_UP} warm-up runs:\n`)
for (const [name, run] of rows) {
  const { median, fastest } = measure(run)
  const rate = name.startsWith('legalMoves alone') ? '' : `   ${perSecond(median)} simulations`
  console.log(`${name.padEnd(54)} ${median.toFixed(0).padStart(6)} µs (${fastest.toFixed(0)} µs)${rate}`)
}
