// Image primitives shared by the photo readers (board, dice, cards). Plain TypeScript over
// typed arrays: it runs the same in a Web Worker, in the page and in Node tests, with no
// canvas and no network (issue 4: "no network at run time, ever").

/** An RGBA image as ImageData holds it: 4 bytes per pixel, rows top to bottom. */
export interface RgbaImage {
  width: number
  height: number
  data: Uint8ClampedArray
}

/** One channel per pixel (grey level 0–255, or any other measure), rows top to bottom. */
export interface GrayImage {
  width: number
  height: number
  data: Float32Array
}

export interface Point {
  x: number
  y: number
}

export type Rgb = [number, number, number]

export function createRgbaImage(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) }
}

export function createGrayImage(width: number, height: number): GrayImage {
  return { width, height, data: new Float32Array(width * height) }
}

/** The colour at pixel (x, y), clamped to the image. */
export function pixelAt(image: RgbaImage, x: number, y: number): Rgb {
  const cx = Math.min(image.width - 1, Math.max(0, Math.round(x)))
  const cy = Math.min(image.height - 1, Math.max(0, Math.round(y)))
  const i = (cy * image.width + cx) * 4
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!]
}

/** Rec. 601 luma, the grey level a photo's eye would see. */
export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b
}

export function toGray(image: RgbaImage): GrayImage {
  const gray = createGrayImage(image.width, image.height)
  const { data } = image
  for (let p = 0, i = 0; p < gray.data.length; p++, i += 4) gray.data[p] = luma(data[i]!, data[i + 1]!, data[i + 2]!)
  return gray
}

/**
 * Mean over a (2r+1)² window, edges clamped; two running-sum passes, O(pixels) for any r.
 * The vertical pass runs row by row with one running sum per column (the same sums, in the
 * same order, as column by column), so it reads memory in order.
 */
export function boxBlur(image: GrayImage, radius: number): GrayImage {
  return boxBlurInto(image, radius, createGrayImage(image.width, image.height))
}

/**
 * Buffers a blur writes and reads back within one call (boxBlur's horizontal pass, the first
 * two of gaussianBlur's boxes), reused from call to call: a reader blurs an enlarged dice photo
 * of megapixels a dozen times, and fresh buffers each time cost their zeroing and the
 * collector's work. Held weakly, so the megabytes go once a photo is read (a weak reference
 * holds while the reading that took it from there runs on; readers are synchronous).
 */
const scratch: (WeakRef<Float32Array> | undefined)[] = []
function scratchBuffer(slot: number, size: number): Float32Array {
  let buffer = scratch[slot]?.deref()
  if (!buffer || buffer.length < size) {
    buffer = new Float32Array(size)
    scratch[slot] = new WeakRef(buffer)
  }
  return buffer.subarray(0, size)
}

/**
 * boxBlur into a buffer reused from call to call: valid only until the next call. A pip finder
 * blurs each copy of a photo at five scales, three copies a photo, and reads each blur only while
 * it looks at that scale: a fresh image each time was megabytes made, zeroed and collected.
 */
export function boxBlurReused(image: GrayImage, radius: number): GrayImage {
  const { width, height } = image
  return boxBlurInto(image, radius, { width, height, data: scratchBuffer(REUSED_BLUR, width * height) })
}
/** The scratch slot of boxBlurReused (0 is boxBlur's horizontal pass, 1 and 2 gaussianBlur's boxes). */
const REUSED_BLUR = 3

