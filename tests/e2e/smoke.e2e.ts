// The built extension loads in Chromium: manifest, service worker, both pages render without
// errors, storage is reachable and survives a browser restart on the same profile.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExtensionBrowser, errorsOf, extensionUnderTest, horizontalOverflow, NARROW_WIDTH, screenshot } from './extension.ts'

describe('the built extension in Chromium', () => {
  let browser: ExtensionBrowser

  beforeAll(async () => {
    browser = await ExtensionBrowser.launch()
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('declares a popup and a side panel in its manifest', () => {
    const manifest = JSON.parse(readFileSync(join(extensionUnderTest(), 'manifest.json'), 'utf8'))
    expect(manifest.manifest_version).toBe(3)
    expect(manifest.action.default_popup).toBe('popup.html')
    expect(manifest.side_panel.default_path).toBe('sidepanel.html')
    expect(manifest.permissions).toEqual(expect.arrayContaining(['storage', 'sidePanel']))
  })

  it('runs its service worker under a 32-letter extension id', () => {
    expect(browser.extensionId).toMatch(/^[a-p]{32}$/)
  })

  it.each(['sidepanel', 'popup'] as const)('renders the %s page without errors or overflow at 360 px', async (name) => {
    const page = await browser.open(name, NARROW_WIDTH)
    expect((await page.locator('#app').innerText()).trim()).not.toBe('')
    expect(await horizontalOverflow(page)).toEqual([])
    await screenshot(page, `smoke-${name}`)
    expect(errorsOf(page)).toEqual([])
    await page.close()
  })

  it('keeps chrome.storage.local across a browser restart on the same profile', async () => {
    const page = await browser.open('popup')
    await page.evaluate(() => chrome.storage.local.set({ e2eProbe: 'survives restart' }))
    await page.close()
    await browser.relaunch()
    expect((await browser.storage()).e2eProbe).toBe('survives restart')
  })
})

declare const chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } }
