// The referee on a phone at the table: Chromium's mobile emulation (touch, device scale factor 3,
// 360 × 740), the side panel's page opened as a tab as the popup opens it where no side panel
// exists, and a whole dice end recorded by touch alone. Every control touched must be at least
// 44 × 44 CSS pixels, need no hover, and the page must never scroll sideways. Screenshots of the
// steps land in tests/e2e/screenshots/phone-*.png, and the same screens at 412 × 915.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCREENSHOT_DIR, chromiumPath, extensionUnderTest, horizontalOverflow, launchArgs } from './extension.ts'
import { DICE_END } from './diceEnd.ts'

const PHONE = { width: 360, height: 740 }
const LARGE_PHONE = { width: 412, height: 915 }
/** The smallest touch target that fingers hit reliably (WCAG 2.5.5, platform guidelines). */
const MIN_TARGET = 44
/** Where a phone keyboard's top edge lands on a 740 px screen (it takes about 300 px). */
const KEYBOARD_TOP = 440

describe('the referee on a phone, by touch', () => {
  let profile: string
  let context: BrowserContext
  let page: Page
  const small: string[] = []
  const problems: string[] = []

  beforeAll(async () => {
    const extension = extensionUnderTest()
    profile = mkdtempSync(join(tmpdir(), 'curling-referee-phone-'))
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: launchArgs(extension),
      viewport: PHONE,
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    })
    context.setDefaultTimeout(8_000)
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
    const id = new URL(worker.url()).host
    page = await context.newPage()
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    await page.goto(`chrome-extension://${id}/sidepanel.html`)
    await page.waitForFunction(() => (document.querySelector('#app')?.childElementCount ?? 0) > 0)
  })

  afterAll(async () => {
    await context?.close()
    rmSync(profile, { recursive: true, force: true })
  })

  async function shot(name: string, size = PHONE): Promise<void> {
    mkdirSync(SCREENSHOT_DIR, { recursive: true })
    await page.setViewportSize(size)
    await page.screenshot({ path: join(SCREENSHOT_DIR, `phone-${name}-${size.width}.png`), animations: 'disabled' })
    if (size !== PHONE) await page.setViewportSize(PHONE)
  }

  /** A finger on a control: brought on screen by scrolling, measured, then tapped. */
  async function touch(control: Locator, what: string): Promise<void> {
    await control.scrollIntoViewIfNeeded()
    // A radio or a checkbox is touched through its label, which is the target a finger meets.
    const isBox = await control.evaluate((element) => element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox'))
    const target = isBox ? control.locator('xpath=ancestor::label[1]') : control
    const box = await target.boundingBox()
    expect(box, `${what}: not on screen`).not.toBeNull()
    if (box!.width < MIN_TARGET - 0.5 || box!.height < MIN_TARGET - 0.5) {
      small.push(`${what}: ${Math.round(box!.width)} × ${Math.round(box!.height)}`)
    }
    await control.tap()
  }

  it('the page knows it is on a touch screen', async () => {
    expect(await page.evaluate(() => ({ points: navigator.maxTouchPoints > 0, marked: document.documentElement.classList.contains('touch') }))).toEqual({
      points: true,
      marked: true,
    })
  })

  it('sets up a dice match and records all 16 throws of an end by touch', async () => {
    await touch(page.getByTestId('welcome-new'), 'start a setup')
    const form = page.getByTestId('match-setup')
    await form.getByTestId('setup-name-red').fill('Anna')
    await form.getByTestId('setup-name-blue').fill('Boris')
    await touch(form.getByTestId('setup-variant-dice'), 'dice')
    await touch(form.getByTestId('setup-hammer-choice'), 'hammer by agreement')
    await touch(form.getByTestId('setup-hammer-red'), 'hammer: red')
    await shot('setup')
    await touch(form.getByTestId('setup-start'), 'start')
    await page.getByTestId('throw-panel').waitFor()

    for (const [index, step] of DICE_END.entries()) {
      const n = index + 1
      const status = await page.getByTestId('throw-status').innerText()
      expect(status).toMatch(new RegExp(`throw ${n} of 16`))
      for (const face of step.dice) await touch(page.getByTestId(`dice-face-${face}`), `die face ${face}`)
      const list = page.getByTestId('legal-moves')
      await list.waitFor()
      if (n === 1) await shot('moves')
      const button = page.locator(`[data-testid="legal-move"][data-move="${step.move}"]`)
      if ((await button.count()) === 0) {
        const [, type, lengths] = step.move.split(' ')
        await touch(list.getByTestId(`move-type-${type}`), `type ${type}`)
        for (const value of lengths!.split(',')) {
          if ((await button.count()) > 0) break
          await touch(list.getByTestId('moves-pick-length').getByTestId(`move-length-${value}`), `length ${value}`)
        }
      }
      await touch(button, `move ${step.move}`)
      await page.getByTestId('throw-replay').waitFor()
      if (n === 1) await shot('chosen')
      await touch(page.getByTestId('confirm-throw'), 'confirm')
      await page.waitForFunction((before) => document.querySelector('[data-testid="throw-status"]')?.textContent !== before, status)
      expect(await horizontalOverflow(page), `throw ${n}: sideways scrolling`).toEqual([])
    }
    await shot('end-complete')
    await shot('end-complete', LARGE_PHONE)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(problems).toEqual([])
    expect(small, 'touch targets under 44 × 44 px').toEqual([])
  })

  it('the on-screen keyboard leaves the field being typed in sight', async () => {
    // The pages ask a phone's keyboard to shrink the page (not to slide over it) …
    expect(await page.evaluate(() => document.querySelector('meta[name="viewport"]')?.getAttribute('content'))).toContain('interactive-widget=resizes-content')
    await touch(page.getByTestId('nav-tools'), 'tools')
    const field = page.getByTestId('dispute-position')
    await field.waitFor()
    // … so a field tapped low on the screen, where the keyboard will rise, …
    await field.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().bottom - (window.innerHeight - 40)))
    const before = await field.boundingBox()
    expect(before!.y + before!.height, 'the field must start where the keyboard will cover it').toBeGreaterThan(KEYBOARD_TOP)
    await field.tap()
    // … is brought back into what the keyboard leaves of the screen (the page resized to it).
    await page.setViewportSize({ width: PHONE.width, height: KEYBOARD_TOP })
    await expect
      .poll(async () => {
        const box = await field.boundingBox()
        return box !== null && box.y >= 0 && box.y + box.height <= KEYBOARD_TOP
      }, { timeout: 3_000 })
      .toBe(true)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('dispute-position')
    mkdirSync(SCREENSHOT_DIR, { recursive: true })
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'phone-keyboard-360.png') })
    await page.setViewportSize(PHONE)
  })
})
