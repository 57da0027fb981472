// Storage that cannot lose a throw, in the built extension: two side panels acting at the same
// instant (both orders), a throw refused on screen when storage is full (and kept after reopening
// once there is room), and a 6 MB broken value that neither hangs the panel nor hides the valid
// matches. Saved matches are seeded in v1's layout, so each test also moves them into v2's.
import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SEED_DICE, legacyMatches, seedStorage } from '../../bench/seedMatches.ts'
import { ExtensionBrowser, errorsOf } from './extension.ts'
import { enterDice } from './referee.ts'

interface StoredRecord {
  name: string
  events: { type: string }[]
}

declare const chrome: {
  storage: {
    local: {
      get(keys: string | string[] | null): Promise<Record<string, unknown>>
      set(items: Record<string, unknown>): Promise<void>
      remove(keys: string): Promise<void>
      getBytesInUse(keys: null): Promise<number>
      QUOTA_BYTES: number
    }
  }
}

const CURRENT = 'm-seed-current'

let browser: ExtensionBrowser | null = null
afterEach(async () => {
  await browser?.close()
  browser = null
})

/** A fresh browser with saved matches seeded, and a side panel that has opened them once (migrating v1). */
async function launchWith(items: Record<string, unknown>): Promise<{ browser: ExtensionBrowser; panel: Page }> {
  const launched = await ExtensionBrowser.launch()
  browser = launched
  await seedStorage(launched, items)
  const panel = await launched.open('sidepanel')
  return { browser: launched, panel }
}

async function record(page: Page, id: string): Promise<StoredRecord> {
  return (await page.evaluate(async (key) => (await chrome.storage.local.get(key))[key], `match:${id}`)) as StoredRecord
}

/** Dice tapped and recorded, the first legal move chosen: the Confirm button is waiting. */
async function readyToConfirm(page: Page): Promise<void> {
  await enterDice(page, SEED_DICE)
  const move = page.locator('[data-testid="legal-move"]').first()
  await move.waitFor({ state: 'attached' })
  if (!(await move.isVisible())) await page.locator('details:has([data-testid="legal-move"]) > summary').first().click()
  await move.click()
  await page.getByTestId('confirm-throw').waitFor()
}

const status = (page: Page) => page.getByTestId('throw-status').innerText()
/**
 * Clicks from inside each page at one moment of the shared clock, the later ones `stepMs` after
 * the one before: the same instant as a person sees it, in a known order. Returns, for each page,
 * whether its button was still there to click.
 */
async function clickAtOnce(targets: [Page, string][], stepMs = 2): Promise<boolean[]> {
  const at = (await targets[0]![0].evaluate(() => Date.now())) + 400
  return Promise.all(
    targets.map(([page, testId], order) =>
      page.evaluate(
        ([id, when]) =>
          new Promise<boolean>((resolve) => {
            setTimeout(() => {
              const button = document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null
              button?.click()
              resolve(button !== null)
            }, Math.max(0, (when as number) - Date.now()))
          }),
        [testId, at + order * stepMs] as const,
      ),
    ),
  )
}

describe('two side panels acting at the same instant', () => {
  for (const order of ['first panel first', 'second panel first'] as const) {
    it(`both confirm a throw in the same match: one is recorded, the other refused on screen; nothing is overwritten (${order})`, async () => {
      const { browser, panel: first } = await launchWith(legacyMatches(2, 1))
      await first.getByTestId('throw-panel').waitFor()
      const second = await browser.open('sidepanel')
      await second.getByTestId('throw-panel').waitFor()
      // The dice are recorded from one panel; the other follows through storage.
      await readyToConfirm(first)
      await expect.poll(() => second.getByTestId('throw-limits').isVisible()).toBe(true)
      const move = second.locator('[data-testid="legal-move"]').first()
      if (!(await move.isVisible())) await second.locator('details:has([data-testid="legal-move"]) > summary').first().click()
      await move.click()
      const before = (await record(first, CURRENT)).events.length
      const panels: [Page, string][] = [[first, 'confirm-throw'], [second, 'confirm-throw']]
      expect(await clickAtOnce(order === 'first panel first' ? panels : [...panels].reverse())).toEqual([true, true])
      await expect.poll(async () => (await record(first, CURRENT)).events.length).toBe(before + 1)
      await new Promise((resolve) => setTimeout(resolve, 500))
      const events = (await record(first, CURRENT)).events
      expect(events).toHaveLength(before + 1)
      expect(events.at(-1)?.type).toBe('ThrowMade')
      // Both panels show what storage holds: throw 2 is expected in each.
      await expect.poll(() => status(first)).toContain('throw 2')
      await expect.poll(() => status(second)).toContain('throw 2')
      // The refused one said so, in words, on its screen.
      const notices = await Promise.all([first, second].map((page) => page.getByTestId('storage-notice').count()))
      expect(notices.reduce((sum, count) => sum + count, 0)).toBe(1)
      const refused = notices[0] === 1 ? first : second
      expect(await refused.getByTestId('storage-notice').innerText()).toContain('changed in another window')
      expect([...errorsOf(first), ...errorsOf(second)]).toEqual([])
    })

    it(`renaming match 2 in one panel never loses a throw in match 1 in the other (${order})`, async () => {
      const { browser, panel: thrower } = await launchWith(legacyMatches(2, 1))
      await thrower.getByTestId('throw-panel').waitFor()
      const renamer = await browser.open('sidepanel')
      await renamer.getByTestId('nav-matches').click()
      await renamer.getByTestId('match-rename-m-seed-1').click()
      await renamer.getByTestId('match-rename-input-m-seed-1').fill('Renamed at once')
      await readyToConfirm(thrower)
      const before = (await record(thrower, CURRENT)).events.length
      const actions: [Page, string][] = [[thrower, 'confirm-throw'], [renamer, 'match-rename-save-m-seed-1']]
      expect(await clickAtOnce(order === 'first panel first' ? actions : [...actions].reverse())).toEqual([true, true])
      await expect.poll(async () => (await record(thrower, CURRENT)).events.length).toBe(before + 1)
      await expect.poll(async () => (await record(thrower, 'm-seed-1')).name).toBe('Renamed at once')
      expect((await record(thrower, CURRENT)).events.at(-1)?.type).toBe('ThrowMade')
      await expect.poll(() => renamer.getByTestId('match-m-seed-1').getByTestId('match-name').innerText()).toBe('Renamed at once')
      await thrower.getByTestId('nav-matches').click()
      await expect.poll(() => thrower.getByTestId('match-m-seed-1').getByTestId('match-name').innerText()).toBe('Renamed at once')
    })
  }
})

