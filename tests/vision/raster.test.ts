// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  applyHomography,
  boxBlur,
  boxBlurReused,
  connectedComponents,
  createGrayImage,
  createRgbaImage,
  deltaE,
  gaussianBlur,
  growMask,
  homographyFromPoints,
  hypot,
  hypot3,
  invertHomography,
  labAt,
  median,
  medianColour,
  otsuThreshold,
  percentile,
  rectangle,
  toLab,
  rgbToLabKept,
  resize,
  rgbToHsv,
  rgbToLab,
  sampleBilinear,
  toGray,
  warpQuadrilateral,
  writePixel,
} from '../../vision/raster.ts'

describe('grey levels and blur', () => {
  it('turns white into 255 and black into 0', () => {
    const image = createRgbaImage(2, 1)
    writePixel(image, 0, 0, [255, 255, 255])
    writePixel(image, 1, 0, [0, 0, 0])
    expect(Array.from(toGray(image).data).map(Math.round)).toEqual([255, 0])
  })

  it('box blur keeps the mean of a flat image and spreads a spike evenly', () => {
    const image = createGrayImage(9, 9)
    image.data[40] = 81
    const blurred = boxBlur(image, 1)
    expect(blurred.data[40]).toBeCloseTo(9)
    expect(blurred.data[30]).toBeCloseTo(9)
    expect(blurred.data[0]).toBe(0)
  })

  it('box blur gives each pixel the mean of its window, edges repeated, at any radius and size', () => {
    const image = createGrayImage(13, 7)
    image.data.forEach((_, i) => (image.data[i] = (i * 37) % 101))
    const at = (x: number, y: number) =>
      image.data[Math.min(image.height - 1, Math.max(0, y)) * image.width + Math.min(image.width - 1, Math.max(0, x))]!
    for (const radius of [1, 2, 6, 9]) {
      const blurred = boxBlur(image, radius)
      for (let y = 0; y < image.height; y++)
        for (let x = 0; x < image.width; x++) {
          let sum = 0
          for (let dy = -radius; dy <= radius; dy++) for (let dx = -radius; dx <= radius; dx++) sum += at(x + dx, y + dy)
          expect(blurred.data[y * image.width + x]).toBeCloseTo(sum / (2 * radius + 1) ** 2, 3)
        }
    }
  })

  it('a reused box blur gives boxBlur’s very numbers, in a buffer the next reused blur writes over', () => {
    const image = createGrayImage(37, 23)
    image.data.forEach((_, i) => (image.data[i] = ((i * 7919) % 251) + 0.37))
    const small = createGrayImage(11, 5)
    small.data.forEach((_, i) => (small.data[i] = (i * 13) % 29))
    for (const radius of [0, 1, 4, 30]) {
      const reused = boxBlurReused(image, radius)
      expect([reused.width, reused.height]).toEqual([37, 23])
      expect(Array.from(reused.data)).toEqual(Array.from(boxBlur(image, radius).data))
      // A smaller image's blur next is of its own size, from its own pixels, whatever the buffer held.
      const next = boxBlurReused(small, radius)
      expect(next.data).toHaveLength(55)
      expect(Array.from(next.data)).toEqual(Array.from(boxBlur(small, radius).data))
      expect(next.data.buffer).toBe(reused.data.buffer)
    }
  })

  it('gaussian blur conserves the total of a spike away from the edges', () => {
    const image = createGrayImage(41, 41)
    image.data[20 * 41 + 20] = 1000
    const blurred = gaussianBlur(image, 2)
    const total = blurred.data.reduce((sum, v) => sum + v, 0)
    expect(total).toBeCloseTo(1000, 1)
    expect(blurred.data[20 * 41 + 20]!).toBeGreaterThan(blurred.data[20 * 41 + 24]!)
  })
})

