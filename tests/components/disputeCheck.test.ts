import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import DisputeCheck from '../../components/tools/DisputeCheck.vue'
import { disputeRuling } from '../../components/tools/disputeRuling.ts'
import { DEFAULT_HOUSE_RULES } from '../../engine/index.ts'
import { defaultSetup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import type { useMatchStore } from '../../stores/match.ts'
import { freshMatchStore } from './freshMatchStore.ts'

let store: ReturnType<typeof useMatchStore>

beforeEach(async () => {
  store = await freshMatchStore()
})
afterEach(() => store.stopWatching())

async function rule(
  wrapper: ReturnType<typeof mount>,
  fields: { move: string; dice?: string; position?: string; power?: string; standing?: string },
) {
  await wrapper.find('[data-testid="dispute-source-manual"]').setValue(true)
  await wrapper.find('[data-testid="dispute-input"]').setValue(fields.move)
  if (fields.dice) await wrapper.find('[data-testid="dispute-dice"]').setValue(fields.dice)
  if (fields.position) await wrapper.find('[data-testid="dispute-position"]').setValue(fields.position)
  if (fields.power) await wrapper.find('[data-testid="dispute-power"]').setValue(fields.power)
  if (fields.standing) await wrapper.find('[data-testid="dispute-standing"]').setValue(fields.standing)
  await wrapper.find('form').trigger('submit')
  return wrapper.find('[data-testid="dispute-result"]')
}

describe('dispute check', () => {
  it('a legal move, and where every stone ends, drawn on the board', async () => {
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, { move: 'd0 triple 3-2-1', dice: '3 1 3 2 3' })
    expect(result.attributes('data-legal')).toBe('true')
    expect(result.text()).toContain('Legal: three {1, 2, 3}: L1 = 3, L2 = 5, L = 3; triple (power 3) with bonuses [3, 2, 1].')
    // NW 3 from d0 to a3, up to house horizontal 2 (a7), NE 1 to b8.
    expect(wrapper.find('[data-testid="dispute-final"]').text()).toBe('After the throw: R:b8 B:-')
    expect(wrapper.find('[data-testid="dispute-out-of-play"]').text()).toBe('No stone leaves play.')
    expect(wrapper.find('[data-testid="dispute-outcome"] svg').exists()).toBe(true)
  })

  it('illegal by power, with the exact rule: winning after a triple gives L2 = 2 (§12.4)', async () => {
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, {
      move: 'd0 triple 3-2-1',
      dice: '1 2 3 4 5',
      position: 'R:d8 B:- / red 3 hammer:blue',
      power: '3',
    })
    expect(result.attributes('data-legal')).toBe('false')
    expect(result.text()).toContain('Illegal: triple has power 3, above L = min(L1 = 5, L2 = 2) = 2 (§6.4)')
    expect(wrapper.find('[data-testid="dispute-limits"]').text()).toContain('winning after P = 3: L2 = max(1, P − 1) = 2')
    expect(wrapper.find('[data-testid="dispute-outcome"]').exists()).toBe(false)
  })

  it('illegal by shape: quadruple [2,1,1,2] (§12.5, the article’s test)', async () => {
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, { move: 'd0 quadruple 2-1-1-2', dice: '1 1 1 2 2' })
    expect(result.find('strong').text()).toBe(
      'Illegal: quadruple [2, 1, 1, 2] breaks its shape (§3): Diagonal A, vertical to house horizontal V, diagonal C, horizontal D; A ≥ C ≥ D (I-8).',
    )
    expect(wrapper.find('[data-testid="dispute-detail"]').text()).toBe(
      'quadruple [2,1,1,2]: horizontal (2) must not exceed the diagonal before it (1)',
    )
  })

  it('illegal by bonuses: two pairs {1, 2} cannot give reverse [1, 4]', async () => {
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, { move: 'e0 reverse 1-4', dice: '2 2 4 1 1' })
    expect(result.text()).toContain('Illegal: lengths [1, 4] are not drawn from the number set {1, 2}')
  })

  it('reads Russian type names and answers in Russian', async () => {
    setLocale('ru')
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, { move: 'd0 тройная 3-2-1', dice: '3 1 3 2 3' })
    expect(result.text()).toMatch(/^Ход допустим: тройка/)
    expect(result.text()).toContain('тройка {1, 2, 3}')
    const illegal = await rule(wrapper, { move: 'd0 четверная 2-1-1-2', dice: '1 1 1 2 2' })
    expect(illegal.find('strong').text()).toBe(
      'Ход недопустим: четверная [2, 1, 1, 2] нарушает форму траектории (§3): Диагональ A, вертикаль до горизонтали дома V, диагональ C, горизонталь D; A ≥ C ≥ D (I-8).',
    )
  })

  it('an unreadable move names the column', async () => {
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, { move: 'd0 triangle 3-2-1', dice: '3 1 3 2 3' })
    expect(result.find('strong').text()).toMatch(/^Illegal: the move cannot be read/)
    expect(wrapper.find('[data-testid="dispute-detail"]').text()).toMatch(/^move "d0 triangle 3-2-1", column 4: /)
  })

  it('follows a match that loads or changes after mounting', async () => {
    const wrapper = mount(DisputeCheck)
    expect((wrapper.find('[data-testid="dispute-source-manual"]').element as HTMLInputElement).checked).toBe(true)
    await store.createMatch({ ...defaultSetup({ red: 'Anna', blue: 'Boris' }, 'red'), variant: { kind: 'cards', deck: 36 } })
    await store.recordGenerator({ kind: 'cards', hand: ['6H', '7S', '8D', '9C', '10H'] })
    await flushPromises()
    expect((wrapper.find('[data-testid="dispute-source-match"]').element as HTMLInputElement).checked).toBe(true)
    expect((wrapper.find('[data-testid="dispute-generator-cards-36"]').element as HTMLInputElement).checked).toBe(true)
    expect((wrapper.find('[data-testid="dispute-cards"]').element as HTMLInputElement).value).toBe('6H 7S 8D 9C 10H')
    await wrapper.find('[data-testid="dispute-input"]').setValue('f0 quadruple 1-1-1-1')
    await wrapper.find('form').trigger('submit')
    // A straight of 36 cards: numbers {1, 1, 1, 1, 1}, L1 = 4 (I-4); first throw, so L = 4.
    expect(wrapper.find('[data-testid="dispute-result"]').attributes('data-legal')).toBe('true')
  })

  it('takes the dice, the limits and the position from the current match', async () => {
    await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'))
    await store.recordGenerator({ kind: 'dice', values: [2, 2, 4, 1, 3] })
    const wrapper = mount(DisputeCheck)
    expect((wrapper.find('[data-testid="dispute-source-match"]').element as HTMLInputElement).checked).toBe(true)
    expect((wrapper.find('[data-testid="dispute-dice"]').element as HTMLInputElement).value).toBe('2 2 4 1 3')
    await wrapper.find('[data-testid="dispute-input"]').setValue('c0 reverse 2-4')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    const result = wrapper.find('[data-testid="dispute-result"]')
    expect(result.attributes('data-legal')).toBe('true')
    expect(result.text()).toContain('pair {2, 4}')
    await wrapper.find('[data-testid="dispute-input"]').setValue('c0 shortened 4-2')
    await wrapper.find('form').trigger('submit')
    expect(wrapper.find('[data-testid="dispute-result"]').text()).toContain('shortened has power 2, above L = min(L1 = 1, L2 = 5) = 1')
  })
})

