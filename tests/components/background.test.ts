import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeBrowser } from 'wxt/testing'
import background from '../../entrypoints/background.ts'

type WithPanel = { sidePanel?: { setPanelBehavior: (behavior: { openPanelOnActionClick: boolean }) => Promise<void> } }

describe('background', () => {
  afterEach(() => {
    delete (fakeBrowser as unknown as WithPanel).sidePanel
  })

  it('Chrome: the toolbar button keeps opening the popup, not the side panel', () => {
    const setPanelBehavior = vi.fn(() => Promise.resolve())
    ;(fakeBrowser as unknown as WithPanel).sidePanel = { setPanelBehavior }
    void background.main()
    expect(setPanelBehavior).toHaveBeenCalledWith({ openPanelOnActionClick: false })
  })

  it('Firefox (no sidePanel API): starts without error', () => {
    expect(() => background.main()).not.toThrow()
  })
})
