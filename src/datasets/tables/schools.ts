import { SCHEMA } from '../../data/schema.js'
import type { CellValue } from '../parquet.js'
import { checkSchools } from '../schools/checks.js'
import { joinSchools, type SchoolJoinReport } from '../schools/join.js'
import {
  GP_QIANGJI_FILES,
  GP_SCHOOL_INDEX,
  LX_COLLEGES,
  MC_DFC,
  readGpQiangji,
  readGpSchools,
  readLxColleges,
  readMcDualClass,
} from '../schools/sources.js'
import type { SchoolRow } from '../schools/types.js'
import type { TableBuilder } from '../table-builder.js'

export type { SchoolRow } from '../schools/types.js'

/** A row's cells in the order of SCHEMA.schools. */
export function schoolCells(rows: readonly SchoolRow[]): CellValue[][] {
  return rows.map((r) =>
    SCHEMA.schools.map((c) => (r as unknown as Record<string, CellValue>)[c.name] ?? null),
  )
}

const share = (n: number, total: number) => `${total ? ((100 * n) / total).toFixed(1) : '0.0'} %`

/** schools: the national list (MOE 2025 via LX) joined with gaokao.cn's index (GP); see ../schools/README.md. */
export const schoolsBuilder: TableBuilder<SchoolRow[]> = {
  name: 'schools',
  async build(ctx) {
    ctx.progress('read', 0, 4)
    const gp = await readGpSchools(ctx.from)
    const lx = await readLxColleges(ctx.from)
    const dual = await readMcDualClass(ctx.from)
    const qiangji = await readGpQiangji(ctx.from)
    ctx.progress('join', 1, 4)
    const problems: string[] = []
    if (!gp) problems.push(`missing source file ${GP_SCHOOL_INDEX}`)
    if (!lx) problems.push(`missing source file ${LX_COLLEGES}`)
    const { rows, report } = joinSchools({
      gp: gp ?? [],
      lx: lx ?? [],
      dualClass: dual ?? [],
      qiangji: qiangji.mentions,
    })
    ctx.progress('check', 2, 4)
    const violations = checkSchools(rows)
    if (violations.length > 0)
      problems.push(
        `${violations.length} check violations: ${violations
          .slice(0, 5)
          .map((v) => `${v.rule}: ${v.message}`)
          .join('; ')}`,
      )
    if (rows.length === 0) problems.push('no school')
    const count = (p: (r: SchoolRow) => boolean) => rows.filter(p).length
    const n = rows.length
    const summary = [
      `schools: ${n} rows (普通本科 ${count((r) => r.level_name === '普通本科')}, 专科(高职) ${count((r) => r.level_name === '专科(高职)')}); ` +
        `real ${share(
          count((r) => r.provenance === 'real'),
          n,
        )}, derived 0.0 %, synthetic 0.0 % (hot is derived for every row)`,
      `schools: GP+LX ${count((r) => r.source.startsWith('GP,LX'))}, GP only ${report.gpOnly}, LX only ${report.lxOnly.length}; ` +
        `985 ${count((r) => r.f985 === 985)}, 211 ${count((r) => r.f211 === 211)}, 双一流 ${count((r) => r.dual_class === 1)}, 强基 ${count((r) => r.qjjh === 1)}; ` +
        `${report.joinedByCode.length} renamed, ${report.folded.length} folded, ${report.excluded.length} GP entries excluded`,
    ]
    ctx.progress('done', 4, 4)
    return {
      cells: schoolCells(rows),
      problems,
      summary,
      manifest: {
        sources: {
          GP: GP_SCHOOL_INDEX,
          LX: LX_COLLEGES,
          MC: dual ? MC_DFC : null,
          GP_qiangji: qiangji.files.length ? qiangji.files : GP_QIANGJI_FILES.map((f) => `${f} (missing)`),
        },
        rules: 'src/datasets/schools/README.md',
        derived_columns: { hot: 'derived from GP pro_type_min minimum scores (schools/hot.ts)' },
        always_zero: {
          zybw: 'no source lists the excellence plan',
          sgjh: 'no source lists 双高计划 schools',
        },
        join: manifestJoin(report),
      },
      rows,
      details: { schoolsJoin: report },
    }
  },
}

function manifestJoin(r: SchoolJoinReport) {
  return {
    joined_by_name: r.joinedByName,
    renamed: r.joinedByCode,
    folded: r.folded,
    excluded: r.excluded,
    gp_only: r.gpOnly,
    lx_only: r.lxOnly,
    code_conflicts: r.codeConflicts,
    level_conflicts: r.levelConflicts,
    dual_class_unmatched: r.dualClassUnmatched,
    dual_class_from_mc: r.dualClassFromMc,
    qiangji_rejected: r.qiangjiRejected,
  }
}
