// The message key of a type's length constraint (RULES.md §3) under the house rules:
// the quadruple's depends on I-8 (I-11).
import type { HouseRules } from '../../engine/index.ts'
import type { TrajectoryType } from '../../engine/index.ts'

export function constraintKey(type: TrajectoryType, quadrupleConstraint: HouseRules['quadrupleConstraint']): string {
  return type === 'quadruple' && quadrupleConstraint === 'attested'
    ? 'sheets.constraint.quadrupleAttested'
    : `sheets.constraint.${type}`
}