/** boxBlur written into `out` (of the image's size, not the image itself); returns `out`. */
function boxBlurInto(image: GrayImage, radius: number, out: GrayImage): GrayImage {
  if (radius <= 0) {
    out.data.set(image.data)
    return out
  }
  const { width, height } = image
  const source = image.data
  const horizontal = scratchBuffer(0, width * height)
  const span = 2 * radius + 1
  const last = width - 1
  // Between the edges no index needs clamping: x − r ≥ 0 and x + r + 1 ≤ last.
  const inner = Math.min(width, radius)
  const outer = Math.max(inner, width - radius - 1)
  // Two rows per sweep: each row's running sum is one chain of dependent additions, and two
  // independent chains side by side keep the processor busy (the same sums, in the same order).
  // An odd last row is swept as both.
  for (let y = 0; y < height; y += 2) {
    const row = y * width
    const next = y + 1 < height ? row + width : row
    let sum = 0
    let sumNext = 0
    for (let k = -radius; k <= radius; k++) {
      const at = k < 0 ? 0 : k > last ? last : k
      sum += source[row + at]!
      sumNext += source[next + at]!
    }
    let x = 0
    for (; x < inner; x++) {
      horizontal[row + x] = sum / span
      horizontal[next + x] = sumNext / span
      const add = x + radius + 1
      const at = add > last ? last : add
      sum += source[row + at]! - source[row]!
      sumNext += source[next + at]! - source[next]!
    }
    for (; x < outer; x++) {
      horizontal[row + x] = sum / span
      horizontal[next + x] = sumNext / span
      sum += source[row + x + radius + 1]! - source[row + x - radius]!
      sumNext += source[next + x + radius + 1]! - source[next + x - radius]!
    }
    for (; x < width; x++) {
      horizontal[row + x] = sum / span
      horizontal[next + x] = sumNext / span
      const drop = x - radius
      const at = drop < 0 ? 0 : drop
      sum += source[row + last]! - source[row + at]!
      sumNext += source[next + last]! - source[next + at]!
    }
  }
  const columns = new Float64Array(width)
  const bottom = height - 1
  for (let k = -radius; k <= radius; k++) {
    const row = (k < 0 ? 0 : k > bottom ? bottom : k) * width
    for (let x = 0; x < width; x++) columns[x] = columns[x]! + horizontal[row + x]!
  }
  const target = out.data
  // The row a window reaches below (adding) or leaves above (dropping), clamped to the image.
  const rowAt = (y: number) => (y < 0 ? 0 : y > bottom ? bottom : y) * width
  // Four rows per sweep along the columns: each column's running sum stays in a register from
  // row to row (the same sums, in the same order) instead of going back to `columns` each time.
  let y = 0
  for (; y + 3 < height; y += 4) {
    const row = y * width
    const add0 = rowAt(y + radius + 1)
    const add1 = rowAt(y + radius + 2)
    const add2 = rowAt(y + radius + 3)
    const add3 = rowAt(y + radius + 4)
    const drop0 = rowAt(y - radius)
    const drop1 = rowAt(y - radius + 1)
    const drop2 = rowAt(y - radius + 2)
    const drop3 = rowAt(y - radius + 3)
    for (let x = 0; x < width; x++) {
      let sum = columns[x]!
      target[row + x] = sum / span
      sum += horizontal[add0 + x]! - horizontal[drop0 + x]!
      target[row + width + x] = sum / span
      sum += horizontal[add1 + x]! - horizontal[drop1 + x]!
      target[row + 2 * width + x] = sum / span
      sum += horizontal[add2 + x]! - horizontal[drop2 + x]!
      target[row + 3 * width + x] = sum / span
      columns[x] = sum + (horizontal[add3 + x]! - horizontal[drop3 + x]!)
    }
  }
  for (; y < height; y++) {
    const row = y * width
    const addRow = rowAt(y + radius + 1)
    const dropRow = rowAt(y - radius)
    for (let x = 0; x < width; x++) {
      const sum = columns[x]!
      target[row + x] = sum / span
      columns[x] = sum + (horizontal[addRow + x]! - horizontal[dropRow + x]!)
    }
  }
  return out
}

/** A Gaussian of standard deviation sigma, approximated by three box passes (Wells 1986). */
export function gaussianBlur(image: GrayImage, sigma: number): GrayImage {
  if (sigma <= 0) return boxBlur(image, 0)
  // Three boxes of width w give variance 3·(w²−1)/12 = sigma².
  const radius = Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2))
  const { width, height } = image
  const first = boxBlurInto(image, radius, { width, height, data: scratchBuffer(1, width * height) })
  const second = boxBlurInto(first, radius, { width, height, data: scratchBuffer(2, width * height) })
  return boxBlurInto(second, radius, createGrayImage(width, height))
}

/** Applies one grey-level filter to each of R, G and B; alpha is copied. */
export function mapChannels(image: RgbaImage, filter: (channel: GrayImage) => GrayImage): RgbaImage {
  const out = createRgbaImage(image.width, image.height)
  const channel = createGrayImage(image.width, image.height)
  for (let c = 0; c < 4; c++) {
    if (c === 3) {
      for (let p = 0; p < channel.data.length; p++) out.data[p * 4 + 3] = image.data[p * 4 + 3]!
      continue
    }
    for (let p = 0; p < channel.data.length; p++) channel.data[p] = image.data[p * 4 + c]!
    const filtered = filter(channel)
    for (let p = 0; p < channel.data.length; p++) out.data[p * 4 + c] = filtered.data[p]!
  }
  return out
}

