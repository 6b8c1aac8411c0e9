import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * Where the writable data lives (feedback, access tokens): shared by `gaokao serve` and every CLI process of
 * the same user. Explicit option, then $GAOKAO_HOME, then $XDG_DATA_HOME/gaokao, then ~/.local/share/gaokao.
 */
export function resolveStoreDir(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return resolve(explicit)
  if (env.GAOKAO_HOME) return resolve(env.GAOKAO_HOME)
  const dataHome = env.XDG_DATA_HOME || join(homedir(), '.local', 'share')
  return join(dataHome, 'gaokao')
}
