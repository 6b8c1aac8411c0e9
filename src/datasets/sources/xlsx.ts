import { inflateRawSync } from 'node:zlib'

/**
 * A minimal XLSX reader, enough for plain data sheets: it reads the zip's central directory, inflates
 * the workbook, relationship, shared-string and sheet parts, and returns each sheet as rows of cell
 * texts keyed by column letter. Cached values of formula cells are read as they are. No styles, dates
 * or number formats (the caller parses numbers).
 */

interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  localOffset: number
}

function zipEntries(buf: Buffer): Map<string, ZipEntry> {
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
    const method = buf.readUInt16LE(p + 10)
    const compressedSize = buf.readUInt32LE(p + 20)
    const nameLen = buf.readUInt16LE(p + 28)
    const extraLen = buf.readUInt16LE(p + 30)
    const commentLen = buf.readUInt16LE(p + 32)
    const localOffset = buf.readUInt32LE(p + 42)
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen)
    out.set(name, { name, method, compressedSize, localOffset })
    p += 46 + nameLen + extraLen + commentLen
  }
  return out
}

function readEntry(buf: Buffer, e: ZipEntry): string {
  const p = e.localOffset
  if (buf.readUInt32LE(p) !== 0x04034b50) throw new Error(`bad local header for ${e.name}`)
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28)
  const data = buf.subarray(start, start + e.compressedSize)
  if (e.method === 0) return data.toString('utf8')
  if (e.method === 8) return inflateRawSync(data).toString('utf8')
  throw new Error(`unsupported zip method ${e.method} for ${e.name}`)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
export function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/giu, (m, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1))
      return String.fromCodePoint(n)
    }
    return ENTITIES[code] ?? m
  })
}

const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`, 'u').exec(tag)?.[1]

function sharedStrings(xml: string): string[] {
  const out: string[] = []
  for (const si of xml.matchAll(/<si>([\s\S]*?)<\/si>/gu)) {
    // the text of an item is its <t> runs, without phonetic (<rPh>) runs
    const body = (si[1] ?? '').replace(/<rPh[\s\S]*?<\/rPh>/gu, '')
    let text = ''
    for (const t of body.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/gu)) text += t[1] ?? ''
    out.push(unescapeXml(text))
  }
  return out
}

export type SheetRow = Record<string, string>

function sheetRows(xml: string, strings: readonly string[]): SheetRow[] {
  const rows: SheetRow[] = []
  for (const row of xml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/gu)) {
    const cells: SheetRow = {}
    for (const c of (row[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/gu)) {
      const tag = c[1] ?? ''
      const ref = attr(tag, 'r')
      if (!ref) continue
      const col = ref.replace(/\d+$/u, '')
      const type = attr(tag, 't')
      const inner = c[2] ?? ''
      let value: string | undefined
      if (type === 'inlineStr') {
        value = [...inner.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/gu)]
          .map((m) => unescapeXml(m[1] ?? ''))
          .join('')
      } else {
        const v = /<v>([\s\S]*?)<\/v>/u.exec(inner)?.[1]
        if (v === undefined) continue
        value = type === 's' ? (strings[Number(v)] ?? '') : unescapeXml(v)
      }
      cells[col] = value
    }
    rows.push(cells)
  }
  return rows
}

/** Reads the sheets of an XLSX file: sheet name → rows (cells keyed by column letter). */
export function readXlsx(buf: Buffer, only?: readonly string[]): Map<string, SheetRow[]> {
  const entries = zipEntries(buf)
  const part = (name: string): string | undefined => {
    const e = entries.get(name)
    return e ? readEntry(buf, e) : undefined
  }
  const workbook = part('xl/workbook.xml')
  if (!workbook) throw new Error('no xl/workbook.xml')
  const rels = part('xl/_rels/workbook.xml.rels') ?? ''
  const targets = new Map<string, string>()
  for (const m of rels.matchAll(/<Relationship\b([^>]*)\/?>/gu)) {
    const id = attr(m[1] ?? '', 'Id')
    const target = attr(m[1] ?? '', 'Target')
    if (id && target) targets.set(id, target.replace(/^\/?xl\//u, '').replace(/^\//u, ''))
  }
  const ssXml = part('xl/sharedStrings.xml')
  const strings = ssXml ? sharedStrings(ssXml) : []
  const out = new Map<string, SheetRow[]>()
  for (const m of workbook.matchAll(/<sheet\b([^>]*)\/?>/gu)) {
    const name = unescapeXml(attr(m[1] ?? '', 'name') ?? '')
    if (only && !only.includes(name)) continue
    const target = targets.get(attr(m[1] ?? '', 'r:id') ?? '')
    const xml = target ? part(`xl/${target}`) : undefined
    if (xml) out.set(name, sheetRows(xml, strings))
  }
  return out
}
