// The typed move in Russian (issue 9, trap 2): the engine judges it (judgeMove); a refused
// move says why in one sentence, clears the move previewed before it and leaves nothing to
// confirm; a Cyrillic «с» in the start cell reads as c.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { enableAutoUnmount, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import ThrowPanel from '../../components/throw/ThrowPanel.vue'
import { defaultSetup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'

enableAutoUnmount(afterEach)

async function panelAfterDice(values: number[]) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const store = useMatchStore()
  await store.load()
  await store.createMatch(defaultSetup({ red: 'Анна', blue: 'Борис' }, 'blue'))
  await store.recordGenerator({ kind: 'dice', values })
  return { store, wrapper: mount(ThrowPanel, { global: { plugins: [pinia] } }) }
}

async function type(wrapper: ReturnType<typeof mount>, text: string) {
  await wrapper.find('[data-testid="move-text"]').setValue(text)
  await wrapper.find('[data-testid="move-text"]').trigger('submit')
}

describe('MoveInput in Russian', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setLocale('ru')
  })
  afterEach(() => {
    useMatchStore().stopWatching()
    setLocale('en')
  })

  it('a refused move clears the previous preview and leaves no «Подтвердить бросок»', async () => {
    // A pair of 1s with a 4: numbers {1, 4}, L1 = 1 — reverse 1-4 is the move.
    const { store, wrapper } = await panelAfterDice([1, 1, 4, 2, 3])
    await type(wrapper, 'd0 обратная 1-4')
    expect(wrapper.find('[data-testid="move-text-error"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="confirm-throw"]').exists()).toBe(true)

    await type(wrapper, 'd0 rev 1-4')
    expect(wrapper.find('[data-testid="move-text-error"]').text()).toMatch(/rev — нет такой траектории/)
    expect(store.selectedMove).toBeNull()
    expect(wrapper.find('[data-testid="selected-move"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="confirm-throw"]').exists()).toBe(false)
  })

  it('a move over L is refused as one sentence, and the preview before it goes', async () => {
    const { store, wrapper } = await panelAfterDice([1, 1, 4, 2, 3])
    await type(wrapper, 'e0 обратная 1-4')
    expect(store.selectedMove).not.toBeNull()
    await type(wrapper, 'c0 укороченная 4-1')
    expect(wrapper.find('[data-testid="move-text-error"]').text()).toBe('Пара разрешает только обратную; укороченной нужна мощность 2.')
    expect(wrapper.find('[data-testid="confirm-throw"]').exists()).toBe(false)
  })

  it('lengths not drawn from the number set are named with the set', async () => {
    const { wrapper } = await panelAfterDice([1, 1, 4, 2, 3])
    await type(wrapper, 'd0 обратная 1-1')
    expect(wrapper.find('[data-testid="move-text-error"]').text()).toBe(
      'Из набора чисел {1, 4} не сложить обратную 1-1: каждому отрезку нужно своё число из набора.',
    )
  })

  it('«с0 обратная 1-4» with a Cyrillic «с» is read as c0 and shown', async () => {
    const { store, wrapper } = await panelAfterDice([1, 1, 4, 2, 3])
    await type(wrapper, 'с0 обратная 1-4')
    expect(wrapper.find('[data-testid="move-text-error"]').exists()).toBe(false)
    expect(store.selectedMove).toEqual({ start: 'c0', type: 'reverse', lengths: [1, 4] })
    expect(wrapper.find('[data-testid="confirm-throw"]').exists()).toBe(true)
  })
})
