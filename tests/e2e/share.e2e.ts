// Share (issue 12) in the built extension: a 6-end dice match recorded in the side panel (end 1
// throw by throw, the scripted dice end, then ends typed or blank to a winner), its share dialog
// opened, the screen photographed with the QR code on it and the code read back with jsqr
// here; then, in a FRESH browser profile, that photo given to Tools → Shared match, and the
// match that comes out compared with the original: the same linescore, the same throws, the
// same log. The same photo again is said to be there already, not saved twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import jpeg from 'jpeg-js'
import jsQR from 'jsqr'
import type { Page } from 'playwright-core'
import { decodeShare, type MatchEvent } from '../../engine/index.ts'
import { ExtensionBrowser, errorsOf, horizontalOverflow, NARROW_WIDTH, screenshot, screenshotOf, WIDE_WIDTH } from './extension.ts'
import { DICE_END } from './diceEnd.ts'
import { playThrow, startMatch } from './referee.ts'

const PLAYERS = { red: 'Anna', blue: 'Boris', hammer: 'red' } as const
/** The side panel made large, as on a desktop with the panel widened: the QR code fills it. */
const LARGE = { width: 900, height: 1000 }
/** The photo of the screen (a JPEG, as a phone gives it), outside the repository. */
const PHOTO_DIR = mkdtempSync(join(tmpdir(), 'curling-share-'))
const PHOTO = join(PHOTO_DIR, 'share-photo.jpg')

async function linescore(page: Page): Promise<{ red: string[]; blue: string[] }> {
  return {
    red: await page.locator('[data-testid="linescore-red"] td').allInnerTexts(),
    blue: await page.locator('[data-testid="linescore-blue"] td').allInnerTexts(),
  }
}

function storedEvents(items: Record<string, unknown>): MatchEvent[][] {
  return Object.entries(items)
    .filter(([key]) => key.startsWith('match:'))
    .map(([, value]) => (value as { events: MatchEvent[] }).events)
}

