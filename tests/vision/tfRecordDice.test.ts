import { describe, expect, it } from 'vitest'
import { detectionExample, tfRecords, yoloText } from '../../bench/vision/tfRecordDice.ts'

// A small protobuf writer, enough to build the tf.train.Example TensorFlow's object-detection
// tools write: the reader is checked against bytes laid out as the encoding guide says.
function varint(value: number): number[] {
  const bytes: number[] = []
  let rest = value
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80)
    rest = Math.floor(rest / 0x80)
  }
  return [...bytes, rest]
}
const field = (number: number, wireType: number) => varint(number * 8 + wireType)
const delimited = (number: number, body: number[]) => [...field(number, 2), ...varint(body.length), ...body]
const text = (value: string) => [...new TextEncoder().encode(value)]
const float32 = (value: number) => [...new Uint8Array(new Float32Array([value]).buffer)]

const bytesFeature = (value: number[]) => delimited(1, delimited(1, value))
const packedFloats = (values: number[]) => delimited(2, delimited(1, values.flatMap(float32)))
const unpackedFloats = (values: number[]) => delimited(2, values.flatMap((v) => [...field(1, 5), ...float32(v)]))
const packedInts = (values: number[]) => delimited(3, delimited(1, values.flatMap(varint)))
const unpackedInts = (values: number[]) => delimited(3, values.flatMap((v) => [...field(1, 0), ...varint(v)]))

function example(features: [string, number[]][]): number[] {
  const entries = features.flatMap(([key, feature]) => delimited(1, [...delimited(1, text(key)), ...delimited(2, feature)]))
  return delimited(1, entries)
}

/** A TFRecord of these records: u64 length (little-endian), a CRC, the data, a CRC (CRCs left 0). */
function tfRecordFile(records: number[][]): Uint8Array {
  return new Uint8Array(
    records.flatMap((data) => {
      const length = new Uint8Array(8)
      new DataView(length.buffer).setBigUint64(0, BigInt(data.length), true)
      return [...length, 0, 0, 0, 0, ...data, 0, 0, 0, 0]
    }),
  )
}

const JPEG_BYTES = [0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]

describe('reading dice photos out of a TFRecord of object-detection Examples', () => {
  it('gives each record its photo bytes, name and boxes, packed or not', () => {
    const file = tfRecordFile([
      example([
        ['image/filename', bytesFeature(text('IMG_1.jpg'))],
        ['image/encoded', bytesFeature(JPEG_BYTES)],
        ['image/object/bbox/xmin', packedFloats([0.25, 0.5])],
        ['image/object/bbox/xmax', packedFloats([0.375, 0.75])],
        ['image/object/bbox/ymin', unpackedFloats([0.125, 0.5])],
        ['image/object/bbox/ymax', unpackedFloats([0.25, 0.625])],
        ['image/object/class/label', packedInts([6, 1])],
        ['image/object/class/text', bytesFeature(text('six'))],
      ]),
      example([
        ['image/filename', bytesFeature(text('IMG_2.jpg'))],
        ['image/encoded', bytesFeature([0xff, 0xd8])],
        ['image/object/bbox/xmin', packedFloats([0])],
        ['image/object/bbox/xmax', packedFloats([0.5])],
        ['image/object/bbox/ymin', packedFloats([0])],
        ['image/object/bbox/ymax', packedFloats([0.5])],
        ['image/object/class/label', unpackedInts([300])],
      ]),
    ])
    const [first, second] = tfRecords(file).map(detectionExample)
    expect(first!.filename).toBe('IMG_1.jpg')
    expect([...first!.encoded]).toEqual(JPEG_BYTES)
    expect(first!.boxes).toEqual([
      { xmin: 0.25, xmax: 0.375, ymin: 0.125, ymax: 0.25, label: 6 },
      { xmin: 0.5, xmax: 0.75, ymin: 0.5, ymax: 0.625, label: 1 },
    ])
    expect(second!.filename).toBe('IMG_2.jpg')
    expect(second!.boxes[0]!.label).toBe(300)
  })

  it('writes YOLO lines, class = value − 1, centres and sizes as shares of the photo', () => {
    const photo = { filename: 'a.jpg', encoded: new Uint8Array(), boxes: [{ xmin: 0.25, xmax: 0.375, ymin: 0.125, ymax: 0.25, label: 6 }] }
    expect(yoloText(photo)).toBe('5 0.3125 0.1875 0.125 0.125\n')
  })

  it('refuses a file cut inside a record, and boxes that do not match their labels', () => {
    const whole = tfRecordFile([example([['image/filename', bytesFeature(text('x.jpg'))]])])
    expect(() => tfRecords(whole.subarray(0, whole.length - 2))).toThrow(/runs past the file's end/)
    const uneven = example([
      ['image/filename', bytesFeature(text('x.jpg'))],
      ['image/encoded', bytesFeature(JPEG_BYTES)],
      ['image/object/bbox/xmin', packedFloats([0.1, 0.2])],
      ['image/object/bbox/xmax', packedFloats([0.2])],
      ['image/object/bbox/ymin', packedFloats([0.1])],
      ['image/object/bbox/ymax', packedFloats([0.2])],
      ['image/object/class/label', packedInts([3])],
    ])
    expect(() => detectionExample(new Uint8Array(uneven))).toThrow(/x.jpg: boxes and labels differ/)
  })
})
