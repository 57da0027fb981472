// The quick calculator (side panel and popup) in Russian: what a generator allows comes
// from the engine (judgeContext), so a card null allows nothing — not "reverse" — and the
// types within L follow L1 and L2 as the engine rules them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import App from '../../entrypoints/popup/App.vue'
import QuickCalculator from '../../components/tools/QuickCalculator.vue'
import { defaultSetup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'

type Wrapper = ReturnType<typeof mount>

async function pickDice(wrapper: Wrapper, values: number[]) {
  for (const [index, value] of values.entries()) await wrapper.find(`[data-testid="calc-dice-${index}"]`).setValue(String(value))
}

const NULL_HAND = '2п 4ч 6б 8т Дп'
const NULL_SENTENCE = 'Нуль не разрешает ни одной траектории: брошенная фишка покидает поле, ничего не задев.'

beforeEach(() => {
  fakeBrowser.reset()
  setLocale('ru')
  setActivePinia(createPinia())
})
afterEach(() => setLocale('en'))

describe('QuickCalculator in Russian', () => {
  it('a pair allows only a reverse; after a triple the leader with a straight gets a reverse or a shortened', async () => {
    const wrapper = mount(QuickCalculator)
    await pickDice(wrapper, [2, 2, 4, 1, 3])
    expect(wrapper.find('[data-testid="calc-combination"]').text()).toBe('пара')
    expect(wrapper.find('[data-testid="calc-allowed"]').text()).toBe('Разрешено: обратная')
    await pickDice(wrapper, [1, 2, 3, 4, 5])
    await wrapper.find('[data-testid="calc-power"]').setValue('3')
    await wrapper.find('[data-testid="calc-standing"]').setValue('winning')
    expect(wrapper.find('[data-testid="calc-l"]').text()).toBe('2')
    expect(wrapper.find('[data-testid="calc-allowed"]').text()).toBe('Разрешено: обратная, укороченная')
  })

  it('a card null allows nothing, said as the rule — not «Разрешено: обратная»', async () => {
    const wrapper = mount(QuickCalculator, { props: { generator: 52 } })
    await wrapper.find('[data-testid="calc-cards"]').setValue(NULL_HAND)
    expect(wrapper.find('[data-testid="calc-combination"]').text()).toBe('нуль')
    expect(wrapper.find('[data-testid="calc-allowed"]').text()).toBe(NULL_SENTENCE)
    expect(wrapper.find('[data-testid="calc-l"]').exists()).toBe(false)
  })

  it('cards that cannot be read are refused in Russian, naming the card', async () => {
    const wrapper = mount(QuickCalculator, { props: { generator: 36 } })
    await wrapper.find('[data-testid="calc-cards"]').setValue('2ч 7п 8б 9т 10ч')
    const error = wrapper.find('[data-testid="calc-error"]').text()
    expect(error).toMatch(/^Карты не читаются: /)
    expect(error).toContain('2H')
    expect(wrapper.find('[data-testid="calc-allowed"]').exists()).toBe(false)
  })
})

describe('the popup’s calculator', () => {
  it('with the current card match, a null hand allows nothing (issue 9 §9)', async () => {
    const store = useMatchStore()
    await store.load()
    await store.createMatch({ ...defaultSetup({ red: 'Анна', blue: 'Борис' }, 'red'), variant: { kind: 'cards', deck: 52 } })
    store.stopWatching()
    const wrapper = mount(App)
    await flushPromises()
    // The popup takes the language from the settings (the browser's: English here).
    setLocale('ru')
    await flushPromises()
    expect((wrapper.find('[data-testid="calc-generator"]').element as HTMLSelectElement).value).toBe('52')
    await wrapper.find('[data-testid="calc-cards"]').setValue(NULL_HAND)
    expect(wrapper.find('[data-testid="calc-allowed"]').text()).toBe(NULL_SENTENCE)
    expect(wrapper.text()).not.toContain('Разрешено: обратная')
    wrapper.unmount()
  })
})
