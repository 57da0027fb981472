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
function measure(run: () => unknown, warmUp = WARM_UP, runs = RUNS): { median: number; fastest: number } {
  for (let i = 0; i < warmUp; i++) run()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    run()
    times.push((performance.now() - start) * 1000)
  }
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(runs / 2)]!, fastest: times[0]! }
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

// ─── The fold: one event appended at end 1 and at end 50 (issue 8: aim ≤ 1.5×) ───
{
  const { applyEvent, appendEvent, defaultSetup, deriveMatch, endScoredEvent, startMatch, throwEvent } = await import('../engine/index.ts')
  type State = ReturnType<typeof deriveMatch>
  type Event = Parameters<typeof applyEvent>[1]
  const dice: Event = { type: 'GeneratorRecorded', generator: { kind: 'dice', values: [1, 2, 3, 4, 5] } }
  /** A whole end of reverse throws, the house cleared so the match stays tied and goes on. */
  function playEnd(state: State, events: Event[]): State {
    for (let i = 0; i < 16; i++) {
      state = applyEvent(state, dice)
      events.push(dice)
      const thrown = throwEvent(state, { start: ['c0', 'd0', 'e0', 'f0'][i % 4]!, type: 'reverse', lengths: [1, 2 + (i % 3)] })
      state = applyEvent(state, thrown)
      events.push(thrown)
    }
    const cleared: Event = { type: 'PositionCorrected', position: { red: [], blue: [] } }
    state = applyEvent(state, cleared)
    const scored = endScoredEvent(state)
    events.push(cleared, scored)
    return applyEvent(state, scored)
  }
  const events: Event[] = startMatch(defaultSetup({ red: 'R', blue: 'B' }, 'red'))
  let state = deriveMatch(events)
  const atEnd = new Map<number, { state: State; events: Event[] }>([[1, { state, events: [...events] }]])
  for (let end = 2; end <= 50; end++) {
    state = playEnd(state, events)
    atEnd.set(end, { state, events: [...events] })
  }
  // The event appended: a throw after its dice (the throw check simulates it again).
  const throwAt = (end: number) => {
    const { state } = atEnd.get(end)!
    const withDice = applyEvent(state, dice)
    return { withDice, thrown: throwEvent(withDice, { start: 'd0', type: 'reverse', lengths: [1, 3] }) }
  }
  console.log(`\nthe fold: one event appended (median of ${RUNS} runs; appendEvent 11)`)
  const figures: Record<string, number> = {}
  for (const end of [1, 50]) {
    const { withDice, thrown } = throwAt(end)
    figures[`apply ${end}`] = measure(() => applyEvent(withDice, thrown)).median
    const log = [...atEnd.get(end)!.events, dice]
    // The old way replays the whole log: a few runs are enough to see it.
    figures[`append ${end}`] = measure(() => appendEvent(log, thrown), 3, 11).median
  }
  console.log(`applyEvent (a throw) at end 1 / end 50               ${figures['apply 1']!.toFixed(1)} µs / ${figures['apply 50']!.toFixed(1)} µs   ratio ${(figures['apply 50']! / figures['apply 1']!).toFixed(2)}`)
  console.log(`appendEvent (replays the log) at end 1 / end 50      ${figures['append 1']!.toFixed(1)} µs / ${figures['append 50']!.toFixed(1)} µs   ratio ${(figures['append 50']! / figures['append 1']!).toFixed(2)}`)
}
