import { type Paint, plain, renderValidation } from '../validate/report.js'
import type { ImportResult, SliceNote } from './import.js'

const fmt = (n: number): string => n.toLocaleString('en-US')

export function describeSlice(s: SliceNote): string {
  return Object.entries(s)
    .filter(([k]) => k !== 'rows' && k !== 'replaced')
    .map(([k, v]) => `${k}=${v === '' ? '""' : String(v)}`)
    .join(' ')
}

/** What an import did (or, refused, why): slices, row counts, notes, and the violations. */
export function renderImport(r: ImportResult, paint: Paint = plain): string {
  const out: string[] = [paint.bold(`导入 ${r.table} ← ${r.file}  (数据目录 ${r.datasets})`)]
  for (const s of r.slices)
    out.push(
      `  切片 ${describeSlice(s)}: 原有 ${fmt(Number(s.replaced))} 行 → 导入 ${fmt(Number(s.rows))} 行`,
    )
  for (const n of r.notes) out.push(paint.dim(`  说明: ${n}`))
  if (!r.ok) {
    out.push('', paint.red('校验未通过, 什么都没有替换 (原文件未改动):'), '')
    out.push(
      renderValidation(
        { ...r.validation, tables: r.validation.tables.filter((t) => t.table === r.table) },
        paint,
      ),
    )
    return `${out.join('\n')}\n`
  }
  const warned = r.validation.results.filter((x) => x.status === 'failed')
  const checked = r.validation.results.filter((x) => x.status === 'ok').length
  out.push(
    `  校验: ${paint.green('通过')} (${checked} 条规则${warned.length ? `, ${warned.length} 条警告` : ''})`,
  )
  for (const w of warned) {
    out.push(paint.yellow(`  ! 警告 ${w.table} ${w.rule}: ${fmt(w.count)} 处`))
    for (const s of w.samples.slice(0, 5)) out.push(paint.dim(`      ${s.key}  ${s.message}`))
  }
  if (r.dryRun) out.push(`  --dry-run: 未写入 (${fmt(r.rows.before)} → ${fmt(r.rows.after)} 行)`)
  else
    out.push(
      `已写入 ${r.table}.parquet: ${fmt(r.rows.before)} → ${fmt(r.rows.after)} 行 (替换 ${fmt(r.rows.replaced)}, 导入 ${fmt(r.rows.imported)}); manifest.json 已更新`,
    )
  return `${out.join('\n')}\n`
}
