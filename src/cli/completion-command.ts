import { badRequest } from '../errors.js'
import { defineRun } from './commands/define.js'
import { completionScript, isShell, SHELLS } from './completion.js'

/** What `gaokao completion <shell>` does (its words: commands/completion.ts). */
export const completionRun = defineRun({
  async action([shell]): Promise<string> {
    if (!isShell(shell)) throw badRequest(`不支持的 shell: ${shell ?? ''} (可选: ${SHELLS.join(', ')})`)
    return completionScript(shell)
  },
  render: (script: string) => script,
})
