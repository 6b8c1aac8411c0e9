import type { RuleResult, ValidationReport } from './engine.js'
import type { Rule } from './rules.js'

export interface Paint {
  red(s: string): string
  yellow(s: string): string
  green(s: string): string
  dim(s: string): string
  bold(s: string): string
}

export const plain: Paint = {
  red: (s) => s,
  yellow: (s) => s,
  green: (s) => s,
  dim: (s) => s,
  bold: (s) => s,
}

const fmt = (n: number): string => n.toLocaleString('en-US')

/**
 * The terminal report: one line per table (rows, rules passed / failed / skipped), then every failed rule with
 * its table, rule id, count and first violations (key and message), then the rules skipped for a missing
 * dependency, then the verdict.
 */
export function renderValidation(report: ValidationReport, paint: Paint = plain): string {
  const out: string[] = [paint.bold(`校验 ${report.datasets}`)]
  const byTable = new Map<string, RuleResult[]>()
  for (const r of report.results) byTable.set(r.table, [...(byTable.get(r.table) ?? []), r])
  const width = Math.max(...report.tables.map((t) => t.table.length))
  for (const t of report.tables) {
    const results = byTable.get(t.table) ?? []
    const name = t.table.padEnd(width)
    if (!t.present) {
      const skips = results.filter((r) => r.status === 'skipped').length
      const failed = results.some((r) => r.status === 'failed' && r.severity === 'error')
      const line = `${t.note ?? '未安装'}${skips ? `, 跳过 ${skips} 条规则` : ''}`
      out.push(`  ${name}  ${failed ? paint.red(line) : paint.dim(line)}`)
      continue
    }
    if (!t.schema) {
      out.push(`  ${name}  ${fmt(t.rows ?? 0).padStart(11)} 行  ${paint.dim(t.note ?? '')}`)
      continue
    }
    // --tables leaves the other tables' rules unrun: "0 条通过" read as checked and passed
    if (results.length === 0) {
      out.push(`  ${name}  ${fmt(t.rows ?? 0).padStart(11)} 行  ${paint.dim('未校验 (不在 --tables 中)')}`)
      continue
    }
    const ok = results.filter((r) => r.status === 'ok').length
    const errors = results.filter((r) => r.status === 'failed' && r.severity === 'error').length
    const warnings = results.filter((r) => r.status === 'failed' && r.severity === 'warning').length
    const skips = results.filter((r) => r.status === 'skipped').length
    const parts = [paint.green(`${ok} 条通过`)]
    if (errors) parts.push(paint.red(`${errors} 条出错`))
    if (warnings) parts.push(paint.yellow(`${warnings} 条警告`))
    if (skips) parts.push(paint.dim(`${skips} 条跳过`))
    out.push(`  ${name}  ${fmt(t.rows ?? 0).padStart(11)} 行  ${parts.join(', ')}`)
  }

  const failed = report.results.filter((r) => r.status === 'failed')
  if (failed.length) out.push('')
  for (const r of failed) {
    const mark = r.severity === 'error' ? paint.red('✗ 错误') : paint.yellow('! 警告')
    out.push(`${mark} ${r.table} ${paint.bold(r.rule)}: ${fmt(r.count)} 处  ${paint.dim(r.description)}`)
    // a sample an import located in its file names the file and line (rows-origin.ts), not a row of the table
    for (const s of r.samples)
      out.push(`    ${'line' in s ? '' : `${r.table} `}${s.key}  [${r.rule}] ${s.message}`)
    if (r.count > r.samples.length)
      out.push(paint.dim(`    … 另有 ${fmt(r.count - r.samples.length)} 处未列出 (--max-per-rule 可调)`))
  }

  const present = new Set(report.tables.filter((t) => t.present).map((t) => t.table))
  const skippedHere = report.results.filter((r) => r.status === 'skipped' && present.has(r.table))
  if (skippedHere.length) {
    out.push('', paint.dim('跳过的规则:'))
    for (const r of skippedHere) out.push(paint.dim(`  ${r.table} ${r.rule}: ${r.note ?? ''}`))
  }

  const errorRules = failed.filter((r) => r.severity === 'error').length
  const warningRules = failed.length - errorRules
  const verdict = report.ok
    ? paint.green(
        `通过${report.warnings ? ` (${warningRules} 条规则有警告, ${fmt(report.warnings)} 处)` : ''}`,
      )
    : paint.red(
        `未通过: ${errorRules} 条规则出错, ${fmt(report.errors)} 处违规${warningRules ? `; ${warningRules} 条警告` : ''}`,
      )
  out.push('', `结果: ${verdict}`)
  return `${out.join('\n')}\n`
}

/** `validate --rules`: the catalogue, table by table. */
export function renderRuleList(rules: readonly Rule[]): string {
  const out: string[] = []
  let table = ''
  for (const r of rules) {
    if (r.table !== table) {
      table = r.table
      out.push(table)
    }
    const needs = r.needs?.length ? ` (需要 ${r.needs.join(', ')})` : ''
    out.push(`  ${r.name.padEnd(22)} ${r.severity === 'warning' ? '[警告] ' : ''}${r.description}${needs}`)
  }
  return `${out.join('\n')}\n`
}
