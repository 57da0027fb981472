// The share dialog and taking a shared match in, mounted with a real Pinia over WXT's fake
// storage. The QR code the dialog draws is turned back into pixels here and read with jsqr:
// what a phone would read must be the code shown as text, and that code the match.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enableAutoUnmount, flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import jsQR from 'jsqr'
import MatchView from '../../components/match/MatchView.vue'
import ShareImport from '../../components/share/ShareImport.vue'
import { qrOf, QUIET_ZONE } from '../../components/share/shareQr.ts'
import { decodeShare, encodeMatchShare, encodeResultShare, serializeMatch, type MatchEvent } from '../../engine/index.ts'
import { setLocale } from '../../i18n/index.ts'
import type { useMatchStore } from '../../stores/match.ts'
import { matchLog } from '../../bench/seedMatches.ts'
import { randomMatch } from '../randomMatches.ts'
import { seededRandom } from '../../scripts/seededRandom.ts'
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

async function saved(events: MatchEvent[], name: string): Promise<string> {
  const result = await store.importMatch(serializeMatch(events, name))
  if (!result.ok) throw result.error
  return result.id
}

/** The dialog's SVG path filled into an RGBA picture, `scale` pixels a module, as a screen shows it. */
function pixelsOf(svg: Element, scale = 4): { data: Uint8ClampedArray; side: number } {
  const side = Number(svg.getAttribute('viewBox')!.split(' ')[2]) * scale
  const data = new Uint8ClampedArray(side * side * 4).fill(255)
  const path = svg.querySelector('path')!.getAttribute('d')!
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let row = Number(y) * scale; row < (Number(y) + 1) * scale; row++) {
      for (let col = Number(x) * scale; col < (Number(x) + Number(width)) * scale; col++) data.fill(0, (row * side + col) * 4, (row * side + col) * 4 + 3)
    }
  }
  return { data, side }
}

async function openDialog(wrapper: VueWrapper): Promise<void> {
  await wrapper.find('[data-testid="share-open"]').trigger('click')
  await vi.waitFor(async () => {
    await flushPromises()
    expect(wrapper.find('[data-testid="share-dialog"]').exists()).toBe(true)
  }, { timeout: 15_000 })
}

describe('the share dialog', () => {
  it('draws the whole match as a QR code that reads back, with what it carries and the code to copy', async () => {
    const events = randomMatch(1, { variant: 'dice' })
    await saved(events, 'Friday final')
    const wrapper = mount(MatchView, { attachTo: document.body })
    await openDialog(wrapper)
    const qr = wrapper.find('[data-testid="share-qr"]')
    expect(qr.attributes('data-kind')).toBe('match')
    expect(qr.attributes('data-level')).toBe('M')
    const code = (wrapper.find('[data-testid="share-code"]').element as HTMLTextAreaElement).value
    expect(code).toBe(encodeMatchShare(events, 'Friday final'))
    const { data, side } = pixelsOf(qr.element)
    expect(side).toBe((qrOf(code)!.modules + 2 * QUIET_ZONE) * 4)
    expect(jsQR(data, side, side)?.data).toBe(code)
    const contains = wrapper.find('[data-testid="share-contains"]').text()
    expect(contains).toMatch(/^The whole match: Вера \(red\) – Oleg \(blue\), .* won \d+ : \d+; ends played: 8, throws: \d+, records in the log: \d+; started /)
    expect(wrapper.find('[data-testid="share-too-big"]').exists()).toBe(false)
    // The keyboard starts on Close; Escape closes and gives it back to the button.
    expect(document.activeElement?.getAttribute('data-testid')).toBe('share-close')
    await wrapper.find('[data-testid="share-dialog"]').trigger('keydown', { key: 'Escape' })
    await flushPromises()
    expect(wrapper.find('[data-testid="share-dialog"]').exists()).toBe(false)
    expect(document.activeElement?.getAttribute('data-testid')).toBe('share-open')
  })

  it('offers the result only when asked, in Russian too', async () => {
    const events = randomMatch(2, { variant: 36, maxEvents: 70 })
    await saved(events, 'Среда')
    setLocale('ru')
    const wrapper = mount(MatchView)
    await openDialog(wrapper)
    await wrapper.find('[data-testid="share-kind-result"]').setValue(true)
    const qr = wrapper.find('[data-testid="share-qr"]')
    expect(qr.attributes('data-kind')).toBe('result')
    const code = (wrapper.find('[data-testid="share-code"]').element as HTMLTextAreaElement).value
    expect(code).toBe(encodeResultShare(events, 'Среда'))
    const { data, side } = pixelsOf(qr.element, 3)
    expect(jsQR(data, side, side)?.data).toBe(code)
    expect(wrapper.find('[data-testid="share-contains"]').text()).toMatch(/^Только результат: Вера \(красные\) – Oleg \(синие\), пока \d+ : \d+, счёт каждого энда/)
    expect(wrapper.html()).not.toMatch(/⟦/)
  })

  it('a match too long for one QR code: the QR code carries the result and says so; the whole match is still offered as text', async () => {
    const events = matchLog(20)
    await saved(events, 'Marathon')
    const wrapper = mount(MatchView)
    await openDialog(wrapper)
    expect(wrapper.find('[data-testid="share-too-big"]').text()).toMatch(/^The whole match \(\d+ characters\) does not fit in one QR code: the QR code carries the result only/)
    expect(wrapper.find('[data-testid="share-kind-match"]').attributes('disabled')).toBeDefined()
    expect(wrapper.find('[data-testid="share-qr"]').attributes('data-kind')).toBe('result')
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await wrapper.find('[data-testid="share-copy-whole"]').trigger('click')
    await flushPromises()
    expect(decodeShare(writeText.mock.calls[0]![0] as string).events).toEqual(events)
    expect(wrapper.find('[data-testid="share-copy-message"]').text()).toBe('Copied.')
  })
})

