// The Firefox build in real Firefox (Debian's firefox-esr), as a player would use it: both pages
// render without errors in both languages, a dice throw is recorded, the match survives closing
// the page and restarting Firefox, the score sheet, the room scoreboard (live) and the QR share
// open on it, the setup's radio rows stay inside their boxes at 420 and
// 360 px, a card throw of the guided round is recorded, and the bundled OCR reads a card photo
// offline under Firefox's content security policy.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addCardPhotoHarness } from './cardPhotoHarness.ts'
import { FIREFOX_BUILD_DIR, FirefoxExtension, assertFirefoxBuilt, firefoxScreenshot, tap, textOf } from './firefox.ts'
import { loadCardTruth } from '../vision/cardFixtures.ts'

/** Everything stored, as one string: the tests look for events in it whatever the storage layout. */
async function storedText(firefox: FirefoxExtension): Promise<string> {
  return JSON.stringify(await firefox.storage())
}

/** Taps the five dice faces: the fifth is the roll, and the limits follow. */
async function enterDice(page: Page, values: readonly number[]): Promise<void> {
  for (const value of values) await tap(page, `dice-face-${value}`)
  await page.waitForSelector('[data-testid="throw-limits"]', { timeout: 8_000 })
}

async function startDiceMatch(page: Page, red: string, blue: string): Promise<void> {
  await page.waitForSelector('[data-testid="match-setup"]', { timeout: 8_000 })
  await page.type('[data-testid="setup-name-red"]', red)
  await page.type('[data-testid="setup-name-blue"]', blue)
  await tap(page, 'setup-variant-dice')
  await tap(page, 'setup-hammer-choice')
  await tap(page, 'setup-hammer-blue')
  await tap(page, 'setup-start')
  await page.waitForSelector('[data-testid="throw-panel"]', { timeout: 8_000 })
}

async function openSetup(page: Page): Promise<void> {
  await tap(page, 'nav-matches')
  // The first visit offers the setup from its welcome; later visits from the list's button.
  const button = await page.waitForSelector('[data-testid="welcome-new"], [data-testid="match-new"]', { timeout: 8_000 })
  await button!.click()
}

