import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { runGaokao } from '../helpers/cli.js'

// In the slow tier (shipped datasets): every example a command's help shows runs as shown and answers, so that a
// counsellor who copies one gets an answer, not an error. The 志愿表 check's examples also find every choice they
// list (an example of 武汉大学/01 for a 物理 candidate matched nothing: 01 is its 历史类 group).

/** The words of an example command line, as a shell splits them (whole quoted words), without `gaokao`. */
const wordsOf = (line: string): string[] =>
  (line.match(/"[^"]*"|'[^']*'|\S+/gu) ?? []).map((w) => w.replace(/^(["'])(.*)\1$/u, '$2')).slice(1)

const EXAMPLES = ENDPOINTS.flatMap((e) => (e.examples ?? []).map((line) => ({ endpoint: e.name, line })))

describe('the help examples, on the shipped datasets', () => {
  it('are there for every endpoint a command runs', () => {
    expect(EXAMPLES.length).toBeGreaterThan(40)
  })
  it.each(EXAMPLES)('$line', async ({ endpoint, line }) => {
    const words = wordsOf(line)
    expect(words[0], line).not.toBe('gaokao')
    const run = await runGaokao(words)
    expect(run.stderr, line).not.toContain('错误')
    expect(run.code, `${line}\n${run.stderr}`).toBe(0)
    expect(run.stdout.trim().length, line).toBeGreaterThan(0)
    if (words.includes('--json')) {
      const body = JSON.parse(run.stdout)
      // the bare answers of the spec (employment, special-plan) have no envelope; every other one says 200
      if (typeof body.code === 'number') expect(body.code, line).toBe(200)
      if (endpoint === 'volunteer-check') expect(body.data.summary.unmatched, line).toBe(0)
    } else if (endpoint === 'volunteer-check') expect(run.stdout, line).not.toContain('找不到')
  })
})

/**
 * Whether a documented command line can run here as it stands: read-only (not serve, mcp, datasets build / import /
 * undo / synth, tokens, feedback submit, smart-match batch), one line without redirect, pipe or synopsis
 * (`[--table …]`), no --out, --help or --datasets (a directory an earlier step made), every file it names present
 * (not the reader's own 志愿表.xlsx), and not a whole-country backtest or audit (a minute between them: their own
 * tests run fewer samples).
 */
function runnable(line: string): boolean {
  if (/[>|\\[]|--out\b|--help\b|--datasets\b/u.test(line)) return false
  if (
    /^gaokao (serve|mcp|datasets (build|import|undo|synth)|tokens|feedback submit|smart-match batch)\b/u.test(
      line,
    )
  )
    return false
  if (/\b(backtest|audit)\b/u.test(line) && !line.includes('--province')) return false
  return wordsOf(line)
    .filter((w) => /\.(xlsx|csv|json)$/u.test(w))
    .every((f) => existsSync(f))
}

/** The commands the README and the guides show in their code blocks that can run here. `# …` is a comment. */
function documentedCommands(): { file: string; line: string }[] {
  const out: { file: string; line: string }[] = []
  for (const file of ['README.md', 'docs/guide.md', 'docs/check.md', 'docs/smart-match.md', 'docs/data.md']) {
    let inBlock = false
    for (const raw of readFileSync(file, 'utf8').split('\n')) {
      if (raw.startsWith('```')) {
        inBlock = !inBlock
        continue
      }
      const line = raw
        .replace(/\s+#\s.*$/u, '')
        .trim()
        .replace(/^npx /u, '')
      if (inBlock && /^gaokao [a-z]/u.test(line) && runnable(line)) out.push({ file, line })
    }
  }
  return out
}

const DOCUMENTED = documentedCommands()

describe('the commands of the README and the guides, on the shipped datasets', () => {
  it('are found', () => {
    expect(DOCUMENTED.length).toBeGreaterThan(30)
  })
  it.each(DOCUMENTED)('$file: $line', async ({ line }) => {
    const run = await runGaokao(wordsOf(line), { isTTY: false })
    expect(run.stderr, line).not.toContain('错误')
    expect(run.code, `${line}\n${run.stderr}`).toBe(0)
    expect(run.stdout.trim().length, line).toBeGreaterThan(0)
  })
})

/** Every `$ gaokao …` line of every command's --help (the main help's 常用 too) that can run here. */
async function helpExamples(): Promise<string[]> {
  const lines = new Set<string>()
  const seen = new Set<string>()
  const visit = async (path: string[]): Promise<void> => {
    const key = path.join(' ')
    if (seen.has(key) || path.length > 2) return
    seen.add(key)
    const help = (await runGaokao([...path, '--help'])).stdout
    // an example's description follows it after two spaces or a #
    for (const m of help.matchAll(/^\s*\$ (gaokao [^\n]*)$/gmu))
      lines.add((m[1] as string).replace(/\s+#\s.*$|\s{2,}.*$/u, '').trim())
    // the commands a help lists: "  name [options] …  description", up to its own help
    const commands = help.split('\n命令:\n')[1]?.split('\n\n')[0] ?? ''
    for (const m of commands.matchAll(/^ {2}([a-z][a-z-]*)\b/gmu))
      if (m[1] !== 'help') await visit([...path, m[1] as string])
  }
  await visit([])
  return [...lines].filter(runnable)
}

describe("the examples of every command's --help, on the shipped datasets", () => {
  it('run as shown', async () => {
    const examples = await helpExamples()
    expect(examples.length).toBeGreaterThan(40)
    const failed: string[] = []
    for (const line of examples) {
      const run = await runGaokao(wordsOf(line), { isTTY: false })
      if (run.code !== 0 || run.stderr.includes('错误') || run.stdout.trim() === '')
        failed.push(`${line} → exit ${run.code}: ${run.stderr.trim().split('\n')[0]}`)
    }
    expect(failed).toEqual([])
  })
})
