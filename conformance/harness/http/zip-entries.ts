import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib'

/**
 * Reading and writing a zip archive whole, synchronously: a Playwright trace is redacted in a reporter's
 * onTestEnd, which Playwright does not await, before the next reporter copies the file (trace-redaction-reporter.ts).
 * Only what traces use: stored or deflated entries, no ZIP64 (a trace of one test stays far below 4 GiB).
 */

export interface ZipEntry {
  name: string
  data: Buffer
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const CENTRAL_FILE_HEADER = 0x02014b50
const LOCAL_FILE_HEADER = 0x04034b50
const STORED = 0
const DEFLATED = 8
/** Bit 11 of the flags: the name is UTF-8. */
const UTF8_NAME = 0x0800
const DOS_DATE_1980_01_01 = (1 << 5) | 1

export function readZip(archive: Buffer): ZipEntry[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (end < 0 || archive.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY)
    throw new Error('not a zip archive: no end of central directory')
  const count = archive.readUInt16LE(end + 10)
  let at = archive.readUInt32LE(end + 16)
  const entries: ZipEntry[] = []
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== CENTRAL_FILE_HEADER)
      throw new Error(`zip entry ${i}: bad central header`)
    const method = archive.readUInt16LE(at + 10)
    const compressedSize = archive.readUInt32LE(at + 20)
    const nameLength = archive.readUInt16LE(at + 28)
    const extraLength = archive.readUInt16LE(at + 30)
    const commentLength = archive.readUInt16LE(at + 32)
    const local = archive.readUInt32LE(at + 42)
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength)
    if (compressedSize === 0xffffffff || local === 0xffffffff) throw new Error(`zip entry ${name}: ZIP64`)
    if (archive.readUInt32LE(local) !== LOCAL_FILE_HEADER)
      throw new Error(`zip entry ${name}: bad local header`)
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28)
    const raw = archive.subarray(start, start + compressedSize)
    if (method !== STORED && method !== DEFLATED) throw new Error(`zip entry ${name}: method ${method}`)
    entries.push({ name, data: method === DEFLATED ? inflateRawSync(raw) : Buffer.from(raw) })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8')
    const compressed = deflateRawSync(data)
    // Version needed (2.0), flags, method, time 0 and date 1980-01-01: a trace's entries carry their own times.
    const shared = Buffer.alloc(26)
    shared.writeUInt16LE(20, 0)
    shared.writeUInt16LE(UTF8_NAME, 2)
    shared.writeUInt16LE(DEFLATED, 4)
    shared.writeUInt16LE(DOS_DATE_1980_01_01, 8)
    shared.writeUInt32LE(crc32(data), 10)
    shared.writeUInt32LE(compressed.length, 14)
    shared.writeUInt32LE(data.length, 18)
    shared.writeUInt16LE(nameBytes.length, 22)
    const local = Buffer.alloc(4)
    local.writeUInt32LE(LOCAL_FILE_HEADER)
    locals.push(local, shared, nameBytes, compressed)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(CENTRAL_FILE_HEADER, 0)
    central.writeUInt16LE(20, 4)
    shared.copy(central, 6)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + compressed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
