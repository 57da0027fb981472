// Reads dice photos out of a TensorFlow object-detection TFRecord (nell-byler/dice_detection keeps
// its photos nowhere else: HELD_OUT.md, /work/extra2) and writes each as NAME.jpg beside a YOLO
// label NAME.txt, which `importSet.ts dice-yolo` then turns into a set. No TensorFlow needed: a
// TFRecord is a run of records, each a `tf.train.Example` protobuf, and the few fields we need are
// read here by hand.
//
//   node --import tsx bench/vision/tfRecordDice.ts OUT RECORD [RECORD …]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

/** One photo of an object-detection Example: its name, its JPEG bytes and its boxes as shares of the photo. */
export interface DetectionExample {
  filename: string
  encoded: Uint8Array
  boxes: { xmin: number; xmax: number; ymin: number; ymax: number; label: number }[]
}

/** A record's frame: u64 length, u32 CRC of the length, the data, u32 CRC of the data (CRCs not checked). */
const LENGTH_BYTES = 8
const CRC_BYTES = 4

/** The data of every record in a TFRecord file, in order. */
export function tfRecords(file: Uint8Array): Uint8Array[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength)
  const records: Uint8Array[] = []
  let at = 0
  while (at < file.length) {
    if (at + LENGTH_BYTES + CRC_BYTES > file.length) throw new Error(`TFRecord: a record's header is cut at byte ${at}`)
    const length = Number(view.getBigUint64(at, true))
    const start = at + LENGTH_BYTES + CRC_BYTES
    if (start + length + CRC_BYTES > file.length) throw new Error(`TFRecord: the record at byte ${at} runs past the file's end`)
    records.push(file.subarray(start, start + length))
    at = start + length + CRC_BYTES
  }
  return records
}

// Protobuf wire types (https://protobuf.dev/programming-guides/encoding/).
const VARINT = 0
const FIXED64 = 1
const LENGTH_DELIMITED = 2
const FIXED32 = 5

interface ProtoField {
  number: number
  wireType: number
  /** The varint's value (wire type 0), else 0. */
  varint: bigint
  /** The field's bytes (length-delimited, fixed32, fixed64), else empty. */
  bytes: Uint8Array
}

function readVarint(data: Uint8Array, at: number): { value: bigint; next: number } {
  let value = 0n
  let shift = 0n
  for (;;) {
    if (at >= data.length) throw new Error('protobuf: a varint runs past its message')
    const byte = data[at++]!
    value |= BigInt(byte & 0x7f) << shift
    if ((byte & 0x80) === 0) return { value, next: at }
    shift += 7n
  }
}

/** The fields of one protobuf message, in order, unknown ones included. */
export function protoFields(data: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = []
  let at = 0
  while (at < data.length) {
    const key = readVarint(data, at)
    at = key.next
    const number = Number(key.value >> 3n)
    const wireType = Number(key.value & 7n)
    if (wireType === VARINT) {
      const { value, next } = readVarint(data, at)
      fields.push({ number, wireType, varint: value, bytes: new Uint8Array() })
      at = next
      continue
    }
    let size: number
    if (wireType === LENGTH_DELIMITED) {
      const length = readVarint(data, at)
      at = length.next
      size = Number(length.value)
    } else if (wireType === FIXED64) size = 8
    else if (wireType === FIXED32) size = 4
    else throw new Error(`protobuf: wire type ${wireType} (field ${number}) is not read here`)
    if (at + size > data.length) throw new Error(`protobuf: field ${number} runs past its message`)
    fields.push({ number, wireType, varint: 0n, bytes: data.subarray(at, at + size) })
    at += size
  }
  return fields
}

// tf.train.Feature holds one of: BytesList (field 1), FloatList (2), Int64List (3); each list's
// values are its field 1, repeated — floats and ints may come packed in one length-delimited field.
type FeatureValue = Uint8Array[] | number[]

function floatValues(list: Uint8Array): number[] {
  const values: number[] = []
  for (const field of protoFields(list).filter((f) => f.number === 1)) {
    const view = new DataView(field.bytes.buffer, field.bytes.byteOffset, field.bytes.byteLength)
    for (let i = 0; i + 4 <= field.bytes.length; i += 4) values.push(view.getFloat32(i, true))
  }
  return values
}