describe('dispute ruling', () => {
  const context = { previousPower: null, standing: 'draw' as const, houseRules: DEFAULT_HOUSE_RULES }

  it('with jokers any reading that allows the move makes it legal (I-5)', () => {
    // Joker + A A A: the joker as a fourth ace is a four (any numbers) — a semaphore [5, 5] stands.
    const ruling = disputeRuling('d0 semaphore 5-5', { kind: 'cards', deck: 54, hand: ['AS', 'AH', 'AD', '7C', 'JK'] }, context)
    expect(ruling.legal).toBe(true)
  })

  it('a null hand allows nothing', () => {
    const ruling = disputeRuling('d0 reverse 1-1', { kind: 'cards', deck: 52, hand: ['2S', '4H', '6D', '8C', 'QS'] }, context)
    expect(ruling).toMatchObject({ legal: false, rule: 'null' })
  })

  it('bad dice are named by the engine', () => {
    const ruling = disputeRuling('d0 reverse 1-1', { kind: 'dice', values: [1, 2, 6, 4, 5] }, context)
    expect(ruling).toMatchObject({ legal: false, rule: 'generator' })
    expect(ruling.legal === false && 'detail' in ruling && ruling.detail).toContain('die 3 shows 6')
  })

  it('the attested quadruple constraint is a house rule (I-8, I-11)', () => {
    // A < C but D ≤ C: refused under the default A ≥ C ≥ D, allowed when only D ≤ C is required.
    const move = 'd0 quadruple 2-3-3-2'
    const fullHouse = { kind: 'dice' as const, values: [2, 2, 2, 3, 3] }
    expect(disputeRuling(move, fullHouse, context)).toMatchObject({ legal: false, rule: 'shape' })
    const attested = { ...context, houseRules: { ...DEFAULT_HOUSE_RULES, quadrupleConstraint: 'attested' as const } }
    expect(disputeRuling(move, fullHouse, attested).legal).toBe(true)
  })
})
