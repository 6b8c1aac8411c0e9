/**
 * The plans' batch names a smart-match batch stands for. Volunteer rules name batches the way the province
 * does (本科一批, 普通类一段, 本科批B段), the plans table normalizes them to 本科批 / 本科提前批 / 专科批 /
 * 专科提前批 (plus the special-plan batches): the request's batch is used as is when the plans have it, then the
 * rule's own batch name, then its family — 提前 batches to the 提前 batch of their level, 专科 / 高职 to 专科批,
 * 普通类二段 (浙江, 山东: 本科 and 专科 places below the 一段 line) to both, anything else to 本科批.
 */
export function planBatches(
  requested: string,
  ruleBatch: string,
  available: readonly string[],
): readonly string[] {
  if (available.includes(requested)) return [requested]
  if (available.includes(ruleBatch)) return [ruleBatch]
  const name = `${requested} ${ruleBatch}`
  let family: string[]
  if (/提前/u.test(name)) family = [/专科|高职/u.test(name) ? '专科提前批' : '本科提前批']
  else if (/二段/u.test(name)) family = ['本科批', '专科批']
  else if (/专科|高职/u.test(name)) family = ['专科批']
  else family = ['本科批']
  return family.filter((b) => available.includes(b))
}
