import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { enableAutoUnmount, flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { fakeBrowser } from 'wxt/testing'
import ThrowPanel from '../../components/throw/ThrowPanel.vue'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'
import { openCardMatch } from './freshMatchStore.ts'

enableAutoUnmount(afterEach)

async function pick(wrapper: VueWrapper, prefix: string, card: string) {
  await wrapper.find(`[data-testid="${prefix}-rank-${card.slice(0, -1)}"]`).trigger('click')
  await wrapper.find(`[data-testid="${prefix}-suit-${card.slice(-1)}"]`).trigger('click')
}

describe('ThrowPanel: the card variant', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setLocale('en')
  })
  afterEach(() => useMatchStore().stopWatching())

  it('guides the round (main cards, placing, the second player’s draw) and records a null throw', async () => {
    const store = await openCardMatch(36)
    const wrapper = mount(ThrowPanel)
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('lay the main cards')
    for (const card of ['6S', '8H', '10D', 'QC', 'AS']) await pick(wrapper, 'main', card)
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('first player')
    // Neither player has drawn yet, and the guide says so rather than leaving the rows blank.
    expect(wrapper.find('[data-testid="round-subs-none-first"]').text()).toBe('none yet')
    expect(wrapper.find('[data-testid="round-subs-none-second"]').exists()).toBe(true)
    // No substitution cards: the hand is the five main cards — a null (RULES.md §8), read before
    // it is recorded, and recorded in one tap.
    expect(wrapper.find('[data-testid="round-hand-preview"]').text()).toContain('null')
    await wrapper.find('[data-testid="round-record"]').trigger('click')
    await flushPromises()
    expect(store.state?.generatorReading?.combination).toBe('null')
    await wrapper.find('[data-testid="null-throw"]').trigger('click')
    await flushPromises()
    expect(store.state?.throwsMade).toBe(1)
    expect(store.state?.previousPower).toBe(1) // I-7: a null counts as power 1
    // Throw 2: the second player of the round draws a 7♥ and lays it beside 6♠ with one tap.
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('second player')
    await pick(wrapper, 'draw', '7H')
    expect(wrapper.find('[data-testid="round-hint"]').text()).toBe('Tap the main card that 7♥ lies beside.')
    // Not yet laid: the hand cannot be recorded.
    expect(wrapper.find('[data-testid="round-record"]').attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid="round-main-6S"]').trigger('click')
    expect(wrapper.find('[data-testid="round-beside-6S"]').text()).toBe('7♥')
    expect(wrapper.find('[data-testid="round-hand-preview"]').text()).toContain('7♥')
    // A tap on it again takes the card back; another lays it again.
    await wrapper.find('[data-testid="round-main-6S"]').trigger('click')
    expect(wrapper.find('[data-testid="round-beside-6S"]').exists()).toBe(false)
    await wrapper.find('[data-testid="round-main-6S"]').trigger('click')
    await wrapper.find('[data-testid="round-record"]').trigger('click')
    await flushPromises()
    const generator = store.state?.generator
    expect(generator?.kind === 'cards' && generator.hand).toEqual(['7H', '8H', '10D', 'QC', 'AS'])
    expect(generator?.kind === 'cards' && generator.roundActions).toHaveLength(2)
    // The referee notes behind this throw's limits: card L1 (I-4), and P after a null (I-7).
    expect(wrapper.find('[data-testid="limit-l1"] [data-testid="referee-note-I-4"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="limit-l2"] [data-testid="referee-note-I-7"]').exists()).toBe(true)
    // Players read the note in words; the rule book's codes (I-4, I-7) are not shown to them.
    expect(wrapper.find('[data-testid="throw-limits"]').text()).not.toMatch(/I-\d/)
    expect(wrapper.find('[data-testid="limit-l1"] summary').text()).toBe('why?')
  })

  it('refuses a card that is already on the table, naming it', async () => {
    await openCardMatch(52)
    const wrapper = mount(ThrowPanel)
    await pick(wrapper, 'main', 'KH')
    await pick(wrapper, 'main', 'KH')
    expect(wrapper.find('[data-testid="round-refusal"]').text()).toContain('KH')
    // Six main cards with 52: once they are laid the hint asks for the unused one, and a tap marks it.
    for (const card of ['2C', '3D', '4S', '9H', 'JD']) await pick(wrapper, 'main', card)
    expect(wrapper.find('[data-testid="round-hint"]').text()).toContain('Tap the unused main card.')
    expect(wrapper.find('[data-testid="round-record"]').attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid="round-main-3D"]').trigger('click')
    expect(wrapper.find('[data-testid="round-unused-3D"]').text()).toBe('unused')
    expect(wrapper.find('[data-testid="round-hand-preview"]').text()).toContain('K♥ 2♣ 4♠ 9♥ J♦')
    expect(wrapper.find('[data-testid="round-record"]').attributes('disabled')).toBeUndefined()
  })

  it('card-round steps taken at the table survive closing and reopening the panel', async () => {
    await openCardMatch(36)
    const first = mount(ThrowPanel)
    await pick(first, 'main', '6S')
    await pick(first, 'main', '7S')
    await flushPromises()
    first.unmount()
    const again = mount(ThrowPanel)
    await flushPromises()
    expect(again.find('[data-testid="card-round"]').text()).toContain('3 to go')
    expect(again.find('[data-testid="card-round"]').text()).toContain('7♠')
  })

  it('an end scored early leaves no half round: the next end starts from a shuffled deck, with the reminder', async () => {
    const store = await openCardMatch(36)
    const wrapper = mount(ThrowPanel)
    for (const card of ['6S', '8H', '10D', 'QC', 'AS']) await pick(wrapper, 'main', card)
    await wrapper.find('[data-testid="round-record"]').trigger('click')
    await flushPromises()
    await wrapper.find('[data-testid="null-throw"]').trigger('click')
    await store.correctPosition({ red: ['d8'], blue: [] })
    await store.scoreEnd()
    await flushPromises()
    expect(store.state?.end).toBe(2)
    expect(wrapper.find('[data-testid="reminder-shuffle-after-end"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('Round 1, 36 cards')
    // The 6♠ of the last end is back in the deck.
    await pick(wrapper, 'main', '6S')
    expect(wrapper.find('[data-testid="round-refusal"]').exists()).toBe(false)
  })
})