describe('the Firefox build in Firefox', () => {
  let firefox: FirefoxExtension

  beforeAll(async () => {
    firefox = await FirefoxExtension.launch()
  })

  afterAll(async () => {
    await firefox?.close()
  })

  it('hears an error in an add-on page (so that "no errors" below means something)', async () => {
    const page = await firefox.open('popup')
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('firefox-e2e-probe')
      })
    })
    await page.waitForFunction(() => new Promise((resolve) => setTimeout(() => resolve(true), 300)))
    await expect.poll(() => firefox.pageProblems().some((line) => line.includes('firefox-e2e-probe')), { timeout: 5_000 }).toBe(true)
    await page.close()
    firefox.forgetProblems()
  })

  it('opens the side panel and the popup without errors, in English and in Russian', async () => {
    const panel = await firefox.open('sidepanel', 360)
    expect(await textOf(panel, '[data-testid="nav-matches"]')).toMatch(/Matches/)
    await firefoxScreenshot(panel, 'sidepanel-en', 360)
    const popup = await firefox.open('popup', 360)
    expect(await textOf(popup, '[data-testid="popup-no-match"]')).toMatch(/match/i)
    await popup.close()

    await tap(panel, 'lang-switch')
    await panel.waitForFunction(() => document.documentElement.lang === 'ru', { timeout: 8_000 })
    expect(await textOf(panel, '[data-testid="nav-matches"]')).toMatch(/Матчи/)
    await firefoxScreenshot(panel, 'sidepanel-ru', 420)
    const popupRu = await firefox.open('popup', 360)
    await popupRu.waitForFunction(() => document.documentElement.lang === 'ru', { timeout: 8_000 })
    expect(await textOf(popupRu, '[data-testid="popup-no-match"]')).toMatch(/[а-я]/)
    await firefoxScreenshot(popupRu, 'popup-ru', 360)
    await popupRu.close()
    await tap(panel, 'lang-switch')
    await panel.waitForFunction(() => document.documentElement.lang === 'en', { timeout: 8_000 })
    await panel.close()
    expect(firefox.pageProblems()).toEqual([])
  })

  it('records a dice throw, which survives closing the page and restarting Firefox', async () => {
    const panel = await firefox.open('sidepanel', 420)
    await openSetup(panel)
    await startDiceMatch(panel, 'Anna', 'Boris')
    // Blue has the hammer, so Red throws first: a pair of ones with 4 → only reverse [1, 4].
    await enterDice(panel, [1, 1, 2, 3, 4])
    await panel.type('[data-testid="move-text"]', 'd0 reverse 1-4')
    await tap(panel, 'move-text-apply')
    await panel.waitForSelector('[data-testid="confirm-throw"]:not([disabled])', { timeout: 8_000 })
    await tap(panel, 'confirm-throw')
    await panel.waitForFunction(() => !document.querySelector('[data-testid="throw-replay"]'), { timeout: 8_000 })
    await firefoxScreenshot(panel, 'after-throw', 420)
    const stored = await storedText(firefox)
    expect(stored).toContain('"ThrowMade"')
    expect(stored).toContain('"reverse"')
    const stonesBefore = await panel.$$eval('g.stone[data-testid^="stone-"]', (nodes) => nodes.map((n) => n.getAttribute('data-testid')).sort())
    expect(stonesBefore.length).toBeGreaterThan(0)
    await panel.close()

    await firefox.relaunch()
    const again = await firefox.open('sidepanel', 420)
    await again.waitForSelector('[data-testid="throw-panel"]', { timeout: 8_000 })
    const stonesAfter = await again.$$eval('g.stone[data-testid^="stone-"]', (nodes) => nodes.map((n) => n.getAttribute('data-testid')).sort())
    expect(stonesAfter).toEqual(stonesBefore)
    expect(await storedText(firefox)).toContain('"ThrowMade"')
    const popup = await firefox.open('popup', 360)
    expect(await textOf(popup, '[data-testid="popup-glance"]')).toMatch(/Anna|Boris/)
    await firefoxScreenshot(popup, 'popup-after-restart', 360)
    await popup.close()
    await again.close()
    expect(firefox.pageProblems()).toEqual([])
  })

  it('the score sheet, the room scoreboard (following a throw live) and the QR share open without errors', async () => {
    const index = (await firefox.storage()).matchIndex as { currentId: string }
    const id = index.currentId
    expect(id).toBeTruthy()

    const board = await firefox.open(`scoreboard.html?match=${encodeURIComponent(id)}`, 1280)
    await board.waitForSelector('[data-testid="scoreboard-total-red"]', { timeout: 15_000 })
    expect(await textOf(board, '[data-testid="scoreboard-name"]')).toMatch(/Anna/)
    expect(await textOf(board, '[data-testid="scoreboard-throw"]')).toBe('Throw 2 of 16')
    expect(await textOf(board, '[data-testid="scoreboard-last-throw"]')).toMatch(/reverse/)

    // Boris throws in the side panel: the scoreboard, another tab, follows the storage change.
    const panel = await firefox.open('sidepanel', 420)
    await panel.waitForSelector('[data-testid="throw-panel"]', { timeout: 8_000 })
    await enterDice(panel, [2, 2, 3, 3, 1])
    await panel.click('[data-testid="legal-move"]')
    await panel.waitForSelector('[data-testid="confirm-throw"]:not([disabled])', { timeout: 8_000 })
    await tap(panel, 'confirm-throw')
    await board.waitForFunction(() => document.querySelector('[data-testid="scoreboard-throw"]')?.textContent === 'Throw 3 of 16', { timeout: 8_000 })
    await firefoxScreenshot(board, 'scoreboard', 1280)
    await board.close()

    // The share dialog draws the whole match's QR code.
    await tap(panel, 'share-open')
    await panel.waitForSelector('[data-testid="share-qr"]', { timeout: 8_000 })
    expect(await panel.$$eval('[data-testid="share-qr"] path, [data-testid="share-qr"] rect', (nodes) => nodes.length)).toBeGreaterThan(0)
    expect(await textOf(panel, '[data-testid="share-contains"]')).toMatch(/3|throws|events/)
    await firefoxScreenshot(panel, 'share-dialog', 420)
    await tap(panel, 'share-close')
    await panel.close()

    const sheet = await firefox.open(`sheet.html?match=${encodeURIComponent(id)}`, 900)
    await sheet.waitForSelector('[data-testid="sheet-print"]', { timeout: 15_000 })
    await sheet.waitForFunction(() => !document.querySelector('[data-testid="sheet-loading"]'), { timeout: 8_000 })
    const text = await sheet.evaluate(() => document.body.innerText)
    expect(text).toMatch(/Anna/)
    expect(text).toMatch(/Boris/)
    expect(text).toMatch(/reverse/)
    await firefoxScreenshot(sheet, 'sheet', 900)
    await sheet.close()
    expect(firefox.pageProblems()).toEqual([])
  })

  it('the setup form fits its box at 420 and 360 px: the random generator’s radio row wraps inside it', async () => {
    const panel = await firefox.open('sidepanel', 420)
    await openSetup(panel)
    await panel.waitForSelector('[data-testid="match-setup"]', { timeout: 8_000 })
    for (const language of ['en', 'ru']) {
      if (language === 'ru') {
        await tap(panel, 'lang-switch')
        await panel.waitForFunction(() => document.documentElement.lang === 'ru', { timeout: 8_000 })
      }
      for (const width of [420, 360]) {
        await panel.setViewport({ width, height: 800 })
        // Every radio's label inside its fieldset, every fieldset inside the page.
        const outside = await panel.evaluate(() => {
          const page = document.documentElement.clientWidth
          const found: string[] = []
          // The house rules stay folded in their <details>: only what is on screen is measured.
          const shown = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="match-setup"] fieldset')).filter((fieldset) => !fieldset.closest('details:not([open])'))
          for (const fieldset of shown) {
            const box = fieldset.getBoundingClientRect()
            if (box.right > page + 1) found.push(`fieldset "${fieldset.querySelector('legend')?.textContent}" right=${Math.round(box.right)} > ${page}`)
            for (const label of Array.from(fieldset.querySelectorAll<HTMLElement>('label'))) {
              const inner = label.getBoundingClientRect()
              if (inner.width > 0 && inner.right > box.right + 1) found.push(`"${label.textContent?.trim()}" right=${Math.round(inner.right)} > ${Math.round(box.right)}`)
            }
          }
          return found
        })
        expect(outside, `${language} at ${width} px`).toEqual([])
        await firefoxScreenshot(panel, `setup-${language}`, width)
      }
    }
    await tap(panel, 'lang-switch')
    await panel.waitForFunction(() => document.documentElement.lang === 'en', { timeout: 8_000 })
    await panel.close()
    expect(firefox.pageProblems()).toEqual([])
  })

  it('plays a card throw of the guided round: main cards, a drawn card laid by a tap, the unused one, the hand recorded', async () => {
    const panel = await firefox.open('sidepanel', 360)
    await openSetup(panel)
    await panel.waitForSelector('[data-testid="match-setup"]', { timeout: 8_000 })
    await panel.type('[data-testid="setup-name-red"]', 'Nina')
    await panel.type('[data-testid="setup-name-blue"]', 'Pavel')
    await tap(panel, 'setup-variant-cards-52')
    await tap(panel, 'setup-hammer-choice')
    await tap(panel, 'setup-hammer-red')
    await tap(panel, 'setup-start')
    await panel.waitForSelector('[data-testid="card-round"]', { timeout: 8_000 })
    const pick = async (prefix: string, card: string) => {
      await tap(panel, `${prefix}-rank-${card.slice(0, -1)}`)
      await tap(panel, `${prefix}-suit-${card.slice(-1)}`)
    }
    for (const card of ['2S', '7H', '9D', 'JC', 'KS', '4D']) await pick('main', card)
    await pick('draw', 'KH')
    await tap(panel, 'round-main-2S')
    await pick('draw', 'KD')
    await tap(panel, 'round-main-7H')
    await tap(panel, 'round-main-JC')
    expect(await textOf(panel, '[data-testid="round-hand-preview"]')).toBe('K♥ K♦ 9♦ K♠ 4♦ · three')
    await firefoxScreenshot(panel, 'card-round-placed', 360)
    await tap(panel, 'round-record')
    await panel.waitForSelector('[data-testid="legal-move"]', { timeout: 8_000 })
    expect(await textOf(panel, '[data-testid="side-reading"]')).toMatch(/^three/)
    await panel.click('[data-testid="legal-move"]')
    await panel.waitForSelector('[data-testid="confirm-throw"]:not([disabled])', { timeout: 8_000 })
    await tap(panel, 'confirm-throw')
    await panel.waitForFunction(() => document.querySelector('[data-testid="throw-status"]')?.textContent?.includes('throw 2 of 16'), { timeout: 8_000 })
    // Throw 2 is the second player's: the same main cards, his own placing.
    expect(await textOf(panel, '[data-testid="card-round-phase"]')).toContain('second player (Red)')
    await firefoxScreenshot(panel, 'card-round-second', 360)
    const stored = await storedText(firefox)
    expect(stored).toContain('"roundActions"')
    expect(stored).toContain('"KH"')
    await panel.close()
    expect(firefox.pageProblems()).toEqual([])
  })
})

