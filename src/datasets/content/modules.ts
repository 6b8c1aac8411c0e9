/**
 * What module_type and sub_module_type mean (SPEC 4.11 shows only (4,3) category options and (4,4) the news
 * list; the rest is this project's decision, README.md "Modules"). Modules are the app's pages.
 */

export const CATEGORY_LABELS = { 1: '政策解读', 2: '考试信息', 3: '院校动态', 4: '重要公告' } as const

export const MODULES = {
  1: { name: '位次查询', endpoints: 'seating (SPEC 4.1-4.3)' },
  2: { name: '志愿填报', endpoints: 'smart match, tier counts, volunteer rules (SPEC 4.8, 4.13)' },
  3: { name: '院校与专业', endpoints: 'plans, scores, open majors, groups (SPEC 4.4-4.7, 4.9, 4.14-4.18)' },
  4: { name: '高考资讯', endpoints: 'common-question list (SPEC 4.11)' },
  5: { name: '专业就业', endpoints: 'employment, job prospects (SPEC 4.16, 4.19)' },
  6: { name: '使用帮助', endpoints: 'feedback (SPEC 4.12) and the app itself' },
} as const

/** Sections of a page. Module 4 differs: 3 is the category-options response (no items) and 4 the news list. */
export const SUB_MODULES = {
  default: { 1: '基础概念', 2: '常见问题', 3: '数据说明', 4: '(unused)' },
  4: { 1: '资讯说明', 2: '时间节点', 3: '分类选项 (category_enum map, no items)', 4: '资讯列表 (news)' },
} as const

/** (module, sub) pairs that hold news; every other pair holds questions with answers. */
export const isNewsSlot = (module: number, sub: number): boolean => module === 4 && sub === 4
/** (4,3) answers the category options and holds no items; sub 4 is used only by module 4. */
export const isEmptySlot = (module: number, sub: number): boolean =>
  (module === 4 && sub === 3) || (module !== 4 && sub === 4)