describe('sampling and resizing', () => {
  it('interpolates halfway between two pixels', () => {
    const image = createRgbaImage(2, 1)
    writePixel(image, 0, 0, [0, 0, 0])
    writePixel(image, 1, 0, [200, 100, 50])
    expect(sampleBilinear(image, 0.5, 0)).toEqual([100, 50, 25])
  })

  it('shrinking averages each block', () => {
    const image = createRgbaImage(4, 2)
    for (let x = 0; x < 4; x++) for (let y = 0; y < 2; y++) writePixel(image, x, y, x < 2 ? [0, 0, 0] : [200, 200, 200])
    const small = resize(image, 2, 1)
    expect([small.data[0], small.data[4]]).toEqual([0, 200])
  })
})

describe('Otsu threshold', () => {
  it('falls between two well separated groups', () => {
    const values = [...Array(50).fill(30), ...Array(50).fill(200)]
    const level = otsuThreshold(values)
    expect(level).toBeGreaterThan(30)
    expect(level).toBeLessThan(200)
  })
})

describe('connected components', () => {
  it('counts separate blobs with their areas and centroids', () => {
    // Two blobs: a 2×2 square at the top left and a single pixel at (4, 3).
    const width = 6
    const mask = new Uint8Array(width * 5)
    for (const [x, y] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [4, 3],
    ] as const)
      mask[y * width + x] = 1
    const { components, labels } = connectedComponents(mask, width, 5)
    expect(components.map((c) => c.area)).toEqual([4, 1])
    expect(components[0]!.centroidX).toBeCloseTo(0.5)
    expect(components[1]).toMatchObject({ minX: 4, maxX: 4, minY: 3, maxY: 3 })
    expect(labels[3 * width + 4]).toBe(2)
  })

  it('joins diagonal neighbours only with 8-connectivity', () => {
    const mask = Uint8Array.from([1, 0, 0, 1])
    expect(connectedComponents(mask, 2, 2, 8).components).toHaveLength(1)
    expect(connectedComponents(mask, 2, 2, 4).components).toHaveLength(2)
  })

  it('labels runs as a pixel-by-pixel flood fill does, numbered in raster order (U shapes, spirals, noise)', () => {
    let seed = 7
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (let trial = 0; trial < 60; trial++) {
      const width = 1 + Math.floor(random() * 30)
      const height = 1 + Math.floor(random() * 20)
      const density = random()
      const mask = Uint8Array.from({ length: width * height }, () => (random() < density ? 1 : 0))
      for (const connectivity of [4, 8] as const) {
        const { labels, components } = connectedComponents(mask, width, height, connectivity)
        const expected = floodFillLabels(mask, width, height, connectivity)
        expect([...labels]).toEqual([...expected])
        expect(components.map((c) => c.area)).toEqual(
          components.map((c) => expected.filter((label) => label === c.label).length),
        )
      }
    }
  })
})

/** The reference: each unlabelled pixel met in raster order starts a new region, filled neighbour by neighbour. */
function floodFillLabels(mask: Uint8Array, width: number, height: number, connectivity: 4 | 8): Int32Array {
  const labels = new Int32Array(width * height)
  let next = 0
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue
    labels[start] = ++next
    const stack = [start]
    while (stack.length > 0) {
      const p = stack.pop()!
      const x = p % width
      const y = (p - x) / width
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || (connectivity === 4 && dx !== 0 && dy !== 0)) continue
          const nx = x + dx
          const ny = y + dy
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue
          const q = ny * width + nx
          if (mask[q] && !labels[q]) {
            labels[q] = next
            stack.push(q)
          }
        }
    }
  }
  return labels
}

describe('growMask', () => {
  it('grows from every seed into 8-connected accepted pixels, and not across a gap', () => {
    // 7 × 3: a diagonal path of accepted pixels from the seed, then a gap, then more accepted ones.
    const width = 7
    const height = 3
    const accepted = ['x......', '.x.....', '..xx.xx']
    const mask = new Uint8Array(width * height)
    mask[0] = 1
    growMask(mask, width, height, (x, y) => accepted[y]![x] === 'x')
    const grown = Array.from({ length: height }, (_, y) =>
      Array.from({ length: width }, (_, x) => (mask[y * width + x] ? 'x' : '.')).join(''),
    )
    expect(grown).toEqual(['x......', '.x.....', '..xx...'])
  })

  it('keeps a seed that its test would not accept, and grows from it', () => {
    const mask = new Uint8Array(4)
    mask[3] = 1
    growMask(mask, 2, 2, (x) => x === 0)
    expect(Array.from(mask)).toEqual([1, 0, 1, 1])
  })
})

