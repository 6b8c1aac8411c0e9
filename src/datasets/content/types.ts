/**
 * The checked-in content of `content_items` (news and common questions), written for this project in Chinese
 * from facts in the public sources (README.md). Each figure an item quotes is listed in `facts`, and the tests
 * check every fact against its source.
 */

/** 1 政策解读 | 2 考试信息 | 3 院校动态 | 4 重要公告 (SPEC 2.14) */
export type Category = 1 | 2 | 3 | 4

/** A figure or phrase an item quotes, and where it can be checked. */
export type Fact =
  /** `text` occurs verbatim in `file`: a path under ../shared/data (RULES.md, INVENTORY.md, sources/...), or
   *  `project:<path>` for a file of this repository */
  | { kind: 'quote'; file: string; text: string }
  /** the largest cumulative count of a shipped score_ranks table */
  | { kind: 'score_ranks_total'; province: string; year: number; km: string; total: number; source: string }
  /** a 本科 figure of a school in GP cli/data/datasets/employment-2024.json (`undergrad.<field>`) */
  | { kind: 'gp_report'; school: string; field: string; value: number | string }
  /** a field of GP cli/data/datasets/zhiyuan-calendar-2026.json: of a batch, or of the province when batch is '' */
  | { kind: 'calendar'; province: string; batch: string; field: string; value: string | boolean }

export interface ContentSeed {
  id: number
  module: number
  sub: number
  category: Category
  title: string
  /** '' unless the item is about one school */
  school?: string
  /** '' unless the item is about one province */
  province?: string
  /** news body, or the question in full */
  content: string
  /** the answer of a question; absent for news */
  answer?: string
  /** summary */
  description: string
  /** 'YYYY-MM-DD HH:mm:ss' (editorial date of this project's item) */
  publishAt: string
  /** where the facts come from: source ids and files (INVENTORY.md), RULES.md keys, or this project's docs */
  source: string
  facts?: Fact[]
}
