import { afterEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import PhotoSource from '../../components/photo/PhotoSource.vue'
import { setLocale } from '../../i18n/index.ts'

/** matchMedia as a phone (coarse pointer) or a desktop (mouse) answers it. */
function pointer(coarse: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: coarse && query.includes('coarse'), media: query }))
}

afterEach(() => {
  vi.unstubAllGlobals()
  setLocale('en')
})

describe('PhotoSource', () => {
  it('on a phone offers the rear camera and still a file', async () => {
    pointer(true)
    setLocale('ru')
    const wrapper = mount(PhotoSource, { props: { testId: 'photo-file' } })
    await wrapper.vm.$nextTick()
    const camera = wrapper.find('[data-testid="photo-file-camera"]')
    expect(camera.attributes('capture')).toBe('environment')
    expect(camera.attributes('accept')).toBe('image/*')
    const file = wrapper.find('[data-testid="photo-file"]')
    expect(file.attributes('capture')).toBeUndefined()
    expect(wrapper.text()).toContain('Сфотографировать')
    expect(wrapper.text()).toContain('Выбрать фото')
  })

  it('with a mouse offers just the file (desktop browsers ignore capture)', async () => {
    pointer(false)
    const wrapper = mount(PhotoSource, { props: { testId: 'card-photo-file' } })
    await wrapper.vm.$nextTick()
    expect(wrapper.find('[data-testid="card-photo-file-camera"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="card-photo-file"]').exists()).toBe(true)
  })

  it('emits the picked file and clears the input, so the same photo can be picked again', async () => {
    pointer(true)
    const wrapper = mount(PhotoSource, { props: { testId: 'photo-file' } })
    await wrapper.vm.$nextTick()
    const input = wrapper.find('[data-testid="photo-file-camera"]').element as HTMLInputElement
    const picture = new File([new Uint8Array([1, 2, 3])], 'table.jpg', { type: 'image/jpeg' })
    Object.defineProperty(input, 'files', { value: [picture], configurable: true })
    await wrapper.find('[data-testid="photo-file-camera"]').trigger('change')
    expect(wrapper.emitted('file')).toEqual([[picture]])
    expect(input.value).toBe('')
  })
})