describe('colour conversions', () => {
  it('gives Lab of white and black', () => {
    const white = rgbToLab(255, 255, 255)
    expect(white[0]).toBeCloseTo(100, 1)
    expect(Math.abs(white[1])).toBeLessThan(0.5)
    expect(rgbToLab(0, 0, 0)[0]).toBeCloseTo(0, 3)
    expect(deltaE(rgbToLab(255, 0, 0), rgbToLab(0, 0, 255))).toBeGreaterThan(100)
  })

  it('hypot and hypot3 (deltaE) give Math.hypot’s number bit for bit: pixel steps, pip offsets, Lab differences, edge values', () => {
    // A fixed sequence (an LCG), so a failure names the same numbers every run.
    let state = 12345
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const edges = [0, -0, 1e-300, -1e-300, 1e300, Number.MIN_VALUE, NaN, Infinity, -Infinity, 3, -4]
    const values: number[] = [...edges]
    for (let x = -6; x <= 6; x += 0.25) values.push(x)
    for (let k = 0; k < 300; k++) values.push((next() - 0.5) * 10 ** (next() * 8 - 4), Math.fround((next() - 0.5) * 200))
    const differ: string[] = []
    let compared = 0
    for (const x of values)
      for (const y of values) {
        if (!Object.is(hypot(x, y), Math.hypot(x, y))) differ.push(`hypot(${x}, ${y})`)
        const z = values[(compared * 7919) % values.length]!
        if (!Object.is(hypot3(x, y, z), Math.hypot(x, y, z))) differ.push(`hypot3(${x}, ${y}, ${z})`)
        compared++
      }
    expect(compared).toBeGreaterThan(400_000)
    expect(differ.slice(0, 5)).toEqual([])
    expect(deltaE([50, 10, -20], [40, 13, -16])).toBe(Math.hypot(10, -3, -4))
  })

  it('gives HSV hues of the primaries', () => {
    expect(rgbToHsv(255, 0, 0)).toEqual([0, 1, 1])
    expect(rgbToHsv(0, 255, 0)[0]).toBeCloseTo(120)
    expect(rgbToHsv(0, 0, 255)[0]).toBeCloseTo(240)
    expect(rgbToHsv(128, 128, 128)[1]).toBe(0)
  })
})

describe('homography', () => {
  const square = [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ]
  const quad = [
    { x: 10, y: 20 },
    { x: 90, y: 10 },
    { x: 110, y: 120 },
    { x: 5, y: 100 },
  ]

  it('maps each of the four points onto its pair, and the inverse maps back', () => {
    const h = homographyFromPoints(square, quad)
    const inverse = invertHomography(h)
    for (let i = 0; i < 4; i++) {
      const p = applyHomography(h, square[i]!.x, square[i]!.y)
      expect(p.x).toBeCloseTo(quad[i]!.x, 6)
      expect(p.y).toBeCloseTo(quad[i]!.y, 6)
      const back = applyHomography(inverse, quad[i]!.x, quad[i]!.y)
      expect(back.x).toBeCloseTo(square[i]!.x, 6)
    }
  })

  it('refuses three points on one line', () => {
    expect(() =>
      homographyFromPoints(square, [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
        { x: 0, y: 5 },
      ]),
    ).toThrow(/degenerate/)
  })

  it('rectifies a quadrilateral so that its corners land in the output corners', () => {
    const image = createRgbaImage(40, 40)
    for (let y = 0; y < 40; y++) for (let x = 0; x < 40; x++) writePixel(image, x, y, [x * 6, y * 6, 0])
    const corners = [
      { x: 10, y: 10 },
      { x: 30, y: 10 },
      { x: 30, y: 30 },
      { x: 10, y: 30 },
    ]
    const out = warpQuadrilateral(image, corners, 20, 20)
    // Output pixel (0,0) covers source pixel (10,10); (19,19) covers (29,29).
    expect(out.data[0]).toBe(60)
    expect(out.data[(19 * 20 + 19) * 4 + 1]).toBe(174)
  })
})

