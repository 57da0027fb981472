// The one ticking moment the clock displays read: an ISO string that moves once a second while
// any of them is mounted. Only the components that read it re-render — never the board.
import { onBeforeUnmount, onMounted, readonly, ref, type Ref } from 'vue'

const now = ref(new Date().toISOString())
let users = 0
let timer: ReturnType<typeof setInterval> | null = null

function tick(): void {
  now.value = new Date().toISOString()
}

/** The current moment, updated every second while the calling component is mounted. */
export function useClockNow(): Readonly<Ref<string>> {
  onMounted(() => {
    tick()
    if (users++ === 0) timer = setInterval(tick, 1000)
  })
  onBeforeUnmount(() => {
    if (--users === 0 && timer !== null) {
      clearInterval(timer)
      timer = null
    }
  })
  return readonly(now)
}
