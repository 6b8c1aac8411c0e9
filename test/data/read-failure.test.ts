import { describe, expect, it } from 'vitest'
import { parquetInError, readFailure } from '../../src/data/read-failure.js'

describe('readFailure (DuckDB errors about a table file, in one line)', () => {
  it('reads the damage DuckDB reports in its several words as damage', () => {
    for (const message of [
      'Invalid Input Error: No magic bytes found at end of file "x/plans.parquet"',
      'Invalid Input Error: Failed to read file "x/score_ranks.parquet": ZSTD Decompression failure',
      // a damaged string page (the case `datasets info` used to answer with 内部错误 and DuckDB's text)
      'Invalid Input Error: Invalid string encoding found in Parquet file: value "\\xE5\\xAE" is not valid UTF8!',
    ])
      expect(readFailure(new Error(message)), message).toBe('已损坏或不是 Parquet 文件')
    expect(readFailure(new Error('IO Error: Permission denied'))).toBe('没有读权限')
    expect(readFailure(new Error('IO Error: No such file or directory'))).toBe('无法打开')
  })
  it('leaves other errors alone, and finds the file an error names', () => {
    expect(readFailure(new Error('Binder Error: Referenced column "x" not found'))).toBeUndefined()
    expect(parquetInError(new Error('Failed to read file "/d/score_lines.parquet": bad'))).toBe('score_lines')
    expect(parquetInError(new Error('no file here'))).toBeUndefined()
  })
})
