import { labelKind } from '../../smart-match/model/obligations.js'
import type { CheckWarning, ChoiceFacts } from './warnings.js'

/**
 * A listed choice that binds whoever it admits (公费师范, 优师计划, 定向 …: smart-match/model/obligations.ts, read from
 * the plan's names as smart-match marks its items): a contract signed at admission, which a family typing a list by
 * hand may not have seen in the name (山东 本科批's 化学(省属公费师范生)(面向临沂市就业)). Said per choice: the whole
 * unit; the listed majors that bind; or, where 调剂 is accepted, majors of the unit not listed that bind, where
 * 调剂 can place the candidate. A choice that refuses 调剂 and lists none of them is not bound.
 */
export function obligationWarnings(choices: readonly ChoiceFacts[]): CheckWarning[] {
  const out: CheckWarning[] = []
  for (const c of choices) {
    const o = c.obligation
    if (!o) continue
    const what = `${pos(c.position)} ${c.label}`
    const tail =
      '录取后须按协议到指定地区或单位工作 (违约一般须退还费用并缴纳违约金); 不想受此约束请换掉这个志愿'
    let message: string | undefined
    if (o.all) message = `${what}: 须履约: ${o.labels.join('; ')}; ${tail}`
    else if (o.listed.length > 0)
      message = `${what}: 所填专业 ${o.listed.join('、')} 须履约: ${o.labels.join('; ')}; ${tail.replace('这个志愿', '这些专业')}`
    else if (c.tiaoji !== false)
      message = `${what}: 未填的专业中有${o.labels.map(labelKind).join('、')} (${o.labels.join('; ')}), 服从调剂可能被录取到; 不想受此约束可不服从调剂或换掉这个志愿`
    if (message) out.push({ code: 'obligation', level: 'warning', message, choices: [c.position] })
  }
  return out
}

const pos = (p: number) => `第 ${p} 志愿`
