import { inflateRawSync } from 'node:zlib'

/**
 * Reads plain zip archives (stored or deflated, no zip64, no encryption): the XLSX workbooks of the sources
 * (sources/xlsx.ts) and LB's `<省>-<科>.xlsx.zip` files, each of which wraps one workbook. Entry names are UTF-8
 * when the archive flags them so, else raw bytes decoded as latin1 (LB's names are GBK; callers match on
 * suffixes).
 */

export interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  localOffset: number
}

export interface ZipFile {
  name: string
  data: Buffer
}

/** The entries of the central directory, by name. */
export function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  let eocd = -1
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw new Error('not a zip file (no end of central directory)')
  const count = buf.readUInt16LE(eocd + 10)
  let p = buf.readUInt32LE(eocd + 16)
  const out = new Map<string, ZipEntry>()
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad zip central directory')
    const flags = buf.readUInt16LE(p + 8)
    const method = buf.readUInt16LE(p + 10)
    const compressedSize = buf.readUInt32LE(p + 20)
    const nameLen = buf.readUInt16LE(p + 28)
    const extraLen = buf.readUInt16LE(p + 30)
    const commentLen = buf.readUInt16LE(p + 32)
    const localOffset = buf.readUInt32LE(p + 42)
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString(flags & 0x800 ? 'utf8' : 'latin1')
    out.set(name, { name, method, compressedSize, localOffset })
    p += 46 + nameLen + extraLen + commentLen
  }
  return out
}

/** One entry's bytes, inflated. */
export function readZipEntry(buf: Buffer, e: ZipEntry): Buffer {
  const p = e.localOffset
  if (buf.readUInt32LE(p) !== 0x04034b50) throw new Error(`bad local header for ${e.name}`)
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28)
  const body = buf.subarray(start, start + e.compressedSize)
  if (e.method === 0) return Buffer.from(body)
  if (e.method === 8) return inflateRawSync(body)
  throw new Error(`unsupported zip method ${e.method} for ${e.name}`)
}

/** Every entry, in directory order, inflated. */
export function unzip(buf: Buffer): ZipFile[] {
  return [...zipEntries(buf).values()].map((e) => ({ name: e.name, data: readZipEntry(buf, e) }))
}
