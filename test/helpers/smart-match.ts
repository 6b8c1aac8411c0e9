/** The fixture's 湖北 candidate of smart-match (SPEC 4.8's request) and the items of an answer, for its tests. */

export const HUBEI_REQUEST = {
  province: '湖北',
  batch: '本科批',
  rank_year: 2025,
  score: 600,
  subject: '物理',
  xuanke: '物理,化学,生物',
}

/** Every item of a smart-match answer's data, 冲 then 稳 then 保. */
export const listItems = (data: any): any[] => [
  ...data.zyb_data.zybData.chong,
  ...data.zyb_data.zybData.wen,
  ...data.zyb_data.zybData.bao,
]
