import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
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
  for (const [index, value] of values.entries()) {
    await wrapper.find(`[data-testid="calc-dice-${index}"]`).setValue(String(value))
  }
}

beforeEach(() => {
  fakeBrowser.reset()
  setLocale('en')
  setActivePinia(createPinia())
})

describe('quick calculator', () => {
  it('five dice → combination, number set, L1; P and standing → L2 → L', async () => {
    const wrapper = mount(QuickCalculator)
    expect(wrapper.find('[data-testid="calc-incomplete"]').exists()).toBe(true)
    await pickDice(wrapper, [3, 1, 3, 2, 3])
    expect(wrapper.find('[data-testid="calc-combination"]').text()).toBe('three')
    expect(wrapper.find('[data-testid="calc-numbers"]').text()).toBe('{1, 2, 3}')
    expect(wrapper.find('[data-testid="calc-l1"]').text()).toBe('3')
    // First throw of an end: no L2 (5), so L = L1.
    expect(wrapper.find('[data-testid="calc-l2"]').text()).toBe('5')
    expect(wrapper.find('[data-testid="calc-l"]').text()).toBe('3')
    // RULES.md §12.4: winning after a triple (P = 3) → L2 = 2.
    await wrapper.find('[data-testid="calc-power"]').setValue('3')
    await wrapper.find('[data-testid="calc-standing"]').setValue('winning')
    expect(wrapper.find('[data-testid="calc-l2"]').text()).toBe('2')
    expect(wrapper.find('[data-testid="calc-l"]').text()).toBe('2')
    expect(wrapper.find('[data-testid="calc-allowed"]').text()).toBe('Allowed: reverse, shortened')
  })

  it('poker: any numbers; a draw after a semaphore stays at 5', async () => {
    const wrapper = mount(QuickCalculator)
    await pickDice(wrapper, [4, 4, 4, 4, 4])
    expect(wrapper.find('[data-testid="calc-combination"]').text()).toBe('poker')
    expect(wrapper.find('[data-testid="calc-numbers"]').text()).toBe('any five numbers 1–5')
    await wrapper.find('[data-testid="calc-power"]').setValue('5')
    await wrapper.find('[data-testid="calc-standing"]').setValue('draw')
    expect(wrapper.find('[data-testid="calc-l"]').text()).toBe('5')
  })
})