describe('taking a shared match in', () => {
  async function paste(wrapper: VueWrapper, text: string): Promise<string> {
    await wrapper.find('[data-testid="share-paste"]').setValue(text)
    await wrapper.find('[data-testid="share-paste-import"]').trigger('click')
    await vi.waitFor(async () => {
      await flushPromises()
      expect(wrapper.find('[data-testid="share-import-message"]').exists()).toBe(true)
    })
    return wrapper.find('[data-testid="share-import-message"]').text()
  }

  it('a pasted code becomes the current match, checked and saved; the same code again is not saved twice', async () => {
    const events = randomMatch(3, { variant: 54, maxEvents: 90 })
    const wrapper = mount(ShareImport)
    const message = await paste(wrapper, encodeMatchShare(events, 'Jokers'))
    expect(message).toBe(`Saved “Jokers”: the whole match, ${events.length} records, every throw checked.`)
    expect(store.current?.name).toBe('Jokers')
    expect(store.events).toEqual(events)
    expect(wrapper.emitted('imported')).toEqual([[store.currentId]])
    const first = store.currentId

    expect(await paste(wrapper, encodeMatchShare(events, 'Jokers'))).toBe('This match is already saved, exactly as in the code: “Jokers”.')
    expect(store.summaries).toHaveLength(1)
    await wrapper.find('[data-testid="share-save-copy"]').trigger('click')
    await vi.waitFor(() => expect(store.summaries).toHaveLength(2))
    expect(store.current?.name).toBe('Jokers (copy)')
    expect(store.currentId).not.toBe(first)

    // A longer record of the same match is the same match, recorded differently.
    const longer = randomMatch(3, { variant: 54, maxEvents: 100 })
    expect(await paste(wrapper, encodeMatchShare(longer))).toBe(`This match is already saved as “Jokers”, but recorded differently (${events.length} records saved, ${longer.length} in the code).`)
    await wrapper.find('[data-testid="share-open-twin"]').trigger('click')
    await vi.waitFor(() => expect(store.currentId).toBe(first))
  })

  it('a result-only code becomes a score-only match with the same linescore', async () => {
    const events = randomMatch(4, { variant: 'dice', ends: 6 })
    const wrapper = mount(ShareImport)
    const message = await paste(wrapper, encodeResultShare(events))
    expect(message).toMatch(/^Saved “Вера – Oleg” as a score-only match: the result of \d+ ends \(its \d+ throws were not in the code\)\.$/)
    expect(store.state?.setup.recording).toBe('score-only')
    expect(store.state?.finished).toBe(true)
  })

  it('a damaged or cut code is refused in the user’s language and nothing saved changes', async () => {
    const kept = await saved(randomMatch(5, { variant: 'dice', maxEvents: 20 }), 'Kept')
    setLocale('ru')
    const wrapper = mount(ShareImport)
    const code = encodeMatchShare(randomMatch(6, { variant: 'dice', maxEvents: 60 }))
    const cut = await paste(wrapper, code.slice(0, 200))
    expect(cut).toBe(`Не принято: код обрезан: 200 символов из ${code.length}. Сохранённое не изменилось.`)
    expect(wrapper.find('[data-testid="share-import-message"]').attributes('role')).toBe('alert')
    const changed = code.slice(0, 100) + (code[100] === 'A' ? 'B' : 'A') + code.slice(101)
    expect(await paste(wrapper, changed)).toBe('Не принято: код повреждён: не сходится контрольная сумма (изменён символ?). Сохранённое не изменилось.')
    expect(await paste(wrapper, '{"format":"curling-referee-match"}')).toMatch(/^Не принято: это не код матча «Судьи керлинга»/)
    expect(store.summaries.map((s) => s.id)).toEqual([kept])
    expect(store.currentId).toBe(kept)
  })

  it('a picture with no QR code in it says so', async () => {
    vi.spyOn(await import('../../components/share/qrPhoto.ts'), 'readQrPhoto').mockResolvedValue({ text: null, tried: [1024] })
    const wrapper = mount(ShareImport)
    const input = wrapper.find('[data-testid="share-photo"]')
    Object.defineProperty(input.element, 'files', { value: [new File(['x'], 'board.jpg', { type: 'image/jpeg' })], configurable: true })
    await input.trigger('change')
    await vi.waitFor(async () => {
      await flushPromises()
      expect(wrapper.find('[data-testid="share-import-message"]').text()).toMatch(/^No QR code was found in this picture \(tried at 1024 px\)/)
    })
  })
})

