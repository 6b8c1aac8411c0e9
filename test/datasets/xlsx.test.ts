import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { checkScoreRanks } from '../../src/datasets/checks/score-ranks.js'
import { prepare } from '../../src/datasets/resolve.js'
import { ga, REPO, XLSX_PATH } from '../../src/datasets/sources/ga.js'
import { readXlsx } from '../../src/datasets/sources/xlsx.js'
import { hasSharedSources, SHARED_SOURCES } from './helpers.js'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (b: Buffer) => {
  let c = 0xffffffff
  for (const x of b) c = (CRC_TABLE[(c ^ x) & 0xff] as number) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** A small zip writer (stored and deflated entries) to build XLSX test files in memory. */
function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  Object.entries(files).forEach(([name, text], i) => {
    const raw = Buffer.from(text, 'utf8')
    const method = i % 2 === 0 ? 8 : 0
    const data = method === 8 ? deflateRawSync(raw) : raw
    const nameBuf = Buffer.from(name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(crc32(raw), 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(raw.length, 22)
    local.writeUInt16LE(nameBuf.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(crc32(raw), 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(raw.length, 24)
    central.writeUInt16LE(nameBuf.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBuf, data)
    centrals.push(central, nameBuf)
    offset += 30 + nameBuf.length + data.length
  })
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(files).length, 8)
  end.writeUInt16LE(Object.keys(files).length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}

/** A workbook shaped like GA's: title row, header row, then data rows (strings shared, numbers inline). */
function gaWorkbook(rows: string[][]): Buffer {
  const strings: string[] = []
  const sid = (s: string) => {
    let i = strings.indexOf(s)
    if (i < 0) i = strings.push(s) - 1
    return i
  }
  const cols = 'ABCDEFGH'
  const cell = (v: string, c: number, r: number) =>
    /^-?\d+(\.\d+)?$/.test(v)
      ? `<c r="${cols[c]}${r}"><v>${v}</v></c>`
      : `<c r="${cols[c]}${r}" t="s"><v>${sid(v)}</v></c>`
  const all = [
    ['广东省高考一分一段表'],
    ['KeyID', '分数', '人数/分', '最差排名', '最好排名', '平均排位', '年份', '科类'],
    ...rows,
  ]
  const sheet = `<?xml version="1.0"?><worksheet><sheetData>${all
    .map((r, i) => `<row r="${i + 1}">${r.map((v, c) => cell(v, c, i + 1)).join('')}</row>`)
    .join('')}</sheetData></worksheet>`
  const sst = `<sst>${strings.map((s) => `<si><t>${s.replace(/&/g, '&amp;')}</t><rPh><t>x</t></rPh></si>`).join('')}</sst>`
  return zip({
    'xl/workbook.xml':
      '<workbook><sheets><sheet name="一分一段表" sheetId="1" r:id="rId1"/><sheet name="其他" sheetId="2" r:id="rId2"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<Relationships><Relationship Id="rId1" Type="ws" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="ws" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
    'xl/sharedStrings.xml': sst,
    'xl/worksheets/sheet1.xml': sheet,
    'xl/worksheets/sheet2.xml':
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a&amp;b</t></is></c></row></sheetData></worksheet>',
  })
}

const ROWS = [
  ['2018文科658', '658', '\\', '20', '1', '10', '2018', '文科'],
  ['2018文科657', '657', '3', '23', '21', '22', '2018', '文科'],
  ['2018文科656', '656', '0', '23', '24', '24', '2018', '文科'],
  ['2018文科655', '655', '5', '28', '24', '26', '2018', '文科'],
  ['2011理科680', '680', '/', '24', '1', '12', '2011', '理科'],
  ['2011理科679', '679', '2.6', '26.6', '25', '26', '2011', '理科'],
]

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('readXlsx', () => {
  it('reads shared, inline and numeric cells of the named sheets', () => {
    const sheets = readXlsx(gaWorkbook(ROWS))
    expect([...sheets.keys()]).toEqual(['一分一段表', '其他'])
    const rows = sheets.get('一分一段表') ?? []
    expect(rows[1]).toMatchObject({ B: '分数', G: '年份' })
    expect(rows[2]).toMatchObject({ A: '2018文科658', B: '658', C: '\\', D: '20', H: '文科' })
    expect(sheets.get('其他')?.[0]).toEqual({ A: 'a&b' })
    expect([...readXlsx(gaWorkbook(ROWS), ['其他']).keys()]).toEqual(['其他'])
  })

  it('rejects a file that is not a zip', () => {
    expect(() => readXlsx(Buffer.from('not a zip at all, just some text to fill twenty-two bytes'))).toThrow(
      /zip/,
    )
  })
})

describe('GA adapter, workbook years', () => {
  it('reads published years and excludes interpolated ones', async () => {
    const src = mkdtempSync(join(tmpdir(), 'gaokao-xlsx-'))
    dirs.push(src)
    const path = join(src, REPO, XLSX_PATH)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, gaWorkbook(ROWS))
    const r = await ga.load(src)
    expect(r.candidates).toHaveLength(1)
    const t = r.candidates[0]
    expect(t).toMatchObject({ province: '广东', year: 2018, km: '文科', level: '', source: 'GA' })
    expect(t?.sourceFile).toBe(`${REPO}/${XLSX_PATH}`)
    expect(t?.rows[0]).toEqual({ scoreLow: 658, scoreHigh: 750, num: 20, total: 20 })
    expect(checkScoreRanks(prepare(t as NonNullable<typeof t>, 750).rows, 750)).toEqual([])
    expect(r.excluded).toEqual([
      expect.objectContaining({ year: 2011, km: '理科', reason: expect.stringMatching(/interpolated/) }),
    ])
  })

  it.skipIf(!hasSharedSources)(
    'reads 2018-2020 from the real workbook (needs ../shared/data/sources)',
    async () => {
      const r = await ga.load(SHARED_SOURCES)
      const years = [...new Set(r.candidates.map((c) => c.year))].sort()
      expect(years).toEqual([2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025])
      for (const c of r.candidates) expect(prepare(c, 750).violations, `${c.year} ${c.km}`).toEqual([])
    },
  )
})