/** The colour at a sub-pixel point, bilinear; points outside the image take the edge colour. */
export function sampleBilinear(image: RgbaImage, x: number, y: number, out: Rgb = [0, 0, 0]): Rgb {
  const fx = Math.min(image.width - 1, Math.max(0, x))
  const fy = Math.min(image.height - 1, Math.max(0, y))
  const x0 = Math.floor(fx)
  const y0 = Math.floor(fy)
  const x1 = Math.min(image.width - 1, x0 + 1)
  const y1 = Math.min(image.height - 1, y0 + 1)
  const tx = fx - x0
  const ty = fy - y0
  const { data, width } = image
  const i00 = (y0 * width + x0) * 4
  const i10 = (y0 * width + x1) * 4
  const i01 = (y1 * width + x0) * 4
  const i11 = (y1 * width + x1) * 4
  for (let c = 0; c < 3; c++) {
    const top = data[i00 + c]! * (1 - tx) + data[i10 + c]! * tx
    const bottom = data[i01 + c]! * (1 - tx) + data[i11 + c]! * tx
    out[c] = top * (1 - ty) + bottom * ty
  }
  return out
}

/** The grey level at a sub-pixel point, bilinear, edges clamped. */
export function sampleGray(image: GrayImage, x: number, y: number): number {
  const fx = Math.min(image.width - 1, Math.max(0, x))
  const fy = Math.min(image.height - 1, Math.max(0, y))
  const x0 = Math.floor(fx)
  const y0 = Math.floor(fy)
  const x1 = Math.min(image.width - 1, x0 + 1)
  const y1 = Math.min(image.height - 1, y0 + 1)
  const tx = fx - x0
  const ty = fy - y0
  const { data, width } = image
  const top = data[y0 * width + x0]! * (1 - tx) + data[y0 * width + x1]! * tx
  const bottom = data[y1 * width + x0]! * (1 - tx) + data[y1 * width + x1]! * tx
  return top * (1 - ty) + bottom * ty
}

/**
 * Scales an image to width × height. Shrinking averages each output pixel's whole footprint
 * (so a 4000-px phone photo loses noise, not detail); enlarging interpolates bilinearly.
 */
export function resize(image: RgbaImage, width: number, height: number): RgbaImage {
  const out = createRgbaImage(width, height)
  const sx = image.width / width
  const sy = image.height / height
  if (sx <= 1 && sy <= 1) {
    // sampleBilinear at each output pixel, with each output column's source columns and weight
    // worked out once: an enlarged photo is millions of pixels.
    const left = new Int32Array(width)
    const right = new Int32Array(width)
    const weight = new Float64Array(width)
    for (let x = 0; x < width; x++) {
      const fx = Math.min(image.width - 1, Math.max(0, (x + 0.5) * sx - 0.5))
      left[x] = Math.floor(fx)
      right[x] = Math.min(image.width - 1, left[x]! + 1)
      weight[x] = fx - left[x]!
    }
    const { data } = image
    const target = out.data
    // A source row blended across (left · (1 − tx) + right · tx, per output column and channel),
    // kept as the double sampleBilinear has before blending rows: an enlarged copy's output rows
    // share their source rows, which are then blended across once for all of them.
    const across = (sourceRow: number, into: Float64Array) => {
      const row = sourceRow * image.width
      for (let x = 0, c = 0; x < width; x++, c += 3) {
        const tx = weight[x]!
        const ux = 1 - tx
        const a = (row + left[x]!) * 4
        const b = (row + right[x]!) * 4
        into[c] = data[a]! * ux + data[b]! * tx
        into[c + 1] = data[a + 1]! * ux + data[b + 1]! * tx
        into[c + 2] = data[a + 2]! * ux + data[b + 2]! * tx
      }
    }
    let upper = new Float64Array(width * 3)
    let lower = new Float64Array(width * 3)
    let upperRow = -1
    let lowerRow = -1
    for (let y = 0; y < height; y++) {
      const fy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * sy - 0.5))
      const y0 = Math.floor(fy)
      const ty = fy - y0
      const uy = 1 - ty
      const y1 = Math.min(image.height - 1, y0 + 1)
      if (upperRow !== y0) {
        // Rows only move down: the last row below is often this row's row above.
        if (lowerRow === y0) {
          ;[upper, lower] = [lower, upper]
          lowerRow = -1
        } else across(y0, upper)
        upperRow = y0
      }
      if (lowerRow !== y1) {
        across(y1, lower)
        lowerRow = y1
      }
      // The three channels written out, each (upper · (1 − ty) + lower · ty) as sampleBilinear has it.
      for (let c = 0, o = y * width * 4; c < width * 3; c += 3, o += 4) {
        target[o] = upper[c]! * uy + lower[c]! * ty
        target[o + 1] = upper[c + 1]! * uy + lower[c + 1]! * ty
        target[o + 2] = upper[c + 2]! * uy + lower[c + 2]! * ty
        target[o + 3] = 255
      }
    }
    return out
  }
  // Each output pixel's footprint: source columns xa ≤ x < xb and rows ya ≤ y < yb. The rows
  // of one output row are summed column by column first (integer sums, so the order of
  // adding does not matter), then each footprint's columns.
  const xa = new Int32Array(width)
  const xb = new Int32Array(width)
  for (let x = 0; x < width; x++) {
    xa[x] = Math.floor(x * sx)
    xb[x] = Math.max(xa[x]! + 1, Math.min(image.width, Math.floor((x + 1) * sx)))
  }
  const source = image.data
  const target = out.data
  // Integer sums of bytes: a column of a footprint is at most a few thousand rows of 255.
  const columnSums = new Int32Array(image.width * 3)
  for (let y = 0; y < height; y++) {
    const ya = Math.floor(y * sy)
    const yb = Math.max(ya + 1, Math.min(image.height, Math.floor((y + 1) * sy)))
    columnSums.fill(0)
    for (let yy = ya; yy < yb; yy++)
      for (let i = yy * image.width * 4, end = i + image.width * 4, c = 0; i < end; i += 4, c += 3) {
        columnSums[c] = columnSums[c]! + source[i]!
        columnSums[c + 1] = columnSums[c + 1]! + source[i + 1]!
        columnSums[c + 2] = columnSums[c + 2]! + source[i + 2]!
      }
    for (let x = 0, o = y * width * 4; x < width; x++, o += 4) {
      let r = 0
      let g = 0
      let b = 0
      for (let c = 3 * xa[x]!, end = 3 * xb[x]!; c < end; c += 3) {
        r += columnSums[c]!
        g += columnSums[c + 1]!
        b += columnSums[c + 2]!
      }
      const n = (yb - ya) * (xb[x]! - xa[x]!)
      target[o] = r / n
      target[o + 1] = g / n
      target[o + 2] = b / n
      target[o + 3] = 255
    }
  }
  return out
}

