/**
 * A distribution function tabulated on an even grid (`table[i]` = F(from + i·step)), read by linear interpolation:
 * 0 below the grid, 1 above it. The 志愿表 check's error shape and the chance smart-match shows are read so.
 */
export function readCdfTable(table: Float64Array, from: number, step: number, x: number): number {
  const pos = (x - from) / step
  if (pos <= 0) return 0
  if (pos >= table.length - 1) return 1
  const i = Math.floor(pos)
  const lo = table[i] as number
  return lo + ((table[i + 1] as number) - lo) * (pos - i)
}
