import { afterEach, describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import RuleSheets from '../../components/sheets/RuleSheets.vue'
import { courseOf } from '../../components/sheets/course.ts'
import { setLocale } from '../../i18n/index.ts'
import { TRAJECTORY_TYPES } from '../../engine/index.ts'

function pointsOf(svg: Element): { x: number; y: number }[] {
  return (svg.getAttribute('data-points') ?? '').split(' ').map((pair) => {
    const [x, y] = pair.split(',').map(Number)
    return { x: x!, y: y! }
  })
}

afterEach(() => setLocale('en'))

describe('rule sheets: trajectories', () => {
  it('draws all five types from a left and from a right start cell, lengths labelled', async () => {
    const wrapper = mount(RuleSheets, { props: { initialTab: 'trajectories' } })
    for (const type of TRAJECTORY_TYPES) {
      for (const side of ['left', 'right'] as const) {
        const figure = wrapper.find(`[data-testid="trajectory-${type}-${side}"]`)
        expect(figure.exists(), `${type} ${side}`).toBe(true)
        const svg = figure.find('svg')
        expect(svg.attributes('data-start')).toBe(side === 'left' ? 'd0' : 'e0')
        const legs = svg.findAll('g.leg')
        expect(legs.length, `${type} segments`).toBe(type === 'triple' ? 3 : type === 'quadruple' ? 4 : 2)
        expect(svg.findAll('text.length').map((text) => text.text())[0]).toMatch(/^A=\d$/)
      }
    }
  })

  it('a left start bends clockwise and a right start is its mirror image', () => {
    const wrapper = mount(RuleSheets, { props: { initialTab: 'trajectories' } })
    for (const type of TRAJECTORY_TYPES) {
      const left = pointsOf(wrapper.find(`[data-testid="trajectory-${type}-left"] svg`).element)
      const right = pointsOf(wrapper.find(`[data-testid="trajectory-${type}-right"] svg`).element)
      const width = 8 * 12
      expect(right.map((p) => ({ x: width - p.x, y: p.y })), type).toEqual(left)
    }
    // Triple from d0: NW first (x falls), then N, then NE (x rises).
    const triple = pointsOf(wrapper.find('[data-testid="trajectory-triple-left"] svg').element)
    expect(triple[1]!.x).toBeLessThan(triple[0]!.x)
    expect(triple[2]!.x).toBe(triple[1]!.x)
    expect(triple[3]!.x).toBeGreaterThan(triple[2]!.x)
  })

  it('a vertical aims at its row: triple [2,3,1] from d0 climbs from b2 to house horizontal 3 (b8)', () => {
    const legs = courseOf({ start: 'd0', type: 'triple', lengths: [2, 3, 1] })
    expect(legs.map((leg) => leg.to)).toEqual([
      { col: 1, row: 2 },
      { col: 1, row: 8 },
      { col: 2, row: 9 },
    ])
  })

  it('shows the attested quadruple constraint when the house rules say so (I-11)', () => {
    const wrapper = mount(RuleSheets, {
      props: {
        initialTab: 'trajectories',
        houseRules: { quadrupleConstraint: 'attested', cardLimits: { pair: 1, 'two-pairs': 2, three: 3, straight: 4, 'full-house': 5, flush: 5, four: 5 } },
      },
    })
    expect(wrapper.find('[data-testid="trajectory-quadruple"]').text()).toContain('D ≤ C (I-8, attested only)')
  })
})

describe('rule sheets: combinations and limits', () => {
  it('dice and both card rankings, with L1 and the max trajectory', () => {
    const wrapper = mount(RuleSheets)
    const dice = wrapper.findAll('[data-testid="sheets-dice"] tbody tr')
    expect(dice.map((row) => row.attributes('data-combination'))).toEqual([
      'pair', 'two-pairs', 'three', 'full-house', 'straight', 'four', 'poker',
    ])
    expect(dice[3]!.find('.limit').text()).toBe('4')
    expect(dice[3]!.find('.max span').text()).toBe('quadruple')
    const order = (id: string) => wrapper.findAll(`[data-testid="${id}"] tbody tr`).map((row) => row.attributes('data-combination'))
    expect(order('sheets-cards-36').slice(4, 6)).toEqual(['full-house', 'flush'])
    expect(order('sheets-cards-52').slice(4, 6)).toEqual(['flush', 'full-house'])
  })

  it('card L1 follows the house rules (I-11)', () => {
    const wrapper = mount(RuleSheets, {
      props: { houseRules: { quadrupleConstraint: 'strict', cardLimits: { pair: 1, 'two-pairs': 2, three: 3, straight: 5, 'full-house': 5, flush: 5, four: 5 } } },
    })
    const straight = wrapper.find('[data-testid="sheets-cards-36"] tr[data-combination="straight"]')
    expect(straight.find('.limit').text()).toBe('5')
    expect(straight.find('.max span').text()).toBe('semaphore')
  })

  it('the L2 table', async () => {
    const wrapper = mount(RuleSheets, { props: { initialTab: 'limits' } })
    const rows = wrapper.findAll('[data-testid="sheets-l2-table"] tbody tr').map((row) => row.text())
    expect(rows[0]).toContain('max(1, P − 1)')
    expect(rows[1]).toContain('min(5, P + 1)')
    expect(rows[2]).toContain('5 (no limit)')
    expect(wrapper.find('[data-testid="sheets-free-guard"]').text()).toContain('throws 2, 3, 4 and 5')
    expect(wrapper.find('[data-testid="sheets-dice-operation"]').text()).toContain('every die showing 6 must be among them')
    expect(wrapper.find('[data-testid="sheets-substitution"]').text()).toContain('never exceed 5')
  })

  it('save the last zero: the §12.3 examples give 2 : 0, 0 : 3, 2 : 0', async () => {
    const wrapper = mount(RuleSheets)
    await wrapper.find('[data-testid="sheets-tab-scoring"]').trigger('click')
    const results = wrapper.findAll('[data-testid="scoring-result"]').map((p) => p.text())
    expect(results).toEqual(['Result 2 : 0', 'Result 0 : 3', 'Result 2 : 0'])
    expect(wrapper.find('[data-testid="scoring-example-1"] tr[data-outcome="stopped"]').text()).toContain('outer')
  })
})

describe('rule sheets: referee notes', () => {
  for (const locale of ['en', 'ru'] as const) {
    it(`all eleven notes I-1 … I-11 are present in ${locale}`, async () => {
      setLocale(locale)
      const wrapper = mount(RuleSheets, { props: { initialTab: 'notes' } })
      for (let n = 1; n <= 11; n++) {
        const title = wrapper.find(`[data-testid="note-I-${n}"]`)
        const text = wrapper.find(`[data-testid="note-I-${n}-text"]`)
        expect(title.text()).toContain(`I-${n}`)
        expect(text.text()).not.toMatch(/⟦/)
        expect(text.text().length).toBeGreaterThan(30)
      }
      const i8 = wrapper.find('[data-testid="note-I-8-text"]').text()
      expect(i8).toContain(locale === 'ru' ? 'судья требует A ≥ C ≥ D' : 'requires A ≥ C ≥ D')
    })
  }
})