/** Shrinks so the longer side is at most maxSide; returns the image and the scale applied. */
export function limitSize(image: RgbaImage, maxSide: number): { image: RgbaImage; scale: number } {
  const longer = Math.max(image.width, image.height)
  if (longer <= maxSide) return { image, scale: 1 }
  const scale = maxSide / longer
  return {
    image: resize(image, Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale))),
    scale,
  }
}

export function writePixel(image: RgbaImage, x: number, y: number, rgb: Rgb): void {
  const i = (y * image.width + x) * 4
  image.data[i] = rgb[0]
  image.data[i + 1] = rgb[1]
  image.data[i + 2] = rgb[2]
  image.data[i + 3] = 255
}

/** Otsu's threshold: the grey level that best separates the histogram into two classes. */
export function otsuThreshold(values: ArrayLike<number>): number {
  const histogram = new Float64Array(256)
  for (let i = 0; i < values.length; i++) histogram[Math.min(255, Math.max(0, Math.round(values[i]!)))]!++
  const total = values.length
  let sumAll = 0
  for (let level = 0; level < 256; level++) sumAll += level * histogram[level]!
  let weightBelow = 0
  let sumBelow = 0
  let best = 0
  let bestVariance = -1
  for (let level = 0; level < 256; level++) {
    weightBelow += histogram[level]!
    if (weightBelow === 0) continue
    const weightAbove = total - weightBelow
    if (weightAbove === 0) break
    sumBelow += level * histogram[level]!
    const meanBelow = sumBelow / weightBelow
    const meanAbove = (sumAll - sumBelow) / weightAbove
    const variance = weightBelow * weightAbove * (meanBelow - meanAbove) ** 2
    if (variance > bestVariance) {
      bestVariance = variance
      best = level
    }
  }
  // Values ≤ best form the lower class; "above the threshold" means > best + 0.5.
  return best + 0.5
}

/** A binary mask: 1 where the predicate holds. */
export function threshold(image: GrayImage, level: number, above = true): Uint8Array {
  const mask = new Uint8Array(image.width * image.height)
  for (let p = 0; p < mask.length; p++) mask[p] = (above ? image.data[p]! > level : image.data[p]! <= level) ? 1 : 0
  return mask
}