describe('storage full', () => {
  it('the throw is refused visibly, the screen does not move on, and nothing recorded is lost after reopening', async () => {
    const { browser, panel } = await launchWith(legacyMatches(1, 1))
    await panel.getByTestId('throw-panel').waitFor()
    await readyToConfirm(panel)
    const statusBefore = await status(panel)
    const eventsBefore = (await record(panel, CURRENT)).events
    // Fill chrome.storage.local to within a few bytes of its quota.
    await panel.evaluate(async () => {
      const local = chrome.storage.local
      const used = await local.getBytesInUse(null)
      const room = local.QUOTA_BYTES - used - 'filler'.length - 2 - 16
      await local.set({ filler: 'x'.repeat(room) })
    })
    await panel.getByTestId('confirm-throw').click()
    const alert = panel.getByText('storage for the referee is full')
    await alert.waitFor()
    expect(await status(panel)).toBe(statusBefore)
    expect(await panel.getByTestId('confirm-throw').isVisible()).toBe(true)
    expect((await record(panel, CURRENT)).events).toEqual(eventsBefore)
    // Reopened: everything recorded before is there, the same throw still expected.
    await panel.close()
    const reopened = await browser.open('sidepanel')
    await reopened.getByTestId('throw-panel').waitFor()
    expect(await status(reopened)).toBe(statusBefore)
    expect((await record(reopened, CURRENT)).events).toEqual(eventsBefore)
    // With room again, the throw is recorded.
    await reopened.evaluate(() => chrome.storage.local.remove('filler'))
    const move = reopened.locator('[data-testid="legal-move"]').first()
    if (!(await move.isVisible())) await reopened.locator('details:has([data-testid="legal-move"]) > summary').first().click()
    await move.click()
    await reopened.getByTestId('confirm-throw').click()
    await expect.poll(() => status(reopened)).toContain('throw 2')
    expect((await record(reopened, CURRENT)).events).toHaveLength(eventsBefore.length + 1)
  })
})

describe('a broken stored value over 5 MB', () => {
  const SIX_MB = 6 * 1024 * 1024

  it('as the current match: the panel opens, lists the valid matches and reports it; Settings can delete it', async () => {
    const { browser, panel } = await launchWith(legacyMatches(3, 2))
    await panel.getByTestId('throw-panel').waitFor()
    await panel.evaluate(async (size) => {
      const { matchIndex } = (await chrome.storage.local.get('matchIndex')) as { matchIndex: { currentId: string | null; matches: Record<string, Record<string, unknown>> } }
      const line = matchIndex.matches['m-seed-current']!
      matchIndex.matches.broken = { ...line, id: 'broken', name: 'Broken' }
      matchIndex.currentId = 'broken'
      await chrome.storage.local.set({ matchIndex, 'match:broken': `{"id":"broken",${'x'.repeat(size)}` })
    }, SIX_MB)
    await panel.close()
    const opened = await browser.open('sidepanel')
    await opened.getByTestId('storage-problems').waitFor({ timeout: 10_000 })
    expect(await opened.getByText('Loading').count()).toBe(0)
    await opened.getByTestId('nav-matches').click()
    const names = await opened.getByTestId('match-name').allInnerTexts()
    expect(names.sort()).toEqual(['Current', 'Match 1', 'Match 2'])
    await opened.getByTestId('nav-settings').click()
    await opened.getByTestId('set-aside-entry').waitFor()
    await opened.getByTestId('set-aside-delete').click()
    await opened.getByTestId('set-aside-delete').click()
    await expect.poll(() => opened.evaluate(async () => Object.keys(await chrome.storage.local.get('match:broken')).length)).toBe(0)
    expect(errorsOf(opened)).toEqual([])
  })

  it('inside v1’s single value: the valid matches move and are listed; the broken one stays in place, reported', async () => {
    const seeded = legacyMatches(3, 2)
    const doc = seeded.matches as { matches: Record<string, unknown> }
    doc.matches.broken = { id: 'broken', name: 'Broken', createdAt: 'a', updatedAt: 'b', events: [{ type: 'Nope', junk: 'x'.repeat(SIX_MB) }] }
    const { panel } = await launchWith(seeded)
    await panel.getByTestId('storage-problems').waitFor({ timeout: 15_000 })
    await panel.getByTestId('nav-matches').click()
    // The list renders once the moved matches are read: wait for it rather than read it at once.
    await expect.poll(async () => (await panel.getByTestId('match-name').allInnerTexts()).sort(), { timeout: 10_000 }).toEqual(['Current', 'Match 1', 'Match 2'])
    const legacy = (await panel.evaluate(async () => (await chrome.storage.local.get('matches')).matches)) as { matches: Record<string, unknown> }
    expect(Object.keys(legacy.matches)).toEqual(['broken'])
  })
})