describe('popup', () => {
  let store: ReturnType<typeof useMatchStore>
  beforeEach(async () => {
    store = useMatchStore()
    await store.load()
  })
  afterEach(() => {
    store.stopWatching()
    vi.restoreAllMocks()
  })

  it('says when no match is open', async () => {
    const wrapper = mount(App)
    await flushPromises()
    expect(wrapper.find('[data-testid="popup-no-match"]').exists()).toBe(true)
  })

  it('shows the current match at a glance, and follows it through storage', async () => {
    await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'))
    const wrapper = mount(App)
    await flushPromises()
    expect(wrapper.find('[data-testid="popup-score"]').text()).toMatch(/Anna\s*0 : 0\s*Boris/)
    expect(wrapper.find('[data-testid="popup-end"]').text()).toBe('End 1')
    expect(wrapper.find('[data-testid="popup-throw"]').text()).toBe('Throw 1 of 16')
    expect(wrapper.find('[data-testid="popup-hammer"]').text()).toBe('Hammer: Boris')
    expect(wrapper.find('[data-testid="popup-mover"]').text()).toBe('To throw: Anna')
    expect(wrapper.find('[data-testid="popup-generator"]').exists()).toBe(false)

    // Another page (the side panel) records dice and a throw: the popup follows.
    setActivePinia(createPinia())
    const panel = useMatchStore()
    await panel.load()
    await panel.recordGenerator({ kind: 'dice', values: [1, 1, 2, 3, 4] })
    await panel.makeThrow({ start: 'd0', type: 'reverse', lengths: [1, 4] })
    panel.stopWatching()
    await flushPromises()
    await vi.waitFor(() => expect(wrapper.find('[data-testid="popup-throw"]').text()).toBe('Throw 2 of 16'))
    expect(wrapper.find('[data-testid="popup-mover"]').text()).toBe('To throw: Boris')
    await panel.load()
    await panel.recordGenerator({ kind: 'dice', values: [3, 3, 3, 1, 2] })
    panel.stopWatching()
    await vi.waitFor(() => expect(wrapper.find('[data-testid="popup-generator"]').text()).toBe('three {1, 2, 3}'))
    // The house is empty (a draw) after a reverse, P = 1: L2 = 2, so L = min(3, 2) = 2.
    expect(wrapper.find('[data-testid="popup-limit"]').text()).toBe('L = 2')
    wrapper.unmount()
  })

  it('opens the current match’s room scoreboard in a window of its own, and closes itself', async () => {
    await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'))
    const create = vi.spyOn(fakeBrowser.windows, 'create').mockResolvedValue({} as Awaited<ReturnType<typeof fakeBrowser.windows.create>>)
    const close = vi.spyOn(window, 'close').mockImplementation(() => {})
    const wrapper = mount(App)
    await flushPromises()
    expect(wrapper.find('[data-testid="open-score-sheet"]').exists()).toBe(true)
    await wrapper.find('[data-testid="open-scoreboard"]').trigger('click')
    await flushPromises()
    expect(create).toHaveBeenCalledOnce()
    expect(create.mock.calls[0]![0]).toMatchObject({ type: 'popup', url: expect.stringMatching(new RegExp(`/scoreboard\\.html\\?match=${store.currentId}$`)) })
    expect(close).toHaveBeenCalled()
  })

  it('opens the side panel synchronously inside the click, with the window id read on mount', async () => {
    const open = vi.fn((_options: { windowId: number }) => Promise.resolve())
    ;(fakeBrowser as unknown as { sidePanel: unknown }).sidePanel = { open }
    const windowId = 7
    vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: windowId } as Awaited<ReturnType<typeof fakeBrowser.windows.getCurrent>>)
    const close = vi.spyOn(window, 'close').mockImplementation(() => {})
    const wrapper = mount(App)
    await flushPromises()
    wrapper.find('[data-testid="open-sidepanel"]').element.dispatchEvent(new Event('click'))
    // No tick has passed: the call happened within the click itself.
    expect(open).toHaveBeenCalledWith({ windowId })
    await flushPromises()
    expect(close).toHaveBeenCalled()
    delete (fakeBrowser as unknown as { sidePanel?: unknown }).sidePanel
  })

  it('a browser with neither side panel nor sidebar (a phone) opens the referee as a tab', async () => {
    const fake = fakeBrowser as unknown as { sidePanel?: unknown; sidebarAction?: unknown }
    const sidebarAction = fake.sidebarAction
    delete fake.sidePanel
    delete fake.sidebarAction
    const create = vi.spyOn(fakeBrowser.tabs, 'create')
    const close = vi.spyOn(window, 'close').mockImplementation(() => {})
    const wrapper = mount(App)
    await flushPromises()
    await wrapper.find('[data-testid="open-sidepanel"]').trigger('click')
    await flushPromises()
    expect(create).toHaveBeenCalledOnce()
    expect(create.mock.calls[0]![0].url).toMatch(/\/sidepanel\.html$/)
    expect(close).toHaveBeenCalled()
    expect(wrapper.find('[data-testid="open-sidepanel-error"]').exists()).toBe(false)
    fake.sidebarAction = sidebarAction
  })

  it('when not even a tab can be opened, the popup says so in the user’s language', async () => {
    const fake = fakeBrowser as unknown as { sidePanel?: unknown; sidebarAction?: unknown }
    const sidebarAction = fake.sidebarAction
    delete fake.sidePanel
    delete fake.sidebarAction
    vi.spyOn(fakeBrowser.tabs, 'create').mockRejectedValue(new Error('no tabs here'))
    const wrapper = mount(App)
    await flushPromises()
    setLocale('ru')
    await wrapper.find('[data-testid="open-sidepanel"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="open-sidepanel-error"]').text()).toBe('Не удалось открыть боковую панель: в этом браузере нет боковой панели')
    setLocale('en')
    fake.sidebarAction = sidebarAction
  })

  it('Firefox: opens the sidebar', async () => {
    const open = vi.fn(() => Promise.resolve())
    ;(fakeBrowser as unknown as { sidebarAction: unknown }).sidebarAction = { open }
    vi.spyOn(window, 'close').mockImplementation(() => {})
    const wrapper = mount(App)
    await flushPromises()
    await wrapper.find('[data-testid="open-sidepanel"]').trigger('click')
    expect(open).toHaveBeenCalledOnce()
    delete (fakeBrowser as unknown as { sidebarAction?: unknown }).sidebarAction
  })
})

describe('quick calculator: cards', () => {
  it('five cards of the chosen deck → combination and L1; a bad card is named', async () => {
    const wrapper = mount(QuickCalculator, { props: { generator: 36 } })
    await wrapper.find('[data-testid="calc-cards"]').setValue('6h 7s 8d 9c 10h')
    expect(wrapper.find('[data-testid="calc-combination"]').text()).toBe('straight')
    expect(wrapper.find('[data-testid="calc-numbers"]').text()).toBe('{1, 1, 1, 1, 1}')
    expect(wrapper.find('[data-testid="calc-l1"]').text()).toBe('4')
    await wrapper.find('[data-testid="calc-cards"]').setValue('2H 7s 8d 9c 10h')
    expect(wrapper.find('[data-testid="calc-error"]').text()).toContain('2H')
  })

  it('the house rules’ card L1 table applies (I-11)', async () => {
    const houseRules = { quadrupleConstraint: 'strict' as const, cardLimits: { pair: 1, 'two-pairs': 2, three: 3, straight: 3, 'full-house': 5, flush: 5, four: 5 } }
    const wrapper = mount(QuickCalculator, { props: { generator: 52, houseRules } })
    await wrapper.find('[data-testid="calc-cards"]').setValue('4S 5H 6D 7C 8S')
    expect(wrapper.find('[data-testid="calc-l1"]').text()).toBe('3')
    await wrapper.find('[data-testid="calc-generator"]').setValue('dice')
    expect(wrapper.find('[data-testid="calc-dice-0"]').exists()).toBe(true)
  })
})