export interface Component {
  /** Label in the labels array (1-based; 0 is background). */
  label: number
  area: number
  minX: number
  minY: number
  maxX: number
  maxY: number
  centroidX: number
  centroidY: number
}

export interface Components {
  labels: Int32Array
  components: Component[]
}

/**
 * Grows `mask` (width × height, 1 = in) into every pixel 8-connected to it that `joins(x, y)`
 * accepts: a flood from all the mask's pixels at once, changed in place.
 */
export function growMask(mask: Uint8Array, width: number, height: number, joins: (x: number, y: number) => boolean): void {
  const stack: number[] = []
  for (let p = 0; p < mask.length; p++) if (mask[p]) stack.push(p)
  while (stack.length > 0) {
    const p = stack.pop()!
    const x = p % width
    const y = (p - x) / width
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx
        const ny = y + dy
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue
        const n = ny * width + nx
        if (mask[n] || !joins(nx, ny)) continue
        mask[n] = 1
        stack.push(n)
      }
  }
}

/**
 * A 3×3 dilation (value 1) or erosion (value 0) of a mask, as a pass along the rows and one
 * down the columns (the square is the product of the two): a pixel takes `value` when any
 * pixel of its 3×3 neighbourhood inside the photo has it.
 */
export function morphology(source: Uint8Array, width: number, height: number, value: 0 | 1): Uint8Array {
  const across = source.slice()
  for (let y = 0; y < height; y++) {
    const row = y * width
    for (let x = 0; x < width; x++)
      if ((x > 0 && source[row + x - 1] === value) || (x < width - 1 && source[row + x + 1] === value)) across[row + x] = value
  }
  const out = across.slice()
  for (let p = 0; p < out.length; p++)
    if ((p >= width && across[p - width] === value) || (p < out.length - width && across[p + width] === value)) out[p] = value
  return out
}

/**
 * Labels the 4- or 8-connected regions of a mask, with area, bounding box and centroid.
 * Found run by run (one pass joining each run of the mask to the runs it touches in the row
 * above, then one over the runs): labels are numbered in the order a raster scan first meets
 * each region.
 */
export function connectedComponents(
  mask: Uint8Array,
  width: number,
  height: number,
  connectivity: 4 | 8 = 8,
): Components {
  const labels = new Int32Array(width * height)
  // Runs of set pixels, row by row: start and end (inclusive) as pixel indices.
  let capacity = 1024
  let starts = new Int32Array(capacity)
  let ends = new Int32Array(capacity)
  let parent = new Int32Array(capacity)
  let runs = 0
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!
      i = parent[i]!
    }
    return i
  }
  // Diagonal neighbours join runs that only touch at a corner.
  const reach = connectivity === 8 ? 1 : 0
  let previousFirst = 0
  let previousLast = 0
  for (let y = 0; y < height; y++) {
    const row = y * width
    const rowEnd = row + width
    const first = runs
    let p = row
    let above = previousFirst
    while (p < rowEnd) {
      while (p < rowEnd && !mask[p]) p++
      if (p === rowEnd) break
      const start = p
      while (p < rowEnd && mask[p]) p++
      if (runs === capacity) {
        capacity *= 2
        const grow = (old: Int32Array) => {
          const next = new Int32Array(capacity)
          next.set(old)
          return next
        }
        starts = grow(starts)
        ends = grow(ends)
        parent = grow(parent)
      }
      const run = runs++
      starts[run] = start
      ends[run] = p - 1
      parent[run] = run
      // Runs of the row above that touch this one (column ranges overlap, widened by `reach`);
      // those ending before it end before every later run of this row too.
      const from = start - width - reach
      const to = p - 1 - width + reach
      while (above < previousLast && ends[above]! < from) above++
      for (let other = above; other < previousLast && starts[other]! <= to; other++) {
        const a = root(other)
        const b = root(run)
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b)
      }
    }
    previousFirst = first
    previousLast = runs
  }
  // A region's root is its first run (joins keep the smaller index), met first by a raster scan.
  const components: Component[] = []
  const labelOfRoot = new Int32Array(runs)
  for (let run = 0; run < runs; run++) {
    const top = root(run)
    let component: Component
    if (top === run) {
      component = { label: components.length + 1, area: 0, minX: width, minY: height, maxX: -1, maxY: -1, centroidX: 0, centroidY: 0 }
      components.push(component)
      labelOfRoot[run] = component.label
    } else component = components[labelOfRoot[top]! - 1]!
    const start = starts[run]!
    const end = ends[run]!
    const y = Math.floor(start / width)
    const a = start - y * width
    const b = end - y * width
    const length = b - a + 1
    labels.fill(component.label, start, end + 1)
    component.area += length
    component.centroidX += ((a + b) * length) / 2
    component.centroidY += y * length
    if (a < component.minX) component.minX = a
    if (b > component.maxX) component.maxX = b
    if (y < component.minY) component.minY = y
    if (y > component.maxY) component.maxY = y
  }
  for (const component of components) {
    component.centroidX /= component.area
    component.centroidY /= component.area
  }
  return { labels, components }
}

