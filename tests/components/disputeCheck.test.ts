import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import DisputeCheck from '../../components/tools/DisputeCheck.vue'
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
    expect(result.text()).toBe('Legal: the three {1, 2, 3} gives a triple 3-2-1 within L = 3.')
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
    expect(result.text()).toBe('Leading after a throw of power 3, the mover may throw only a reverse or a shortened (L2 = 2); a triple needs power 3.')
    expect(wrapper.find('[data-testid="dispute-outcome"]').exists()).toBe(false)
  })

  it('illegal by shape: quadruple [2,1,1,2] (§12.5, the article’s test)', async () => {
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, { move: 'd0 quadruple 2-1-1-2', dice: '1 1 1 2 2' })
    expect(result.text()).toBe('The move breaks its trajectory’s shape: quadruple [2,1,1,2]: horizontal (2) must not exceed the diagonal before it (1).')
  })

  it('illegal by bonuses: two pairs {1, 2} cannot give reverse [1, 4]', async () => {
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, { move: 'e0 reverse 1-4', dice: '2 2 4 1 1' })
    expect(result.text()).toBe('The number set {1, 2} does not give a reverse 1-4: each segment takes its own number from the set.')
  })

  it('reads Russian type names and answers in Russian', async () => {
    setLocale('ru')
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, { move: 'd0 тройная 3-2-1', dice: '3 1 3 2 3' })
    expect(result.text()).toBe('Ход допустим: тройка {1, 2, 3} даёт тройную 3-2-1 в пределах L = 3.')
    const illegal = await rule(wrapper, { move: 'd0 четверная 2-1-1-2', dice: '1 1 1 2 2' })
    expect(illegal.text()).toBe(
      'Ход нарушает форму траектории: четверная [2,1,1,2]: горизонталь (2) не может быть длиннее диагонали перед ней (1).',
    )
  })

  it('an unreadable move names the column', async () => {
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, { move: 'd0 triangle 3-2-1', dice: '3 1 3 2 3' })
    expect(result.text()).toMatch(/^The move cannot be read: move "d0 triangle 3-2-1", column 4: /)
    expect(result.attributes('data-verdict')).toBe('illegal')
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
    expect(wrapper.find('[data-testid="dispute-result"]').text()).toBe('A pair allows only a reverse; a shortened needs power 2.')
  })
})

describe('dispute check in Russian (issue 9, trap 6)', () => {
  beforeEach(() => setLocale('ru'))
  afterEach(() => setLocale('en'))

  it('one sentence a player accepts: «Пара разрешает только обратную; укороченной нужна мощность 2.»', async () => {
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, { move: 'c0 укороченная 4-2', dice: '2 2 4 1 3' })
    expect(result.text()).toBe('Пара разрешает только обратную; укороченной нужна мощность 2.')
    expect(result.classes()).toContain('message-error')
  })

  it('a void names the protected guard, in red only: no green "legal" beside it', async () => {
    const wrapper = mount(DisputeCheck)
    // Throw 2, Blue to throw: Red's guard on d5 would leave play.
    const result = await rule(wrapper, { move: 'c0 обратная 4-5', dice: '4 4 5 1 2', position: 'К:d5 / синие 2 хаммер:синие' })
    expect(result.attributes('data-verdict')).toBe('void')
    expect(result.text()).toBe('Бросок недействителен: он выбил бы защитника на d5, а защитники под охраной до 5-го броска.')
    expect(wrapper.find('.message-ok').exists()).toBe(false)
    // Where the stones would have gone is still drawn, for the players to see.
    expect(wrapper.find('[data-testid="dispute-outcome"] svg').exists()).toBe(true)
  })

  it('with no dice entered it says the dice are missing, not «кубики []»', async () => {
    const wrapper = mount(DisputeCheck)
    const result = await rule(wrapper, { move: 'd0 обратная 1-4' })
    expect(result.text()).toBe('Не хватает кубиков: введите пять кубиков, с которыми сделан ход.')
    expect(result.text()).not.toContain('[]')
  })

  it('switching the context clears the old verdict', async () => {
    const wrapper = mount(DisputeCheck)
    expect((await rule(wrapper, { move: 'c0 обратная 2-4', dice: '2 2 4 1 3' })).attributes('data-verdict')).toBe('legal')
    await wrapper.find('[data-testid="dispute-power"]').setValue('3')
    expect(wrapper.find('[data-testid="dispute-result"]').exists()).toBe(false)
    await wrapper.find('form').trigger('submit')
    expect(wrapper.find('[data-testid="dispute-result"]').exists()).toBe(true)
    await wrapper.find('[data-testid="dispute-generator-cards-52"]').setValue(true)
    expect(wrapper.find('[data-testid="dispute-result"]').exists()).toBe(false)
  })

  it('the position field starts in Russian notation, and reads', async () => {
    const wrapper = mount(DisputeCheck)
    await wrapper.find('[data-testid="dispute-source-manual"]').setValue(true)
    expect((wrapper.find('[data-testid="dispute-position"]').element as HTMLInputElement).value).toBe('К:- С:- / красные 1 хаммер:синие')
    expect(wrapper.find('[data-testid="dispute-position-error"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="dispute-scene"]').text()).toContain('1')
  })

  it('a card null allows nothing, said so', async () => {
    const wrapper = mount(DisputeCheck)
    await wrapper.find('[data-testid="dispute-source-manual"]').setValue(true)
    await wrapper.find('[data-testid="dispute-generator-cards-52"]').setValue(true)
    await wrapper.find('[data-testid="dispute-cards"]').setValue('2п 4ч 6б 8т Дп')
    await wrapper.find('[data-testid="dispute-input"]').setValue('d0 обратная 1-1')
    await wrapper.find('form').trigger('submit')
    expect(wrapper.find('[data-testid="dispute-result"]').text()).toBe(
      'Нуль не разрешает ни одной траектории: брошенная фишка покидает поле, ничего не задев.',
    )
  })
})
