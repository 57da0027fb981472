import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import App from '../../entrypoints/sidepanel/App.vue'
import { defaultSetup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'
import { quarantineItem } from '../../stores/storageItems.ts'

enableAutoUnmount(afterEach)

async function openPanel() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const wrapper = mount(App, { global: { plugins: [pinia] } })
  await flushPromises()
  return wrapper
}

async function settle() {
  for (let i = 0; i < 5; i++) {
    await flushPromises()
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('side panel', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setLocale('en')
  })

  it('starts on the match list when there is no match, and navigates between the tabs', async () => {
    const wrapper = await openPanel()
    await settle()
    expect(wrapper.find('[data-testid="nav-matches"]').attributes('aria-selected')).toBe('true')
    await wrapper.find('[data-testid="nav-rules"]').trigger('click')
    await settle()
    expect(wrapper.find('[role="tabpanel"]').attributes('id')).toBe('panel-rules')
    await wrapper.find('[data-testid="nav-settings"]').trigger('click')
    expect(wrapper.find('[data-testid="locale-en"]').exists()).toBe(true)
    await wrapper.find('[data-testid="nav-match"]').trigger('keydown', { key: 'ArrowRight' })
    expect(wrapper.find('[data-testid="nav-matches"]').attributes('aria-selected')).toBe('true')
  })

  it('the language switch re-renders everything at once', async () => {
    const wrapper = await openPanel()
    expect(wrapper.find('[data-testid="nav-match"]').text()).toBe('Match')
    await wrapper.find('[data-testid="lang-switch"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="nav-match"]').text()).toBe('Матч')
    expect(wrapper.find('[data-testid="nav-rules"]').text()).toBe('Правила')
    await wrapper.find('[data-testid="lang-switch"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="nav-match"]').text()).toBe('Match')
  })

  it('an unfinished match is there again after closing and reopening the panel', async () => {
    const first = await openPanel()
    const store = useMatchStore()
    await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'red'), 'Sunday')
    await store.correctPosition({ red: ['d8'], blue: ['c7'] })
    first.unmount()
    const reopened = await openPanel()
    await settle()
    expect(reopened.find('[data-testid="nav-match"]').attributes('aria-selected')).toBe('true')
    expect(reopened.find('[data-testid="match-header"]').text()).toContain('Sunday')
    expect(reopened.find('[data-testid="stone-d8"]').exists()).toBe(true)
    expect(reopened.find('[data-testid="stone-c7"]').exists()).toBe(true)
  })

  it('corrupted stored matches are kept aside and reported in the user’s language', async () => {
    await fakeBrowser.storage.local.set({ matches: { currentId: 'x', matches: { x: { id: 'x', name: 'bad', createdAt: '', updatedAt: '', events: [{ type: 'Nope' }] } } } })
    await fakeBrowser.storage.local.set({ settings: { locale: 'ru', theme: 'system' } })
    const wrapper = await openPanel()
    await settle()
    const report = wrapper.find('[data-testid="storage-problems"]')
    expect(report.text()).toContain('Не удалось прочесть 1 сохранённую запись')
    expect(report.text()).toContain('Матч x')
    expect((await quarantineItem.getValue())[0]?.matchId).toBe('x')
    await wrapper.find('[data-testid="storage-dismiss"]').trigger('click')
    expect(wrapper.find('[data-testid="storage-problems"]').exists()).toBe(false)
  })
})
