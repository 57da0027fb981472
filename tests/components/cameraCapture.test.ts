import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { fakeBrowser } from 'wxt/testing/fake-browser'
import CameraCapture from '../../components/photo/CameraCapture.vue'
import CameraPage from '../../entrypoints/camera/App.vue'
import { blobToDataUrl, cameraCaptureItem, dataUrlToBlob } from '../../components/photo/cameraCapture.ts'
import { setLocale } from '../../i18n/index.ts'

function cameraThatRefuses(name: string): void {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => Promise.reject(new DOMException('no', name))) },
  })
}

afterEach(() => {
  fakeBrowser.reset()
  setLocale('en')
})

describe('CameraCapture', () => {
  it('reports a refused permission as denied, so the page can send the player to the camera tab', async () => {
    cameraThatRefuses('NotAllowedError')
    const wrapper = mount(CameraCapture)
    await flushPromises()
    expect(wrapper.emitted('failure')?.[0]?.[0]).toBe('denied')
    expect(wrapper.find('[data-testid="camera-capture"]').attributes('disabled')).toBeDefined()
  })

  it('reports a missing camera as unavailable', async () => {
    cameraThatRefuses('NotFoundError')
    const wrapper = mount(CameraCapture)
    await flushPromises()
    expect(wrapper.emitted('failure')?.[0]?.[0]).toBe('unavailable')
  })
})

describe('camera page', () => {
  it('asks before opening the camera, and says so in Russian too', async () => {
    cameraThatRefuses('NotAllowedError')
    setLocale('ru')
    const wrapper = mount(CameraPage)
    expect(wrapper.text()).toContain('Камера для судьи')
    await wrapper.find('[data-testid="camera-allow"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[role="alert"]').text()).toContain('Камера здесь ещё не разрешена')
  })
})

describe('the picture handed from the camera tab', () => {
  it('survives the trip through storage as a data URL', async () => {
    const picture = new Blob([new Uint8Array([255, 216, 255, 0, 1, 2])], { type: 'image/jpeg' })
    await cameraCaptureItem.setValue(await blobToDataUrl(picture))
    const back = dataUrlToBlob((await cameraCaptureItem.getValue())!)
    expect(back.type).toBe('image/jpeg')
    expect(Array.from(new Uint8Array(await back.arrayBuffer()))).toEqual([255, 216, 255, 0, 1, 2])
  })
})