describe('capacity: one QR code, version 40 at most', () => {
  it('holds 3,391 characters at M and 4,296 at L (ISO/IEC 18004), as the qrcode library draws them', () => {
    const text = (n: number) => `LC1M.${'A'.repeat(n - 5)}`
    expect(qrOf(text(3391))).toMatchObject({ version: 40, level: 'M' })
    expect(qrOf(text(3392))).toMatchObject({ level: 'L' })
    expect(qrOf(text(4296))).toMatchObject({ version: 40, level: 'L', modules: 177 })
    expect(qrOf(text(4297))).toBeNull()
  })

  it('records per QR code: the longest beginning of a long match whose code fits', () => {
    // The seeded 20-end match, its records 2–42 s apart as at a real table.
    const restamped = (events: MatchEvent[]): MatchEvent[] => {
      const random = seededRandom(20)
      let time = Date.parse('2026-03-14T18:30:00.000Z')
      return events.map((event) => ({ ...event, at: new Date((time += 2_000 + Math.floor(random() * 40_000))).toISOString() }))
    }
    const fits = (events: MatchEvent[], max: number): number => {
      let low = 1
      let high = events.length
      while (low < high) {
        const mid = Math.ceil((low + high) / 2)
        if (encodeMatchShare(events.slice(0, mid)).length <= max) low = mid
        else high = mid - 1
      }
      return low
    }
    const figures: Record<string, { M: number; L: number; total: number }> = {}
    for (const [name, events] of [
      ['dice', restamped(matchLog(20))],
      ['cards 36', randomMatch(22, { variant: 36, ends: 10 })],
    ] as const) {
      figures[name] = { M: fits(events, 3391), L: fits(events, 4296), total: events.length }
    }
    console.info('records per QR code (M / L):', JSON.stringify(figures))
    // A dice match is about 34 records an end: 8 ends (272) fit at M, 10 at L.
    expect(figures.dice!.M).toBeGreaterThan(300)
    expect(figures.dice!.L).toBeGreaterThan(figures.dice!.M)
    // A card match carries its card round too (the hand follows from it): about 9 ends at M,
    // a whole 10-end match at L.
    expect(figures['cards 36']!.M).toBeGreaterThan(260)
    expect(figures['cards 36']!.L).toBe(figures['cards 36']!.total)
  })
})
