// The check of a recorded throw (ThrowMade): its number and mover, the move's shape, power
// and lengths under the limit and the number set (RULES.md §6), and its result — which
// must be exactly what the move does from the position (RULES.md §4, §5, I-3): the throw
// is simulated again and any difference refused, naming the stone and the cell.
import { bonusAssignmentsUnder } from './bonus.ts'
import { throwOutcomes, type OutOfPlayStone, type ThrowResult as SimulatedThrow } from './collision.ts'
import { checkedPosition, expectThrow, limitsOf, refuse, samePosition, type Game } from './game.ts'
import type { ThrowMade } from './matchEvents.ts'
import { POWER, checkMove, moveCheckReason } from './trajectory.ts'
import { COLORS, type Color, type Move, type Position } from './types.ts'

/** Checks a ThrowMade against the game; returns the throw's number and mover, or refuses. */
export function checkThrowMade(game: Game, event: ThrowMade): { throwNumber: number; mover: Color } {
  const expected = expectThrow(game, 'throw')
  const { throwNumber, mover } = expected
  const label = `throw ${throwNumber}`
  const at = { throw: throwNumber }
  if (event.throwNumber !== undefined && event.throwNumber !== throwNumber) {
    refuse('match.throw-number', { ...at, throw2: event.throwNumber }, `${label}: recorded as throw ${event.throwNumber}`)
  }
  if (event.mover !== undefined && event.mover !== mover) {
    refuse('match.wrong-mover', { ...at, color: mover, color2: event.mover }, `${label} is ${mover}'s (the player without the hammer throws first), not ${event.mover}'s`)
  }
  const { move, result } = event
  const after = checkedPosition(result.position, 'match.throw-position', at, `${label}: result.position`)
  const reading = game.reading
  if (move === null) {
    if (game.setup.variant.kind !== 'cards') refuse('match.null-in-dice-match', at, `${label}: a null throw exists only in the card variant`)
    if (reading && reading.combination !== 'null') {
      refuse('match.hand-not-null', { ...at, combination: reading.combination }, `${label}: the hand is a ${reading.combination}, not a null`)
    }
    if (result.power !== 1) refuse('match.null-power', { ...at, power: result.power }, `${label}: a null counts as power 1 (I-7), not ${result.power}`)
    if (!samePosition(after, game.position) || result.outOfPlay.length > 0 || result.freeGuardViolation) {
      refuse('match.null-moved', at, `${label}: a null leaves the position as it was (the stone touches nothing)`)
    }
    return expected
  }
  const check = checkMove(move, game.setup.houseRules)
  if (!check.ok) refuse('match.throw-move', at, `${label}: ${check.reason}`, [moveCheckReason(check)])
  if (reading?.combination === 'null') refuse('match.hand-is-null', at, `${label}: the hand is a null; the throw must be a null`)
  const power = POWER[move.type]
  const moveParams = { ...at, type: move.type, power }
  if (result.power !== power) {
    refuse('match.power-recorded', { ...moveParams, power2: result.power }, `${label}: a ${move.type} has power ${power}, recorded ${result.power}`)
  }
  const { l1, l2, limit } = limitsOf(game, mover)
  if (power > limit) {
    const l1Text = l1 === null ? '' : `L1 ${l1} (${reading?.combination}), `
    // L1 is shown as '—' while no generator is recorded (L1 then counts as 5, RULES.md §6.4).
    const params = { ...moveParams, limit, l1: l1 ?? '—', l2 }
    refuse('match.power-over-limit', params, `${label}: a ${move.type} has power ${power} but L = ${limit} (${l1Text}L2 ${l2}) (RULES.md §6)`)
  }
  const drawn = (tuple: number[]) => tuple.join() === move.lengths.join()
  if (reading && !bonusAssignmentsUnder(move.type, reading.numbers, game.setup.houseRules).some(drawn)) {
    const numbers = reading.numbers === 'any' ? 'any' : reading.numbers.join(', ')
    const params = { ...at, type: move.type, lengths: move.lengths.join(','), numbers }
    refuse('match.not-drawn', params, `${label}: ${move.type} [${params.lengths}] is not drawn from the number set {${numbers}} (RULES.md §6.5)`)
  }
  // Stones are conserved: in play after + out of play = in play before + the thrown one.
  const count = (position: Position) => position.red.length + position.blue.length
  if (count(after) + result.outOfPlay.length !== count(game.position) + 1) {
    const params = { ...at, count: count(after), out: result.outOfPlay.length, before: count(game.position) }
    refuse(
      'match.stones-not-conserved',
      params,
      `${label}: ${params.count} stones in play and ${params.out} out of play do not add up to ${params.before} + the thrown stone`,
    )
  }
  checkAgainstSimulation(game, mover, move, throwNumber, event.result)
  return expected
}

/**
 * The recorded result is what the move does: the same stones leave play from the same
 * cells, the same free-guard ruling, the same stones on the same cells after.
 */
function checkAgainstSimulation(game: Game, mover: Color, move: Move, throwNumber: number, recorded: SimulatedThrow): void {
  const at = { throw: throwNumber }
  const label = `throw ${throwNumber}`
  // throwOutcomes is simulateThrow under the match's house rules (a quadruple legal only under I-8 'attested').
  const [simulated] = throwOutcomes(game.position, mover, [move], throwNumber, game.setup.houseRules) as [SimulatedThrow]
  if (recorded.freeGuardViolation !== simulated.freeGuardViolation) {
    if (recorded.freeGuardViolation) {
      refuse('match.free-guard-not-violated', at, `${label}: recorded as a free-guard violation, but the move takes no protected guard out of play (I-3)`)
    }
    refuse('match.free-guard-violated', at, `${label}: recorded without a free-guard violation, but the move takes a protected guard out of play (I-3)`)
  }
  const leaves = (stones: readonly OutOfPlayStone[], stone: OutOfPlayStone) =>
    stones.filter((s) => s.color === stone.color && s.from === stone.from).length
  for (const stone of recorded.outOfPlay) {
    if (leaves(recorded.outOfPlay, stone) > leaves(simulated.outOfPlay, stone)) {
      const params = { ...at, color: stone.color, cell: stone.from }
      refuse('match.out-of-play-differs', params, `${label}: recorded a ${stone.color} stone out of play from ${stone.from}, but no such stone leaves play in this throw (RULES.md §5)`)
    }
  }
  for (const stone of simulated.outOfPlay) {
    if (leaves(simulated.outOfPlay, stone) > leaves(recorded.outOfPlay, stone)) {
      const params = { ...at, color: stone.color, cell: stone.from }
      refuse('match.out-of-play-missing', params, `${label}: the ${stone.color} stone from ${stone.from} leaves play in this throw, but the record keeps it (RULES.md §5)`)
    }
  }
  if (samePosition(recorded.position, simulated.position)) return
  for (const color of COLORS) {
    const extra = recorded.position[color].find((cell) => !simulated.position[color].includes(cell))
    if (extra !== undefined) {
      const params = { ...at, color, cell: extra }
      refuse('match.stone-not-there', params, `${label}: recorded a ${color} stone on ${extra}, but after this move none stands there (RULES.md §4, §5)`)
    }
  }
  for (const color of COLORS) {
    const missing = simulated.position[color].find((cell) => !recorded.position[color].includes(cell))
    if (missing !== undefined) {
      const params = { ...at, color, cell: missing }
      refuse('match.stone-missing', params, `${label}: after this move a ${color} stone stands on ${missing}, but the record has none there (RULES.md §4, §5)`)
    }
  }
}
