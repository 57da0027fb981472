import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBrowser } from 'wxt/testing'
import MatchView from '../../components/match/MatchView.vue'
import PositionEditor from '../../components/board/PositionEditor.vue'
import { defaultSetup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import { useMatchStore } from '../../stores/match.ts'
import { useMatchViewStore } from '../../stores/matchView.ts'

enableAutoUnmount(afterEach)

async function openMatch() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const store = useMatchStore()
  await store.load()
  await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'))
  return { pinia, store }
}

describe('match screen', () => {
  beforeEach(() => {
    fakeBrowser.reset()
    setLocale('en')
  })
  afterEach(() => useMatchStore().stopWatching())

  it('the editor flags two stones on one cell and nine of a colour, and applies a valid correction', async () => {
    const { pinia, store } = await openMatch()
    const wrapper = mount(MatchView, { global: { plugins: [pinia] }, attachTo: document.body })
    await wrapper.find('[data-testid="edit-position"]').trigger('click')
    const editor = wrapper.findComponent(PositionEditor)
    await editor.find('[data-testid="cell-d8"]').trigger('click')
    await editor.find('[data-testid="editor-tool-blue"]').trigger('click')
    await editor.find('[data-testid="cell-d8"]').trigger('click')
    expect(editor.find('[data-testid="editor-error-two-stones"]').text()).toBe('d8: two stones on one cell')
    expect(editor.find('[data-testid="highlight-error-d8"]').exists()).toBe(true)
    expect(editor.find('[data-testid="editor-apply"]').attributes('disabled')).toBeDefined()
    // Drag the blue stone off d8 to e9: the mistake is gone.
    await editor.find('[data-testid="cell-d8"]').trigger('pointerdown')
    await editor.find('[data-testid="cell-e9"] rect').trigger('pointerup')
    expect(editor.find('[data-testid="editor-errors"]').exists()).toBe(false)
    await editor.find('[data-testid="editor-notation"]').setValue('R:a6,b6,c6,d6,e6,f6,g6,h6,a7 B:-')
    await editor.find('form.notation').trigger('submit')
    expect(editor.text()).toContain('9 stones') // the notation is refused, naming the rule
    // Tapped in, nine red stones are shown and named as the mistake.
    await editor.find('[data-testid="editor-tool-red"]').trigger('click')
    for (const cell of ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1']) await editor.find(`[data-testid="cell-${cell}"]`).trigger('click')
    expect(editor.find('[data-testid="editor-error-too-many-stones"]').text()).toBe('Red: 9 stones in play, at most 8')
    expect(editor.find('[data-testid="highlight-error-h1"]').exists()).toBe(true)
    await editor.find('[data-testid="editor-notation"]').setValue('R:d8 B:e9')
    await editor.find('form.notation').trigger('submit')
    await editor.find('[data-testid="editor-apply"]').trigger('click')
    await flushPromises()
    expect(store.position).toEqual({ red: ['d8'], blue: ['e9'] })
    expect(store.events.at(-1)?.type).toBe('PositionCorrected')
  })

  it('trap 1: after a refused Read, Apply stays disabled; nothing unread is recorded (in Russian)', async () => {
    const { pinia, store } = await openMatch()
    setLocale('ru')
    const wrapper = mount(MatchView, { global: { plugins: [pinia] }, attachTo: document.body })
    await wrapper.find('[data-testid="edit-position"]').trigger('click')
    const editor = wrapper.findComponent(PositionEditor)
    const apply = () => editor.find('[data-testid="editor-apply"]')
    await editor.find('[data-testid="editor-notation"]').setValue('R:e9,zz')
    // Typed but not read: the board does not show it, so it cannot be applied.
    expect(apply().attributes('disabled')).toBeDefined()
    expect(editor.find('[data-testid="editor-notation-unread"]').text()).toContain('Прочесть')
    await editor.find('form.notation').trigger('submit')
    expect(editor.find('[data-testid="editor-notation-error"]').exists()).toBe(true)
    expect(apply().attributes('disabled')).toBeDefined()
    await apply().trigger('click')
    await flushPromises()
    expect(store.events.some((e) => e.type === 'PositionCorrected')).toBe(false)
    // Read successfully, the board shows it and it may be applied.
    await editor.find('[data-testid="editor-notation"]').setValue('R:d8 B:e9')
    await editor.find('form.notation').trigger('submit')
    expect(editor.find('[data-testid="stone-e9"]').exists()).toBe(true)
    expect(apply().attributes('disabled')).toBeUndefined()
    // Changing the text again after the read makes it unread once more.
    await editor.find('[data-testid="editor-notation"]').setValue('R:d8 B:e9,e8')
    expect(apply().attributes('disabled')).toBeDefined()
    await editor.find('[data-testid="editor-clear"]').trigger('click')
    expect(apply().attributes('disabled')).toBeUndefined()
    await apply().trigger('click')
    await flushPromises()
    setLocale('en')
    expect(store.position).toEqual({ red: [], blue: [] })
    expect(store.events.at(-1)?.type).toBe('PositionCorrected')
  })

  it('scores the end on demand; the linescore shows it and moves the hammer to the loser', async () => {
    const { pinia, store } = await openMatch()
    await store.correctPosition({ red: ['d8', 'e8'], blue: ['b6'] })
    const wrapper = mount(MatchView, { global: { plugins: [pinia] } })
    expect(wrapper.find('[data-testid="live-standing"]').text()).toContain('2 : 0')
    expect(wrapper.find('[data-testid="hammer-blue"]').exists()).toBe(true)
    await wrapper.find('[data-testid="score-end"]').trigger('click')
    // Before the 16th throw the referee asks once more.
    await wrapper.find('[data-testid="score-end-confirm"]').trigger('click')
    await flushPromises()
    const red = wrapper.find('[data-testid="linescore-red"]')
    expect(red.findAll('td')[0]!.text()).toBe('2')
    expect(wrapper.find('[data-testid="total-red"]').text()).toBe('2')
    // Red won end 1, so Blue, the loser, takes the hammer: Blue had it and keeps it.
    expect(wrapper.find('[data-testid="hammer-blue"]').exists()).toBe(true)
    await store.correctPosition({ red: [], blue: ['d8'] })
    await store.scoreEnd()
    await flushPromises()
    // Blue won end 2: Red, the loser, takes the hammer.
    expect(wrapper.find('[data-testid="hammer-red"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="current-hammer"]').text()).toContain('Anna')
  })

  it('undo and redo by button and by Ctrl+Z / Ctrl+Shift+Z', async () => {
    const { pinia, store } = await openMatch()
    await store.correctPosition({ red: ['d8'], blue: [] })
    const wrapper = mount(MatchView, { global: { plugins: [pinia] }, attachTo: document.body })
    await wrapper.find('[data-testid="undo"]').trigger('click')
    await flushPromises()
    expect(store.position).toEqual({ red: [], blue: [] })
    await wrapper.find('[data-testid="redo"]').trigger('click')
    await flushPromises()
    expect(store.position).toEqual({ red: ['d8'], blue: [] })
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', code: 'KeyZ', ctrlKey: true }))
    await flushPromises()
    expect(store.position).toEqual({ red: [], blue: [] })
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Z', code: 'KeyZ', ctrlKey: true, shiftKey: true }))
    await flushPromises()
    expect(store.position).toEqual({ red: ['d8'], blue: [] })
    // On a Russian layout the same key types «я»: the shortcut goes by the key's place.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'я', code: 'KeyZ', ctrlKey: true }))
    await flushPromises()
    expect(store.position).toEqual({ red: [], blue: [] })
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Я', code: 'KeyZ', ctrlKey: true, shiftKey: true }))
    await flushPromises()
    expect(store.position).toEqual({ red: ['d8'], blue: [] })
    // A 'z' typed elsewhere on the keyboard (another layout's Y key) is not the shortcut.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', code: 'KeyY', ctrlKey: true }))
    await flushPromises()
    expect(store.position).toEqual({ red: ['d8'], blue: [] })
  })

  it('opening an event-log line shows the position then; undone lines are marked', async () => {
    const { pinia, store } = await openMatch()
    await store.correctPosition({ red: ['d8'], blue: [] })
    await store.correctPosition({ red: ['d8', 'c7'], blue: ['e9'] })
    await store.undo()
    const wrapper = mount(MatchView, { global: { plugins: [pinia] } })
    const log = wrapper.find('[data-testid="event-log"]')
    expect(log.findAll('li')).toHaveLength(4)
    expect(log.find('.undone').text()).toContain('R:c7,d8 B:e9')
    await wrapper.find('[data-testid="log-line-2"]').trigger('click')
    expect(useMatchViewStore().viewedLogIndex).toBe(2)
    expect(wrapper.find('[data-testid="viewing-log"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="stone-e9"]').exists()).toBe(true)
    // The throw controls act on the present, so they pause while the past is on the board.
    expect(wrapper.find('[data-testid="live-controls"]').attributes('inert')).toBeDefined()
    expect(wrapper.find('[data-testid="live-paused"]').exists()).toBe(true)
    await wrapper.find('[data-testid="back-to-now"]').trigger('click')
    expect(wrapper.find('[data-testid="stone-e9"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="live-controls"]').attributes('inert')).toBeUndefined()
    expect(wrapper.find('[data-testid="live-paused"]').exists()).toBe(false)
  })

  it('pointing at a move previews it on the board; choosing it opens the replay with path, hits and ghosts', async () => {
    const { pinia, store } = await openMatch()
    await store.correctPosition({ red: [], blue: ['c2'] })
    await store.recordGenerator({ kind: 'dice', values: [2, 2, 4, 1, 3] })
    const wrapper = mount(MatchView, { global: { plugins: [pinia] } })
    // Pointing at a move draws it on the board only: the replay panel waits for a choice.
    await wrapper.find('[data-move="c0 reverse 2,4"]').trigger('mouseenter')
    expect(wrapper.findAll('[data-testid="board-hit"]')).toHaveLength(1)
    expect(wrapper.find('[data-testid="throw-replay"]').exists()).toBe(false)
    await wrapper.find('[data-move="c0 reverse 2,4"]').trigger('mouseleave')
    expect(wrapper.findAll('[data-testid="board-path"]')).toHaveLength(0)
    await wrapper.find('[data-move="c0 reverse 2,4"]').trigger('click')
    expect(wrapper.find('[data-testid="throw-replay"]').exists()).toBe(true)
    expect(wrapper.findAll('[data-testid="board-path"]').length).toBeGreaterThanOrEqual(2)
    expect(wrapper.findAll('[data-testid="board-hit"]')).toHaveLength(1)
    expect(wrapper.find('[data-testid="ghost-g5"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="ghost-c3"]').exists()).toBe(true)
  })

  it('a tie after the agreed ends goes to an extra end, and the linescore names the winner', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const store = useMatchStore()
    await store.load()
    await store.createMatch({ ...defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'), ends: 6 })
    // Six ends: Red scores 1 in end 1, Blue 1 in end 2, then four 0 : 0 ends (a stone outside the house).
    const ends = [{ red: ['d8'], blue: [] }, { red: [], blue: ['d8'] }]
    for (let end = 0; end < 6; end++) {
      await store.correctPosition(ends[end] ?? { red: ['a12'], blue: [] })
      await store.scoreEnd()
    }
    const wrapper = mount(MatchView, { global: { plugins: [pinia] } })
    expect(wrapper.find('[data-testid="extra-end"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="match-header"]').text()).toContain('Extra end (7)')
    expect(wrapper.find('[data-testid="linescore"] thead').text()).toContain('+1')
    await store.correctPosition({ red: [], blue: ['e9', 'd9'] })
    await store.scoreEnd()
    await flushPromises()
    // The winner's points first: Boris (blue) won 3 : 1.
    expect(wrapper.find('[data-testid="match-winner"]').text()).toBe('Final Boris wins 3 : 1')
    // The header and the result panel say the match is over; the throw panel does not repeat it.
    expect(wrapper.find('[data-testid="match-header"]').text()).toContain('Match over')
    expect(wrapper.find('[data-testid="throw-panel"]').text()).toBe('')
  })
})
