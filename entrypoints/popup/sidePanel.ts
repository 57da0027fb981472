// Opening the referee beside the page. Chrome's side panel must be opened synchronously
// inside the click: any await before sidePanel.open() loses the user gesture
// (chrome.sidePanel.open, docs/architecture.md). So the window id is read beforehand, when the popup opens.
import { browser } from 'wxt/browser'

interface SidePanelApis {
  sidePanel?: { open(options: { windowId: number }): Promise<void> }
  /** Firefox: WXT turns the sidepanel entrypoint into sidebar_action. */
  sidebarAction?: { open(): Promise<void> }
}

function apis(): SidePanelApis {
  return browser as unknown as SidePanelApis
}

/** The popup's window, read on mount so the click handler need not wait for it. */
export async function currentWindowId(): Promise<number | undefined> {
  try {
    return (await browser.windows.getCurrent()).id
  } catch {
    return undefined
  }
}

/** Why the panel could not be opened, when it is this app's knowledge and not the browser's words. */
export class SidePanelUnavailable extends Error {
  constructor(readonly why: 'no-window' | 'no-panel') {
    super(why === 'no-window' ? 'the window is not known yet' : 'this browser has no side panel')
  }
}

/** Where the referee opened: beside the page, or as a tab of its own (phones, browsers without a panel). */
export type RefereeOpened = 'panel' | 'tab'

/**
 * Call directly in the click handler, before any await. Chrome's side panel, else Firefox's
 * sidebar, else — Firefox for Android, a Chromium browser without the side panel API — the
 * full referee as a tab (tabs.create needs no permission).
 */
export function openSidePanel(windowId: number | undefined): Promise<RefereeOpened> {
  const { sidePanel, sidebarAction } = apis()
  if (sidePanel && windowId !== undefined) return sidePanel.open({ windowId }).then(() => 'panel')
  if (sidebarAction) return sidebarAction.open().then(() => 'panel')
  if (sidePanel) return Promise.reject(new SidePanelUnavailable('no-window'))
  return openRefereeTab().then(() => 'tab')
}

/** The side panel's page as a tab: the same referee, full width. */
export async function openRefereeTab(): Promise<void> {
  try {
    await browser.tabs.create({ url: browser.runtime.getURL('/sidepanel.html') })
  } catch {
    throw new SidePanelUnavailable('no-panel')
  }
}