function int64Values(list: Uint8Array): number[] {
  const values: number[] = []
  for (const field of protoFields(list).filter((f) => f.number === 1)) {
    if (field.wireType === VARINT) values.push(Number(BigInt.asIntN(64, field.varint)))
    else for (let at = 0; at < field.bytes.length; ) {
      const { value, next } = readVarint(field.bytes, at)
      values.push(Number(BigInt.asIntN(64, value)))
      at = next
    }
  }
  return values
}

function featureValue(feature: Uint8Array): FeatureValue {
  const [kind] = protoFields(feature)
  if (!kind) return []
  if (kind.number === 1) return protoFields(kind.bytes).filter((f) => f.number === 1).map((f) => f.bytes)
  if (kind.number === 2) return floatValues(kind.bytes)
  if (kind.number === 3) return int64Values(kind.bytes)
  throw new Error(`tf.train.Feature: kind ${kind.number} is no list`)
}

/** The features of a tf.train.Example (Example.features = 1, Features.feature = 1: map entries of key 1 and value 2). */
export function exampleFeatures(example: Uint8Array): Map<string, FeatureValue> {
  const features = new Map<string, FeatureValue>()
  const decoder = new TextDecoder()
  for (const featuresField of protoFields(example).filter((f) => f.number === 1))
    for (const entry of protoFields(featuresField.bytes).filter((f) => f.number === 1)) {
      const parts = protoFields(entry.bytes)
      const key = parts.find((p) => p.number === 1)
      const value = parts.find((p) => p.number === 2)
      if (key && value) features.set(decoder.decode(key.bytes), featureValue(value.bytes))
    }
  return features
}

/** One photo and its boxes from an Example written by TensorFlow's object-detection tools. */
export function detectionExample(example: Uint8Array): DetectionExample {
  const features = exampleFeatures(example)
  const bytes = (key: string) => {
    const value = features.get(key)?.[0]
    if (!(value instanceof Uint8Array)) throw new Error(`Example: no ${key}`)
    return value
  }
  const numbers = (key: string) => (features.get(key) ?? []) as number[]
  const [xmin, xmax, ymin, ymax] = (['xmin', 'xmax', 'ymin', 'ymax'] as const).map((side) => numbers(`image/object/bbox/${side}`)) as [
    number[],
    number[],
    number[],
    number[],
  ]
  const labels = numbers('image/object/class/label')
  const filename = new TextDecoder().decode(bytes('image/filename'))
  if (![xmin, xmax, ymin, ymax].every((sides) => sides.length === labels.length))
    throw new Error(`${filename}: boxes and labels differ in number`)
  return {
    filename,
    encoded: bytes('image/encoded'),
    boxes: labels.map((label, i) => ({ xmin: xmin[i]!, xmax: xmax[i]!, ymin: ymin[i]!, ymax: ymax[i]!, label })),
  }
}

/** A YOLO label text for dice labelled 1–6 (class = value − 1, as `importSet.ts dice-yolo` reads it). */
export function yoloText(example: DetectionExample): string {
  return example.boxes
    .map((b) => [b.label - 1, (b.xmin + b.xmax) / 2, (b.ymin + b.ymax) / 2, b.xmax - b.xmin, b.ymax - b.ymin].join(' ') + '\n')
    .join('')
}

if (process.argv[1] && basename(process.argv[1]) === 'tfRecordDice.ts') {
  const [out, ...records] = process.argv.slice(2)
  if (!out || records.length === 0) {
    console.error('usage: tfRecordDice.ts OUT RECORD [RECORD …]')
    process.exitCode = 2
  } else {
    mkdirSync(out, { recursive: true })
    let photos = 0
    for (const record of records)
      for (const data of tfRecords(readFileSync(record))) {
        const example = detectionExample(data)
        const name = basename(example.filename).replace(/\.jpe?g$/i, '')
        writeFileSync(join(out, `${name}.jpg`), example.encoded)
        writeFileSync(join(out, `${name}.txt`), yoloText(example))
        photos++
      }
    console.log(`${photos} photos → ${out}`)
  }
}