export type Lab = [number, number, number]

/** sRGB decoding for each byte value, computed once: Lab conversion runs per pixel. */
const LINEAR_OF_BYTE = Float64Array.from({ length: 256 }, (_, value) => {
  const v = value / 255
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
})

function srgbToLinear(value: number): number {
  if (Number.isInteger(value) && value >= 0 && value <= 255) return LINEAR_OF_BYTE[value]!
  const v = Math.min(255, Math.max(0, value)) / 255
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
}

function labCurve(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116
}

/** sRGB (0–255) to CIE L*a*b* (D65): distances there follow what the eye calls "different". */
export function rgbToLab(r: number, g: number, b: number): Lab {
  const lr = srgbToLinear(r)
  const lg = srgbToLinear(g)
  const lb = srgbToLinear(b)
  const x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / 0.95047
  const y = 0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb
  const z = (0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / 1.08883
  const fx = labCurve(x)
  const fy = labCurve(y)
  const fz = labCurve(z)
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)]
}

/**
 * The whole image in Lab, three floats per pixel: rgbToLab's arithmetic, written out without a
 * triple per pixel (a helper shared with rgbToLab, writing into a tuple or this array, ran 2–3×
 * slower once it had seen both). A photo has far fewer colours than pixels (a few thousand to a
 * few tens of thousands in 300,000): each colour's Lab is kept in a table keyed by the colour
 * and copied for the next pixel of that colour, rather than worked out again (three cube roots).
 */
