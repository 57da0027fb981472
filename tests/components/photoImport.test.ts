import { beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import PhotoImport from '../../components/photo/PhotoImport.vue'
import { setLocale } from '../../i18n/index.ts'
import type { BoardReading, CellReading, FieldCorners } from '../../vision/board.ts'
import type { DiceReading } from '../../vision/dice.ts'
import { ALL_CELLS } from '../../engine/index.ts'
import { fakeBrowser } from 'wxt/testing/fake-browser'
import { cameraCaptureItem } from '../../components/photo/cameraCapture.ts'

// The worker client is mocked: these tests are about the player's flow, not about vision.
const vision = vi.hoisted(() => ({
  proposeCorners: vi.fn(),
  readBoard: vi.fn(),
  readDice: vi.fn(),
  warmUp: vi.fn(),
  dispose: vi.fn(),
}))
vi.mock('../../vision/client.ts', () => ({
  sharedVisionClient: () => vision,
  decodeImageFile: vi.fn(async () => ({ width: 400, height: 600, data: new Uint8ClampedArray(400 * 600 * 4) })),
}))

const corners: FieldCorners = [
  { x: 50, y: 40 },
  { x: 350, y: 40 },
  { x: 350, y: 560 },
  { x: 50, y: 560 },
]

/** A reading with red on d5, blue on e8, and g3 unsure (read as blue with 55%). */
function boardReading(): BoardReading {
  const cells: CellReading[] = ALL_CELLS.filter((c) => !/^[a-h]0$/.test(c)).map((cell) => ({
    cell,
    state: cell === 'd5' ? 'red' : cell === 'e8' || cell === 'g3' ? 'blue' : 'empty',
    confidence: cell === 'g3' ? 0.55 : 0.98,
  }))
  return {
    position: { red: ['d5'], blue: ['e8', 'g3'] },
    corners,
    cells,
    uncertain: ['g3'],
    reasons: { g3: 'colour' },
    colours: { red: [200, 40, 45], blue: [40, 70, 200] },
    errors: [],
  }
}

function diceReading(): DiceReading {
  const values = [3, 6, 1, 5, 2]
  const dice = values.map((value, i) => ({ value, confidence: i === 3 ? 0.4 : 0.95, centre: { x: 60 + i * 60, y: 100 }, side: 40 }))
  return { dice, values, uncertain: [3], complete: true }
}

async function choosePhoto(wrapper: VueWrapper): Promise<void> {
  const input = wrapper.find('[data-testid="photo-file"]')
  Object.defineProperty(input.element, 'files', { value: [new File(['jpeg'], 'table.jpg', { type: 'image/jpeg' })] })
  await input.trigger('change')
  await flushPromises()
}

const applyButton = (wrapper: VueWrapper) => wrapper.find('[data-testid="photo-apply"]')

beforeEach(() => {
  setLocale('en')
  for (const fn of [vision.proposeCorners, vision.readBoard, vision.readDice, vision.warmUp]) fn.mockReset()
  vision.warmUp.mockResolvedValue(undefined)
  vision.proposeCorners.mockResolvedValue({ corners, confidence: 0.9 })
  vision.readBoard.mockImplementation(async (_image, _options, onProgress?: (f: number) => void) => {
    onProgress?.(1)
    return boardReading()
  })
  vision.readDice.mockResolvedValue(diceReading())
  URL.createObjectURL = vi.fn(() => 'blob:photo')
  URL.revokeObjectURL = vi.fn()
})

describe('PhotoImport, warming the reader up', () => {
  it('has the worker warm up the reader of its own kind as it opens, before any photo is chosen', async () => {
    mount(PhotoImport, { props: { mode: 'dice' } })
    await flushPromises()
    expect(vision.warmUp.mock.calls).toEqual([['dice']])
    mount(PhotoImport, { props: { mode: 'board' } })
    await flushPromises()
    expect(vision.warmUp.mock.calls).toEqual([['dice'], ['board']])
    expect(vision.readDice).not.toHaveBeenCalled()
  })

  it('reads the photo as usual when the warm-up fails', async () => {
    vision.warmUp.mockRejectedValue(new Error('photo reader stopped'))
    const wrapper = mount(PhotoImport, { props: { mode: 'dice' } })
    await choosePhoto(wrapper)
    expect(vision.readDice).toHaveBeenCalled()
    expect(wrapper.find('[data-testid="photo-failure"]').exists()).toBe(false)
  })
})

describe('PhotoImport, board', () => {
  it('applies nothing until the unsure cell is answered, then emits the confirmed position', async () => {
    const wrapper = mount(PhotoImport, { props: { mode: 'board' } })
    await choosePhoto(wrapper)
    expect(vision.readBoard).toHaveBeenCalledWith(expect.anything(), { corners, colours: undefined }, expect.any(Function))
    expect(wrapper.findAll('[data-testid="photo-question"]')).toHaveLength(1)
    expect(applyButton(wrapper).attributes('disabled')).toBeDefined()
    expect(wrapper.find('[data-testid="photo-blocking"]').text()).toContain('unsure')
    await applyButton(wrapper).trigger('click')
    expect(wrapper.emitted('apply-position')).toBeUndefined()

    // The player says g3 is actually empty.
    await wrapper.find('[data-testid="photo-answer-g3-empty"]').setValue(true)
    expect(applyButton(wrapper).attributes('disabled')).toBeUndefined()
    await applyButton(wrapper).trigger('click')
    expect(wrapper.emitted('apply-position')).toEqual([[{ red: ['d5'], blue: ['e8'] }]])
  })

  it('offers four labelled corner handles that the arrow keys move, and reads again', async () => {
    vi.useFakeTimers()
    const wrapper = mount(PhotoImport, { props: { mode: 'board' } })
    await choosePhoto(wrapper)
    const handle = wrapper.find('[data-testid="photo-corner-0"]')
    expect(handle.attributes('aria-label')).toContain('a12')
    expect(handle.attributes('tabindex')).toBe('0')
    await handle.trigger('keydown', { key: 'ArrowRight' })
    vi.advanceTimersByTime(400)
    await flushPromises()
    const [, options] = vision.readBoard.mock.calls.at(-1)!
    expect(options.corners[0].x).toBeGreaterThan(corners[0].x)
    vi.useRealTimers()
  })

  it('calibrates a colour from a cell picked on the diagram, and reads again with it', async () => {
    const wrapper = mount(PhotoImport, { props: { mode: 'board' } })
    await choosePhoto(wrapper)
    await wrapper.find('[data-testid="photo-tap-red"]').trigger('click')
    await wrapper.find('[data-testid="cell-d5"]').trigger('click')
    await flushPromises()
    const [, options] = vision.readBoard.mock.calls.at(-1)!
    // The mocked photo is black: the tapped colour is what the photo shows there.
    expect(options.colours.red).toEqual([0, 0, 0])
    expect(options.colours.blue).toEqual([40, 70, 200])
    expect(wrapper.emitted('apply-position')).toBeUndefined()
  })

  it('cancels without applying anything', async () => {
    const wrapper = mount(PhotoImport, { props: { mode: 'board' } })
    await choosePhoto(wrapper)
    await wrapper.find('[data-testid="photo-cancel"]').trigger('click')
    expect(wrapper.emitted('cancel')).toHaveLength(1)
    expect(wrapper.emitted('apply-position')).toBeUndefined()
  })

  it('says so when the photo cannot be read', async () => {
    vision.proposeCorners.mockRejectedValue(new Error('photo reader: no answer within 20 s'))
    const wrapper = mount(PhotoImport, { props: { mode: 'board' } })
    await choosePhoto(wrapper)
    expect(wrapper.find('[data-testid="photo-failure"]').text()).toContain('no answer within 20 s')
    expect(applyButton(wrapper).exists()).toBe(false)
  })

  it('says why each cell is asked, and how sure the reading was only where that is the reason', async () => {
    // g3: red or blue hard to tell (55 %); e8: read blue surely, but a stone in front may lean into it.
    vision.readBoard.mockResolvedValue({ ...boardReading(), uncertain: ['g3', 'e8'], reasons: { g3: 'colour', e8: 'leaning' } })
    const wrapper = mount(PhotoImport, { props: { mode: 'board' } })
    await choosePhoto(wrapper)
    const questions = wrapper.findAll('[data-testid="photo-question"]')
    expect(questions).toHaveLength(2)
    expect(wrapper.find('[data-testid="photo-why-g3"]').text()).toBe('A stone, but red or blue is hard to tell.')
    expect(questions[0]!.text()).toContain('sure: 55%')
    expect(wrapper.find('[data-testid="photo-why-e8"]').text()).toContain('in the next cell nearer you')
    expect(questions[1]!.text()).not.toContain('sure:')
    setLocale('ru')
    await flushPromises()
    expect(wrapper.find('[data-testid="photo-why-e8"]').text()).toContain('ближней к вам клетке')
  })

  it('speaks Russian too', async () => {
    setLocale('ru')
    const wrapper = mount(PhotoImport, { props: { mode: 'board' } })
    expect(wrapper.text()).toContain('Позиция по фотографии')
    expect(wrapper.text()).not.toContain('⟦')
  })
})

describe('PhotoImport, dice', () => {
  it('asks about the unsure die, then emits the five values (a six stays a six)', async () => {
    const wrapper = mount(PhotoImport, { props: { mode: 'dice' } })
    await choosePhoto(wrapper)
    expect(wrapper.findAll('[data-testid="photo-die"]')).toHaveLength(5)
    expect(applyButton(wrapper).attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid="photo-die-confirm-3"]').trigger('click')
    await applyButton(wrapper).trigger('click')
    expect(wrapper.emitted('apply-dice')).toEqual([[[3, 6, 1, 5, 2]]])
  })

  it('asks about every die the reader lists as unsure, whatever its confidence (one rule with the bench)', async () => {
    // Two readers read die 1 surely but differently: the reader lists it though each was sure.
    vision.readDice.mockResolvedValue({ ...diceReading(), uncertain: [1, 3] })
    const wrapper = mount(PhotoImport, { props: { mode: 'dice' } })
    await choosePhoto(wrapper)
    const unsure = wrapper.findAll('[data-testid="photo-die"]').map((row) => row.classes().includes('unsure'))
    expect(unsure).toEqual([false, true, false, true, false])
    await wrapper.find('[data-testid="photo-die-confirm-3"]').trigger('click')
    expect(applyButton(wrapper).attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid="photo-die-confirm-1"]').trigger('click')
    await applyButton(wrapper).trigger('click')
    expect(wrapper.emitted('apply-dice')).toEqual([[[3, 6, 1, 5, 2]]])
  })

  it('a die the photo did not show is a value to pick, not a reading to confirm', async () => {
    const read = diceReading()
    vision.readDice.mockResolvedValue({ ...read, dice: read.dice.slice(0, 4), values: read.values.slice(0, 4), uncertain: [3], complete: false })
    const wrapper = mount(PhotoImport, { props: { mode: 'dice' } })
    await choosePhoto(wrapper)
    const rows = wrapper.findAll('[data-testid="photo-die"]')
    expect(rows[4]!.text()).toContain('Not found in the photo: pick its value.')
    expect(wrapper.find('[data-testid="photo-die-confirm-4"]').exists()).toBe(false)
    await wrapper.find('[data-testid="photo-die-confirm-3"]').trigger('click')
    await wrapper.find('[data-testid="photo-die-4"]').setValue('2')
    await applyButton(wrapper).trigger('click')
    expect(wrapper.emitted('apply-dice')).toEqual([[[3, 6, 1, 5, 2]]])
  })

  it('lets the player correct a die before applying', async () => {
    const wrapper = mount(PhotoImport, { props: { mode: 'dice' } })
    await choosePhoto(wrapper)
    await wrapper.find('[data-testid="photo-die-3"]').setValue('4')
    await applyButton(wrapper).trigger('click')
    expect(wrapper.emitted('apply-dice')).toEqual([[[3, 6, 1, 4, 2]]])
  })

  it('cancels from the dice review', async () => {
    const wrapper = mount(PhotoImport, { props: { mode: 'dice' } })
    await choosePhoto(wrapper)
    await wrapper.find('[data-testid="photo-cancel"]').trigger('click')
    expect(wrapper.emitted('cancel')).toHaveLength(1)
    expect(wrapper.emitted('apply-dice')).toBeUndefined()
  })
})

describe('PhotoImport, camera', () => {
  it('offers a picture taken in the camera tab while the panel is open, and reads it', async () => {
    const wrapper = mount(PhotoImport, { props: { mode: 'dice' } })
    await flushPromises()
    expect(wrapper.find('[data-testid="photo-camera-tab"]').exists()).toBe(false)
    await cameraCaptureItem.setValue('data:image/jpeg;base64,/9j/AA==')
    await flushPromises()
    await wrapper.find('[data-testid="photo-camera-tab"]').trigger('click')
    await flushPromises()
    expect(vision.readDice).toHaveBeenCalled()
    expect(await cameraCaptureItem.getValue()).toBeNull()
  })

  it('when the camera is not yet allowed, offers the camera tab that can ask for it', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError'))) },
    })
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never)
    const wrapper = mount(PhotoImport, { props: { mode: 'dice' } })
    await wrapper.find('[data-testid="photo-camera"]').trigger('click')
    await flushPromises()
    await wrapper.find('[data-testid="photo-allow-camera"]').trigger('click')
    expect(create).toHaveBeenCalledWith({ url: expect.stringContaining('camera.html') })
    expect(wrapper.emitted('apply-dice')).toBeUndefined()
  })
})
