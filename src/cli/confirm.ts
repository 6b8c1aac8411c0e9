/**
 * A yes/no question at the terminal (@inquirer/prompts, loaded only when asked), default no: what a command asks
 * before it does something that cannot be taken back by accident (an import that removes rows). Written to
 * stderr, so that stdout keeps only the command's answer. Ctrl-C rejects with ExitPromptError, which
 * report-error.ts reports as a cancel (exit 130).
 */
export async function terminalConfirm(message: string): Promise<boolean> {
  const { confirm } = await import('@inquirer/prompts')
  // the answer echoed in the language of the question (inquirer writes Yes / No)
  return confirm(
    { message, default: false, transformer: (yes: boolean) => (yes ? '是' : '否') },
    { output: process.stderr },
  )
}
