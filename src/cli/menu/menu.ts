import { extname } from 'node:path'
import { CLI_COMMANDS } from '../commands/index.js'
import type { CliIo } from '../io.js'
import { loadManifest } from '../manifest.js'
import type { CliDeps } from '../program.js'
import { inquirerPrompter } from '../prompter.js'
import { EXIT, reportError } from '../report-error.js'
import { defaultContext } from '../session.js'
import { outLine, shownCommand } from './command-line.js'
import { type MenuCommand, type MenuContext, TASKS } from './tasks.js'

/**
 * `gaokao` alone in a terminal: choose a task, answer its questions (what the data have), see the answer, then go
 * on, export it or quit. Each task becomes the command line a user could have typed: it is shown
 * (`等价命令: gaokao ...`) and run through the same runCli as any command, so that the menu is no second way in
 * and teaches the flags. Ctrl-C at any question ends it (exit 130).
 */

type RunCli = (argv: readonly string[], io: CliIo, deps: CliDeps) => Promise<number>

const QUIT = 'quit'

export async function runMenu(io: CliIo, deps: CliDeps, runCli: RunCli): Promise<number> {
  // The menu's own context, for what its questions offer; each command it runs opens and closes its own.
  const ctx = (deps.context ?? defaultContext)({ caller: null })
  const commands = new Set([
    ...(await loadManifest()).map((e) => e.command.join(' ')),
    ...CLI_COMMANDS.map((c) => c.words.join(' ')),
  ])
  try {
    const ask = await (deps.prompter ?? inquirerPrompter)()
    const menu: MenuContext = {
      ctx,
      ask,
      currentYear: new Date().getFullYear(),
      has: (words) => commands.has(words),
    }
    io.stdout('gaokao 高考志愿工作台: 选一项任务, 回答几个问题; 每一步都显示等价的命令行 (Ctrl-C 退出)\n')
    for (;;) {
      const chosen = await ask.select('要做什么', [
        ...TASKS.map((t) => ({ name: t.name, value: t.value })),
        { name: '退出', value: QUIT },
      ])
      const task = TASKS.find((t) => t.value === chosen)
      if (!task) return EXIT.ok
      let command: MenuCommand
      try {
        command = await task.ask(menu)
      } catch (err) {
        // a cancel ends the menu; any other failure of a question is reported and the menu goes on
        if (err instanceof Error && err.name === 'ExitPromptError') throw err
        await reportError(err, io, false)
        continue
      }
      const code = await run(command.argv, io, deps, runCli)
      if (code === EXIT.cancelled) return code
      const next = await ask.select('接下来', [
        { name: '返回菜单', value: 'menu' },
        ...(code === EXIT.ok && command.export
          ? [{ name: exportName(command.export.kind), value: 'export' }]
          : []),
        { name: '退出', value: QUIT },
      ])
      if (next === QUIT) return EXIT.ok
      if (next === 'export' && command.export) {
        const { kind, file: fallback } = command.export
        // the 志愿表 is a workbook only; other answers may also go to .csv or .json (what --out writes)
        const allowed = kind === 'workbook' ? ['.xlsx'] : ['.xlsx', '.csv', '.json']
        const answer = await ask.input(
          '文件名',
          (v) =>
            v.trim() === '' || extname(v.trim()) === '' || allowed.includes(extname(v.trim()).toLowerCase())
              ? true
              : `应以 ${allowed.join(' 或 ')} 结尾`,
          fallback,
        )
        const file = withExtension(answer.trim() || fallback, extname(fallback))
        const exported = await run(outLine(command.argv, file), io, deps, runCli)
        if (exported === EXIT.cancelled) return exported
      }
    }
  } catch (err) {
    return reportError(err, io, false)
  } finally {
    await ctx.db.close()
  }
}

const exportName = (kind: 'workbook' | 'table') =>
  kind === 'workbook' ? '导出志愿表 (Excel .xlsx)' : '导出为 Excel 文件 (.xlsx; 也可 .csv)'

const withExtension = (file: string, extension: string) =>
  extname(file) === '' ? `${file}${extension}` : file

/** Shows the command line, then runs it as if it had been typed. */
async function run(argv: readonly string[], io: CliIo, deps: CliDeps, runCli: RunCli): Promise<number> {
  io.stdout(`\n等价命令: ${shownCommand(argv)}\n\n`)
  return runCli(argv, io, deps)
}
