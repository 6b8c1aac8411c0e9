import { lastAnnotation } from '../normalize.js'
import { normalizeSchoolName } from './normalize.js'
import type { SchoolRow } from './types.js'

export { normalizeSchoolName } from './normalize.js'
export type { SchoolRow } from './types.js'

const PLA = '中国人民解放军'
/** A campus annotation: 威海, 威海校区, 威海分校 */
const CAMPUS = /^(.+?)(校区|分校)$/u
/** A trailing campus without brackets: 山东大学威海分校, 安阳学院原阳校区 */
const BARE_CAMPUS = /^(.+?(?:大学|学院|学校))([^()]{1,12}?)(校区|分校)$/u
/** A leading annotation: (民办)云南新兴职业学院 */
const LEADING = /^\([^()]{1,8}\)(.+)$/u
/**
 * Upgrades of the 2019-2025 wave, old suffix → new suffix, tried only when the old name is no school of the
 * list: 天水师范学院 → 天水师范大学, 桂林医学院 → 桂林医科大学, 兴安职业技术学院 → 兴安职业技术大学.
 */
const UPGRADES: readonly [RegExp, string][] = [
  [/职业技术学院$/u, '职业技术大学'],
  [/职业学院$/u, '职业技术大学'],
  [/职业学院$/u, '职业大学'],
  [/职业大学$/u, '职业技术大学'],
  [/医学院$/u, '医科大学'],
  [/学院$/u, '大学'],
]

/**
 * The lookup keys for a published name, best first: the name itself (normalizeSchoolName); a leading
 * annotation ((民办)) dropped; the campus spelled the other way ((威海校区) ↔ (威海) ↔ (威海分校), 山东大学威海分校
 * → 山东大学(威海)); the annotation as part of the name (北京大学(医学部) → 北京大学医学部); the name without its last bracketed annotation ((中外合作办学), [公办], a campus that is not
 * a school of its own ...), recursively; a trailing 校区 dropped; the 中国人民解放军 prefix dropped or added.
 */
export function schoolNameKeys(name: string): string[] {
  const keys: string[] = []
  const add = (k: string) => {
    if (k && !keys.includes(k)) keys.push(k)
  }
  const walk = (n: string, depth: number) => {
    add(n)
    const lead = LEADING.exec(n)
    if (lead?.[1] && depth < 4) walk(lead[1], depth + 1)
    const ann = lastAnnotation(n)
    if (ann && depth < 4) {
      const [base, inner] = ann
      const campus = CAMPUS.exec(inner)
      if (campus) {
        add(`${base}(${campus[1]})`)
        add(`${base}(${campus[1]}${campus[2] === '校区' ? '分校' : '校区'})`)
      } else {
        add(`${base}(${inner}校区)`)
        add(`${base}(${inner}分校)`)
        add(`${base}${inner}`)
      }
      walk(base, depth + 1)
    }
    const bare = BARE_CAMPUS.exec(n)
    if (bare?.[1] && bare[2]) {
      add(`${bare[1]}(${bare[2]})`)
      add(`${bare[1]}(${bare[2]}校区)`)
      add(`${bare[1]}(${bare[2]}分校)`)
      if (bare[3] === '校区') add(bare[1])
    }
  }
  walk(normalizeSchoolName(name), 0)
  for (const k of [...keys]) {
    if (k.startsWith(PLA)) add(k.slice(PLA.length))
    else if (k.startsWith('解放军')) add(`${PLA}${k.slice(3)}`)
    else add(`${PLA}${k}`)
  }
  return keys
}

/**
 * sid for a school name as it appears in admission and plan sources; undefined when unknown or ambiguous.
 *
 * Names and aliases (SchoolRow.aliases: MOE names of renamed schools, merged or former gaokao.cn entries) are
 * compared after normalizeSchoolName; a name always wins over another school's alias, and an alias two schools
 * share is ignored. In order, the first that gives one school wins:
 * 1. the keys of schoolNameKeys (exact name, annotations, campus spellings, 中国人民解放军 prefix);
 * 2. a name cut short by the source (IM 文华学, LG 重庆水利电力职业技术学): + 院 or + 校;
 * 3. an upgrade of the 2019-2025 wave (UPGRADES: 学院 → 大学, 职业技术学院 → 职业技术大学 ...) when the old
 *    name is no school of the list;
 * 4. the only school whose name or alias begins with the key (at least 4 characters): 重庆资源与环境保护职业 →
 *    重庆资源与环境保护职业学院, 上海理工 → 上海理工大学; never when two schools begin so (中国地质大学), and never
 *    a campus of the name (香港中文大学 is not 香港中文大学(深圳), the Hong Kong universities being no schools of the list).
 */
export function createSchoolMatcher(rows: readonly SchoolRow[]): (name: string) => number | undefined {
  const byName = new Map<string, number>()
  const byAlias = new Map<string, number | null>()
  for (const r of rows) byName.set(normalizeSchoolName(r.name), r.sid)
  for (const r of rows) {
    for (const a of r.aliases ?? []) {
      const k = normalizeSchoolName(a)
      if (byName.has(k)) continue
      const prev = byAlias.get(k)
      byAlias.set(k, prev === undefined || prev === r.sid ? r.sid : null)
    }
  }
  const sorted: [string, number][] = [...byName.entries()]
  for (const [k, sid] of byAlias) if (sid !== null) sorted.push([k, sid])
  sorted.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))

  const exact = (k: string): number | undefined => byName.get(k) ?? byAlias.get(k) ?? undefined
  const prefix = (k: string): number | undefined => {
    if ([...k].length < 4) return undefined
    let lo = 0
    let hi = sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((sorted[mid] as [string, number])[0] < k) lo = mid + 1
      else hi = mid
    }
    let found: number | undefined
    for (let i = lo; i < sorted.length; i++) {
      const [name, sid] = sorted[i] as [string, number]
      if (!name.startsWith(k)) break
      // 香港中文大学 is not 香港中文大学(深圳): a whole name does not stand for its namesake's campus
      if (name[k.length] === '(') continue
      if (found !== undefined && found !== sid) return undefined
      found = sid
    }
    return found
  }
  const resolve = (name: string): number | undefined => {
    const keys = schoolNameKeys(name)
    for (const k of keys) {
      const hit = exact(k)
      if (hit !== undefined) return hit
    }
    for (const k of keys) {
      if (!k.endsWith('学')) continue
      const hit = exact(`${k}院`) ?? exact(`${k}校`)
      if (hit !== undefined) return hit
    }
    for (const k of keys) {
      for (const [re, to] of UPGRADES) {
        if (!re.test(k)) continue
        const hit = exact(k.replace(re, to))
        if (hit !== undefined) return hit
      }
    }
    for (const k of keys) {
      if (k.startsWith(PLA) && !normalizeSchoolName(name).startsWith(PLA)) continue
      const hit = prefix(k)
      if (hit !== undefined) return hit
    }
    return undefined
  }
  const cache = new Map<string, number | undefined>()
  return (name: string) => {
    if (cache.has(name)) return cache.get(name)
    const hit = resolve(name)
    cache.set(name, hit)
    return hit
  }
}
