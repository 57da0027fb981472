// The camera tab (entrypoints/camera) hands its picture to the side panel through storage:
// the side panel cannot ask for the camera itself (PLATFORM.md), the tab can.
import { storage } from 'wxt/utils/storage'

/** The last picture taken in the camera tab, as a JPEG data URL; cleared once used. */
export const cameraCaptureItem = storage.defineItem<string | null>('local:cameraCapture', { fallback: null })

/** A data URL back to a Blob, without fetch (no network, not even data: through fetch). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [header, payload = ''] = dataUrl.split(',', 2)
  const type = /^data:([^;]+)/.exec(header ?? '')?.[1] ?? 'image/jpeg'
  const bytes = Uint8Array.from(atob(payload), (c) => c.charCodeAt(0))
  return new Blob([bytes], { type })
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('picture: could not be read'))
    reader.readAsDataURL(blob)
  })
}
