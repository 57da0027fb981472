// What a recorded generator allows (RULES.md §7–8 with the house card limits, I-4, I-11):
// the combination, the number set and L1 of the coming throw.
import { classifyCardsUnder, classifyJokerReading } from './cards.ts'
import { checkDiceOperation, classifyDice } from './dice.ts'
import { reasonOf } from './errors.ts'
import { refuse } from './game.ts'
import type { GeneratorRecord } from './matchEvents.ts'
import type { MatchSetup } from './matchSetup.ts'
import type { GeneratorReading } from './matchState.ts'

/** What a recorded generator allows, RULES.md §7–8 with the house card limits (I-4, I-11). */
export function readGenerator(generator: GeneratorRecord, setup: MatchSetup): GeneratorReading {
  const variant = setup.variant
  if (generator.kind === 'dice') {
    if (variant.kind !== 'dice') refuse('match.dice-in-card-match', { deck: variant.deck }, `generator: dice recorded in a ${variant.deck}-card match`)
    if (generator.operation) {
      const check = checkDiceOperation(generator.operation)
      if (!check.ok) {
        const path = `generator.operation.rolls[${check.rollIndex}]`
        refuse('match.dice-operation', { path }, `${path}: ${check.message}`, [reasonOf(check)])
      }
      if (check.values.join() !== generator.values.join()) {
        const params = { dice: check.values.join(', '), dice2: generator.values.join(', ') }
        refuse('match.dice-operation-values', params, `generator.operation: it ends in [${params.dice}], not in the values [${params.dice2}]`)
      }
    }
    return classifyDice(generator.values)
  }
  if (variant.kind !== 'cards') {
    refuse('match.cards-in-dice-match', {}, `generator: ${generator.kind === 'null' ? 'a card null' : 'cards'} recorded in a dice match`)
  }
  if (generator.kind === 'null') return { combination: 'null', numbers: [], limit: 1 }
  // The house card limits set L1 (I-4, I-11); named jokers give the player's reading (I-5).
  const { hand, jokers } = generator
  return jokers
    ? classifyJokerReading(hand, variant.deck, jokers, setup.houseRules)
    : classifyCardsUnder(hand, variant.deck, setup.houseRules)
}
