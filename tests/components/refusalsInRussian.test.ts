// Bad input anywhere is refused in the user's language and loses nothing already recorded:
// the screens show the engine's coded refusals through explainError, here in Russian.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { fakeBrowser } from 'wxt/testing'
import MoveInput from '../../components/throw/MoveInput.vue'
import ImportExport from '../../components/tools/ImportExport.vue'
import StorageReport from '../../entrypoints/sidepanel/StorageReport.vue'
import { defaultSetup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { createPinia, setActivePinia } from 'pinia'
import { useMatchStore } from '../../stores/match.ts'
import { useSetAsideStore } from '../../stores/setAsideList.ts'
import { freshMatchStore } from './freshMatchStore.ts'

enableAutoUnmount(afterEach)

let store: ReturnType<typeof useMatchStore>

beforeEach(async () => {
  store = await freshMatchStore()
})
afterEach(() => {
  store.stopWatching()
  setLocale('en')
})

const CYRILLIC = /[а-яё]/i

/** The typed-move field of a match waiting for its first throw, after these dice. */
async function moveInput(values: number[]) {
  await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'))
  await store.recordGenerator({ kind: 'dice', values })
  return mount(MoveInput, { props: { state: store.state! } })
}

describe('a typed move refused in Russian', () => {
  async function typed(text: string): Promise<string> {
    setLocale('ru')
    const wrapper = await moveInput([5, 5, 5, 5, 5])
    await wrapper.find('[data-testid="move-text"]').setValue(text)
    await wrapper.find('form').trigger('submit')
    return wrapper.find('[data-testid="move-text-error"]').text()
  }

  it('a triple whose first diagonal is shorter than the last names the rule in Russian', async () => {
    expect(await typed('d0 triple 1-3-2')).toBe('Ход нарушает форму траектории: тройная [1,3,2]: первая диагональ (1) должна быть не короче последней (2).')
  })

  it('a start cell off the field names the cell and the column', async () => {
    const text = await typed('z9 reverse 1-1')
    expect(text).toContain('z9')
    expect(text).toContain('символ 1')
    expect(text).toMatch(CYRILLIC)
    expect(text).not.toContain('⟦')
  })

  it('a length 6 is refused in Russian', async () => {
    const text = await typed('c0 reverse 1-6')
    expect(text).toContain('длина — целое число от 1 до 5')
  })
})

describe('a refusal already on screen follows a switch of language', () => {
  it('a typed move refused in English reads in Russian after the switch, and back', async () => {
    setLocale('en')
    const wrapper = await moveInput([5, 5, 5, 5, 5])
    await wrapper.find('[data-testid="move-text"]').setValue('d0 triple 1-3-2')
    await wrapper.find('form').trigger('submit')
    const english = wrapper.find('[data-testid="move-text-error"]').text()
    expect(english).toContain('first diagonal (1)')
    setLocale('ru')
    await flushPromises()
    expect(wrapper.find('[data-testid="move-text-error"]').text()).toBe('Ход нарушает форму траектории: тройная [1,3,2]: первая диагональ (1) должна быть не короче последней (2).')
    setLocale('en')
    await flushPromises()
    expect(wrapper.find('[data-testid="move-text-error"]').text()).toBe(english)
  })

  it('a move over L is said again in the new language', async () => {
    setLocale('ru')
    const wrapper = await moveInput([2, 2, 3, 3, 1])
    await wrapper.find('[data-testid="move-text"]').setValue('e0 semaphore 5-3')
    await wrapper.find('form').trigger('submit')
    const russian = wrapper.find('[data-testid="move-text-error"]').text()
    expect(russian).toMatch(CYRILLIC)
    setLocale('en')
    await flushPromises()
    const english = wrapper.find('[data-testid="move-text-error"]').text()
    expect(english).not.toMatch(CYRILLIC)
    expect(english).toContain('5')
  })

  it('an import refused in Russian reads in English after the switch', async () => {
    setLocale('ru')
    const wrapper = mount(ImportExport)
    const input = wrapper.find('[data-testid="import-json"]')
    Object.defineProperty(input.element, 'files', { value: [new File(['{ nope'], 'broken.json')], configurable: true })
    await input.trigger('change')
    await vi.waitFor(() => expect(wrapper.find('[data-testid="import-json-message"]').exists()).toBe(true))
    expect(wrapper.find('[data-testid="import-json-message"]').text()).toMatch(CYRILLIC)
    setLocale('en')
    await flushPromises()
    expect(wrapper.find('[data-testid="import-json-message"]').text()).not.toMatch(CYRILLIC)
  })
})

describe('a corrupted match file refused in Russian', () => {
  it('says what is wrong and where, and that nothing was changed', async () => {
    await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'), 'Friday')
    const before = { id: store.currentId, ids: Object.keys(store.matches), events: store.events.length }
    const file = JSON.parse(store.exportMatch()) as { events: unknown[] }
    file.events.push({
      type: 'ThrowMade',
      move: { start: 'd0', type: 'triple', lengths: [1, 3, 2] },
      result: { position: { red: [], blue: [] }, outOfPlay: [], freeGuardViolation: false, power: 3 },
    })
    setLocale('ru')
    const wrapper = mount(ImportExport)
    const input = wrapper.find('[data-testid="import-json"]')
    Object.defineProperty(input.element, 'files', { value: [new File([JSON.stringify(file)], 'match.json')], configurable: true })
    await input.trigger('change')
    await flushPromises()
    await vi.waitFor(() => expect(wrapper.find('[data-testid="import-json-message"]').exists()).toBe(true))
    expect(wrapper.find('[data-testid="import-json-message"]').text()).toBe(
      'Файл отклонён, ничего не изменено: events[1].move: тройная [1,3,2]: первая диагональ (1) должна быть не короче последней (2)',
    )
    expect({ id: store.currentId, ids: Object.keys(store.matches), events: store.events.length }).toEqual(before)
  })
})

describe('corrupted storage reported in Russian', () => {
  it('the engine’s reason for a stored match that does not replay is said in Russian', async () => {
    store.stopWatching()
    fakeBrowser.reset()
    await fakeBrowser.storage.local.set({
      matches: { currentId: 'x', matches: { x: { id: 'x', name: 'bad', createdAt: 'a', updatedAt: 'b', events: [{ type: 'Nope' }] } } },
    })
    setActivePinia(createPinia())
    store = useMatchStore()
    await store.load()
    const setAside = useSetAsideStore()
    await setAside.load()
    setAside.stopWatching()
    setLocale('ru')
    const wrapper = mount(StorageReport)
    const text = wrapper.find('[data-testid="storage-problems"]').text()
    expect(text).toContain('Матч x: events[0].type: неизвестный вид записи "Nope"')
    expect(text).not.toContain('unknown event type')
  })
})
