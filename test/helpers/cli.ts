import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CliDeps } from '../../src/cli/program.js'
import { runCli } from '../../src/cli/program.js'
import { createContextFactory } from '../../src/endpoints/context.js'

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Runs the CLI in-process against a datasets directory, capturing its output and exit code. */
export async function runGaokao(
  args: string[],
  opts: {
    datasets?: string
    store?: string
    isTTY?: boolean
    env?: Record<string, string>
    /** Prompts allowed, as in a terminal */
    interactive?: boolean
    /** Dependencies to replace (a failing context, a scripted prompter) */
    deps?: Partial<CliDeps>
  } = {},
): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const deps: CliDeps = {
    context: ({ datasets, store, caller }) =>
      createContextFactory({
        datasetsDir: datasets ?? opts.datasets,
        // Tests never touch the user's real store.
        storeDir: store ?? opts.store ?? mkdtempSync(join(tmpdir(), 'gaokao-store-')),
      }).forCaller(caller),
    ...opts.deps,
  }
  const code = await runCli(
    args,
    {
      stdout: (t) => {
        stdout += t
      },
      stderr: (t) => {
        stderr += t
      },
      isTTY: opts.isTTY ?? false,
      env: opts.env ?? {},
      interactive: opts.interactive ?? false,
    },
    deps,
  )
  return { code, stdout, stderr }
}

/**
 * smart-match's flags for the fixtures' 湖北 candidate (2025, 本科批, 600 分, 物理 with 化学 and 生物): the list the
 * CLI, check and menu tests make and read back.
 */
export const HUBEI_LIST_FLAGS: readonly string[] = [
  '--province',
  '湖北',
  '--batch',
  '本科批',
  '--rank-year',
  '2025',
  '--score',
  '600',
  '--subject',
  '物理',
  '--xuanke',
  '物理,化学,生物',
]
