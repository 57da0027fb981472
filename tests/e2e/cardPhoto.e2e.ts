// The card reader inside the BUILT extension, under its real CSP: tesseract's worker,
// WebAssembly core and English model load from the extension's own files, nothing from the
// network. The side panel's route to the tool depends on other screens, so this test adds a
// bare page to a copy of the build: it runs vision/cards/photoReader.ts (bundled here with
// esbuild, as the extension's chunk would be) on fixture photos and compares with the truth.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, chromiumPath, errorsOf, EXTENSION_DIR, ExtensionBrowser, screenshot } from './extension.ts'
import { addCardPhotoHarness } from './cardPhotoHarness.ts'
import { CARD_FIXTURE_FOLDER, loadCardTruth } from '../vision/cardFixtures.ts'
import { cardLabel } from '../../components/throw/cardLabel.ts'

/** Six cards of an international deck, no joker: a 52-card table's main cards (RULES.md §8). */
const SIX_MAIN_CARDS = 'international-09.jpg'


describe('the card reader in the built extension (Chromium)', () => {
  let extension: string
  let profile: string
  let context: BrowserContext

  beforeAll(async () => {
    assertBuilt()
    extension = mkdtempSync(join(tmpdir(), 'card-photo-extension-'))
    profile = mkdtempSync(join(tmpdir(), 'card-photo-profile-'))
    cpSync(EXTENSION_DIR, extension, { recursive: true })
    await addCardPhotoHarness(extension)
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: [
        `--disable-extensions-except=${extension}`,
        `--load-extension=${extension}`,
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
  })

  afterAll(async () => {
    await context?.close()
    rmSync(extension, { recursive: true, force: true })
    rmSync(profile, { recursive: true, force: true })
  })

  it('reads fixture photos with the bundled tesseract, offline', async () => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
    const id = new URL(worker.url()).host
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    const outside: string[] = []
    context.on('request', (request) => {
      if (!/^(chrome-extension|blob|data):/.test(request.url())) outside.push(request.url())
    })
    await page.goto(`chrome-extension://${id}/card-photo-harness.html`)
    await page.waitForFunction(() => 'readFixture' in globalThis)

    const photos = loadCardTruth()
      .filter((photo) => !photo.file.startsWith('hard-'))
      .filter((_, i) => i % 10 === 0)
    let right = 0
    let total = 0
    for (const photo of photos) {
      const read = await page.evaluate(
        (file) => (globalThis as unknown as { readFixture(f: string): Promise<{ cards: (string | null)[]; ocrUsed: boolean; ms: number }> }).readFixture(file),
        photo.file,
      )
      console.info(`${photo.file}: ${read.cards.join(' ')} in ${Math.round(read.ms)} ms${read.ocrUsed ? '' : ' (no OCR!)'}`)
      expect(read.ocrUsed).toBe(true)
      expect(read.cards).toHaveLength(photo.cards.length)
      total += photo.cards.length
      right += photo.cards.filter((card, i) => read.cards[i] === card.card).length
    }
    await page.evaluate(() => (globalThis as unknown as { releaseCardReader(): Promise<void> }).releaseCardReader())
    expect(right / total).toBeGreaterThanOrEqual(0.95)
    expect(outside).toEqual([])
    expect(problems).toEqual([])
  })
})

/** A new 52-card match from the match list (the panel opens on the last match once there is one). */
async function startCardMatch(page: Page): Promise<void> {
  await page.getByTestId('nav-matches').click()
  await page.getByTestId('match-new').click()
  const form = page.getByTestId('match-setup')
  await form.getByTestId('setup-name-red').fill('Anna')
  await form.getByTestId('setup-name-blue').fill('Boris')
  await form.getByTestId('setup-variant-cards-52').check()
  await form.getByTestId('setup-hammer-choice').check()
  await form.getByTestId('setup-hammer-blue').check()
  await form.getByTestId('setup-start').click()
  await page.getByTestId('card-round').waitFor()
}

describe('the card photo tool in the side panel (Chromium)', () => {
  let browser: ExtensionBrowser

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('reads a photo of the cards, asks about the unsure ones, and hands the cards over', async () => {
    const page = await browser.open('sidepanel')
    await startCardMatch(page)
    // A photo of five cards is a hand: typed in hand mode (the guided round photographs main cards).
    await page.getByTestId('cards-mode-hand').click()
    await page.getByTestId('photo-generator').click()

    const photo = loadCardTruth().find((truth) => truth.file === 'russian-01.jpg')
    if (!photo) throw new Error('fixtures: russian-01.jpg is missing')
    await page.getByTestId('card-photo-file').setInputFiles(join(CARD_FIXTURE_FOLDER, photo.file))
    await page.getByTestId('card-photo-row').first().waitFor({ timeout: 60_000 })
    const selects = page.getByTestId('card-photo-select')
    expect(await selects.evaluateAll((all) => all.map((s) => (s as HTMLSelectElement).value))).toEqual(
      photo.cards.map((card) => card.card),
    )
    // Whatever the reader was unsure of, the player confirms; then the cards can be applied.
    for (const confirm of await page.getByTestId('card-photo-confirm').all()) await confirm.click()
    await screenshot(page, 'card-photo')
    await page.getByTestId('card-photo-apply').click()
    await page.getByTestId('card-photo-row').first().waitFor({ state: 'detached' })
    expect(await page.getByTestId('card-hand').locator('button').allInnerTexts()).toEqual(photo.cards.map((card) => cardLabel(card.card)))
    expect(errorsOf(page)).toEqual([])
  })

  it('lays the six main cards of a 52-card round from a photo, and the round goes on from them', async () => {
    const page = await browser.open('sidepanel')
    await startCardMatch(page)
    await page.getByTestId('round-photo-main').click()

    const photo = loadCardTruth().find((truth) => truth.file === SIX_MAIN_CARDS)
    if (!photo) throw new Error(`fixtures: ${SIX_MAIN_CARDS} is missing`)
    expect(photo.cards).toHaveLength(6)
    await page.getByTestId('card-photo-file').setInputFiles(join(CARD_FIXTURE_FOLDER, photo.file))
    await page.getByTestId('card-photo-row').first().waitFor({ timeout: 60_000 })
    // The player checks each card against the table, correcting any the reader got wrong.
    const selects = await page.getByTestId('card-photo-select').all()
    expect(selects).toHaveLength(6)
    for (const [i, select] of selects.entries()) {
      const truth = photo.cards[i]!.card
      if ((await select.inputValue()) !== truth) {
        console.info(`${photo.file}: card ${i + 1} read as ${await select.inputValue()}, corrected to ${truth}`)
        await select.selectOption(truth)
      }
    }
    for (const confirm of await page.getByTestId('card-photo-confirm').all()) await confirm.click()
    await screenshot(page, 'card-photo-main-cards')
    await page.getByTestId('card-photo-apply').click()
    await page.getByTestId('round-photo').waitFor({ state: 'detached' })

    const main = page.getByTestId('round-main').locator('.face')
    expect(await main.allInnerTexts()).toEqual(photo.cards.map((card) => cardLabel(card.card)))
    expect(await page.getByTestId('card-round-phase').innerText()).toContain('first player')
    expect(await page.getByTestId('round-hint').innerText()).toContain('Tap the unused main card.')
    await screenshot(page, 'card-photo-main-cards-laid')
    expect(errorsOf(page)).toEqual([])
  })
})
