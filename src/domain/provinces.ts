/**
 * The 31 provincial-level exam regions of the mainland, in the national GB/T 2260 order.
 *
 * Exam modes and full scores follow the compiled rules document RULES.md ("Exam-mode years" and "Full-score notes"):
 * 3+3 in 北京 天津 上海 浙江 山东 海南; 3+1+2 from 2021, 2024 or 2025 elsewhere; 文理 still in 新疆 and 西藏.
 * Full score is 750 except 上海 (660) and 海南 (900, standard score).
 */
export type ExamMode = '3+3' | '3+1+2' | '文理'

export interface Province {
  /** Short name used everywhere in the data and the API: 江苏, 内蒙古, 新疆 */
  name: string
  /** Official full name: 江苏省, 内蒙古自治区 */
  fullName: string
  /** Two-digit GB/T 2260 code */
  code: string
  /** Latin slug, as used by several public sources' file names */
  slug: string
  examMode: ExamMode
  /** First gaokao year under the current exam mode; null where 文理 continues */
  reformYear: number | null
  fullScore: number
}

const p = (
  name: string,
  fullName: string,
  code: string,
  slug: string,
  examMode: ExamMode,
  reformYear: number | null,
  fullScore = 750,
): Province => ({ name, fullName, code, slug, examMode, reformYear, fullScore })

export const PROVINCES: readonly Province[] = [
  p('北京', '北京市', '11', 'beijing', '3+3', 2020),
  p('天津', '天津市', '12', 'tianjin', '3+3', 2020),
  p('河北', '河北省', '13', 'hebei', '3+1+2', 2021),
  p('山西', '山西省', '14', 'shanxi', '3+1+2', 2025),
  p('内蒙古', '内蒙古自治区', '15', 'inner-mongolia', '3+1+2', 2025),
  p('辽宁', '辽宁省', '21', 'liaoning', '3+1+2', 2021),
  p('吉林', '吉林省', '22', 'jilin', '3+1+2', 2024),
  p('黑龙江', '黑龙江省', '23', 'heilongjiang', '3+1+2', 2024),
  p('上海', '上海市', '31', 'shanghai', '3+3', 2017, 660),
  p('江苏', '江苏省', '32', 'jiangsu', '3+1+2', 2021),
  p('浙江', '浙江省', '33', 'zhejiang', '3+3', 2017),
  p('安徽', '安徽省', '34', 'anhui', '3+1+2', 2024),
  p('福建', '福建省', '35', 'fujian', '3+1+2', 2021),
  p('江西', '江西省', '36', 'jiangxi', '3+1+2', 2024),
  p('山东', '山东省', '37', 'shandong', '3+3', 2020),
  p('河南', '河南省', '41', 'henan', '3+1+2', 2025),
  p('湖北', '湖北省', '42', 'hubei', '3+1+2', 2021),
  p('湖南', '湖南省', '43', 'hunan', '3+1+2', 2021),
  p('广东', '广东省', '44', 'guangdong', '3+1+2', 2021),
  p('广西', '广西壮族自治区', '45', 'guangxi', '3+1+2', 2024),
  p('海南', '海南省', '46', 'hainan', '3+3', 2020, 900),
  p('重庆', '重庆市', '50', 'chongqing', '3+1+2', 2021),
  p('四川', '四川省', '51', 'sichuan', '3+1+2', 2025),
  p('贵州', '贵州省', '52', 'guizhou', '3+1+2', 2024),
  p('云南', '云南省', '53', 'yunnan', '3+1+2', 2025),
  p('西藏', '西藏自治区', '54', 'xizang', '文理', null),
  p('陕西', '陕西省', '61', 'shaanxi', '3+1+2', 2025),
  p('甘肃', '甘肃省', '62', 'gansu', '3+1+2', 2024),
  p('青海', '青海省', '63', 'qinghai', '3+1+2', 2025),
  p('宁夏', '宁夏回族自治区', '64', 'ningxia', '3+1+2', 2025),
  p('新疆', '新疆维吾尔自治区', '65', 'xinjiang', '文理', null),
]

const byAlias = new Map<string, Province>()
for (const prov of PROVINCES) {
  for (const alias of [prov.name, prov.fullName, prov.code, prov.slug]) byAlias.set(alias.toLowerCase(), prov)
}
// Common short forms that differ from the name: 内蒙, 广西壮族, 宁夏回族 ...
byAlias.set('内蒙', byAlias.get('内蒙古') as Province)
byAlias.set('广西壮族', byAlias.get('广西') as Province)
byAlias.set('宁夏回族', byAlias.get('宁夏') as Province)
byAlias.set('新疆维吾尔', byAlias.get('新疆') as Province)
byAlias.set('shaanxi', byAlias.get('陕西') as Province)
byAlias.set('neimenggu', byAlias.get('内蒙古') as Province)

/** Resolves a province from its short name, full name, GB code or slug; undefined when unknown. */
export function findProvince(input: string): Province | undefined {
  const key = input.trim().toLowerCase()
  return byAlias.get(key) ?? byAlias.get(key.replace(/(省|市|自治区)$/u, ''))
}

/** `subjectsType` of the volunteer rules (SPEC 2.12) for an exam mode: 1 文理, 2 3+1+2, 3 3+3. */
export const subjectsTypeOf = (mode: ExamMode): 1 | 2 | 3 => (mode === '3+3' ? 3 : mode === '3+1+2' ? 2 : 1)

/** Exam mode in force for a given year: before the reform year a 3+x province was still 文理. */
export function examModeIn(province: Province, year: number): ExamMode {
  if (province.reformYear === null || year < province.reformYear) return '文理'
  return province.examMode
}

/**
 * How a province filed candidates to colleges (投档): 平行志愿 everywhere but 内蒙古 until 2024, whose 网上动态排名、
 * 实时投档 let candidates watch their standing and change their choices while filing went on (RULES.md's 内蒙古 row:
 * "n/a (动态排名、实时投档 system)"; gaokao-pro's zhiyuan-rules-2026, 内蒙古 vs 2024: "动态投档已废止改平行志愿"). A
 * college's lowest admitted rank under one mechanism is weaker evidence of its line under the other.
 */
export type FilingMode = '平行志愿' | '动态投档'

const DYNAMIC_FILING_UNTIL: Readonly<Record<string, number>> = { 内蒙古: 2024 }

export function filingModeIn(province: Province, year: number): FilingMode {
  const until = DYNAMIC_FILING_UNTIL[province.name]
  return until !== undefined && year <= until ? '动态投档' : '平行志愿'
}
