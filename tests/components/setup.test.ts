import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import MatchSetup from '../../components/setup/MatchSetup.vue'
import MatchList from '../../components/setup/MatchList.vue'
import CoinToss from '../../components/setup/CoinToss.vue'
import { defaultSetup } from '../../engine/index.ts'
import type { useMatchStore } from '../../stores/match.ts'
import { freshMatchStore } from './freshMatchStore.ts'

let store: ReturnType<typeof useMatchStore>

beforeEach(async () => {
  store = await freshMatchStore()
})
afterEach(() => store.stopWatching())

function mountSetup(props: Record<string, unknown> = {}) {
  return mount(MatchSetup, { props: { coinDuration: 0, ...props } })
}

describe('match setup', () => {
  it('describes the house rules in words, without the rule book’s codes (en, ru)', async () => {
    const { setLocale } = await import('../../i18n/index.ts')
    for (const locale of ['en', 'ru'] as const) {
      setLocale(locale)
      const text = mountSetup().find('[data-testid="setup-house-rules"]').text()
      expect(text, locale).not.toMatch(/I-\d/)
      expect(text, locale).toContain(locale === 'en' ? 'both players agree' : 'оба игрока согласны')
    }
    setLocale('en')
  })

  it('creates a match with the chosen options in the store', async () => {
    const wrapper = mountSetup({ coinDraw: () => 'blue' })
    await wrapper.find('[data-testid="setup-name-red"]').setValue('Anna')
    await wrapper.find('[data-testid="setup-name-blue"]').setValue('Boris')
    await wrapper.find('[data-testid="setup-ends-10"]').setValue(true)
    await wrapper.find('[data-testid="setup-variant-cards-52"]').setValue(true)
    await wrapper.find('[data-testid="setup-discard-tracking"]').setValue(true)
    await wrapper.find('[data-testid="setup-quadruple-attested"]').setValue(true)
    await wrapper.find('[data-testid="setup-card-limit-straight"]').setValue('3')
    expect(wrapper.find('[data-testid="setup-start"]').attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid="coin-toss"]').trigger('click')
    expect(wrapper.find('[data-testid="coin-result"]').text()).toContain('Boris (Blue) has the hammer')
    await wrapper.find('[data-testid="setup-start"]').trigger('submit')
    await flushPromises()

    expect(wrapper.emitted('started')?.[0]).toEqual([store.currentId])
    const setup = store.state?.setup
    expect(setup).toMatchObject({
      players: { red: 'Anna', blue: 'Boris' },
      ends: 10,
      variant: { kind: 'cards', deck: 52, discardPileTracking: true },
      firstHammer: 'blue',
      firstHammerBy: 'lot',
      houseRules: { quadrupleConstraint: 'attested', cardLimits: { straight: 3, pair: 1, four: 5 } },
    })
    expect(store.state?.mover).toBe('red')
  })

  it('defaults: 8 ends, dice, strict quadruple; hammer by choice; empty names become the colours', async () => {
    const wrapper = mountSetup()
    expect((wrapper.find('[data-testid="setup-ends-8"]').element as HTMLInputElement).checked).toBe(true)
    expect((wrapper.find('[data-testid="setup-variant-dice"]').element as HTMLInputElement).checked).toBe(true)
    await wrapper.find('[data-testid="setup-hammer-choice"]').setValue(true)
    await wrapper.find('[data-testid="setup-hammer-red"]').setValue(true)
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(store.state?.setup).toMatchObject({
      players: { red: 'Red', blue: 'Blue' },
      ends: 8,
      variant: { kind: 'dice' },
      firstHammer: 'red',
      firstHammerBy: 'choice',
      houseRules: { quadrupleConstraint: 'strict', cardLimits: { straight: 4, flush: 5 } },
    })
  })

  it('swapping colours keeps the hammer with the same person', async () => {
    const wrapper = mountSetup({ coinDraw: () => 'red' })
    await wrapper.find('[data-testid="setup-name-red"]').setValue('Anna')
    await wrapper.find('[data-testid="setup-name-blue"]').setValue('Boris')
    await wrapper.find('[data-testid="coin-toss"]').trigger('click')
    await wrapper.find('[data-testid="setup-swap-colors"]').trigger('click')
    expect(wrapper.find('[data-testid="coin-result"]').text()).toBe('Lot: Anna (Blue) has the hammer')
  })

  it('refuses a card L1 table where a stronger combination allows less', async () => {
    const wrapper = mountSetup({ coinDraw: () => 'red' })
    await wrapper.find('[data-testid="setup-variant-cards-36"]').setValue(true)
    await wrapper.find('[data-testid="coin-toss"]').trigger('click')
    await wrapper.find('[data-testid="setup-card-limit-flush"]').setValue('3')
    expect(wrapper.find('[data-testid="setup-blocker"]').text()).toContain('(full house > flush) in the 36-card ranking')
    expect(wrapper.find('[data-testid="setup-start"]').attributes('disabled')).toBeDefined()
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(store.currentId).toBeNull()
  })
})

