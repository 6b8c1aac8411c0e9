import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { loadNews, news } from '../../src/datasets/content/news.js'
import { loadQuestions, questions } from '../../src/datasets/content/questions.js'
import { readCsv, readJson } from '../../src/datasets/data-files.js'
import { loadVocab, vocab } from '../../src/datasets/employment/vocab.js'
import { loadRulesRows, rulesRows } from '../../src/datasets/volunteer-rules/rules-table.js'

const dir = mkdtempSync(join(tmpdir(), 'gaokao-data-files-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let n = 0
/** A temporary file with `text`; its absolute path. */
const file = (text: string, ext = 'csv') => {
  const f = join(dir, `f${n++}.${ext}`)
  writeFileSync(f, text)
  return f
}
const COLS = ['a', 'b', 'c'] as const

describe('readCsv', () => {
  it('reads quoted fields, doubled quotes, CRLF, a BOM and blank lines at the end, with line numbers', () => {
    const f = file('\uFEFFa,b,c\r\n1,"x, ""y""",\r\n2,"two\nlines",3\n4,5,6\n\n')
    expect(readCsv(f, COLS)).toEqual([
      { line: 2, cells: { a: '1', b: 'x, "y"', c: '' } },
      { line: 3, cells: { a: '2', b: 'two\nlines', c: '3' } },
      { line: 5, cells: { a: '4', b: '5', c: '6' } },
    ])
  })

  it.each([
    ['a,b\n1,2\n', ':1: the header must be exactly: a,b,c'],
    ['a,b,c\n1,2,3\n1,2\n', ':3: 2 fields, the header has 3'],
    ['a,b,c\n1,2,3\n\n4,5,6\n', ':3: empty line'],
    ['a,b,c\n1,"2,3\n', ':2: a quoted field is not closed'],
    ['a,b,c\n1,"2"x,3\n', ':2: text after the closing quote'],
    ['a,b,c\n1,2"x,3\n', ':2: a quote inside an unquoted field'],
    ['', ':1: empty file'],
  ])('refuses %j, naming the file and the line', (text, message) => {
    const f = file(text)
    expect(() => readCsv(f, COLS)).toThrow(`${f}${message}`)
  })
})

describe('readJson', () => {
  const schema = z.strictObject({ items: z.array(z.strictObject({ id: z.int(), t: z.string() })) })

  it('names the line of a syntax error and of a key given twice', () => {
    const bad = file('{\n  "items": [],\n}', 'json')
    expect(() => readJson(bad, schema)).toThrow(`${bad}:3:1: not valid JSON`)
    const twice = file('{\n  "a": { "x": 1 },\n  "b": { "x": 1, "x": 2 }\n}', 'json')
    expect(() => readJson(twice, z.any())).toThrow(`${twice}:3: the key "x" is given twice`)
  })

  it('names every refused field by its path and the id of its item', () => {
    const f = file('{ "items": [{ "id": 3, "t": 1 }, { "id": 4, "t": "x", "u": 1 }] }', 'json')
    expect(() => readJson(f, schema)).toThrow(
      new RegExp(`^${f}: items\\[0\\] \\(id 3\\)\\.t: [^\\n;]*; items\\[1\\] \\(id 4\\): [^\\n]*"u"$`, 'u'),
    )
  })

  it('names a missing file', () => {
    expect(() => readJson(join(dir, 'none.json'), schema)).toThrow(/none\.json: cannot read the data file/u)
  })
})

describe('the checked-in data files', () => {
  it('load', () => {
    expect(rulesRows()).toHaveLength(80)
    expect(rulesRows().flatMap((r) => r.batches)).toHaveLength(108)
    expect(Object.keys(vocab().profiles)).toHaveLength(38)
    expect(news()).toHaveLength(40)
    expect(questions()).toHaveLength(44)
  })
})

describe('the loaders refuse a malformed file', () => {
  const RULES = 'src/datasets/volunteer-rules/rules.csv'
  const BATCHES = readFileSync('src/datasets/volunteer-rules/rules-batches.csv', 'utf8')
  const HEAD = BATCHES.split('\n')[0]
  const batches = (...lines: string[]) => file(`${HEAD}\n${lines.join('\n')}\n`)

  it('rules-batches.csv: years, the row, the numbers', () => {
    const cases: [string, string][] = [
      ['0,北京,本科批,本科普通批,2020-20x,2,30,6,,', ':2: years "2020-20x": "2020-20x" is not a year'],
      ['0,北京,本科批,本科普通批,2026 2020,2,30,6,,', ':2: years "2026 2020": not ascending'],
      [
        '0,天津,本科批,本科普通批,2020,2,30,6,,',
        ':2: row 0 of src/datasets/volunteer-rules/rules.csv is 北京, not "天津"',
      ],
      ['99,北京,本科批,本科普通批,2020,2,30,6,,', ':2: row "99" is not a row of'],
      ['0,北京,本科批,本科普通批,2020,4,30,6,,', ':2: volunteer_type must be 1, 2 or 3'],
      ['0,北京,本科批,本科普通批,2020,2,,6,,', ':2: volunteer_num_max is empty'],
      ['0,北京,本科批,,2020,2,30,6,,', ':2: local'],
      ['1,北京,本科提前批,,2023,2,,,,max_choices ?', ':2: an unknown line has only'],
    ]
    for (const [line, message] of cases) {
      const f = batches(line)
      expect(() => loadRulesRows(RULES, f), line).toThrow(`${f}${message}`)
    }
    const order = batches(
      '1,北京,本科提前批,,2023,,,,,max_choices ?',
      '0,北京,本科批,本科普通批,2020,2,30,6,,',
    )
    expect(() => loadRulesRows(RULES, order)).toThrow(`${order}:3: row 0 after row 1`)
  })

  it('rules.csv: row numbers and empty cells', () => {
    const text = readFileSync(RULES, 'utf8').split('\n')
    const renumbered = file([text[0], text[1]?.replace(/^0,/u, '5,')].join('\n'))
    expect(() => loadRulesRows(renumbered, batches())).toThrow(`${renumbered}:2: row "5", expected 0`)
    const empty = file([text[0], text[1]?.replace(',3+3,', ',,')].join('\n'))
    expect(() => loadRulesRows(empty, batches())).toThrow(`${empty}:2: exam_mode is empty`)
  })

  it('vocab.json: a profile or industry code that does not exist', () => {
    const v = JSON.parse(readFileSync('src/datasets/employment/vocab.json', 'utf8'))
    v.class_profile.entries.计算机类 = 'softwre'
    v.profiles.entries.software.industries[0].code = 'Z'
    const f = file(JSON.stringify(v), 'json')
    expect(() => loadVocab(f)).toThrow(
      `${f}: profiles.entries.software.industries[0].code: "Z" is not a code of industries; ` +
        'class_profile.entries.计算机类: "softwre" is not a key of profiles',
    )
  })

  it('news.json and questions.json: a misspelt field, a bad date, a fact without its fields', () => {
    const n = JSON.parse(readFileSync('src/datasets/content/news.json', 'utf8'))
    n.items[1].provice = n.items[1].province
    n.items[2].publishAt = '2026-05-10'
    const nf = file(JSON.stringify(n), 'json')
    expect(() => loadNews(nf)).toThrow(/items\[1\] \(id 402\): Unrecognized key: "provice"/u)
    expect(() => loadNews(nf)).toThrow(/items\[2\] \(id 403\)\.publishAt: not 'YYYY-MM-DD HH:mm:ss'/u)
    const q = JSON.parse(readFileSync('src/datasets/content/questions.json', 'utf8'))
    delete q.items[0].facts[0].text
    const qf = file(JSON.stringify(q), 'json')
    expect(() => loadQuestions(qf)).toThrow(/items\[0\] \(id 101\)\.facts\[0\]\.text: /u)
  })
})
