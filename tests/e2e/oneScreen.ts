// The one-screen checks of table mode (issue 9): the side panel at its narrowest and a phone's
// height, a new match's setup open, and every control a referee uses checked to be on that
// screen with the page unscrolled. Shared by the dice and card table-mode tests.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { NARROW_WIDTH, SCREENSHOT_DIR, type ExtensionBrowser } from './extension.ts'

/** A phone's screen height (360 × 640, the narrowest the side panel is tried at). */
export const TABLE_HEIGHT = 640

/** The side panel at 360 × 640 on a fresh profile, the new match's setup open. */
export async function openTableSetup(browser: ExtensionBrowser): Promise<Page> {
  const panel = await browser.open('sidepanel', NARROW_WIDTH)
  await panel.setViewportSize({ width: NARROW_WIDTH, height: TABLE_HEIGHT })
  await panel.getByTestId('match-list-empty').waitFor()
  await panel.getByTestId('match-new').click()
  return panel
}

/** The control is wholly inside the 360 × 640 viewport and the page has not been scrolled. */
export async function expectInView(panel: Page, control: Locator, what: string): Promise<void> {
  const box = await control.boundingBox()
  expect(box, `${what}: not on screen`).not.toBeNull()
  expect(await panel.evaluate(() => window.scrollY), `${what}: the page was scrolled`).toBe(0)
  expect(box!.y, `${what}: above the viewport`).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height, `${what}: below the fold (${Math.round(box!.y + box!.height)} > ${TABLE_HEIGHT})`).toBeLessThanOrEqual(TABLE_HEIGHT)
  expect(box!.x + box!.width, `${what}: past the right edge`).toBeLessThanOrEqual(NARROW_WIDTH)
}

/** What the screen shows, unscrolled, as tests/e2e/screenshots/<name>.png. */
export async function viewportShot(panel: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await panel.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' })
}
