// Opening the room's scoreboard for a match: a window of its own where the browser has windows
// (a popup-type window has no tabs or address bar, for a second screen or a projector), else a
// tab (Firefox for Android). Neither needs a permission.
import { browser } from 'wxt/browser'

/** The scoreboard page of a match, as the extension serves it. */
export function scoreboardUrl(matchId: string): string {
  return browser.runtime.getURL(`/scoreboard.html?match=${encodeURIComponent(matchId)}`)
}

export type ScoreboardOpened = 'window' | 'tab'

/** 16 : 9, and no larger than the screen it opens on. */
function windowSize(): { width: number; height: number } {
  const screenWidth = globalThis.screen?.availWidth || 1280
  const screenHeight = globalThis.screen?.availHeight || 720
  return { width: Math.min(1280, screenWidth), height: Math.min(720, screenHeight) }
}

export async function openScoreboard(matchId: string): Promise<ScoreboardOpened> {
  const url = scoreboardUrl(matchId)
  const windows = (browser as { windows?: typeof browser.windows }).windows
  if (windows?.create) {
    try {
      await windows.create({ url, type: 'popup', ...windowSize() })
      return 'window'
    } catch {
      // No window for this browser (or none of this type): a tab below.
    }
  }
  await browser.tabs.create({ url })
  return 'tab'
}
