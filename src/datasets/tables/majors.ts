import { SCHEMA } from '../../data/schema.js'
import { checkMajors } from '../majors/checks.js'
import { mergeMajors } from '../majors/merge.js'
import {
  FX_MAJORS,
  LX_CATALOG,
  readFxMajors,
  readLxCatalog,
  readTkSpecials,
  readTkTree,
  TK_SPECIALS,
  TK_TREE,
} from '../majors/sources.js'
import type { MajorRow } from '../majors/types.js'
import type { CellValue } from '../parquet.js'
import type { TableBuilder } from '../table-builder.js'

export type { MajorRow } from '../majors/types.js'

/** A row's cells in the order of SCHEMA.majors. */
export function majorCells(rows: readonly MajorRow[]): CellValue[][] {
  return rows.map((r) =>
    SCHEMA.majors.map((c) => (r as unknown as Record<string, CellValue>)[c.name] ?? null),
  )
}

/** majors: the 本科 (LX + TK + FX), 职业本科 and 专科 (FX) catalogues; see ../schools/README.md. */
export const majorsBuilder: TableBuilder<MajorRow[]> = {
  name: 'majors',
  async build(ctx) {
    ctx.progress('read', 0, 3)
    const fx = await readFxMajors(ctx.from)
    const lx = await readLxCatalog(ctx.from)
    const tk = await readTkSpecials(ctx.from)
    const tkTree = await readTkTree(ctx.from)
    const problems: string[] = []
    if (!fx) problems.push(`missing source file ${FX_MAJORS}`)
    if (!lx) problems.push(`missing source file ${LX_CATALOG}`)
    if (!tk) problems.push(`missing source file ${TK_SPECIALS}`)
    if (!tkTree) problems.push(`missing source file ${TK_TREE}`)
    ctx.progress('merge', 1, 3)
    const { rows, report } = mergeMajors({
      fx: fx?.rows ?? [],
      lx: lx ?? [],
      tk: tk ?? [],
      tkTree: tkTree ?? new Map(),
    })
    const violations = checkMajors(rows)
    if (violations.length > 0)
      problems.push(
        `${violations.length} check violations: ${violations
          .slice(0, 5)
          .map((v) => `${v.rule}: ${v.message}`)
          .join('; ')}`,
      )
    if (rows.length === 0) problems.push('no major')
    const n = rows.length
    const count = (p: (r: MajorRow) => boolean) => rows.filter(p).length
    ctx.progress('done', 3, 3)
    return {
      cells: majorCells(rows),
      problems,
      summary: [
        `majors: ${n} rows (本科 ${count((r) => r.level === '本科')}, 本科(职业教育) ${count((r) => r.level === '本科(职业教育)')}, ` +
          `专科 ${count((r) => r.level === '专科')}); real 100.0 %, derived 0.0 %, synthetic 0.0 %`,
        `majors: 修业年限 ${count((r) => r.length !== null)}, degree ${count((r) => r.degree !== null)}, salary ${count((r) => r.salary !== null)}, ` +
          `salary_5y ${count((r) => r.salary_5y !== null)}, rating ${count((r) => r.rating !== null)}, hot_num ${count((r) => r.hot_num !== null)}, ranking 0; ` +
          `${report.renumbered.length} renumbered`,
      ],
      manifest: {
        sources: { FX: FX_MAJORS, LX: LX_CATALOG, TK: [TK_SPECIALS, TK_TREE] },
        rules: 'src/datasets/schools/README.md (majors)',
        null_columns: {
          ranking: 'no source ranks majors',
          length: 'TK only (本科); no source gives 修业年限 for 职业本科 or 专科',
          degree: 'TK, else the LX degree note; none for 职业本科 or 专科',
          salary: 'TK salaryavg / fivesalaryavg where non-zero',
          hot_num: 'TK view_total (gaokao.cn page views)',
        },
        major_id:
          'TK special_id (gaokao.cn) where known, else 1000000 (本科) / 2000000 (本科(职业教育)) / 3000000 (专科) + the bare code',
        merge: report,
      },
      rows,
      details: { majorsMerge: report },
    }
  },
}
