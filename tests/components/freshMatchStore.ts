// A clean start for component tests: empty fake extension storage, English, a real Pinia
// with the match store loaded (and watching storage, as every page does).
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import { defaultSetup } from '../../engine/index.ts'
import type { Color } from '../../engine/index.ts'
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

/**
 * A card match between A (red) and B (blue) in a fresh Pinia, over whatever storage holds
 * (so a test can reopen the panel): the player without the hammer throws first.
 */
export async function openCardMatch(deck: 36 | 52 | 54, hammer: Color = 'blue'): Promise<ReturnType<typeof useMatchStore>> {
  setActivePinia(createPinia())
  const store = useMatchStore()
  await store.load()
  await store.createMatch({ ...defaultSetup({ red: 'A', blue: 'B' }, hammer), variant: { kind: 'cards', deck } })
  return store
}
