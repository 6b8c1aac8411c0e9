import { resolve } from 'node:path'
import { localTime, type UndoRecord, undoRecords } from '../datasets/import/history.js'
import { ImportStateError } from '../datasets/import/import.js'
import { ImportInputError } from '../datasets/import/read.js'
import { type UndoResult, undoLastImport } from '../datasets/import/undo.js'
import { ApiError, badRequest, serviceError } from '../errors.js'
import { defineRun } from './commands/define.js'
import { existingDatasetsDir, jsonText, type ReportOptions, wantsJson } from './datasets-shared.js'

interface UndoCliOptions extends ReportOptions {
  list?: boolean
}

type UndoAnswer = { list: UndoRecord[]; datasets: string } | UndoResult

const fmt = (n: number): string => n.toLocaleString('en-US')
const when = (r: UndoRecord): string => localTime(r.at)
const describe = (r: UndoRecord): string =>
  `${when(r)} 导入 ${r.table} ← ${r.file} (${fmt(r.rows.before)} → ${fmt(r.rows.after)} 行)`

/**
 * `gaokao datasets undo`: puts back the table of the newest import and its manifest.json entry (undo.ts);
 * `--list` shows what can be undone. Nothing to undo is an answer (exit 0), not an error; a table changed since
 * that import is refused (exit 1), as is a directory another import holds (envelope 409).
 */
export const undoRun = defineRun({
  async action(_args, opts: UndoCliOptions, io): Promise<UndoAnswer> {
    const dir = existingDatasetsDir(opts, io)
    if (opts.list) return { list: await undoRecords(resolve(dir)), datasets: resolve(dir) }
    try {
      return await undoLastImport(dir)
    } catch (err) {
      if (err instanceof ImportInputError) throw badRequest(err.message)
      if (err instanceof ImportStateError)
        throw err.busy ? new ApiError(409, err.message, { badInput: false }) : serviceError(err.message)
      throw err
    }
  },
  render(answer, opts) {
    if (wantsJson(opts)) return jsonText(answer)
    if ('list' in answer) {
      if (answer.list.length === 0) return `没有可撤销的导入 (数据目录 ${answer.datasets})\n`
      return `可撤销的导入 (从最近的起, gaokao datasets undo 每次撤销一个):\n${answer.list
        .map((r, i) => `  ${i + 1}. ${describe(r)}\n`)
        .join('')}`
    }
    const out = answer.notes.map((n) => `说明: ${n}`)
    const record = answer.undone
    if (answer.outcome === 'none' || !record) out.push(`没有可撤销的导入 (数据目录 ${answer.datasets})`)
    else if (answer.outcome === 'stale')
      out.push(
        `${record.table}.parquet 已是 ${when(record)} 那次导入 (${record.file}) 之前的样子 (导入未完成, 或上一次撤销在收尾处被中断): 已删除这条撤销记录, 数据未改动`,
      )
    else
      out.push(
        `已撤销 ${describe(record)}`,
        record.before_sha256 === null
          ? `导入前没有 ${record.table} 这张表: 已删除它的文件和 manifest.json 中它的记录`
          : `${record.table} 表恢复为导入前的 ${fmt(record.rows.before)} 行; manifest.json 中 ${record.table} 的记录已恢复`,
      )
    if (answer.outcome !== 'none')
      out.push(
        answer.remaining > 0
          ? `还可再撤销 ${answer.remaining} 次更早的导入 (gaokao datasets undo --list 查看)`
          : '没有更早的可撤销导入了',
      )
    return `${out.join('\n')}\n`
  },
})
