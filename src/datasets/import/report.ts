import type { RuleResult } from '../validate/engine.js'
import { type Paint, plain, renderValidation } from '../validate/report.js'
import type { ImportResult, SliceNote } from './import.js'
import { planLines } from './plan.js'

const fmt = (n: number): string => n.toLocaleString('en-US')

export function describeSlice(s: SliceNote): string {
  return Object.entries(s)
    .filter(([k]) => k !== 'rows' && k !== 'replaced')
    .map(([k, v]) => `${k}=${v === '' ? '""' : String(v)}`)
    .join(' ')
}

/** Samples of a rule that an import located in its file (rows-origin.ts): the file's lines, not kept rows. */
const ofFile = (r: RuleResult) => r.samples.filter((s) => 'line' in s && s.line !== undefined)

/**
 * The warnings of an import's validation split in two: those with a sample from the file, shown with those
 * samples, and the backlog: warnings whose samples are all rows the table already had (11,795 rank_consistency
 * warnings of the shipped plans), which every import of the table would otherwise repeat, 20 lines each time.
 */
function splitWarnings(r: ImportResult): { shown: RuleResult[]; backlog: RuleResult[] } {
  const warned = r.validation.results.filter(
    (x) => x.table === r.table && x.status === 'failed' && x.severity === 'warning',
  )
  return {
    shown: warned.filter((x) => ofFile(x).length > 0).map((x) => ({ ...x, samples: ofFile(x) })),
    backlog: warned.filter((x) => ofFile(x).length === 0),
  }
}

/** The backlog in one line: how many, of which rules, and how to see them. */
function backlogLine(r: ImportResult, backlog: readonly RuleResult[]): string | undefined {
  if (backlog.length === 0) return undefined
  const count = backlog.reduce((n, x) => n + x.count, 0)
  return (
    `另有 ${fmt(count)} 处警告 (${backlog.map((x) => `${x.table} ${x.rule}`).join(', ')}) 的样本都是表中原有的行, ` +
    `不是 ${r.file} 的, 此处不列出; 查看: gaokao datasets validate --tables ${r.table}`
  )
}

/** The head of an import's report: the slices, the rows it adds, changes and removes, the notes. */
function head(r: ImportResult, paint: Paint, withSamples: boolean): string[] {
  const out: string[] = [paint.bold(`导入 ${r.table} ← ${r.file}  (数据目录 ${r.datasets})`)]
  for (const s of r.slices)
    out.push(
      `  切片 ${describeSlice(s)}: 原有 ${fmt(Number(s.replaced))} 行 → 导入 ${fmt(Number(s.rows))} 行`,
    )
  const plan = planLines(r.plan)
  for (const line of withSamples ? plan : plan.slice(0, 1))
    out.push(`  ${r.plan.removed > 0 && line.includes('删除') ? paint.yellow(line) : line}`)
  for (const n of r.notes) out.push(paint.dim(`  说明: ${n}`))
  return out
}

/** What a terminal shows before it asks whether the rows an import would remove may go. */
export const renderPlan = (r: ImportResult, paint: Paint = plain): string =>
  `${head(r, paint, true).join('\n')}\n`

/** What an import did (or, refused, why): slices, the rows it adds, changes and removes, notes, violations. */
export function renderImport(r: ImportResult, paint: Paint = plain): string {
  // Agreed to at the terminal, the plan was shown just before the question: its totals suffice here.
  const out = head(r, paint, r.removalApproved !== 'prompt')
  const { shown, backlog } = splitWarnings(r)
  const backlogText = backlogLine(r, backlog)
  if (!r.ok) {
    out.push('', paint.red('校验未通过, 什么都没有替换 (原文件未改动):'), '')
    const hidden = new Set(backlog)
    out.push(
      renderValidation(
        {
          ...r.validation,
          tables: r.validation.tables.filter((t) => t.table === r.table),
          results: r.validation.results
            .filter((x) => !hidden.has(x))
            .map((x) => shown.find((s) => s.rule === x.rule && s.table === x.table) ?? x),
        },
        paint,
      ).trimEnd(),
    )
    if (backlogText) out.push(paint.dim(backlogText))
    return `${out.join('\n')}\n`
  }
  const checked = r.validation.results.filter((x) => x.status === 'ok').length
  const warnings = shown.length + backlog.length
  out.push(`  校验: ${paint.green('通过')} (${checked} 条规则${warnings ? `, ${warnings} 条警告` : ''})`)
  for (const w of shown) {
    out.push(paint.yellow(`  ! 警告 ${w.table} ${w.rule}: ${fmt(w.count)} 处`))
    for (const s of w.samples.slice(0, 5)) out.push(paint.dim(`      ${s.key}  ${s.message}`))
  }
  if (backlogText) out.push(paint.dim(`  ${backlogText}`))
  const removes = r.plan.removed > 0 && r.removalApproved === undefined
  // the refusal's whole line follows on stderr (the CLI's error): here only where it comes from
  if (r.refused)
    out.push('', paint.red(`未写入: 会删除已有的 ${fmt(r.plan.removed)} 行 (见上), 确要删除请加 --replace`))
  else if (r.dryRun)
    out.push(
      `  --dry-run: 未写入 (${fmt(r.rows.before)} → ${fmt(r.rows.after)} 行)${
        removes ? `; 实际导入会删除 ${fmt(r.plan.removed)} 行, 须加 --replace (或在终端确认)` : ''
      }`,
    )
  else
    out.push(
      `已写入 ${r.table} 表 (${r.tableFile ?? `${r.table}.parquet`}): ${fmt(r.rows.before)} → ${fmt(r.rows.after)} 行 (替换 ${fmt(r.rows.replaced)}, 导入 ${fmt(r.rows.imported)}); manifest.json 已更新`,
      `撤销这次导入: gaokao datasets undo${r.undoable ? ` (可连续撤销最近 ${r.undoable} 次导入)` : ''}`,
    )
  return `${out.join('\n')}\n`
}
