// The clock on screen (docs/clock.md): offered in the setup (off by default), shown on the
// match screen with the mover's time running once a second without re-rendering the board,
// paused and resumed by the referee, over time shown and not ruled on, the linescore's time
// per end, the log's lines; both languages.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import type { ComponentOptions } from 'vue'
import MatchView from '../../components/match/MatchView.vue'
import MatchSetup from '../../components/setup/MatchSetup.vue'
import { clockText, clockTextShort } from '../../components/clock/clockText.ts'
import { defaultSetup, type MatchSetup as Setup } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import type { useMatchStore } from '../../stores/match.ts'
import { freshMatchStore } from './freshMatchStore.ts'

enableAutoUnmount(afterEach)

const T0 = Date.parse('2026-11-23T18:00:00.000Z')
let store: ReturnType<typeof useMatchStore>

beforeEach(async () => {
  // Only the wall clock and the one-second tick are faked: storage's promises run as usual.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
  vi.setSystemTime(T0)
  store = await freshMatchStore()
})
afterEach(() => {
  store.stopWatching()
  vi.useRealTimers()
  setLocale('en')
})

/** Anna (red) against Boris (blue); Boris has the hammer, so Anna throws first. */
function timedSetup(clock: Setup['clock']): Setup {
  return { ...defaultSetup({ red: 'Anna', blue: 'Boris' }, 'blue'), ...(clock ? { clock } : {}) }
}

/** Counts each component's re-renders by name (a global mixin's updated hook). */
function renderCounter() {
  const counts: Record<string, number> = {}
  const mixin: ComponentOptions = {
    updated(this: { $options: { __name?: string; name?: string } }) {
      const name = this.$options.__name ?? this.$options.name ?? '?'
      counts[name] = (counts[name] ?? 0) + 1
    },
  }
  return { counts, mixin }
}

async function tick(seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    vi.advanceTimersByTime(1000)
    await flushPromises()
  }
}

const text = (wrapper: ReturnType<typeof mount>, id: string) => wrapper.find(`[data-testid="${id}"]`).text()

describe('the clock in the setup', () => {
  it('is off by default; on, it takes an optional thinking budget in minutes', async () => {
    const start = async (choose: (wrapper: ReturnType<typeof mount>) => Promise<void>) => {
      const wrapper = mount(MatchSetup, { props: { coinDuration: 0 } })
      expect((wrapper.find('[data-testid="setup-clock-off"]').element as HTMLInputElement).checked).toBe(true)
      await choose(wrapper)
      await wrapper.find('[data-testid="setup-hammer-choice"]').setValue(true)
      await wrapper.find('[data-testid="setup-hammer-red"]').setValue(true)
      await wrapper.find('form').trigger('submit')
      await flushPromises()
      return store.state!.setup.clock
    }
    expect(await start(async () => {})).toBeUndefined()
    expect(
      await start(async (wrapper) => {
        await wrapper.find('[data-testid="setup-clock-on"]').setValue(true)
        await wrapper.find('[data-testid="setup-clock-minutes"]').setValue('25')
      }),
    ).toEqual({ thinkingSeconds: 1500 })
    expect(
      await start(async (wrapper) => {
        await wrapper.find('[data-testid="setup-clock-on"]').setValue(true)
      }),
    ).toEqual({})
    // A score-only match has no throws: the budget is not asked for, and not kept if typed before.
    expect(
      await start(async (wrapper) => {
        await wrapper.find('[data-testid="setup-clock-on"]').setValue(true)
        await wrapper.find('[data-testid="setup-clock-minutes"]').setValue('25')
        await wrapper.find('[data-testid="setup-recording-score-only"]').setValue(true)
        expect(wrapper.find('[data-testid="setup-clock-minutes"]').exists()).toBe(false)
      }),
    ).toEqual({})
  })
})

