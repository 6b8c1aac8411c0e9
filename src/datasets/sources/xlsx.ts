import { readZipEntry, zipEntries } from './zip.js'

/**
 * A minimal XLSX reader, enough for plain data sheets: it reads the zip's central directory, inflates
 * the workbook, relationship, shared-string and sheet parts, and returns each sheet as rows of cell
 * texts keyed by column letter. Cached values of formula cells are read as they are. No styles, dates
 * or number formats (the caller parses numbers).
 */

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
    return e ? readZipEntry(buf, e).toString('utf8') : undefined
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