describe('share: a QR code of a recorded match, read back and taken in by a fresh profile', () => {
  let referee: ExtensionBrowser
  let panel: Page
  let original: { red: string[]; blue: string[] }
  let events: MatchEvent[]
  let code: string

  beforeAll(async () => {
    referee = await ExtensionBrowser.launch()
    panel = await referee.open('sidepanel', WIDE_WIDTH)
    await panel.getByTestId('match-list-empty').waitFor()
    await panel.getByTestId('match-new').click()
    await startMatch(panel, PLAYERS, 'dice', 6)
  })

  afterAll(async () => {
    await referee?.close()
    rmSync(PHOTO_DIR, { recursive: true, force: true })
  })

  it('records a match: end 1 throw by throw, then typed and blank ends to a winner', async () => {
    for (const step of DICE_END) await playThrow(panel, step.dice, step.move)
    await panel.getByTestId('end-complete').waitFor()
    await panel.getByTestId('score-end').click()
    await expect.poll(() => panel.getByTestId('score-end').innerText()).toBe('Score end 2')
    // End 2 typed: Red 3. Ends 3–6: nothing recorded, each scored blank after the question.
    await panel.getByTestId('score-type').click()
    await panel.getByTestId('entry-scorer-red').click()
    await panel.getByTestId('entry-points-3').click()
    await panel.getByTestId('entry-confirm').click()
    for (let end = 3; end <= 6; end++) {
      await expect.poll(() => panel.getByTestId('score-end').innerText()).toBe(`Score end ${end}`)
      await panel.getByTestId('score-end').click()
      await panel.getByTestId('score-end-confirm').click()
    }
    await panel.getByTestId('match-result').waitFor()
    original = await linescore(panel)
    expect(original.red).toHaveLength(7)
    events = storedEvents(await referee.storage())[0]!
    expect(events!.filter((event) => event.type === 'ThrowMade')).toHaveLength(16)
  })

  it('the share dialog draws the whole match; a photo of the screen reads back to the code shown', async () => {
    await panel.getByTestId('share-open').click()
    const dialog = panel.getByTestId('share-dialog')
    await dialog.waitFor()
    expect(await panel.getByTestId('share-qr').getAttribute('data-kind')).toBe('match')
    expect(await panel.getByTestId('share-contains').innerText()).toMatch(/^The whole match: Anna \(red\) – Boris \(blue\), Anna won \d+ : \d+; ends played: 6, throws: 16, records in the log: \d+; started /)
    code = await panel.getByTestId('share-code').inputValue()
    expect(code).toMatch(/^LC1M\.[A-Z2-7]+$/)
    expect(decodeShare(code).events).toEqual(events)
    expect(await horizontalOverflow(panel)).toEqual([])
    for (const width of [NARROW_WIDTH, WIDE_WIDTH]) {
      await panel.setViewportSize({ width, height: 800 })
      await screenshotOf(dialog, `share-dialog-${width}`)
    }

    // The photo: the whole panel with the dialog open, as a phone would take it, as a JPEG.
    await panel.setViewportSize(LARGE)
    await panel.screenshot({ path: PHOTO, type: 'jpeg', quality: 85, animations: 'disabled' })
    await screenshotOf(dialog, 'share-dialog-large')
    const photo = jpeg.decode(readFileSync(PHOTO), { useTArray: true })
    const read = jsQR(new Uint8ClampedArray(photo.data.buffer, photo.data.byteOffset, photo.data.length), photo.width, photo.height)
    expect(read?.data).toBe(code)

    // A modal dialog: Tab goes round its own controls (and the browser's, as any modal lets it)
    // and never reaches a control of the page behind; Esc closes it.
    const inside = new Set<string>()
    for (let i = 0; i < 14; i++) {
      await panel.keyboard.press('Tab')
      const where = await panel.evaluate(() => {
        const active = document.activeElement
        if (!active || active === document.body) return 'browser'
        return active.closest('[data-testid="share-dialog"]') ? `dialog:${active.getAttribute('data-testid') ?? active.tagName}` : `page:${active.getAttribute('data-testid') ?? active.tagName}`
      })
      expect(where, `Tab ${i + 1}`).not.toMatch(/^page:/)
      inside.add(where)
    }
    expect(inside).toContain('dialog:share-close')
    await panel.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await panel.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('share-open')
    await panel.getByTestId('share-open').click()
    await panel.getByTestId('share-close').click()

    // In Russian, at the narrowest panel: the result only.
    await panel.setViewportSize({ width: NARROW_WIDTH, height: 800 })
    await panel.getByTestId('lang-switch').click()
    await panel.getByTestId('share-open').click()
    await panel.getByTestId('share-kind-result').check()
    expect(await panel.getByTestId('share-contains').innerText()).toMatch(/^Только результат: Anna \(красные\) – Boris \(синие\), победа: Anna, 4 : 0, счёт каждого энда/)
    expect(decodeShare(await panel.getByTestId('share-code').inputValue()).kind).toBe('result')
    await screenshotOf(dialog, 'share-dialog-ru-result-360')
    await panel.getByTestId('share-close').click()
    await panel.getByTestId('lang-switch').click()
    expect(errorsOf(panel)).toEqual([])
  })

  it('a fresh profile takes the photo in through Tools → Shared match: the same match, linescore, throws and log', async () => {
    const fresh = await ExtensionBrowser.launch()
    try {
      const other = await fresh.open('sidepanel', WIDE_WIDTH)
      await other.getByTestId('match-list-empty').waitFor()
      await other.getByTestId('nav-tools').click()
      await other.getByTestId('share-photo').setInputFiles(PHOTO)
      // Imported: the panel goes to the match screen.
      await other.getByTestId('match-result').waitFor({ timeout: 15_000 })
      expect(await linescore(other)).toEqual(original)
      const [imported] = storedEvents(await fresh.storage())
      expect(imported).toEqual(events)
      await screenshot(other, 'share-imported', [NARROW_WIDTH])

      // The same photo again: already there, nothing saved twice.
      await other.getByTestId('nav-tools').click()
      await other.getByTestId('share-photo').setInputFiles(PHOTO)
      await expect.poll(() => other.getByTestId('share-import-message').innerText(), { timeout: 15_000 }).toBe(
        'This match is already saved, exactly as in the code: “Anna – Boris”.',
      )
      expect(storedEvents(await fresh.storage())).toHaveLength(1)
      await screenshot(other, 'share-import-twin', [NARROW_WIDTH])
      expect(errorsOf(other)).toEqual([])
    } finally {
      await fresh.close()
    }
  })
})
