import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import Board from '../../components/board/Board.vue'
import { setLocale } from '../../i18n/index.ts'

const position = { red: ['d8', 'c5'], blue: ['e9'] }

describe('Board', () => {
  it('draws the 100 cells of the field and every stone with its mark', () => {
    const wrapper = mount(Board, { props: { position } })
    expect(wrapper.findAll('[role="gridcell"]')).toHaveLength(100)
    expect(wrapper.find('[data-testid="stone-d8"]').attributes('data-color')).toBe('red')
    expect(wrapper.find('[data-testid="stone-e9"]').attributes('data-color')).toBe('blue')
    // Told apart without colour: red carries a dot (circle), blue a cross (path).
    expect(wrapper.find('[data-testid="stone-d8"] circle.mark').exists()).toBe(true)
    expect(wrapper.find('[data-testid="stone-e9"] path.mark').exists()).toBe(true)
    expect(wrapper.findAll('[data-testid^="stone-"]')).toHaveLength(3)
  })

  it('labels rows as players count them: guard 1–5, house 1–7', () => {
    setLocale('en')
    const text = mount(Board, { props: { position } }).find('.labels').text()
    expect(text).toContain('G5')
    expect(text).toContain('H7')
    expect(text).not.toContain('G6')
  })

  it('in Russian, no row label starts with a letter that reads as a digit (З1 looked like 31)', () => {
    setLocale('ru')
    const labels = mount(Board, { props: { position } }).findAll('.labels text.row-label').map((label) => label.text())
    setLocale('en')
    expect(labels).toContain('Г1')
    expect(labels).toContain('Д7')
    // З reads as 3, О as 0, Б as 6, Ч as 4: none may open a label.
    for (const label of labels) expect(label, label).not.toMatch(/^[ЗзОоБбЧч]/)
    // Each label says its zone before its number, so no label is a bare number.
    for (const label of labels) expect(label, label).toMatch(/^\p{L}/u)
  })

  it('the zone tags stand beside the field, not under stones on b11, c10 and d9', () => {
    const zones = (['outer', 'middle', 'centre'] as const).map((zone) => ({ zone, red: 1, blue: 0, leader: 'red' as const, points: 1, outcome: 'added' as const }))
    const wrapper = mount(Board, { props: { position: { red: ['b11', 'c10', 'd9'], blue: [] }, zones } })
    const fieldRight = Math.max(...wrapper.findAll('[role="gridcell"] rect').map((rect) => Number(rect.attributes('x')) + Number(rect.attributes('width'))))
    const tags = wrapper.findAll('.zone-tag rect')
    expect(tags).toHaveLength(3)
    for (const tag of tags) expect(Number(tag.attributes('x'))).toBeGreaterThanOrEqual(fieldRight)
    expect(wrapper.findAll('.zone-tag text').map((text) => text.text())).toEqual(['+1', '+1', '+1'])
  })

  it('reports a tap, a drag and the keyboard as intent', async () => {
    const wrapper = mount(Board, { props: { position } })
    await wrapper.find('[data-testid="cell-f7"]').trigger('click')
    expect(wrapper.emitted('cell-click')?.[0]).toEqual(['f7'])
    await wrapper.find('[data-testid="cell-d8"]').trigger('pointerdown')
    await wrapper.find('[data-testid="cell-d9"] rect').trigger('pointerup')
    expect(wrapper.emitted('stone-drag')?.[0]).toEqual(['d8', 'd9'])
    // The drag's own click is not a tap; a tap elsewhere right after it is.
    await wrapper.find('[data-testid="cell-d9"]').trigger('click')
    await wrapper.find('[data-testid="cell-f2"]').trigger('click')
    expect(wrapper.emitted('cell-click')?.map((e) => e[0])).toEqual(['f7', 'f2'])
    const svg = wrapper.find('svg')
    await svg.trigger('focus')
    await svg.trigger('keydown', { key: 'ArrowUp' }) // from the tapped f2 to f3
    await svg.trigger('keydown', { key: 'ArrowRight' }) // g3
    await svg.trigger('keydown', { key: 'Enter' })
    expect(wrapper.emitted('cell-click')?.at(-1)).toEqual(['g3'])
    expect(svg.attributes('aria-activedescendant')).toMatch(/g3$/)
  })

  it('draws highlights, ghosts, paths with hits and the zone tags it is handed', () => {
    const wrapper = mount(Board, {
      props: {
        position,
        highlights: [{ cell: 'd8', kind: 'error' as const }],
        ghosts: [{ cell: 'e6', color: 'blue' as const }],
        paths: [{ points: [{ col: 2, row: 0 }, { col: 2, row: 4 }], color: 'blue' as const, kind: 'thrown' as const, hits: [{ at: { col: 2, row: 4 }, energy: 1 }] }],
        zones: [{ zone: 'centre' as const, red: 1, blue: 1, leader: null, points: 0, outcome: 'equal' as const }],
      },
    })
    expect(wrapper.find('[data-testid="highlight-error-d8"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="ghost-e6"]').exists()).toBe(true)
    expect(wrapper.findAll('[data-testid="board-hit"]')).toHaveLength(1)
    expect(wrapper.find('[data-testid="zone-overlay"]').text()).toContain('=')
  })
})
