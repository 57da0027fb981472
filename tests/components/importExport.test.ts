import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import ImportExport from '../../components/tools/ImportExport.vue'
import { defaultSetup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import type { useMatchStore } from '../../stores/match.ts'
import { freshMatchStore } from './freshMatchStore.ts'

let store: ReturnType<typeof useMatchStore>

beforeEach(async () => {
  store = await freshMatchStore()
  await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'), 'Friday')
})
afterEach(() => {
  store.stopWatching()
  vi.restoreAllMocks()
})

/** Exports through the real button, catching the file the browser would save. */
async function exportedFile(wrapper: ReturnType<typeof mount>): Promise<{ name: string; text: string }> {
  let blob: Blob | null = null
  let name = ''
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    blob = object as Blob
    return 'blob:match'
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.download
  })
  await wrapper.find('[data-testid="export-json"]').trigger('click')
  expect(blob).not.toBeNull()
  return { name, text: await blob!.text() }
}

async function chooseFile(wrapper: ReturnType<typeof mount>, text: string) {
  const input = wrapper.find('[data-testid="import-json"]')
  Object.defineProperty(input.element, 'files', { value: [new File([text], 'match.json', { type: 'application/json' })], configurable: true })
  await input.trigger('change')
  await flushPromises()
  await vi.waitFor(() => expect(wrapper.find('[data-testid="import-json-message"]').exists()).toBe(true))
  return wrapper.find('[data-testid="import-json-message"]')
}

describe('match files', () => {
  it('exports the current match as a JSON file that imports back as a new match', async () => {
    await store.recordGenerator({ kind: 'dice', values: [1, 1, 2, 3, 4] })
    await store.makeThrow({ start: 'd0', type: 'reverse', lengths: [1, 4] })
    const wrapper = mount(ImportExport)
    const file = await exportedFile(wrapper)
    expect(file.name).toMatch(/^curling-Friday-\d{4}-\d{2}-\d{2}\.json$/)
    const parsed = JSON.parse(file.text) as { format: string; events: unknown[] }
    expect(parsed.format).toBe('curling-referee-match')
    expect(parsed.events).toHaveLength(3)

    const before = store.currentId
    const message = await chooseFile(wrapper, file.text)
    expect(message.text()).toBe('Imported “Friday”.')
    expect(store.currentId).not.toBe(before)
    expect(store.state?.throwNumber).toBe(2)
    expect(wrapper.emitted('imported')).toEqual([[store.currentId]])
  })

  it('refuses a corrupted file with a message, and the current match is unchanged', async () => {
    const wrapper = mount(ImportExport)
    const before = { id: store.currentId, matches: JSON.stringify(store.matches) }
    const message = await chooseFile(wrapper, '{"format": "curling-referee-match", "version": 1, "events": [')
    expect(message.attributes('role')).toBe('alert')
    expect(message.text()).toMatch(/^The file was refused and nothing was changed: /)
    expect(store.currentId).toBe(before.id)
    expect(JSON.stringify(store.matches)).toBe(before.matches)
  })

  it('refuses a well-formed file whose log does not replay, in Russian too, never half-applied', async () => {
    const wrapper = mount(ImportExport)
    const file = await exportedFile(wrapper)
    const broken = JSON.parse(file.text) as { events: { setup?: { ends: number } }[] }
    broken.events[0]!.setup!.ends = 7
    broken.events.push({ type: 'ThrowMade' } as never)
    setLocale('ru')
    const before = JSON.stringify(store.matches)
    const message = await chooseFile(wrapper, JSON.stringify(broken))
    expect(message.text()).toMatch(/^Файл отклонён, ничего не изменено: .+/)
    expect(JSON.stringify(store.matches)).toBe(before)
  })
})

describe('position line', () => {
  it('shows and copies the current position line', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const wrapper = mount(ImportExport)
    expect(wrapper.find('[data-testid="position-line"]').text()).toBe('R:- B:- / red 1 hammer:blue')
    await wrapper.find('[data-testid="position-copy"]').trigger('click')
    await flushPromises()
    expect(writeText).toHaveBeenCalledWith('R:- B:- / red 1 hammer:blue')
  })

  it('a pasted line becomes a correction of the match', async () => {
    const wrapper = mount(ImportExport)
    await wrapper.find('[data-testid="position-paste-input"]').setValue('R:c6,e6 B:h9 / red 1 hammer:blue')
    await wrapper.find('[data-testid="position-paste-apply"]').trigger('click')
    await flushPromises()
    expect(store.state?.position).toEqual({ red: ['c6', 'e6'], blue: ['h9'] })
    expect(store.events.at(-1)?.type).toBe('PositionCorrected')
    expect(wrapper.find('[data-testid="position-line"]').text()).toBe('R:c6,e6 B:h9 / red 1 hammer:blue')
  })

  it('refuses a bad line and a line that disagrees on the throw or the hammer', async () => {
    const wrapper = mount(ImportExport)
    const events = store.events.length
    await wrapper.find('[data-testid="position-paste-input"]').setValue('R:c6,c6 B:-')
    await wrapper.find('[data-testid="position-paste-apply"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="position-message"]').text()).toContain('c6: two stones on one cell')
    await wrapper.find('[data-testid="position-paste-input"]').setValue('R:c6 B:- / blue 2 hammer:blue')
    await wrapper.find('[data-testid="position-paste-apply"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="position-message"]').text()).toContain('the line says throw 2')
    expect(store.events.length).toBe(events)
  })
})
