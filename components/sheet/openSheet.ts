// The score sheet of a match opens as a tab of its own (sheet.html?match=<id>): a full page
// the browser can print, which neither the side panel nor the popup is.
import { browser } from 'wxt/browser'

export function sheetUrl(matchId: string): string {
  return browser.runtime.getURL(`/sheet.html?match=${encodeURIComponent(matchId)}`)
}

export async function openScoreSheet(matchId: string): Promise<void> {
  await browser.tabs.create({ url: sheetUrl(matchId) })
}
