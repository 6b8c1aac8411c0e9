import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe } from 'vitest'
import { openStores } from '../../src/store/stores.js'
import { storeContract } from './contract.js'

describe('the store interface over the local append-only files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gaokao-store-'))
  storeContract(async () => openStores({ kind: 'directory', dir }))
})
