// A message shown after an action (a refusal, a failure) that stays in the user's language:
// what is kept is how to say it, not the words, so switching language re-renders it.
import { computed, shallowRef, type ComputedRef } from 'vue'
import { explainError } from './explainError.ts'

export interface LiveMessage {
  /** The message in the current language, or null when there is none. */
  text: ComputedRef<string | null>
  /** Shows a message made of t() calls; it is said again whenever the language changes. */
  show(render: () => string): void
  /** Shows a refusal (an engine error or refused result) through explainError. */
  showError(error: unknown): void
  clear(): void
}

export function liveMessage(): LiveMessage {
  const render = shallowRef<(() => string) | null>(null)
  return {
    text: computed(() => (render.value === null ? null : render.value())),
    show(next) {
      render.value = next
    },
    showError(error) {
      render.value = () => explainError(error)
    },
    clear() {
      render.value = null
    },
  }
}
