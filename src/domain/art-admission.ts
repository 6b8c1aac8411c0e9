/**
 * Art admissions filed under an ordinary category. Some sources file a school's art admissions under the
 * candidates' track (中南大学 in 湖南 2021: 音乐表演, 舞蹈表演 as 历史类, lowest scores 270-275, where the 历史类
 * 本科 line was 466): a 历史 query then opened with them, since 4.7 orders a school's rows by lowest score. The
 * majors below admit only through the art exam (艺术类专业考试), so a row of theirs under 物理 / 历史 / 综合 is an
 * art admission on another scale, and an ordinary-category filter leaves it out. Measured on the shipped plans
 * (2026-06): the ordinary-category rows of these majors have median lowest scores of 160-410, against 500-530 for
 * the art majors that do admit on the culture score (广播电视编导, 戏剧影视文学, 艺术史论). Pure. (docs/api.md,
 * Decisions › "Art admissions under an ordinary category (4.7)")
 */

/** 本科 catalogue classes whose every major is admitted through the art exam */
export const ART_EXAM_CLASSES: readonly string[] = ['音乐与舞蹈学类']

/** 本科 majors of other classes admitted through the art exam: 表演, 戏剧影视导演, 播音与主持艺术 */
export const ART_EXAM_CODES: readonly string[] = ['130301', '130306', '130309']

/** The stored category values of the ordinary tracks (SPEC 4.7's 物理, 历史 and 综合, written out) */
const ORDINARY = new Set([
  '物理',
  '物理类',
  '理工',
  '理科',
  '历史',
  '历史类',
  '文史',
  '文科',
  '综合',
  '综合类',
])

/** Whether a category filter selects ordinary tracks only (so that art admissions filed under them are left out). */
export function selectsOrdinaryTracks(subjects: readonly string[] | undefined): boolean {
  return subjects !== undefined && subjects.length > 0 && subjects.every((s) => ORDINARY.has(s))
}
