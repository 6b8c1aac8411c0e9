/** DuckDB's words for a Parquet file it cannot decode (cut short, not Parquet, corrupt pages or footer). */
const DAMAGED =
  /magic bytes|too small to be a Parquet|Failed to read file|Could not read|IO Error|Decompression|don't know what type|Thrift|TProtocol|TType|Invalid Error:|Invalid string encoding|corrupt|checksum/i

/**
 * Why a table file cannot be read, in one line without DuckDB's text (e.g. `已损坏或不是 Parquet 文件`), or
 * undefined when the error is not about reading a file. The caller names the file.
 */
export function readFailure(err: unknown): string | undefined {
  const message = err instanceof Error ? err.message : String(err)
  if (/Permission denied/i.test(message)) return '没有读权限'
  if (/No such file|Cannot open file/i.test(message)) return '无法打开'
  if (DAMAGED.test(message)) return '已损坏或不是 Parquet 文件'
  return undefined
}

/**
 * The table whose file an error names (DuckDB quotes the path): `plans` for `.../plans.parquet` and for an
 * imported version `.../plans.3f9c0d1e2a4b5c6d.parquet` (src/data/table-files.ts), if any.
 */
export function parquetInError(err: unknown): string | undefined {
  const message = err instanceof Error ? err.message : String(err)
  return /([\w-]+?)(?:\.[0-9a-f]{16})?\.parquet\b/.exec(message)?.[1]
}