export function toLab(image: RgbaImage): Float32Array {
  const lab = new Float32Array(image.width * image.height * 3)
  const { data } = image
  const colours = new Int32Array(1 << LAB_TABLE_BITS).fill(-1)
  const known = new Float32Array(3 << LAB_TABLE_BITS)
  for (let p = 0, i = 0; i < lab.length; p += 4, i += 3) {
    const colour = (data[p]! << 16) | (data[p + 1]! << 8) | data[p + 2]!
    const slot = Math.imul(colour, 0x9e3779b1) >>> (32 - LAB_TABLE_BITS)
    const at = slot * 3
    if (colours[slot] === colour) {
      lab[i] = known[at]!
      lab[i + 1] = known[at + 1]!
      lab[i + 2] = known[at + 2]!
      continue
    }
    const lr = LINEAR_OF_BYTE[data[p]!]!
    const lg = LINEAR_OF_BYTE[data[p + 1]!]!
    const lb = LINEAR_OF_BYTE[data[p + 2]!]!
    const fx = labCurve((0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / 0.95047)
    const fy = labCurve(0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb)
    const fz = labCurve((0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / 1.08883)
    lab[i] = 116 * fy - 16
    lab[i + 1] = 500 * (fx - fy)
    lab[i + 2] = 200 * (fy - fz)
    colours[slot] = colour
    known[at] = lab[i]!
    known[at + 1] = lab[i + 1]!
    known[at + 2] = lab[i + 2]!
  }
  return lab
}

/** Colours toLab keeps at once: 2^12 slots, a colour taking the slot of an earlier one (a table that stays in the cache: a larger one cost more than it saved on photos of many colours). */
const LAB_TABLE_BITS = 12

/**
 * rgbToLab of a pixel's bytes, each colour's Lab kept as toLab keeps it (but in doubles: the
 * same numbers rgbToLab gives), in a new tuple or written into `out`. The dice readers ask the
 * Lab of pixel after pixel along rays and rings, over and over the few thousand colours of a
 * face and its table: a tuple for each was most of what the collector had to do.
 */
export function rgbToLabKept(r: number, g: number, b: number, out?: Lab): Lab {
  const colour = (r << 16) | (g << 8) | b
  const slot = Math.imul(colour, 0x9e3779b1) >>> (32 - LAB_TABLE_BITS)
  const at = slot * 3
  if (keptColours[slot] !== colour) {
    const lab = rgbToLab(r, g, b)
    keptColours[slot] = colour
    keptLab[at] = lab[0]
    keptLab[at + 1] = lab[1]
    keptLab[at + 2] = lab[2]
  }
  if (!out) return [keptLab[at]!, keptLab[at + 1]!, keptLab[at + 2]!]
  out[0] = keptLab[at]!
  out[1] = keptLab[at + 1]!
  out[2] = keptLab[at + 2]!
  return out
}
const keptColours = new Int32Array(1 << LAB_TABLE_BITS).fill(-1)
const keptLab = new Float64Array(3 << LAB_TABLE_BITS)

export function labAt(lab: Float32Array, p: number): Lab {
  return [lab[p * 3]!, lab[p * 3 + 1]!, lab[p * 3 + 2]!]
}

/** The median: what most pixels of a sample agree on, past highlights, pips and stray stones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!
}

/** The per-channel median of colours (Lab or RGB triples). */
export function medianColour<T extends [number, number, number]>(samples: readonly T[]): T {
  return [median(samples.map((s) => s[0])), median(samples.map((s) => s[1])), median(samples.map((s) => s[2]))] as T
}

/**
 * Math.hypot(x, y), the same number bit for bit where the readers run (V8: Chromium and Node),
 * at a fifth of the cost: V8's Math.hypot is a builtin taking any number of arguments, and each
 * call, about 100 ns, copies them into an array. The readers ask it millions of times a photo
 * (a ray's every step against every pip within reach). The sum is V8's own: each value over the
 * largest, squared and added up with Kahan's compensation, in argument order. A NaN, an infinity
 * or two zeros go to Math.hypot itself.
 */
export function hypot(x: number, y: number): number {
  const a = Math.abs(x)
  const b = Math.abs(y)
  const largest = a > b ? a : b
  if (!(largest > 0 && largest < Infinity) || Number.isNaN(x + y)) return Math.hypot(x, y)
  const first = (a / largest) * (a / largest)
  // Kahan's compensation after the first term, (first − 0) − first, is 0.
  const second = (b / largest) * (b / largest)
  return Math.sqrt(first + second) * largest
}

/** Math.hypot(x, y, z) as hypot does Math.hypot(x, y): V8's sum, bit for bit. */
export function hypot3(x: number, y: number, z: number): number {
  const a = Math.abs(x)
  const b = Math.abs(y)
  const c = Math.abs(z)
  const largest = a > b ? (a > c ? a : c) : b > c ? b : c
  if (!(largest > 0 && largest < Infinity) || Number.isNaN(x + y + z)) return Math.hypot(x, y, z)
  const first = (a / largest) * (a / largest)
  const second = (b / largest) * (b / largest)
  const sum = first + second
  // Kahan's compensation: what adding the second term lost.
  const lost = sum - first - second
  const third = (c / largest) * (c / largest) - lost
  return Math.sqrt(sum + third) * largest
}

/** Euclidean distance in Lab (ΔE*76). */
export function deltaE(a: Lab, b: Lab): number {
  return hypot3(a[0] - b[0], a[1] - b[1], a[2] - b[2])
}

/** sRGB (0–255) to hue (degrees 0–360), saturation and value (0–1). */
export function rgbToHsv(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const chroma = max - min
  let hue = 0
  if (chroma > 0) {
    if (max === r) hue = ((g - b) / chroma + 6) % 6
    else if (max === g) hue = (b - r) / chroma + 2
    else hue = (r - g) / chroma + 4
  }
  return [hue * 60, max === 0 ? 0 : chroma / max, max / 255]
}

/** A 3×3 projective transform, row-major: (x, y) ↦ ((h0x+h1y+h2)/w, (h3x+h4y+h5)/w), w = h6x+h7y+h8. */
export type Homography = [number, number, number, number, number, number, number, number, number]

export function applyHomography(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8]
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w }
}

/**
 * The homography taking each from[i] to to[i] (four pairs, no three points collinear):
 * the 8×8 direct linear system with h8 = 1, solved by Gaussian elimination.
 */
export function homographyFromPoints(from: readonly Point[], to: readonly Point[]): Homography {
  if (from.length !== 4 || to.length !== 4) throw new Error('homography: needs exactly four point pairs')
  if (hasThreeCollinear(from) || hasThreeCollinear(to))
    throw new Error('homography: the four points are degenerate (three on one line)')
  const rows: number[][] = []
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!
    const { x: u, y: v } = to[i]!
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v])
  }
  const solution = solveLinear(rows)
  if (!solution) throw new Error('homography: the four points are degenerate (three on one line?)')
  return [...solution, 1] as Homography
}

