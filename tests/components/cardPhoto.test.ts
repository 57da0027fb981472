import { beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import CardPhoto from '../../components/photo/CardPhoto.vue'
import { setLocale } from '../../i18n/index.ts'
import type { CardReading } from '../../vision/cards.ts'
import type { CardPhotoResult } from '../../vision/cards/photoReader.ts'

// The recogniser is mocked: these tests are about the player's flow, not about vision.
const reader = vi.hoisted(() => ({
  readCardPhoto: vi.fn<(file: Blob) => Promise<CardPhotoResult>>(),
  releaseCardReader: vi.fn(async () => {}),
  prepareCardReader: vi.fn(),
}))
vi.mock('../../vision/cards/photoReader.ts', () => reader)

function reading(card: string | null, confidence: number, irregular = false): CardReading {
  const corners: CardReading['corners'] = [
    { x: 10, y: 10 },
    { x: 60, y: 10 },
    { x: 60, y: 80 },
    { x: 10, y: 80 },
  ]
  return { card, confidence, uncertain: confidence < 0.5 || irregular, rank: null, suit: null, corners, centre: { x: 35, y: 45 }, irregular }
}

function photoOf(...cards: CardReading[]): CardPhotoResult {
  return { cards, width: 400, height: 300, ocrUsed: true }
}

async function choosePhoto(wrapper: VueWrapper): Promise<void> {
  const input = wrapper.find('[data-testid="card-photo-file"]')
  Object.defineProperty(input.element, 'files', { value: [new File(['jpeg'], 'cards.jpg', { type: 'image/jpeg' })] })
  await input.trigger('change')
  await flushPromises()
}

const rows = (wrapper: VueWrapper) => wrapper.findAll('[data-testid="card-photo-row"]')
const applyButton = (wrapper: VueWrapper) => wrapper.find('[data-testid="card-photo-apply"]')

beforeEach(() => {
  setLocale('en')
  reader.readCardPhoto.mockReset()
  URL.createObjectURL = vi.fn(() => 'blob:photo')
  URL.revokeObjectURL = vi.fn()
})

describe('CardPhoto', () => {
  it('starts the reader (and its tesseract) as soon as the tool opens, before any photo', async () => {
    reader.prepareCardReader.mockClear()
    mount(CardPhoto)
    await flushPromises()
    expect(reader.prepareCardReader).toHaveBeenCalledOnce()
    expect(reader.readCardPhoto).not.toHaveBeenCalled()
  })

  it('shows the cards read with how sure it is, and applies them once the unsure one is confirmed', async () => {
    reader.readCardPhoto.mockResolvedValue(photoOf(reading('10H', 0.93), reading('QS', 0.31), reading('JK', 0.95)))
    const wrapper = mount(CardPhoto)
    await choosePhoto(wrapper)

    expect(reader.readCardPhoto).toHaveBeenCalledOnce()
    expect(wrapper.find('[data-testid="card-photo-summary"]').text()).toContain('Found 3 cards')
    expect(rows(wrapper)).toHaveLength(3)
    expect(rows(wrapper)[0]!.text()).toContain('sure: 93%')
    expect(rows(wrapper)[1]!.classes()).toContain('unsure')
    expect(rows(wrapper)[1]!.text()).toContain('is this right?')
    expect(applyButton(wrapper).attributes('disabled')).toBeDefined()
    expect(wrapper.find('[data-testid="card-photo-blocking"]').text()).toContain('Confirm or correct')

    await rows(wrapper)[1]!.find('[data-testid="card-photo-confirm"]').trigger('click')
    expect(applyButton(wrapper).attributes('disabled')).toBeUndefined()
    await applyButton(wrapper).trigger('click')
    expect(wrapper.emitted('apply-cards')).toEqual([[['10H', 'QS', 'JK']]])
  })

  it('takes a correction in place of the card read, which also settles an unsure card', async () => {
    reader.readCardPhoto.mockResolvedValue(photoOf(reading('8C', 0.2), reading('2D', 0.9)))
    const wrapper = mount(CardPhoto)
    await choosePhoto(wrapper)
    await rows(wrapper)[0]!.find('select').setValue('8S')
    await rows(wrapper)[1]!.find('select').setValue('3D')
    expect(rows(wrapper)[0]!.classes()).not.toContain('unsure')
    await applyButton(wrapper).trigger('click')
    expect(wrapper.emitted('apply-cards')).toEqual([[['8S', '3D']]])
  })

  it('asks for a card the deck cannot hold, and offers only that deck’s cards', async () => {
    reader.readCardPhoto.mockResolvedValue(photoOf(reading('2H', 0.99), reading('AS', 0.99)))
    const wrapper = mount(CardPhoto, { props: { deck: 36 } })
    await choosePhoto(wrapper)
    const select = rows(wrapper)[0]!.find('select')
    expect((select.element as HTMLSelectElement).value).toBe('')
    expect(rows(wrapper)[0]!.classes()).toContain('unsure')
    const offered = select.findAll('option').map((o) => o.attributes('value'))
    expect(offered).not.toContain('2H')
    expect(offered).not.toContain('JK')
    expect(offered).toContain('6H')
    await select.setValue('6H')
    await applyButton(wrapper).trigger('click')
    expect(wrapper.emitted('apply-cards')).toEqual([[['6H', 'AS']]])
  })

  it('refuses the same card twice and a wrong number of cards', async () => {
    reader.readCardPhoto.mockResolvedValue(photoOf(reading('KH', 0.9), reading('KH', 0.9)))
    const wrapper = mount(CardPhoto, { props: { expectedCount: 3 } })
    await choosePhoto(wrapper)
    expect(wrapper.find('[data-testid="card-photo-blocking"]').text()).toContain('K♥ appears twice')
    await rows(wrapper)[1]!.find('select').setValue('KD')
    expect(wrapper.find('[data-testid="card-photo-blocking"]').text()).toBe('Expected 3 cards, have 2.')
    await wrapper.find('[data-testid="card-photo-add"]').trigger('click')
    expect(wrapper.find('[data-testid="card-photo-blocking"]').text()).toContain('Confirm or correct')
    await rows(wrapper)[2]!.find('select').setValue('2C')
    await applyButton(wrapper).trigger('click')
    expect(wrapper.emitted('apply-cards')).toEqual([[['KH', 'KD', '2C']]])
  })

  it('removes a card found in error', async () => {
    reader.readCardPhoto.mockResolvedValue(photoOf(reading('5S', 0.9), reading(null, 0, true)))
    const wrapper = mount(CardPhoto)
    await choosePhoto(wrapper)
    expect(rows(wrapper)[1]!.text()).toContain('touching')
    await rows(wrapper)[1]!.find('[data-testid="card-photo-remove"]').trigger('click')
    await applyButton(wrapper).trigger('click')
    expect(wrapper.emitted('apply-cards')).toEqual([[['5S']]])
  })

  it('says so when the photo cannot be read, and cancels without applying', async () => {
    reader.readCardPhoto.mockRejectedValue(new Error('not an image'))
    const wrapper = mount(CardPhoto)
    await choosePhoto(wrapper)
    expect(wrapper.find('[data-testid="card-photo-failure"]').text()).toContain('not an image')
    expect(applyButton(wrapper).exists()).toBe(false)
    await wrapper.find('[data-testid="card-photo-cancel"]').trigger('click')
    expect(wrapper.emitted('cancel')).toHaveLength(1)
    expect(wrapper.emitted('apply-cards')).toBeUndefined()
  })

  it('speaks Russian', async () => {
    setLocale('ru')
    reader.readCardPhoto.mockResolvedValue(photoOf(reading('QS', 0.9), reading('QH', 0.9)))
    const wrapper = mount(CardPhoto)
    await choosePhoto(wrapper)
    expect(wrapper.find('[data-testid="card-photo-summary"]').text()).toContain('Найдено 2 карты')
    expect(wrapper.find('[data-testid="card-photo-apply"]').text()).toBe('Использовать эти карты')
  })

  it('stops the reader when the tool closes', async () => {
    reader.readCardPhoto.mockResolvedValue(photoOf(reading('QS', 0.9)))
    const wrapper = mount(CardPhoto)
    await choosePhoto(wrapper)
    wrapper.unmount()
    await flushPromises()
    expect(reader.releaseCardReader).toHaveBeenCalled()
  })
})
