/**
 * useThrowPreviewStore — the move being considered for the coming throw, its simulated
 * result with the engine's step-by-step trace, and how far the replay has got. Shared by
 * the throw panel (list, replay log) and the board (paths, ghosts). Not persisted: a
 * preview is a thought, the log only records the throw once confirmed.
 *
 * state    revealed: number | null     steps of the trace shown (null = all, the still picture)
 *          playing: boolean
 *          hovered: Move | null        a move pointed at or focused in the list: the board shows it,
 *                                      the replay panel does not open (so nothing moves under the pointer)
 * getters  move: Move | null           the chosen move (the match store's selectedMove)
 *          preview, previewError       the chosen move's traced result, for the replay panel
 *          boardMove, boardPreview     what the board draws: the hovered move, else the chosen one
 * actions  select(move | null), hover(move | null), play(intervalMs?), stepForward(), showAll(), stop()
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { simulateThrowTraced, type TracedThrowResult } from '../engine/index.ts'
import type { Move } from '../engine/index.ts'
import { useMatchStore } from './match.ts'
import { explainError } from '../i18n/explainError.ts'

export const REPLAY_STEP_MS = 450

export const useThrowPreviewStore = defineStore('throwPreview', () => {
  const match = useMatchStore()
  const revealed = ref<number | null>(null)
  const playing = ref(false)
  let timer: ReturnType<typeof setInterval> | null = null

  const hovered = ref<Move | null>(null)
  const move = computed(() => match.selectedMove)

  function simulate(chosen: Move | null): { result: TracedThrowResult | null; error: string | null } {
    const state = match.state
    if (!state || !chosen || state.mover === null || state.throwNumber === null) return { result: null, error: null }
    try {
      return {
        result: simulateThrowTraced(state.position, state.mover, chosen, state.throwNumber, state.setup.houseRules),
        error: null,
      }
    } catch (error) {
      return { result: null, error: explainError(error) }
    }
  }
  const simulated = computed(() => simulate(match.selectedMove))
  const preview = computed(() => simulated.value.result)
  const previewError = computed(() => simulated.value.error)
  const boardMove = computed(() => hovered.value ?? match.selectedMove)
  const boardPreview = computed(() => (hovered.value ? simulate(hovered.value).result : preview.value))
  /** Steps of the board's trace shown: a hovered move is shown whole. */
  const boardRevealed = computed(() => (hovered.value ? null : revealed.value))

  function stop(): void {
    if (timer !== null) clearInterval(timer)
    timer = null
    playing.value = false
  }

  function select(next: Move | null): void {
    stop()
    hovered.value = null
    match.selectedMove = next
    revealed.value = null
  }

  function hover(next: Move | null): void {
    hovered.value = next
  }

  function stepForward(): void {
    const total = preview.value?.trace.length ?? 0
    const at = revealed.value ?? total
    revealed.value = at >= total ? 1 : at + 1
    if (revealed.value >= total) stop()
  }

  function play(intervalMs: number = REPLAY_STEP_MS): void {
    stop()
    if (!preview.value) return
    revealed.value = 0
    playing.value = true
    timer = setInterval(() => {
      stepForward()
      if (revealed.value !== null && revealed.value >= (preview.value?.trace.length ?? 0)) stop()
    }, intervalMs)
  }

  function showAll(): void {
    stop()
    revealed.value = null
  }

  return {
    revealed, playing, hovered, move, preview, previewError, boardMove, boardPreview, boardRevealed,
    select, hover, play, stepForward, showAll, stop,
  }
})
