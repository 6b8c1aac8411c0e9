import { lookupTable } from './lookup.js'
/**
 * Subject categories (科类, `km`) of the 一分一段 tables and their short forms.
 *
 * Stored names are the full ones: 物理类, 历史类 (3+1+2), 理科, 文科 (文理), 综合 (3+3), plus art, sport and
 * Mongolian-language tables. Requests may use the short forms of SPEC 4.2.
 */

/** SPEC 4.2: a short form and the stored categories it stands for, in order of preference. */
export const KM_SHORT_FORMS: Readonly<Record<string, readonly string[]>> = lookupTable({
  物理: ['物理类', '理科'],
  历史: ['历史类', '文科'],
  综合: ['综合'],
  体育: ['体育文', '体育理', '体育类'],
  艺术: ['艺术文', '艺术理', '艺术类'],
  蒙授: ['蒙授文科', '蒙授理科'],
})

/**
 * Whether a name can be a category at all: a short form or what it stands for, 理科 / 文科, or an art or sport
 * category written in full (美术与设计类). A typo (物里) is not, and matches no table.
 */
export function isCategoryName(km: string): boolean {
  const known = Object.entries(KM_SHORT_FORMS).flat(2) as string[]
  return known.includes(km) || km === '理科' || km === '文科' || km.endsWith('类')
}

/** The stored categories a requested km may mean: the short-form expansion, or the name itself. */
export function expandKm(km: string): readonly string[] {
  return KM_SHORT_FORMS[km] ?? [km]
}

/**
 * Picks the stored category a request means among those a table has. An exact name wins, then the name with
 * the 类 that option lists drop; a short form takes its first expansion of SPEC 4.2 that has data, and nothing
 * else. Undefined when none has data.
 *
 * A short form never reaches beyond 4.2's table: 吉林 names its sport tables 体育类(历史) and 体育类(物理), and
 * `体育` picking the first of two by its name's prefix answered one table and hid the other. Such a name is asked
 * for in full (the year's km_list lists it).
 */
export function resolveKm(requested: string, available: readonly string[]): string | undefined {
  if (available.includes(requested)) return requested
  // SPEC 2.5 lists categories without their trailing 类 (书法类 → 书法): each must come back as itself.
  if (!(requested in KM_SHORT_FORMS) && available.includes(`${requested}类`)) return `${requested}类`
  return expandKm(requested).find((km) => available.includes(km))
}

/**
 * The category of a year that a stored profile's km (a token's) stands for: as resolveKm, else through the 4.2
 * short form the name belongs to, since a profile outlives a reform (a 理科 profile in a 物理类 year: both are
 * 4.2's 物理). Undefined when the year has no category of it (物理 in 北京's 综合 years).
 */
export function profileKm(km: string, available: readonly string[]): string | undefined {
  const direct = resolveKm(km, available)
  if (direct !== undefined) return direct
  const short = Object.keys(KM_SHORT_FORMS).find((form) => KM_SHORT_FORMS[form]?.includes(km))
  return short === undefined ? undefined : resolveKm(short, available)
}

const collator = new Intl.Collator('zh-Hans-CN')
/** Pinyin order, the "alphabetical" order of Chinese names. */
export const byPinyin = (a: string, b: string): number => collator.compare(a, b)

/**
 * SPEC 2.5 `km_list`: trailing `类` removed, `物理` and `历史` first, the rest alphabetically (pinyin),
 * without duplicates (物理类 and 物理 are one entry).
 */
export function optionKmList(categories: Iterable<string>): string[] {
  const names = new Set<string>()
  for (const km of categories) names.add(km.endsWith('类') ? km.slice(0, -1) : km)
  const first = ['物理', '历史'].filter((k) => names.has(k))
  const rest = [...names].filter((k) => k !== '物理' && k !== '历史').sort(byPinyin)
  return [...first, ...rest]
}

/** The ordinary categories, which a user means when naming none. */
const ORDINARY = ['物理类', '历史类', '理科', '文科', '综合']

/**
 * SPEC 2.3 `km_list` of a year, whose first entry is the default category: the ordinary categories first in a
 * fixed order (so 江苏 defaults to 物理类, 新疆 to 理科 and 北京 to 综合, never to a sport table), then the
 * others in pinyin order.
 */
export function yearKmList(categories: Iterable<string>): string[] {
  const all = new Set(categories)
  const ordinary = ORDINARY.filter((k) => all.has(k))
  const rest = [...all].filter((k) => !ORDINARY.includes(k)).sort(byPinyin)
  return [...ordinary, ...rest]
}
