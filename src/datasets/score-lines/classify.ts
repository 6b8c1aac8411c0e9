import { examModeIn, type Province } from '../../domain/provinces.js'
import { type BaseTrack, baseTrack, ordinaryKm } from '../normalize.js'
import type { LineKind } from './types.js'

/**
 * Classification of a control line from its source labels (category, batch name): what it is (`kind`), its
 * normalised category (`typeName`) and its name. The ordinary lines every province publishes get a canonical
 * name, so that the sources can be compared line by line; every other line keeps the source's name, cleaned.
 */

/** The canonical names of the ordinary lines (compared across sources). */
export const CANONICAL_NAMES = [
  '本科批',
  '专科批',
  '本科一批',
  '本科二批',
  '本科三批',
  '专科一批',
  '专科二批',
  '普通类一段',
  '普通类二段',
  '普通类三段',
  '特殊类型招生控制线',
  '特控线',
] as const

/** NFKC (full-width brackets become ASCII), whitespace removed. */
export function cleanText(s: string | null | undefined): string {
  return (s ?? '').normalize('NFKC').replace(/\s+/gu, '')
}

/** Lines of vocational exams and tracks (not the unified gaokao): never shipped. */
const VOCATIONAL =
  /三校生|对口|中职|单独考试|单考单招|高职单招|单独招生|技能高考|学考|证书|职教|口语测试|民汉双语|高职分类/u
/** LU's categories of vocational tracks (内蒙古, 新疆 ...). */
const VOCATIONAL_CATEGORIES = new Set([
  '医学类',
  '计算机类',
  '财会类',
  '牧医类',
  '农学类',
  '美工设计类',
  '汽驾类',
  '旅游类',
  '化工类',
  '蒙牧医类',
  '机电类',
  '建筑类',
  '采矿类',
  '幼师类',
  '农林类',
  '畜牧兽医类',
  '烹饪类',
])
/** Composite (culture + specialty) or specialty-only scores: not a gaokao total, never shipped. */
const NOT_A_TOTAL = /综合分|合格线|含专业成绩/u
/** The 特殊类型招生控制线 and its forerunners. */
const SPECIAL = /特殊类型|特控|特招|本科特殊招生|高分优先|强基/u
/** Lines that bind only the candidates of one programme, school list or origin. */
const PROGRAM =
  /专项|预科|民族班|军队|军校|军检|消防|公安|司法|士官|部队|定向|订单|高水平运动队|自招|自主招生|限定院校|独立学院|民办|一类模式|高本贯通|贫困地区|面试体检|电子科技/u
const SPORT = /体育/u
/** Lines for art and sport candidates together (西藏 艺体) */
const ART_SPORT = /艺体|艺术、体育|艺术体育/u
const ART =
  /艺术|艺考|美术|音乐|舞蹈|书法|编导|播音|表演|表\(导\)演|戏曲|戏剧|影视|摄影|摄制|设计学|时装|声乐|器乐|唐卡|工艺美术|航空服务/u

/** A source line to classify. */
export interface RawLine {
  province: Province
  year: number
  /** The source's category ('' when it has none) */
  category: string
  /** The source's batch name */
  batch: string
  /** More source text searched for the kind (LG's majorName ...); never part of the name */
  hint?: string
  /** A kind the source states in a structured field (LG controlLineRouteKind); 'excluded' drops the line */
  kind?: LineKind | { excluded: string }
  /** A canonical name the adapter knows (GA, GP checkpoints) */
  canonicalName?: string
}

export type Classified =
  | { ok: true; typeName: string; name: string; kind: LineKind; canonical: boolean }
  | { ok: false; reason: string }

const TRACK_WORDS = /^(普通类|普通|物理类|历史类|文科|理科|文史类|理工类|首选物理|首选历史|综合)/u
const DECORATION = /(文化课|文化)?(最低)?(录取|投档)?(最低)?(控制)?(分数|参考分数|参考)?线$/u

const CANONICAL_BATCH: Readonly<Record<string, string>> = {
  本科: '本科批',
  本科批: '本科批',
  本科批次: '本科批',
  本科院校: '本科批',
  本科录取: '本科批',
  专科: '专科批',
  专科批: '专科批',
  专科批次: '专科批',
  专科院校: '专科批',
  '高职(专科)': '专科批',
  '高职(专科)批': '专科批',
  '高职(专科)批次': '专科批',
  高职专科: '专科批',
  高职专科批: '专科批',
  高职专科批次: '专科批',
  高职高专: '专科批',
  高职高专批: '专科批',
  高职高专批次: '专科批',
  本科一批: '本科一批',
  本科二批: '本科二批',
  本科三批: '本科三批',
  本科一批次: '本科一批',
  本科二批次: '本科二批',
  本科三批次: '本科三批',
  专科一批: '专科一批',
  专科二批: '专科二批',
  一段: '普通类一段',
  二段: '普通类二段',
  三段: '普通类三段',
  平行录取一段: '普通类一段',
  平行录取二段: '普通类二段',
  平行录取三段: '普通类三段',
}

const NAME_DECORATION =
  /(文化课和专业省统考|文化课和专业课|文化课|文化\/专业|文化)?(最低)?(录取|投档)?(最低)?(控制)?(分数|参考分数|参考)?线$/u

