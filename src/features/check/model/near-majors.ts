import { majorNameKey } from '../../smart-match/model/options.js'
import { stemOf } from '../../smart-match/model/premium.js'

/**
 * The majors of a unit's plan that a listed major not found there may have meant, for the warning to name: those
 * whose name holds it or is held by it (brackets left out: 计算机 → 计算机科学与技术, 计算机类(拔尖班)), and those of
 * its class in the catalogue (计算机类 → 计算机科学与技术, 软件工程; 通信工程, of 电子信息类 → 电子信息类(通信与信息类)).
 * `classOf` gives a major's catalogue class by its name (majors.class_name). At most `limit`, in the plan's order.
 */
export function nearMajors(
  name: string,
  plan: readonly string[],
  classOf: (name: string) => string | undefined,
  limit = 4,
): string[] {
  const key = bare(name)
  if (key === '') return []
  const klass = classOfName(name, classOf)
  const near = plan.filter((p) => {
    const theirs = bare(p)
    if (theirs === key) return false
    if (theirs.includes(key) || key.includes(theirs)) return true
    return klass !== undefined && classOfName(p, classOf) === klass
  })
  return [...new Set(near)].slice(0, limit)
}

const bare = (name: string) => majorNameKey(name).replace(/[()]/gu, '')

/** A name's class: the catalogue's for it or its stem, else the stem itself where it names a class (电子信息类(…)) */
function classOfName(name: string, classOf: (name: string) => string | undefined): string | undefined {
  const stem = stemOf(name)
  return classOf(majorNameKey(name)) ?? classOf(stem) ?? (stem.endsWith('类') ? stem : undefined)
}
