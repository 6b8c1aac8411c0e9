import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import readXlsxFile from 'read-excel-file/node'
import { describe, expect, it } from 'vitest'
import { runGaokao } from '../helpers/cli.js'
import { SHIPPED } from './helpers.js'

/**
 * The 志愿表 workbook of issue 18's candidate (江苏 物理 612) on the shipped datasets: the form a family prints, and a
 * cover whose sources are the shipped manifest's.
 */
describe('smart-match --out on the shipped data', () => {
  it('江苏 物理 612: 40 groups with their codes and majors, the cover naming the sources', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gaokao-workbook-')), '志愿表.xlsx')
    const args = [
      'smart-match',
      '--province',
      '江苏',
      '--batch',
      '本科批',
      '--rank-year',
      '2025',
      '--score',
      '612',
      '--subject',
      '物理',
      '--xuanke',
      '物理,化学,生物',
    ]
    const run = await runGaokao([...args, '--out', file], { datasets: SHIPPED })
    expect(run.code).toBe(0)
    const json = JSON.parse((await runGaokao([...args, '--json'], { datasets: SHIPPED })).stdout)
    const items = ['chong', 'wen', 'bao'].flatMap((t) => json.data.zyb_data.zybData[t])

    const sheets = await readXlsxFile(file)
    expect(sheets.map((s) => s.sheet)).toEqual(['志愿表', '说明'])
    const [title, head, ...rows] = sheets[0]?.data ?? []
    expect(String(title?.[0])).toContain('江苏 物理类 612 分')
    expect(head?.slice(0, 11)).toEqual([
      '志愿序号',
      '院校代码',
      '院校',
      '专业组',
      '专业1',
      '专业2',
      '专业3',
      '专业4',
      '专业5',
      '专业6',
      '是否服从调剂',
    ])
    expect(rows).toHaveLength(items.length)
    expect(rows).toHaveLength(40)
    // 江苏's groups are 专业组（NN）: the form's cell is the code
    for (const row of rows) expect(String(row[3])).toMatch(/^\d{2,3}$/u)
    rows.forEach((row, i) => {
      expect(row.slice(4, 10).filter((m) => m !== null)).toEqual(items[i].zyList.map((z: any) => z.zyName))
    })

    const cover = new Map((sheets[1]?.data ?? []).map((r) => [String(r[0]), String(r[1])]))
    expect(cover.get('位次')).toMatch(/^24769 /u)
    expect(cover.get('合成数据')).toMatch(/^无/u)
    expect(cover.get('数据版本')).toMatch(/^manifest\.json [0-9a-f]{12}, 文件日期 /u)
    expect(cover.get('来源 LG')).toMatch(/^liuguanghui0226\/gaokao-zhiyuan-site@/u)
  })
})