/** A published line name without the trailing 录取控制分数线-style words (kept when nothing else is left). */
export function lineName(name: string): string {
  const s = cleanText(name)
  const m = NAME_DECORATION.exec(s)
  if (!m || m[0].length < 3) return s
  const stripped = s.slice(0, m.index)
  return stripped === '' || /[-(]$/u.test(stripped) ? s : stripped
}

/** The canonical name of an ordinary batch line, or null when the batch is not one of them. */
export function canonicalBatch(batch: string): string | null {
  let s = cleanText(batch).replace(/\(普通类\)/gu, '')
  for (let i = 0; i < 3; i++) s = s.replace(TRACK_WORDS, '')
  s = s.replace(DECORATION, '')
  return CANONICAL_BATCH[s] ?? null
}

/** 广东 called its 特殊类型 line 特控线 (高分优先投档线) before the national name of 2020. */
export function specialName(province: Province, year: number): string {
  return province.name === '广东' && year < 2020 ? '特控线' : '特殊类型招生控制线'
}

const LANG = /^(蒙授|汉授)/u

/** The ordinary track of a category label (物理类, 首选历史, 文科, 综合 ...), or null. */
function trackOf(category: string): BaseTrack | null {
  const c = category.replace(LANG, '')
  const direct = baseTrack(c)
  if (direct) return direct
  // 艺术理 / 体育文, 艺术类(物理科目组), 体育类(历史科目组合), 艺术类(物理)
  if (/(物理|理科|理工|\(理\)|理$)/u.test(c)) return 'physics'
  if (/(历史|文科|文史|\(文\)|文$)/u.test(c)) return 'history'
  return null
}

/** The art field a category names (汉授美术 → 美术, 美术与设计类, 其他艺术), or ''. */
function fieldOf(category: string): string {
  const c = category.replace(LANG, '').replace(/\((物理|历史)[^)]*\)$/u, '')
  if (/^(艺术|体育)(类|文|理)?$/u.test(c) || baseTrack(c)) return ''
  return ART.test(c) ? c : ''
}

/** Track tag of an art/sport category in the exam mode of the year: 物理/历史, 理/文, none in 3+3. */
function trackTag(province: Province, year: number, track: BaseTrack | null): string {
  if (!track || track === 'combined') return ''
  const mode = examModeIn(province, year)
  if (mode === '3+3') return ''
  if (mode === '文理') return track === 'physics' ? '理' : '文'
  return track === 'physics' ? '物理' : '历史'
}

/** Classifies one source line; see README.md for the rules. */
export function classifyLine(raw: RawLine): Classified {
  const category = cleanText(raw.category)
  const batch = cleanText(raw.batch)
  const hint = cleanText(raw.hint)
  const text = `${category}|${batch}|${hint}`
  if (batch === '') return { ok: false, reason: 'no batch name' }
  if (raw.kind && typeof raw.kind === 'object') return { ok: false, reason: raw.kind.excluded }
  if (VOCATIONAL.test(text) || VOCATIONAL_CATEGORIES.has(category)) {
    return { ok: false, reason: 'line of a vocational exam or track, not the unified gaokao' }
  }
  if (NOT_A_TOTAL.test(text)) {
    return { ok: false, reason: 'composite or specialty-only score, not a gaokao total' }
  }
  const isSpecial = SPECIAL.test(text) && !/自招|自主招生/u.test(text)
  let kind: LineKind
  if (raw.kind) kind = raw.kind
  else if (isSpecial) kind = 'special'
  else if (PROGRAM.test(text)) kind = 'program'
  else if (SPORT.test(text)) kind = 'sport'
  else if (ART.test(text) || ART_SPORT.test(text)) kind = 'art'
  else kind = 'batch'
  // The family decides the category: art and sport lines (programme lines too) get 艺术类 / 体育类.
  const family =
    kind === 'special' || kind === 'batch'
      ? 'ordinary'
      : kind === 'art' || kind === 'sport'
        ? kind
        : ART_SPORT.test(text)
          ? 'art'
          : SPORT.test(text)
            ? 'sport'
            : ART.test(text)
              ? 'art'
              : 'ordinary'

  // A language track named in the batch (LU 内蒙古 蒙授本科一批) moves to the category.
  const batchLang = LANG.exec(batch)?.[1] ?? ''
  const lang = LANG.exec(category)?.[1] ?? batchLang
  const name0 = batchLang ? batch.slice(batchLang.length) : batch
  const track = trackOf(category)
  if (family === 'art' || family === 'sport') {
    const base = ART_SPORT.test(text) ? '艺术体育类' : family === 'art' ? '艺术类' : '体育类'
    const tags = [trackTag(raw.province, raw.year, track), lang].filter(Boolean)
    const typeName = tags.length ? `${base}(${tags.join(',')})` : base
    const field = fieldOf(category)
    const plain = lineName(name0)
    const name = field && !plain.includes(field.replace(/类$/u, '')) ? `${plain}-${field}` : plain
    return { ok: true, typeName, name, kind, canonical: false }
  }
  // Ordinary, special and programme lines belong to an ordinary category.
  const ordinaryTrack = track ?? trackOf(hint.replace(/^\d+/u, ''))
  if (!ordinaryTrack) return { ok: false, reason: `no ordinary category in '${raw.category}'` }
  const km = ordinaryKm(raw.province, raw.year, ordinaryTrack)
  if (!km) {
    return {
      ok: false,
      reason: `category '${raw.category}' does not fit the exam mode of ${raw.province.name} ${raw.year}`,
    }
  }
  const typeName = lang ? `${lang}${km}` : km
  if (kind === 'special') {
    const name = raw.canonicalName ?? specialName(raw.province, raw.year)
    return { ok: true, typeName, name, kind, canonical: true }
  }
  if (kind === 'batch') {
    const canonical = raw.canonicalName ?? canonicalBatch(name0)
    if (canonical) return { ok: true, typeName, name: canonical, kind, canonical: true }
  }
  return { ok: true, typeName, name: lineName(name0), kind, canonical: false }
}
