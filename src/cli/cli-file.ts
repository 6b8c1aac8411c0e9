import { readFileSync, statSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import type { AnyEndpoint } from '../endpoints/define.js'
import { badRequest } from '../errors.js'

/** Largest file a command reads from the user's machine (a 志愿表 of 96 choices is a few KB) */
const CLI_FILE_MAX_BYTES = 16 * 1024 * 1024

/**
 * The request fields of the file a command's argument names (EndpointDef.cliFile: check's 志愿表, or
 * smart-match's --json output), undefined when the argument names no such file. Read where the command runs
 * (program.ts), and first where its required values are checked (missing-values.ts): a value the file carries,
 * like the rank year of smart-match's output, is not missing.
 */
export async function fileFields(
  def: AnyEndpoint,
  argument: unknown,
): Promise<Record<string, unknown> | undefined> {
  return (await readArgumentFile(def, argument))?.fields
}

/**
 * What reading the file did that its user should hear of (a list put in its 序号's order), for the command that
 * runs on it to say once (program.ts); empty when the argument names no file.
 */
export async function fileNotes(def: AnyEndpoint, argument: unknown): Promise<readonly string[]> {
  return (await readArgumentFile(def, argument))?.notes ?? []
}

async function readArgumentFile(def: AnyEndpoint, argument: unknown): Promise<CliFileRead | undefined> {
  if (typeof argument !== 'string' || !def.cliFile) return undefined
  if (isDirectoryPath(argument))
    throw badRequest(`${argument} 是目录, 不是文件: 请给出其中的志愿表文件 (.csv .xlsx 或 .json)`)
  if (!def.cliFile.names(argument)) return undefined
  if (!isFile(argument)) throw badRequest(`找不到文件: ${argument}`)
  // Read once for both places; a file changed since (the menu runs many commands) is read again.
  const { mtimeMs, size } = statSync(argument)
  const key = `${def.name}|${resolve(argument)}|${mtimeMs}|${size}`
  let fields = read.get(key)
  if (!fields) {
    fields = def.cliFile.read(argument, readCliFile(argument))
    read.set(key, fields)
    // a failed read is not kept: the next attempt says why again
    fields.catch(() => read.delete(key))
  }
  return fields
}

type CliFileRead = Awaited<ReturnType<NonNullable<AnyEndpoint['cliFile']>['read']>>

/** The files read, by endpoint, path, modification time and size */
const read = new Map<string, Promise<CliFileRead>>()

/**
 * An argument that names a directory (`gaokao check /tmp`, `gaokao check lists/`), not choices typed in: a path
 * written as one (absolute, `.`, `~`, a trailing separator) or with no Chinese in it. A typed choice starts with a
 * school's name, so a folder named after a school (`gaokao check 南京大学` beside a folder 南京大学) stays a choice.
 */
function isDirectoryPath(argument: string): boolean {
  const pathLike =
    isAbsolute(argument) ||
    /^[.~]/u.test(argument) ||
    /[/\\]$/u.test(argument) ||
    !/\p{Script=Han}/u.test(argument)
  if (!pathLike) return false
  try {
    return statSync(argument).isDirectory()
  } catch {
    return false
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

function readCliFile(path: string): Uint8Array {
  const size = statSync(path).size
  if (size > CLI_FILE_MAX_BYTES)
    throw badRequest(`${path} 过大 (${(size / 1048576).toFixed(1)} MB); 志愿表文件应小于 16 MB`)
  return readFileSync(path)
}