describe('sample statistics', () => {
  it('takes medians of odd and even samples, and of colours channel by channel', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBe(0)
    expect(medianColour<[number, number, number]>([[1, 50, 9], [2, 40, 8], [250, 45, 7]])).toEqual([2, 45, 8])
  })

  it('takes a percentile from the sorted sample', () => {
    const values = Array.from({ length: 100 }, (_, i) => 99 - i)
    expect(percentile(values, 0.95)).toBe(95)
    expect(percentile(values, 1)).toBe(99)
  })

  it('converts a whole image to Lab, pixel by pixel', () => {
    const image = createRgbaImage(2, 1)
    writePixel(image, 1, 0, [255, 0, 0])
    const lab = toLab(image)
    expect(labAt(lab, 0)[0]).toBeCloseTo(0, 3)
    const red = rgbToLab(255, 0, 0)
    labAt(lab, 1).forEach((value, channel) => expect(value).toBeCloseTo(red[channel]!, 3))
  })

  it('gives a colour met again, or one sharing its table slot with another, the Lab of its own', () => {
    // 6,000 pixels of 1,500 colours (more than the table's slots): each colour comes back four times.
    const image = createRgbaImage(100, 60)
    for (let p = 0; p < 6000; p++) {
      const colour = p % 1500
      writePixel(image, p % 100, Math.floor(p / 100), [(colour * 37) % 256, ((colour * 11) % 13) * 19, colour >> 3])
    }
    const lab = toLab(image)
    for (let p = 0; p < 6000; p++) {
      const [r, g, b] = [image.data[p * 4]!, image.data[p * 4 + 1]!, image.data[p * 4 + 2]!]
      expect(labAt(lab, p)).toEqual(Array.from(new Float32Array(rgbToLab(r, g, b))))
    }
  })

  it('gives a pixel’s colour, met again or sharing its table slot with another, the Lab rgbToLab gives it, to the last bit', () => {
    // 20,000 asks of 6,000 colours (more than the table's slots), each colour coming back, some at once.
    for (let k = 0; k < 20_000; k++) {
      const colour = (k * 7919) % 6000
      const [r, g, b] = [(colour * 37) % 256, ((colour * 11) % 23) * 11, (colour >> 4) % 256]
      expect(rgbToLabKept(r, g, b)).toEqual(rgbToLab(r, g, b))
      if (k % 7 === 0) expect(rgbToLabKept(r, g, b)).toEqual(rgbToLab(r, g, b))
    }
    // A tuple of its own each time: one changed leaves the next one whole.
    const first = rgbToLabKept(12, 200, 40)
    first[0] = -1
    expect(rgbToLabKept(12, 200, 40)).toEqual(rgbToLab(12, 200, 40))
  })

  it('writes a kept colour’s Lab into the tuple it is given, the very numbers rgbToLab gives, colour after colour', () => {
    const out: [number, number, number] = [0, 0, 0]
    for (let k = 0; k < 20_000; k++) {
      const colour = (k * 7919) % 6000
      const [r, g, b] = [(colour * 37) % 256, ((colour * 11) % 23) * 11, (colour >> 4) % 256]
      expect(rgbToLabKept(r, g, b, out)).toBe(out)
      expect(out).toEqual(rgbToLab(r, g, b))
    }
  })

  it('lists a rectangle’s corners clockwise from the top left', () => {
    expect(rectangle(8, 13)).toEqual([
      { x: 0, y: 0 },
      { x: 8, y: 0 },
      { x: 8, y: 13 },
      { x: 0, y: 13 },
    ])
  })
})

describe('convexHull', () => {
  it('keeps the corners of a square and drops the points inside and on its edges', async () => {
    const { convexHull } = await import('../../vision/raster.ts')
    const points = [
      { x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 2 }, { x: 0, y: 2 },
      { x: 1, y: 1 }, { x: 1, y: 0 }, { x: 0.5, y: 1.5 },
    ]
    const hull = convexHull(points)
    expect(hull).toHaveLength(4)
    expect(new Set(hull.map((p) => `${p.x},${p.y}`))).toEqual(new Set(['0,0', '2,0', '2,2', '0,2']))
  })
})
