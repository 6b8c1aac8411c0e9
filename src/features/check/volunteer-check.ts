import { z } from 'zod'
import { defineEndpoint } from '../../endpoints/define.js'
import { handlerChecked, optInt, optText, reqText, reqYear } from '../../endpoints/schema.js'
import { badRequest } from '../../errors.js'
import { xuankeOf } from '../smart-match/fields.js'
import { fileKind, readChoicesFile } from './file.js'
import { parseChoices } from './input.js'
import { type CheckData, runCheck } from './run.js'
import { checkRecords, checkTables } from './table.js'

const input = z.object({
  province: reqText({ description: '省份, 如 湖北 (必填)', placeholder: 'province' }),
  rank_year: reqYear({ description: '位次与招生计划的年份, 如 2025 (必填)' }),
  batch: optText({
    description: '批次, 如 本科批 (默认: 该省普通本科批次)',
    placeholder: 'batch',
  }),
  score: optInt({ description: '分数 (与位次至少给一个)', placeholder: 'score', min: 0 }),
  rank: optInt({ description: '位次 (默认: 由分数查当年一分一段表)', placeholder: 'rank', min: 0 }),
  subject: optText({
    description: '首选科目或科类: 物理 历史 理科 文科 综合 (默认: 由选科看出)',
    placeholder: 'subject',
  }),
  xuanke: optText({
    description: '选考科目, 英文逗号分隔, 如 物理,化学,生物 (默认: 不按选科检查)',
    placeholder: 'subjects',
  }),
  choices: handlerChecked({
    description:
      '志愿表, 按填报顺序: 数组, 每项 {school 院校名称或代码, school_id, local_school_code 院校代号, group 专业组, majors 专业数组, major_codes 专业代号, tiaoji 是否服从调剂}; ' +
      '命令行可写作 "院校/专业组/专业+专业/不调剂", 多个志愿以逗号分隔 (必填)',
    placeholder: 'choices',
    required: true,
    jsonSchema: {
      type: ['array', 'string'],
      maxItems: 200,
      items: {
        type: ['object', 'string'],
        properties: {
          school: { type: ['string', 'number'], description: '院校名称、院校代码或常用简称 (如 华科)' },
          school_id: { type: ['integer', 'string'], description: '院校 id (smart-match 的 sid)' },
          school_code: {
            type: ['string', 'number'],
            description: '院校代码, 与 school 同时给出时用于核对 (不是同一所院校时给出警告)',
          },
          local_school_code: {
            type: ['string', 'number'],
            description:
              '本省的院校代号 (如 江苏 5202、湖北 A143): 没有 school 时按它找院校, 有时用于核对 (不是计划中这所院校的代号时给出警告)',
          },
          group: {
            type: ['string', 'number'],
            description: '专业组, 如 专业组（01）、01组、01, 或湖北的院校专业组代码 A14305',
          },
          majors: { type: ['array', 'string'], items: { type: 'string' }, description: '所填专业, 按顺序' },
          major_codes: {
            type: ['array', 'string'],
            items: { type: 'string' },
            description:
              '所填专业的专业代号 (本省计划中的代号), 与 majors 按顺序对应; 没有 majors 时按代号找专业; 与专业名称不符时给出警告',
          },
          tiaoji: {
            type: ['boolean', 'integer', 'string'],
            description: '是否服从调剂 (默认: 服从); 专业+院校志愿没有调剂',
          },
        },
      },
    },
  }),
})

/**
 * 志愿表体检: simulates the province's 平行志愿 filing of a whole list (model/simulate.ts) and says, choice by
 * choice, the chance that it is the one that admits; P(滑档), P(调剂), P(退档) and the expected position; and what a
 * counsellor should change (model/warnings.ts).
 */
export default defineEndpoint({
  name: 'volunteer-check',
  command: ['check'],
  positional: 'choices',
  // `gaokao check 志愿表.xlsx` (or .csv, or smart-match's --json output): the list and what the file says of the
  // candidate; flags beside it win.
  cliFile: {
    names: (argument) => fileKind(argument) !== undefined,
    async read(name, bytes) {
      const list = await readChoicesFile(name, bytes)
      return { fields: { ...list.candidate, choices: list.choices }, notes: list.notes ?? [] }
    },
    together: ['rank', 'score'],
  },
  http: { method: 'POST', path: '/api/v1/volunteer/check' },
  summary: '志愿表体检: 模拟平行志愿投档, 给出每个志愿录取的概率、滑档/调剂/退档概率和需修改之处',
  input,
  successMessage: '检查完成',
  examples: [
    'gaokao check docs/examples/hubei-list.csv --province 湖北 --rank-year 2025 --score 600 --subject 物理 --xuanke 物理,化学,生物',
    'gaokao check 华中科技大学/04/计算机科学与技术+人工智能,华中师范大学/21/计算机类 --province 湖北 --rank-year 2025 --rank 9000 --subject 物理 --xuanke 物理,化学 --json',
  ],
  async handler(raw, ctx): Promise<CheckData> {
    const choices = parseChoices(raw.choices)
    const xuanke = xuankeOf('xuanke', raw.xuanke) ?? '综合'
    const score = raw.score ?? 0
    const rank = raw.rank ?? 0
    if (score <= 0 && rank <= 0) throw badRequest('缺少必要参数: score 与 rank 至少给一个')
    return runCheck(ctx.db, {
      province: raw.province,
      ...(raw.batch === undefined ? {} : { batch: raw.batch }),
      rankYear: Number(raw.rank_year),
      rank,
      score,
      subject: raw.subject ?? '综合',
      xuanke,
      choices,
    })
  },
  records: checkRecords,
  table: checkTables,
})
