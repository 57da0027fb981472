// A robustness proxy for photos the bench has never seen (issue 10's held-out set: other
// decks, tables, phones): each real photo once more after a general change a different
// camera or room would bring — turned a quarter or a half, taken at 12 MP or 800 px, darker or
// brighter, under a warm or a cool lamp, saved as a poor JPEG, slightly out of focus — with
// the truth's points moved alike. None of these is tuned to a photo; a reader that only
// fits the development set loses ground here.
import jpeg from 'jpeg-js'
import { appScale, appSized } from './common.ts'
import { createRgbaImage, gaussianBlur, mapChannels, resize, type Point, type RgbaImage } from '../../vision/raster.ts'

export interface StressVariant {
  name: string
  /** The changed photo, and where a point of the original photo lies on it. */
  apply(image: RgbaImage): { image: RgbaImage; moved: (p: Point) => Point }
}

function quarterTurnClockwise(image: RgbaImage): RgbaImage {
  const { width, height } = image
  const source = new Uint32Array(image.data.buffer, image.data.byteOffset, width * height)
  const out = createRgbaImage(height, width)
  const target = new Uint32Array(out.data.buffer)
  // Source (x, y) lands at (height − 1 − y, x).
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) target[x * height + (height - 1 - y)] = source[y * width + x]!
  return out
}

function halfTurn(image: RgbaImage): RgbaImage {
  const pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, image.width * image.height).slice().reverse()
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(pixels.buffer) }
}

/** The long side scaled to `longSide` (bilinear up, area-averaged down, as raster.resize does). */
function scaledTo(longSide: number): StressVariant['apply'] {
  return (image) => {
    const scale = longSide / Math.max(image.width, image.height)
    const width = Math.round(image.width * scale)
    const height = Math.round(image.height * scale)
    return {
      image: resize(image, width, height),
      moved: (p) => ({ x: (p.x * width) / image.width, y: (p.y * height) / image.height }),
    }
  }
}

/** Each channel through its own curve (a lookup table); points stay where they are. */
function perChannel(curve: (value: number, channel: number) => number): StressVariant['apply'] {
  const tables = [0, 1, 2].map((c) => Uint8ClampedArray.from({ length: 256 }, (_, v) => Math.round(curve(v, c))))
  return (image) => {
    const out = createRgbaImage(image.width, image.height)
    for (let i = 0; i < image.data.length; i += 4) {
      out.data[i] = tables[0]![image.data[i]!]!
      out.data[i + 1] = tables[1]![image.data[i + 1]!]!
      out.data[i + 2] = tables[2]![image.data[i + 2]!]!
      out.data[i + 3] = 255
    }
    return { image: out, moved: (p) => p }
  }
}

const gamma = (exponent: number) => perChannel((v) => 255 * (v / 255) ** exponent)
/** A lamp's colour: each channel scaled (clipped at white, as a camera's sensor clips). */
const cast = (gains: [number, number, number]) => perChannel((v, c) => Math.min(255, v * gains[c]!))

export const STRESS_VARIANTS: readonly StressVariant[] = [
  { name: 'quarter turn', apply: (image) => ({ image: quarterTurnClockwise(image), moved: (p) => ({ x: image.height - p.y, y: p.x }) }) },
  { name: 'half turn', apply: (image) => ({ image: halfTurn(image), moved: (p) => ({ x: image.width - p.x, y: image.height - p.y }) }) },
  { name: '4032 px (12 MP)', apply: scaledTo(4032) },
  { name: '800 px', apply: scaledTo(800) },
  { name: 'darker (gamma 1.8)', apply: gamma(1.8) },
  { name: 'brighter (gamma 0.6)', apply: gamma(0.6) },
  { name: 'warm lamp', apply: cast([1.12, 0.97, 0.72]) },
  { name: 'cool light', apply: cast([0.8, 0.95, 1.1]) },
  {
    name: 'JPEG quality 20',
    apply: (image) => {
      const encoded = jpeg.encode({ width: image.width, height: image.height, data: image.data }, 20)
      const decoded = jpeg.decode(encoded.data, { useTArray: true, formatAsRGBA: true })
      return {
        image: { width: decoded.width, height: decoded.height, data: new Uint8ClampedArray(decoded.data.buffer) },
        moved: (p) => p,
      }
    },
  },
  {
    // σ of 0.15 % of the long side: about 2 px on a 1600-px photo, a slightly missed focus.
    name: 'slight blur',
    apply: (image) => ({
      image: mapChannels(image, (channel) => gaussianBlur(channel, 0.0015 * Math.max(image.width, image.height))),
      moved: (p) => p,
    }),
  },
]

/** The variants named in a comma-separated list (all when the list is absent). */
export function chooseVariants(names: string | undefined): readonly StressVariant[] {
  if (!names) return STRESS_VARIANTS
  const wanted = names.split(',').map((n) => n.trim().toLowerCase())
  const chosen = STRESS_VARIANTS.filter((v) => wanted.some((w) => v.name.toLowerCase().startsWith(w)))
  if (chosen.length === 0) throw new Error(`--variants: none of ${STRESS_VARIANTS.map((v) => v.name).join(', ')}`)
  return chosen
}

/**
 * A variant as the extension's reader meets it: the changed photo, then scaled down as the page
 * decodes a picture (bench/vision/common.ts), its points moved along — a 12 MP variant is read
 * at the app's size, as a 12 MP photo would be.
 */
export function applyAsTheApp(variant: StressVariant, kind: string, image: RgbaImage): ReturnType<StressVariant['apply']> {
  const changed = variant.apply(image)
  const scale = appScale(kind, changed.image.width, changed.image.height)
  if (scale === 1) return changed
  return {
    image: appSized(kind, changed.image),
    moved: (p) => {
      const q = changed.moved(p)
      return { x: q.x * scale, y: q.y * scale }
    },
  }
}
