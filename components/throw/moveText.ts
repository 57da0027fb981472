// A move as the player reads it: the notation of engine/notation.ts with the trajectory's
// name in the user's language. parseMove reads the Russian names too, so what the log shows
// can be typed back into the move box or the dispute check as it stands.
import type { Move } from '../../engine/index.ts'
import { t } from '../../i18n/index.ts'

export function moveText(move: Move): string {
  return `${move.start} ${t(`trajectory.${move.type}`)} ${move.lengths.join('-')}`
}
