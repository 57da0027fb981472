// The guided card round inside the throw panel, as the e2e card match met it (RULES.md §8):
// a round's hands belong to that round only, and the round closes after the second throw.
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

async function click(wrapper: VueWrapper, testid: string) {
  await wrapper.find(`[data-testid="${testid}"]`).trigger('click')
  await flushPromises()
}

/** A 36-card match whose first round is two null hands thrown as nulls: 6♠ 8♥ 10♦ Q♣ A♠, then 7♥ for 6♠. */
async function afterRoundOne(): Promise<VueWrapper> {
  const store = await openCardMatch(36)
  const wrapper = mount(ThrowPanel)
  for (const card of ['6S', '8H', '10D', 'QC', 'AS']) await pick(wrapper, 'main', card)
  await click(wrapper, 'round-record')
  await click(wrapper, 'null-throw')
  await pick(wrapper, 'draw', '7H')
  await click(wrapper, 'round-main-6S')
  await click(wrapper, 'round-record')
  // The second player's hand is recorded: nothing of the round is offered while it waits for its throw.
  expect(wrapper.find('[data-testid="card-round"]').exists()).toBe(false)
  await click(wrapper, 'null-throw')
  expect(store.state?.throwNumber).toBe(3)
  return wrapper
}

describe('CardRoundGuide in the throw panel: whose hand, which round', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setLocale('en')
  })
  afterEach(() => useMatchStore().stopWatching())

  it('the next round’s first throw closes the last round by itself and offers no hand until the first player has made one', async () => {
    const wrapper = await afterRoundOne()
    // Closing is the only step the table can take: taken without a tap, with the reminder, and not offered back.
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('Round 2')
    expect(wrapper.find('[data-testid="reminder-close-round-after-second-throw"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="round-close"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="round-step-back"]').exists()).toBe(false)
    // Round 1's first hand is still on the table, but it is not throw 3's hand.
    expect(wrapper.find('[data-testid="card-hand"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="round-record"]').exists()).toBe(false)
    // 7♥ stays as a main card; four more are laid, and the first player's own hand is offered.
    for (const card of ['9S', 'JH', 'KD', '6C']) await pick(wrapper, 'main', card)
    expect(wrapper.find('[data-testid="round-hand-preview"]').text()).toContain('7♥ 9♠ J♥ K♦ 6♣')
    await click(wrapper, 'round-record')
    expect(useMatchStore().state?.generator).toMatchObject({ kind: 'cards', hand: ['7H', '9S', 'JH', 'KD', '6C'] })
  })

  it('names the colour of the round’s first and second player, in English and in Russian', async () => {
    // Red holds the hammer, so Blue throws first and is every round's first player.
    await openCardMatch(36, 'red')
    const wrapper = mount(ThrowPanel)
    for (const card of ['6S', '8H', '10D', 'QC', 'AS']) await pick(wrapper, 'main', card)
    const guide = () => wrapper.find('[data-testid="card-round"]').text()
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('first player (Blue): substitution cards')
    expect(guide()).toContain('First player’s substitution cards (Blue)')
    expect(guide()).toContain('Second player’s substitution cards (Red)')
    setLocale('ru')
    await flushPromises()
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('первый игрок (Синие): подменные карты')
    expect(guide()).toContain('Подменные карты второго игрока (Красные)')
    setLocale('en')
    await click(wrapper, 'round-record')
    await click(wrapper, 'null-throw')
    // Throw 2 is Red's: still the round's second player.
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('second player (Red): substitution cards')
    expect(guide()).toContain('First player’s substitution cards (Blue)')
  })

  it('a drawn card taken back is no longer laid, and the hand cannot be recorded without it', async () => {
    await openCardMatch(36)
    const wrapper = mount(ThrowPanel)
    for (const card of ['6S', '8H', '10D', 'QC', 'AS']) await pick(wrapper, 'main', card)
    await pick(wrapper, 'draw', '7H')
    await click(wrapper, 'round-main-8H')
    expect(wrapper.find('[data-testid="round-hand-preview"]').text()).toContain('6♠ 7♥ 10♦ Q♣ A♠')
    await click(wrapper, 'round-step-back')
    expect(wrapper.find('[data-testid="round-beside-8H"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="round-hand-preview"]').text()).toContain('6♠ 8♥ 10♦ Q♣ A♠')
    expect(wrapper.find('[data-testid="card-hand"]').exists()).toBe(false)
  })

  it('after an end scored early, end 2 records its first hand from a freshly shuffled deck (the end-2 regression)', async () => {
    const store = await openCardMatch(36)
    const wrapper = mount(ThrowPanel)
    for (const card of ['6S', '8H', '10D', 'QC', 'AS']) await pick(wrapper, 'main', card)
    await click(wrapper, 'round-record')
    await click(wrapper, 'null-throw')
    await store.scoreEnd()
    await flushPromises()
    expect(store.state).toMatchObject({ end: 2, throwNumber: 1 })
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('Round 1')
    expect(wrapper.find('[data-testid="reminder-shuffle-after-end"]').exists()).toBe(true)
    // The same cards again: the deck was shuffled, nothing of end 1 is on the table.
    for (const card of ['6S', '8H', '10D', 'QC', 'AS']) await pick(wrapper, 'main', card)
    await click(wrapper, 'round-record')
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
    await click(wrapper, 'null-throw')
    expect(store.state).toMatchObject({ end: 2, throwNumber: 2 })
  })

  it('a joker read two ways: the hand waits in the card entry for the reading, with no warning and no placing for the second player', async () => {
    await openCardMatch(54)
    const wrapper = mount(ThrowPanel)
    for (const card of ['2S', '2H', '9D', '9C', 'KS', '4D']) await pick(wrapper, 'main', card)
    await click(wrapper, 'draw-joker')
    await click(wrapper, 'round-main-KS')
    await click(wrapper, 'round-main-4D')
    await click(wrapper, 'round-record')
    // 2 2 9 9 + joker: a full house either way round — the player chooses (I-5).
    expect(useMatchStore().state?.generator).toBeNull()
    expect(wrapper.find('[data-testid="card-hand"]').text()).toContain('2♠')
    expect(wrapper.findAll('.readings input[type="radio"]').length).toBeGreaterThan(1)
    expect(wrapper.find('[data-testid="card-round"] [role="alert"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="card-round"] [role="status"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="round-record"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="draw-rank-7"]').exists()).toBe(false)
    await click(wrapper, 'cards-record')
    expect(useMatchStore().state?.generator).toMatchObject({ kind: 'cards' })
  })

  it('the second player’s placing starts blank and his own', async () => {
    await openCardMatch(36)
    const wrapper = mount(ThrowPanel)
    for (const card of ['6S', '8H', '10D', 'QC', 'AS']) await pick(wrapper, 'main', card)
    await pick(wrapper, 'draw', '7H')
    await click(wrapper, 'round-main-6S')
    await click(wrapper, 'round-record')
    await click(wrapper, 'null-throw')
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('second player')
    expect(wrapper.findAll('[data-testid^="round-beside-"]')).toHaveLength(0)
    expect(wrapper.find('[data-testid="round-hand-preview"]').text()).toContain('6♠ 8♥ 10♦ Q♣ A♠')
  })

  it('“Just the hand” for one throw keeps a pending “Close the round”; the guide goes on in step', async () => {
    const wrapper = await afterRoundOne()
    const store = useMatchStore()
    // 7♥ stayed as a main card; four more laid in the guide …
    for (const card of ['9S', 'JH', 'KD', '6C']) await pick(wrapper, 'main', card)
    // … and the first player's hand typed as it is: 8♠ drawn for K♦.
    await click(wrapper, 'cards-mode-hand')
    for (const card of ['7H', '9S', 'JH', '8S', '6C']) await pick(wrapper, 'card', card)
    await click(wrapper, 'cards-record')
    await click(wrapper, 'null-throw')
    expect(store.state).toMatchObject({ throwNumber: 4 })
    await click(wrapper, 'cards-mode-round')
    // Round 2, the second player's step, with the first player's 8♠ on the table to take.
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('Round 2')
    expect(wrapper.find('[data-testid="card-round-phase"]').text()).toContain('second player')
    expect(wrapper.find('[data-testid="card-round"]').text()).toContain('8♠')
    expect(wrapper.find('[data-testid="round-not-followed"]').exists()).toBe(false)
  })

  it('a hand typed before the main cards were laid: the guide says it no longer follows the round, calmly', async () => {
    const wrapper = await afterRoundOne()
    await click(wrapper, 'cards-mode-hand')
    for (const card of ['7H', '9S', 'JH', '8S', '6C']) await pick(wrapper, 'card', card)
    await click(wrapper, 'cards-record')
    await click(wrapper, 'null-throw')
    await click(wrapper, 'cards-mode-round')
    expect(wrapper.find('[data-testid="round-not-followed"]').attributes('role')).toBe('status')
    expect(wrapper.find('[data-testid="card-round"] [role="alert"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="round-place"]').exists()).toBe(false)
  })

  it('counts the cards in the deck with Russian plural forms', async () => {
    await openCardMatch(36)
    setLocale('ru')
    const wrapper = mount(ThrowPanel)
    const header = () => wrapper.find('[data-testid="card-round-phase"]').text()
    expect(header()).toContain('в колоде 36 карт')
    for (const card of ['6S', '8H', '10D']) await pick(wrapper, 'main', card)
    expect(header()).toContain('в колоде 33 карты')
    for (const card of ['QC', 'AS']) await pick(wrapper, 'main', card)
    expect(header()).toContain('в колоде 31 карта')
    // The placing speaks Russian too.
    expect(wrapper.find('[data-testid="round-hint"]').text()).toBe('Карта из колоды: достоинство, затем масть (ещё до 5). Затем запишите руку.')
    expect(wrapper.find('[data-testid="round-record"]').text()).toBe('Записать руку')
  })
})
