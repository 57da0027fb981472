import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enableAutoUnmount, flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import CardEntry from '../../components/throw/CardEntry.vue'
import ThrowPanel from '../../components/throw/ThrowPanel.vue'
import { cardLabel } from '../../components/throw/cardLabel.ts'
import { mainCardsFromPhoto } from '../../components/throw/mainCardsFromPhoto.ts'
import { replayCardRound, type CardRoundAction } from '../../engine/index.ts'
import type { Deck } from '../../engine/index.ts'
import { defaultSetup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'
import { cardRoundDraftItem } from '../../stores/storageItems.ts'
import type { CardReading } from '../../vision/cards.ts'
import type { CardPhotoResult } from '../../vision/cards/photoReader.ts'
import { freshMatchStore } from './freshMatchStore.ts'

// The recogniser is mocked: these tests are about where the cards read go, not about vision.
const reader = vi.hoisted(() => ({
  readCardPhoto: vi.fn<(file: Blob) => Promise<CardPhotoResult>>(),
  releaseCardReader: vi.fn(async () => {}),
  prepareCardReader: vi.fn(),
}))
vi.mock('../../vision/cards/photoReader.ts', () => reader)

enableAutoUnmount(afterEach)

/** A photo whose cards are read as given; a card ending in '?' is read unsure. */
function photoOf(...cards: string[]): CardPhotoResult {
  const readings: CardReading[] = cards.map((name, i) => {
    const unsure = name.endsWith('?')
    const corners: CardReading['corners'] = [
      { x: 10 + i * 60, y: 10 },
      { x: 60 + i * 60, y: 10 },
      { x: 60 + i * 60, y: 80 },
      { x: 10 + i * 60, y: 80 },
    ]
    return {
      card: name.replace('?', ''),
      confidence: unsure ? 0.4 : 0.95,
      uncertain: unsure,
      rank: null,
      suit: null,
      corners,
      centre: { x: 35 + i * 60, y: 45 },
      irregular: false,
    }
  })
  return { cards: readings, width: 400, height: 100, ocrUsed: true }
}

async function cardMatch(deck: Deck): Promise<ReturnType<typeof useMatchStore>> {
  const store = await freshMatchStore()
  await store.createMatch({ ...defaultSetup({ red: 'A', blue: 'B' }, 'blue'), variant: { kind: 'cards', deck } })
  return store
}

async function choosePhoto(wrapper: VueWrapper, photo: CardPhotoResult): Promise<void> {
  reader.readCardPhoto.mockResolvedValueOnce(photo)
  await vi.waitFor(() => expect(wrapper.find('[data-testid="card-photo-file"]').exists()).toBe(true))
  const input = wrapper.find('[data-testid="card-photo-file"]')
  Object.defineProperty(input.element, 'files', { value: [new File(['jpeg'], 'cards.jpg', { type: 'image/jpeg' })], configurable: true })
  await input.trigger('change')
  await flushPromises()
}

const mainCards = (wrapper: VueWrapper) => wrapper.find('[data-testid="round-main"]').findAll('.face').map((card) => card.text())
const phase = (wrapper: VueWrapper) => wrapper.find('[data-testid="card-round-phase"]').text()
const labels = (...cards: string[]) => cards.map(cardLabel)

/** 52 cards, round 1 played with no throws in between: K♥ was the first player's substitution card. */
const ROUND_ONE: CardRoundAction[] = [
  ...['2C', '3C', '4C', '5C', '6C', '7C'].map((card) => ({ type: 'deal-main' as const, card })),
  { type: 'draw', player: 'first', card: 'KH' },
  { type: 'place', player: 'first', beside: ['KH', null, null, null, null, null], unused: 1 },
  { type: 'place', player: 'second', beside: [null, null, null, null, null, null], unused: 0 },
  { type: 'close-round' },
]

/**
 * A 52-card match with round 1 recorded (the first hand thrown as a null, the second, a flush,
 * as a reverse), the round closed at throw 3: K♥ is the one main card on the table.
 */
async function afterRoundOneRecorded(): Promise<ReturnType<typeof useMatchStore>> {
  const store = await cardMatch(52)
  await store.recordGenerator({ kind: 'cards', hand: ['KH', '4C', '5C', '6C', '7C'], roundActions: ROUND_ONE.slice(0, 8) })
  await store.makeNullThrow()
  await store.recordGenerator({ kind: 'cards', hand: ['3C', '4C', '5C', '6C', '7C'], roundActions: ROUND_ONE.slice(8, 9) })
  await store.makeThrow({ start: 'd0', type: 'reverse', lengths: [1, 1] })
  await cardRoundDraftItem.setValue({ matchId: store.currentId!, eventCount: store.events.length, actions: ROUND_ONE.slice(9) })
  return store
}

beforeEach(() => {
  setLocale('en')
  reader.readCardPhoto.mockReset()
  URL.createObjectURL = vi.fn(() => 'blob:photo')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => useMatchStore().stopWatching())

describe('the guided card round: main cards from a photo', () => {
  it('52 cards: a photo of six main cards, one unsure, lays all six once it is confirmed', async () => {
    await cardMatch(52)
    const wrapper = mount(ThrowPanel)
    expect(wrapper.find('[data-testid="photo-generator"]').exists()).toBe(false)
    await wrapper.find('[data-testid="round-photo-main"]').trigger('click')
    expect(wrapper.find('[data-testid="round-photo"]').text()).toContain('all 6 main cards')
    await choosePhoto(wrapper, photoOf('QD', '5H', 'JH?', '9D', 'AS', '4C'))

    const apply = wrapper.find('[data-testid="card-photo-apply"]')
    expect(apply.attributes('disabled')).toBeDefined()
    expect(wrapper.find('[data-testid="card-photo-blocking"]').text()).toContain('Confirm or correct')
    await wrapper.find('[data-testid="card-photo-confirm"]').trigger('click')
    await apply.trigger('click')
    await flushPromises()

    expect(wrapper.find('[data-testid="round-photo"]').exists()).toBe(false)
    expect(mainCards(wrapper)).toEqual(labels('QD', '5H', 'JH', '9D', 'AS', '4C'))
    expect(phase(wrapper)).toContain('first player')
    expect(wrapper.find('[data-testid="round-hint"]').text()).toContain('Tap the unused main card.')
    // The photo's cards are round actions like any others: kept in the draft, taken back one by one.
    expect((await cardRoundDraftItem.getValue())?.actions).toHaveLength(6)
  })

  it('36 cards: five main cards fill the round; a sixth card is refused before anything is laid', async () => {
    await cardMatch(36)
    const wrapper = mount(ThrowPanel)
    await wrapper.find('[data-testid="round-photo-main"]').trigger('click')
    await choosePhoto(wrapper, photoOf('6S', '8H', '10D', 'QC', 'AS', 'KD'))
    expect(wrapper.find('[data-testid="card-photo-blocking"]').text()).toBe('Expected 5 cards, have 6.')
    expect(wrapper.find('[data-testid="card-photo-apply"]').attributes('disabled')).toBeDefined()
    expect(mainCards(wrapper)).toEqual([])

    await wrapper.findAll('[data-testid="card-photo-remove"]')[5]!.trigger('click')
    await wrapper.find('[data-testid="card-photo-apply"]').trigger('click')
    await flushPromises()
    expect(mainCards(wrapper)).toEqual(labels('6S', '8H', '10D', 'QC', 'AS'))
    // No substitution cards: the hand is the five main cards, recorded in one tap.
    await wrapper.find('[data-testid="round-record"]').trigger('click')
    await flushPromises()
    expect(useMatchStore().state?.generator).toMatchObject({ kind: 'cards', hand: ['6S', '8H', '10D', 'QC', 'AS'] })
  })

  it('keeps the main cards already on the table and lays only the new ones from the photo', async () => {
    await afterRoundOneRecorded()
    const wrapper = mount(ThrowPanel)
    await flushPromises()
    expect(mainCards(wrapper)).toEqual(labels('KH'))
    await wrapper.find('[data-testid="round-photo-main"]').trigger('click')

    // K♥ is not in the photo: it shows some other table, and nothing is laid.
    await choosePhoto(wrapper, photoOf('8D', '9D', '10D', 'JD', 'QD', 'KD'))
    await wrapper.find('[data-testid="card-photo-apply"]').trigger('click')
    expect(wrapper.find('[data-testid="round-photo-problem"]').text()).toBe(
      'The photo does not show K♥, already a main card on the table. Photograph every main card, or lay the new ones by hand.',
    )
    expect(mainCards(wrapper)).toEqual(labels('KH'))

    // 2♣ went to the discard pile when round 1 closed: the engine refuses it, and nothing is laid.
    await choosePhoto(wrapper, photoOf('8D', 'KH', '2C', '10D', 'JD', 'QD'))
    await wrapper.find('[data-testid="card-photo-apply"]').trigger('click')
    expect(wrapper.find('[data-testid="round-photo-problem"]').text()).toMatch(/^From the photo, 2♣ cannot be laid: .*2C.*discard/)
    expect(mainCards(wrapper)).toEqual(labels('KH'))

    await choosePhoto(wrapper, photoOf('8D', 'KH', '9D', '10D', 'JD', 'QD'))
    await wrapper.find('[data-testid="card-photo-apply"]').trigger('click')
    await flushPromises()
    expect(mainCards(wrapper)).toEqual(labels('KH', '8D', '9D', '10D', 'JD', 'QD'))
    expect(wrapper.find('[data-testid="round-photo-problem"]').exists()).toBe(false)
  })

  it('speaks Russian', async () => {
    await afterRoundOneRecorded()
    setLocale('ru')
    const wrapper = mount(ThrowPanel)
    await flushPromises()
    expect(wrapper.find('[data-testid="round-photo-main"]').text()).toBe('Сфотографировать основные карты')
    await wrapper.find('[data-testid="round-photo-main"]').trigger('click')
    expect(wrapper.find('[data-testid="round-photo"]').text()).toContain('Снимите все основные карты на столе (6)')
    await choosePhoto(wrapper, photoOf('8D', '9D', '10D', 'JD', 'QD', 'KD'))
    await wrapper.find('[data-testid="card-photo-apply"]').trigger('click')
    expect(wrapper.find('[data-testid="round-photo-problem"]').text()).toContain(`На фото нет карты ${cardLabel('KH')}, которая уже лежит на столе`)
  })
})

describe('mainCardsFromPhoto: the photo against the round, ruled by the engine', () => {
  const afterRoundOne = replayCardRound(52, ROUND_ONE)

  it('deals the photographed cards the round lacks, in the order read', () => {
    const result = mainCardsFromPhoto(afterRoundOne, ['8D', 'KH', '9D', '10D', 'JD', 'QD'])
    expect(result.ok && result.actions).toEqual(['8D', '9D', '10D', 'JD', 'QD'].map((card) => ({ type: 'deal-main', card })))
    expect(result.ok && result.state.phase).toBe('first-substitution')
  })

  it('names a main card missing from the photo', () => {
    expect(mainCardsFromPhoto(afterRoundOne, ['8D', '9D', '10D', 'JD', 'QD', 'KD'])).toEqual({ ok: false, missing: 'KH' })
  })

  it('passes on the engine’s refusal: a discarded card, and a seventh main card', () => {
    const discarded = mainCardsFromPhoto(afterRoundOne, ['KH', '2C', '8D', '9D', '10D', 'JD'])
    expect(!discarded.ok && 'refusal' in discarded && discarded.refusal.rule).toBe('card-out')
    const seven = mainCardsFromPhoto(afterRoundOne, ['KH', '8D', '9D', '10D', 'JD', 'QD', 'KD'])
    expect(!seven.ok && 'refusal' in seven && [seven.card, seven.refusal.rule]).toEqual(['KD', 'not-now'])
  })

  it('counts a joker already on the table once, so a second joker in the photo is new', () => {
    const oneJoker = replayCardRound(54, [{ type: 'deal-main', card: 'JK' }])
    const result = mainCardsFromPhoto(oneJoker, ['JK', '3S', 'JK', '4S', '5S', '6S'])
    expect(result.ok && result.state.main).toEqual(['JK', '3S', 'JK', '4S', '5S', '6S'])
  })
})

describe('the hand from a photo', () => {
  it('in hand mode the photo reads the five-card hand', async () => {
    await cardMatch(52)
    const wrapper = mount(ThrowPanel)
    await wrapper.find('[data-testid="cards-mode-hand"]').trigger('click')
    await wrapper.find('[data-testid="photo-generator"]').trigger('click')
    await choosePhoto(wrapper, photoOf('2H', '2S', '9C', '9D', 'KC', 'AS'))
    expect(wrapper.find('[data-testid="card-photo-blocking"]').text()).toBe('Expected 5 cards, have 6.')
    await wrapper.findAll('[data-testid="card-photo-remove"]')[5]!.trigger('click')
    await wrapper.find('[data-testid="card-photo-apply"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="card-hand"]').findAll('button').map((b) => b.text())).toEqual(labels('2H', '2S', '9C', '9D', 'KC'))
    expect(wrapper.find('[data-testid="card-reading"]').text()).toContain('two pairs')
  })

  it('CardEntry refuses more than five cards, saying so, and keeps the hand it had', async () => {
    await freshMatchStore()
    const wrapper = mount(CardEntry, { props: { deck: 52 } })
    const entry = wrapper.vm as unknown as { applyCards(cards: string[]): void }
    entry.applyCards(['2H', '3H', '4H'])
    await flushPromises()
    entry.applyCards(['2C', '3C', '4C', '5C', '6C', '7C'])
    await flushPromises()
    expect(wrapper.find('[role="alert"]').text()).toBe(
      'A hand is 5 cards, and the photo gave 6. Nothing was entered: remove the extra cards in the photo tool, or lay main cards in the guided round.',
    )
    expect(wrapper.find('[data-testid="card-hand"]').findAll('button').map((b) => b.text())).toEqual(labels('2H', '3H', '4H'))

    setLocale('ru')
    entry.applyCards(['2C', '3C', '4C', '5C', '6C', '7C'])
    await flushPromises()
    expect(wrapper.find('[role="alert"]').text()).toContain('В руке 5 карт, а на фото 6. Ничего не введено')
  })
})
