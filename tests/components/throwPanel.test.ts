import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import ThrowPanel from '../../components/throw/ThrowPanel.vue'
import { defaultSetup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'
import { storage } from 'wxt/utils/storage'
import { diceDraftItem, matchKey, type StoredMatch } from '../../stores/storageItems.ts'

enableAutoUnmount(afterEach)

async function matchWithBlueGuard() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const store = useMatchStore()
  await store.load()
  // Blue has the hammer, so Red throws first; a blue stone stands on c2.
  await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'))
  await store.correctPosition({ red: [], blue: ['c2'] })
  return { pinia, store }
}

async function tapDice(wrapper: ReturnType<typeof mount>, faces: number[]) {
  for (const face of faces) await wrapper.find(`[data-testid="dice-face-${face}"]`).trigger('click')
}

describe('ThrowPanel: a throw from the dice to the applied move', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setLocale('en')
  })
  afterEach(() => useMatchStore().stopWatching())

  it('enters the dice, shows the limits, lists the legal moves, replays one with its hits and applies it', async () => {
    const { pinia, store } = await matchWithBlueGuard()
    const wrapper = mount(ThrowPanel, { global: { plugins: [pinia] } })
    // Five empty slots say how many dice are to be tapped; each tap fills one.
    expect(wrapper.findAll('[data-testid="die-slot"]')).toHaveLength(5)
    // A 6 waits for the re-rolled value.
    await tapDice(wrapper, [2, 2, 6])
    expect(wrapper.findAll('[data-testid="die-slot"]')).toHaveLength(2)
    expect(wrapper.text()).toContain('re-roll')
    // The fifth final face is the roll: recorded with no further step.
    await tapDice(wrapper, [4, 1, 3])
    await flushPromises()
    expect(wrapper.find('[data-testid="dice-record"]').exists()).toBe(false)
    expect(store.state?.generatorReading?.combination).toBe('pair')
    expect(wrapper.find('[data-testid="limit-l"]').text()).toContain('1')
    expect(wrapper.find('[data-testid="limit-l2"]').text()).toContain('First throw')
    // Pair {2, 4}: only reverse [2, 4], from each of the four start cells (RULES.md §7).
    const moves = wrapper.findAll('[data-testid="legal-move"]')
    expect(moves.map((m) => m.attributes('data-move'))).toEqual([
      'c0 reverse 2,4', 'd0 reverse 2,4', 'e0 reverse 2,4', 'f0 reverse 2,4',
    ])
    await moves[0]!.trigger('click')
    const hits = wrapper.findAll('[data-testid="replay-line-hit"]')
    expect(hits).toHaveLength(1)
    expect(hits[0]!.text()).toContain('c2')
    await wrapper.find('[data-testid="confirm-throw"]').trigger('click')
    await flushPromises()
    // c0 up to c1, hits c2 with 1 left (c2 → c3); then NE 4 from c1: d2 e3 f4 g5.
    expect(store.position).toEqual({ red: ['g5'], blue: ['c3'] })
    const stored = await storage.getItem<StoredMatch>(matchKey(store.currentId!))
    expect(stored?.events.at(-1)?.type).toBe('ThrowMade')
    expect(wrapper.find('[data-testid="throw-status"]').text()).toContain('throw 2')
  })

  it('keys: digits 1–6 enter the faces, Backspace takes one back; the fifth is the roll and the keyboard moves on to the moves, then Confirm, then the next dice', async () => {
    const { pinia, store } = await matchWithBlueGuard()
    const wrapper = mount(ThrowPanel, { global: { plugins: [pinia] }, attachTo: document.body })
    const pad = wrapper.find('[data-testid="dice-entry"]')
    const press = async (target: ReturnType<typeof wrapper.find>, key: string, code = key) => target.trigger('keydown', { key, code })
    await press(pad, '2', 'Digit2')
    await press(pad, '5', 'Digit5')
    await press(pad, 'Backspace')
    // On a Russian layout the digits row still types digits; the numeric keypad works too.
    await press(pad, '2', 'Digit2')
    await press(pad, '4', 'Numpad4')
    await press(pad, '1', 'Digit1')
    expect(store.state?.generator).toBeNull()
    await press(pad, '3', 'Digit3')
    await flushPromises()
    expect(store.state?.generator).toEqual({ kind: 'dice', values: [2, 2, 4, 1, 3] })
    // After the dice, the keyboard is on the first legal move.
    expect(document.activeElement?.getAttribute('data-move')).toBe('c0 reverse 2,4')
    ;(document.activeElement as HTMLElement).click()
    await flushPromises()
    expect(document.activeElement?.getAttribute('data-testid')).toBe('confirm-throw')
    // Enter on the panel confirms the chosen move; the keyboard goes to the next throw's dice.
    await wrapper.find('[data-testid="throw-panel"]').trigger('keydown', { key: 'Enter', code: 'Enter' })
    await flushPromises()
    expect(store.state?.throwNumber).toBe(2)
    expect(document.activeElement?.getAttribute('data-testid')).toBe('dice-entry')
    wrapper.unmount()
  })

  it('marks the moves the free-guard rule would void, naming the guard, and those that stop in the house, before any preview', async () => {
    const { pinia, store } = await matchWithBlueGuard()
    // Red's throw 1, then the field as the referee sees it: a red guard on g5. Throw 2 is Blue's.
    await store.recordGenerator({ kind: 'dice', values: [1, 1, 2, 3, 4] })
    await store.makeThrow({ start: 'c0', type: 'reverse', lengths: [1, 4] })
    await store.correctPosition({ red: ['g5'], blue: [] })
    await store.recordGenerator({ kind: 'dice', values: [2, 2, 4, 1, 3] })
    const wrapper = mount(ThrowPanel, { global: { plugins: [pinia] } })
    const buttons = wrapper.findAll('[data-testid="legal-move"]')
    const marks = Object.fromEntries(buttons.map((b) => [b.attributes('data-move'), b.attributes('data-mark') ?? null]))
    // Reverse [2, 4]: from d0 the diagonal pushes g5 off the field on throw 2 (void, §5); from c0
    // it stops on g6 and from f0 on b6, both in the house; from e0 on a6, outside every zone.
    expect(marks).toEqual({ 'c0 reverse 2,4': 'house', 'd0 reverse 2,4': 'void', 'e0 reverse 2,4': null, 'f0 reverse 2,4': 'house' })
    expect(buttons[1]!.attributes('aria-label')).toContain('protects the guard on g5')
    expect(buttons[0]!.attributes('aria-label')).toContain('in the house, on g6')
    expect(wrapper.find('[data-testid="moves-legend"]').text()).toContain('void (free-guard rule)')
    // Marked before any preview: nothing is chosen yet.
    expect(wrapper.find('[data-testid="throw-replay"]').exists()).toBe(false)
  })

  it('a poker (1,160 moves) is narrowed in a few taps, never listed whole: type, then lengths', async () => {
    const { pinia, store } = await matchWithBlueGuard()
    await store.recordGenerator({ kind: 'dice', values: [4, 4, 4, 4, 4] })
    const wrapper = mount(ThrowPanel, { global: { plugins: [pinia] } })
    const list = wrapper.find('[data-testid="legal-moves"]')
    expect(list.attributes('data-total')).toBe('1160')
    expect(wrapper.findAll('[data-testid="legal-move"]')).toHaveLength(0)
    expect(wrapper.find('[data-testid="moves-pick-type"]').exists()).toBe(true)
    let taps = 0
    const tap = async (testid: string) => {
      taps++
      await wrapper.find(`[data-testid="${testid}"]`).trigger('click')
    }
    // A quadruple [5, 3, 2, 1] from d0.
    await tap('move-type-quadruple')
    for (const value of [5, 3, 2, 1]) {
      if (wrapper.find('[data-move="d0 quadruple 5,3,2,1"]').exists()) break
      expect(wrapper.find('[data-testid="moves-pick-length"]').exists()).toBe(true)
      await tap(`move-length-${value}`)
    }
    const rows = wrapper.findAll('[data-testid^="move-row-"]')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThanOrEqual(6)
    await tap('legal-move"][data-move="d0 quadruple 5,3,2,1')
    // The type, three lengths, the move: five taps out of 1,160 moves.
    expect(taps).toBeLessThanOrEqual(5)
    expect(wrapper.find('[data-testid="side-move"]').text()).toContain('5-3-2-1')
    // "Show all" goes back to the whole set.
    await wrapper.find('[data-testid="moves-clear"]').trigger('click')
    expect(wrapper.find('[data-testid="moves-count"]').text()).toContain('1160')
  })

  it('types a move in notation and refuses one over the limit', async () => {
    const { pinia, store } = await matchWithBlueGuard()
    await store.recordGenerator({ kind: 'dice', values: [3, 3, 3, 1, 2] })
    const wrapper = mount(ThrowPanel, { global: { plugins: [pinia] } })
    await wrapper.find('[data-testid="move-text"]').setValue('d0 quadruple 3-1-2-1')
    await wrapper.find('form').trigger('submit')
    expect(wrapper.find('[data-testid="move-text-error"]').text()).toBe('A three allows nothing stronger than a triple; a quadruple needs power 4.')
    await wrapper.find('[data-testid="move-text"]').setValue('d0 тройная 3-2-1')
    await wrapper.find('form').trigger('submit')
    expect(wrapper.find('[data-testid="selected-move"]').text()).toContain('triple [3, 2, 1]')
  })

  it('the dice operation roll by roll enforces the re-roll of sixes', async () => {
    const { pinia, store } = await matchWithBlueGuard()
    const wrapper = mount(ThrowPanel, { global: { plugins: [pinia] } })
    await wrapper.find('[data-testid="dice-mode-operation"]').trigger('click')
    await tapDice(wrapper, [6, 2, 2, 4, 1])
    await wrapper.find('[data-testid="dice-add-roll"]').trigger('click')
    // The free re-roll must include the 6 (die 1): it is already chosen; tap its new value.
    expect(wrapper.find('[data-testid="die-0"]').attributes('aria-pressed')).toBe('true')
    await tapDice(wrapper, [6])
    await wrapper.find('[data-testid="dice-add-roll"]').trigger('click')
    expect(wrapper.find('[data-testid="dice-step"]').text()).toContain('Only the sixes')
    await tapDice(wrapper, [3])
    await wrapper.find('[data-testid="dice-add-roll"]').trigger('click')
    await wrapper.find('[data-testid="dice-record"]').trigger('click')
    await flushPromises()
    const generator = store.state?.generator
    expect(generator?.kind === 'dice' && generator.operation?.rolls).toHaveLength(3)
    expect(store.state?.generatorReading?.combination).toBe('pair')
  })

  it('dice tapped but not recorded are still there after closing and reopening the panel', async () => {
    const { pinia } = await matchWithBlueGuard()
    const first = mount(ThrowPanel, { global: { plugins: [pinia] } })
    await flushPromises()
    await tapDice(first, [5, 4])
    await flushPromises()
    first.unmount()
    const again = mount(ThrowPanel, { global: { plugins: [pinia] } })
    await flushPromises()
    expect(again.find('[data-testid="die-0"]').text()).toBe('5')
    expect(again.find('[data-testid="die-1"]').text()).toBe('4')
    await tapDice(again, [4, 1, 2])
    await flushPromises()
    // Recorded: the draft is gone.
    expect(again.find('[data-testid="throw-limits"]').exists()).toBe(true)
    expect(await diceDraftItem.getValue()).toBeNull()
  })
})
