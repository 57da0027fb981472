/**
 * useMatchViewStore — what the match screen is showing, not what happened (not persisted).
 *
 * state    mode: 'play' | 'edit'          throw flow, or the position editor (correction)
 *          viewedLogIndex: number | null   an event-log line opened: the board shows the position then
 *          showZones: boolean              the per-zone scoring overlay on the board
 * actions  viewLog(index | null), startEditing(), stopEditing(), toggleZones()
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'

export const useMatchViewStore = defineStore('matchView', () => {
  const mode = ref<'play' | 'edit'>('play')
  const viewedLogIndex = ref<number | null>(null)
  const showZones = ref(false)

  function viewLog(index: number | null): void {
    viewedLogIndex.value = index
  }
  function startEditing(): void {
    viewedLogIndex.value = null
    mode.value = 'edit'
  }
  function stopEditing(): void {
    mode.value = 'play'
  }
  function toggleZones(): void {
    showZones.value = !showZones.value
  }

  return { mode, viewedLogIndex, showZones, viewLog, startEditing, stopEditing, toggleZones }
})
