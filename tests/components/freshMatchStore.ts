// A clean start for component tests: empty fake extension storage, English, a real Pinia
// with the match store loaded (and watching storage, as every page does).
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'

export async function freshMatchStore(): Promise<ReturnType<typeof useMatchStore>> {
  fakeBrowser.reset()
  setLocale('en')
  setActivePinia(createPinia())
  const store = useMatchStore()
  await store.load()
  return store
}