function hasThreeCollinear(points: readonly Point[]): boolean {
  let extent = 0
  for (const a of points) for (const b of points) extent = Math.max(extent, Math.hypot(a.x - b.x, a.y - b.y))
  for (let skip = 0; skip < 4; skip++) {
    const [a, b, c] = points.filter((_, i) => i !== skip) as [Point, Point, Point]
    const doubleArea = Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))
    if (doubleArea <= 1e-9 * extent * extent) return true
  }
  return false
}

/** Solves an n×(n+1) augmented system in place; null when singular. */
function solveLinear(rows: number[][]): number[] | null {
  const n = rows.length
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let r = col + 1; r < n; r++) if (Math.abs(rows[r]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = r
    if (Math.abs(rows[pivot]![col]!) < 1e-12) return null
    ;[rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!]
    const pivotRow = rows[col]!
    for (let r = 0; r < n; r++) {
      if (r === col) continue
      const row = rows[r]!
      const factor = row[col]! / pivotRow[col]!
      if (factor === 0) continue
      for (let c = col; c <= n; c++) row[c] = row[c]! - factor * pivotRow[c]!
    }
  }
  return rows.map((row, i) => row[n]! / row[i]!)
}

export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, hh, i] = h
  const co00 = e * i - f * hh
  const co01 = -(d * i - f * g)
  const co02 = d * hh - e * g
  const det = a * co00 + b * co01 + c * co02
  if (Math.abs(det) < 1e-15) throw new Error('homography: not invertible')
  const inv: Homography = [
    co00,
    -(b * i - c * hh),
    b * f - c * e,
    co01,
    a * i - c * g,
    -(a * f - c * d),
    co02,
    -(a * hh - b * g),
    a * e - b * d,
  ]
  return inv.map((v) => v / det) as Homography
}

/** The corners of a width × height rectangle at the origin: top-left, top-right, bottom-right, bottom-left. */
export function rectangle(width: number, height: number): Point[] {
  return [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ]
}

/**
 * Rectifies the quadrilateral `corners` (top-left, top-right, bottom-right, bottom-left in
 * the source) into a width × height image, sampling bilinearly.
 */
export function warpQuadrilateral(
  image: RgbaImage,
  corners: readonly Point[],
  width: number,
  height: number,
): RgbaImage {
  return warpPerspective(image, homographyFromPoints(rectangle(width, height), corners), width, height)
}

/** Builds a width × height image whose pixel (x, y) is the source at toSource(x+½, y+½). */
export function warpPerspective(image: RgbaImage, toSource: Homography, width: number, height: number): RgbaImage {
  const out = createRgbaImage(width, height)
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = toSource
  const { data, width: sourceWidth, height: sourceHeight } = image
  const target = out.data
  // applyHomography and sampleBilinear, written out: the same arithmetic, no object per pixel.
  // Not shared through a helper writing into either an Rgb or this typed array: such a helper
  // sees both kinds and ran several times slower here (warp 25 → 190 ms on 600 × 900).
  for (let y = 0, o = 0; y < height; y++)
    for (let x = 0; x < width; x++, o += 4) {
      const px = x + 0.5
      const py = y + 0.5
      const w = h6 * px + h7 * py + h8
      const fx = Math.min(sourceWidth - 1, Math.max(0, (h0 * px + h1 * py + h2) / w - 0.5))
      const fy = Math.min(sourceHeight - 1, Math.max(0, (h3 * px + h4 * py + h5) / w - 0.5))
      const x0 = Math.floor(fx)
      const y0 = Math.floor(fy)
      const x1 = Math.min(sourceWidth - 1, x0 + 1)
      const y1 = Math.min(sourceHeight - 1, y0 + 1)
      const tx = fx - x0
      const ty = fy - y0
      const i00 = (y0 * sourceWidth + x0) * 4
      const i10 = (y0 * sourceWidth + x1) * 4
      const i01 = (y1 * sourceWidth + x0) * 4
      const i11 = (y1 * sourceWidth + x1) * 4
      for (let c = 0; c < 3; c++) {
        const top = data[i00 + c]! * (1 - tx) + data[i10 + c]! * tx
        const bottom = data[i01 + c]! * (1 - tx) + data[i11 + c]! * tx
        target[o + c] = top * (1 - ty) + bottom * ty
      }
      target[o + 3] = 255
    }
  return out
}

/** The convex hull of points (Andrew's monotone chain): counter-clockwise in a y-up frame, clockwise on screen. */
export function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y)
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
  const lower: Point[] = []
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop()
    lower.push(p)
  }
  const upper: Point[] = []
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop()
    upper.push(p)
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)]
}
