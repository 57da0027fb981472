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

/** Call directly in the click handler, before any await. */
export function openSidePanel(windowId: number | undefined): Promise<void> {
  const { sidePanel, sidebarAction } = apis()
  if (sidePanel && windowId !== undefined) return sidePanel.open({ windowId })
  if (sidebarAction) return sidebarAction.open()
  return Promise.reject(new SidePanelUnavailable(sidePanel ? 'no-window' : 'no-panel'))
}