describe('coin toss', () => {
  it('spins for the given time, then lands on the drawn colour', async () => {
    const wrapper = mount(CoinToss, { props: { players: { red: 'A', blue: 'B' }, duration: 30, draw: () => 'red' as const } })
    await wrapper.find('[data-testid="coin-toss"]').trigger('click')
    expect(wrapper.find('[data-testid="coin-result"]').exists()).toBe(false)
    expect(wrapper.find('.coin').classes()).toContain('spinning')
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(wrapper.emitted('update:modelValue')?.at(-1)).toEqual(['red'])
    expect(wrapper.find('[data-testid="coin-result"]').attributes('data-color')).toBe('red')
  })

  it('under prefers-reduced-motion the coin lands at once', async () => {
    const media = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('prefers-reduced-motion'), media: query }) as MediaQueryList,
    )
    const wrapper = mount(CoinToss, { props: { players: { red: 'A', blue: 'B' }, duration: 5000, draw: () => 'blue' as const } })
    await wrapper.find('[data-testid="coin-toss"]').trigger('click')
    expect(wrapper.find('.coin').classes()).not.toContain('spinning')
    expect(wrapper.find('[data-testid="coin-result"]').attributes('data-color')).toBe('blue')
    media.mockRestore()
  })

  it('a fair coin gives both colours', async () => {
    const wrapper = mount(CoinToss, { props: { players: { red: 'A', blue: 'B' }, duration: 0 } })
    for (let i = 0; i < 64; i++) await wrapper.find('[data-testid="coin-toss"]').trigger('click')
    const colours = new Set((wrapper.emitted('update:modelValue') ?? []).map(([color]) => color).filter((color) => color !== null))
    expect(colours).toEqual(new Set(['red', 'blue']))
  })
})

describe('match list', () => {
  async function twoMatches() {
    const first = await store.createMatch(defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'), 'Friday')
    const second = await store.createMatch(defaultSetup({ red: 'Vera', blue: 'Gleb' }, 'red'), 'Saturday')
    return { first, second }
  }

  it('a first visit explains the referee in four steps and starts a setup from there; it goes once a match exists', async () => {
    const wrapper = mount(MatchList)
    const welcome = wrapper.find('[data-testid="match-list-empty"]')
    expect(welcome.findAll('ol li')).toHaveLength(4)
    expect(welcome.text()).toContain('legal move')
    await wrapper.find('[data-testid="welcome-new"]').trigger('click')
    expect(wrapper.emitted('new')).toHaveLength(1)
    await twoMatches()
    await flushPromises()
    expect(wrapper.find('[data-testid="match-list-empty"]').exists()).toBe(false)
  })

  it('lists the saved matches with names, score, end and state', async () => {
    await twoMatches()
    const wrapper = mount(MatchList)
    const names = wrapper.findAll('[data-testid="match-name"]').map((n) => n.text())
    expect(names.sort()).toEqual(['Friday', 'Saturday'])
    const summary = wrapper.findAll('[data-testid="match-summary"]').map((s) => s.text()).find((s) => s.includes('Anna'))
    expect(summary).toMatch(/Anna\s*0 : 0\s*Boris · end 1 · in progress/)
  })

  it('resumes a match: it becomes current', async () => {
    const { first } = await twoMatches()
    expect(store.currentId).not.toBe(first)
    const wrapper = mount(MatchList)
    await wrapper.find(`[data-testid="match-resume-${first}"]`).trigger('click')
    await flushPromises()
    expect(store.currentId).toBe(first)
    expect(wrapper.emitted('resume')).toEqual([[first]])
  })

  it('deletes only after confirmation', async () => {
    const { first, second } = await twoMatches()
    const wrapper = mount(MatchList)
    await wrapper.find(`[data-testid="match-delete-${first}"]`).trigger('click')
    expect(Object.keys(store.matches)).toContain(first)
    await wrapper.find(`[data-testid="match-delete-cancel-${first}"]`).trigger('click')
    expect(Object.keys(store.matches)).toContain(first)
    await wrapper.find(`[data-testid="match-delete-${first}"]`).trigger('click')
    await wrapper.find(`[data-testid="match-delete-confirm-${first}"]`).trigger('click')
    await flushPromises()
    expect(Object.keys(store.matches)).toEqual([second])
    expect(wrapper.find(`[data-testid="match-${first}"]`).exists()).toBe(false)
  })

  it('renames a match', async () => {
    const { first } = await twoMatches()
    const wrapper = mount(MatchList)
    await wrapper.find(`[data-testid="match-rename-${first}"]`).trigger('click')
    await wrapper.find(`[data-testid="match-rename-input-${first}"]`).setValue('Final')
    await wrapper.find(`[data-testid="match-rename-save-${first}"]`).trigger('click')
    await flushPromises()
    expect(store.matches[first]?.name).toBe('Final')
  })
})