describe('the clock on the match screen', () => {
  it('runs the mover’s time once a second without re-rendering the board; pause holds it; over time is shown', async () => {
    await store.createMatch(timedSetup({ thinkingSeconds: 60 }))
    const { counts, mixin } = renderCounter()
    const wrapper = mount(MatchView, { global: { mixins: [mixin] }, attachTo: document.body })
    await flushPromises()
    expect(text(wrapper, 'clock-match')).toBe('0:00')
    // While the throw is entered the clock is one line: the match, each one's time left, Pause.
    expect(wrapper.find('[data-testid="clock-red"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="clock-mini-red"]').classes()).toContain('thinking')
    expect(text(wrapper, 'clock-mini-blue')).toBe('1:00')
    const line = wrapper.find('[data-testid="clock-expand"]')
    expect(line.attributes('aria-label')).toBe('Match 0:00; Anna (thinking): used 0:00, 1:00 left; Boris: used 0:00, 1:00 left. Tap for the whole clock.')
    expect(wrapper.find('[data-testid="clock-pause"]').attributes('aria-label')).toBe('Pause')
    await line.trigger('click')
    expect(wrapper.find('[data-testid="clock-red"]').classes()).toContain('thinking')
    expect(text(wrapper, 'clock-left-blue')).toBe('1:00 left')

    for (const key of Object.keys(counts)) delete counts[key]
    await tick(3)
    expect(text(wrapper, 'clock-match')).toBe('0:03')
    expect(text(wrapper, 'clock-used-red')).toBe('used 0:03')
    expect(text(wrapper, 'clock-left-red')).toBe('0:57 left')
    expect(counts.MatchClock).toBeGreaterThanOrEqual(3)
    // The board and the throw panel stand still while the clock ticks (the linescore's time row ticks with it).
    expect(wrapper.findComponent({ name: 'Board' }).exists()).toBe(true)
    expect(counts.Linescore).toBeGreaterThanOrEqual(3)
    expect(counts.Board ?? 0).toBe(0)
    expect(counts.MatchBoard ?? 0).toBe(0)
    expect(counts.ThrowPanel ?? 0).toBe(0)

    await wrapper.find('[data-testid="clock-pause"]').trigger('click')
    await flushPromises()
    expect(store.events.at(-1)).toMatchObject({ type: 'ClockPaused', at: new Date(T0 + 3000).toISOString() })
    expect(text(wrapper, 'clock-paused')).toContain('Paused')
    await tick(30)
    expect(text(wrapper, 'clock-match')).toBe('0:03')
    expect(wrapper.find('[data-testid="clock-thinking"]').exists()).toBe(false)

    await wrapper.find('[data-testid="clock-resume"]').trigger('click')
    await flushPromises()
    await tick(60)
    expect(text(wrapper, 'clock-used-red')).toBe('used 1:03')
    expect(text(wrapper, 'clock-over-red')).toBe('over time +0:03')
    expect(wrapper.find('[data-testid="clock-red"]').classes()).toContain('over')
    expect(text(wrapper, 'clock-over-note')).toContain('The rules set no penalty for over time')
    // Undo is still the throw's: the pause and the resumption are not real events.
    expect(store.state!.canUndo).toBe(false)

    // The linescore's time row: end 1 so far, and the match.
    expect(wrapper.find('[data-testid="end-time-1"]').text()).toBe('1′')
    expect(wrapper.find('[data-testid="end-time-1"]').attributes('title')).toBe('1:03')
    expect(wrapper.find('[data-testid="end-time-2"]').text()).toBe('')
    expect(wrapper.find('[data-testid="event-log"]').text()).toContain('Clock paused')
    expect(wrapper.find('[data-testid="event-log"]').text()).toContain('Clock resumed')

    setLocale('ru')
    await flushPromises()
    expect(text(wrapper, 'clock-used-red')).toBe('затрачено 1:03')
    expect(text(wrapper, 'clock-over-red')).toBe('сверх лимита +0:03')
    expect(text(wrapper, 'clock-pause')).toContain('Пауза')
    expect(wrapper.find('[data-testid="linescore-times"] th').text()).toBe('Время')

    // Closed again: one line, Anna's over time in red on it.
    await wrapper.find('[data-testid="clock-collapse"]').trigger('click')
    expect(wrapper.find('[data-testid="clock-red"]').exists()).toBe(false)
    expect(text(wrapper, 'clock-mini-red')).toBe('▸+0:03')
    expect(wrapper.find('[data-testid="clock-mini-red"]').classes()).toContain('over')
    expect(wrapper.find('[data-testid="clock-expand"]').attributes('aria-label')).toContain('Anna (думает): затрачено 1:03, сверх лимита +0:03')
  })

  it('a timed score-only match runs the match clock and the ends’ times, no one’s thinking time', async () => {
    await store.createMatch({ ...timedSetup({}), recording: 'score-only' })
    const wrapper = mount(MatchView)
    await flushPromises()
    await tick(90)
    expect(text(wrapper, 'clock-match')).toBe('1:30')
    expect(wrapper.find('[data-testid="clock-red"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="end-time-1"]').text()).toBe('1′')
  })

  it('a match without a clock shows none, and no time row in the linescore', async () => {
    await store.createMatch(timedSetup(undefined))
    const wrapper = mount(MatchView)
    await flushPromises()
    expect(wrapper.find('[data-testid="match-clock"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="linescore"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="linescore-times"]').exists()).toBe(false)
  })
})

describe('clock text', () => {
  it('whole seconds, floored; hours when they come; a narrow form for the linescore', () => {
    expect([0, 999, 59_999, 754_000, 3_723_000, -5].map(clockText)).toEqual(['0:00', '0:00', '0:59', '12:34', '1:02:03', '0:00'])
    expect([45_500, 60_000, 754_000, 3_900_000].map(clockTextShort)).toEqual(['45″', '1′', '12′', '1h05'])
  })
})