// The card reader's module, bundled as the extension's chunk would be, on a bare page added to a
// copy of the Firefox build, so that it runs under the add-on's own CSP with its bundled assets.

describe('the card reader in the Firefox build', () => {
  let addon: string
  let firefox: FirefoxExtension

  beforeAll(async () => {
    assertFirefoxBuilt()
    addon = mkdtempSync(join(tmpdir(), 'card-photo-firefox-'))
    cpSync(FIREFOX_BUILD_DIR, addon, { recursive: true })
    await addCardPhotoHarness(addon)
    firefox = await FirefoxExtension.launch({ addonFolder: addon })
  })

  afterAll(async () => {
    await firefox?.close()
    rmSync(addon, { recursive: true, force: true })
  })

  it('reads a photo of cards with the bundled tesseract, offline, under the add-on CSP', async () => {
    // Six main cards of an international deck, as a 52-card table lays them (RULES.md §8).
    const photo = loadCardTruth().find((entry) => entry.file === 'international-09.jpg')!
    const page = await firefox.open('card-photo-harness.html')
    await page.waitForFunction(() => typeof (globalThis as { readFixture?: unknown }).readFixture === 'function', { timeout: 15_000 })
    const result = await page.evaluate(
      (file) => (globalThis as unknown as { readFixture(file: string): Promise<{ cards: (string | null)[]; ocrUsed: boolean; ms: number }> }).readFixture(file),
      photo.file,
    )
    expect(result.ocrUsed).toBe(true)
    const truthCards = photo.cards.map((card) => card.card)
    // An unsure card is asked about (null), never guessed: whatever is read must be there.
    const read = result.cards.filter((card): card is string => card !== null)
    expect(read.filter((card) => !truthCards.includes(card))).toEqual([])
    expect(read.length).toBeGreaterThanOrEqual(truthCards.length - 1)
    await page.evaluate(() => (globalThis as unknown as { releaseCardReader(): Promise<void> }).releaseCardReader())
    expect(firefox.pageProblems()).toEqual([])
  })
})
