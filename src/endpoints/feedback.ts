import { z } from 'zod'
import { ApiError } from '../errors.js'
import { Refusal, specAnswer } from './checks.js'
import { defineEndpoint } from './define.js'
import { readField } from './schema.js'

/** SPEC 4.12's messages, in the spec's order of checks. */
export const FEEDBACK_MESSAGES = {
  type: '反馈类型不正确',
  contentMissing: '请详细描述您的问题或建议',
  contentTooLong: '反馈内容最多1000字',
  contactMissing: '请输入您的邮箱或手机号',
  contactTooLong: '联系方式最多100个字符',
  system: '系统错误,请稍后重试',
} as const
/**
 * Not in the spec: a contact that is neither an e-mail address nor a mobile number (docs/api.md, Decisions ›
 * "Feedback (4.12)").
 */
export const CONTACT_INVALID = '请输入正确的邮箱或手机号'
export const PAGE_TITLE_MAX = 200

/**
 * Lengths are counted in characters as a reader sees them (grapheme clusters): a Chinese character counts one, and
 * so does an emoji made of several code points (👨‍👩‍👧, a flag 🇨🇳) or a letter with a combining accent.
 */
const graphemes = new Intl.Segmenter('zh', { granularity: 'grapheme' })
/**
 * A character of many code points (an emoji of seven) counts one, but a text of more code points than ten a
 * character counts as too long: a letter can carry any number of combining marks, and 1,000 such "characters"
 * could otherwise be megabytes stored.
 */
const MAX_CODE_POINTS_PER_CHAR = 10
const chars = (s: string): number => {
  let n = 0
  for (const _ of graphemes.segment(s)) n++
  const points = [...s].length
  return points > n * MAX_CODE_POINTS_PER_CHAR ? Math.ceil(points / MAX_CODE_POINTS_PER_CHAR) : n
}
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u
/** Mainland mobile numbers, optionally with +86 / 86 and separators. */
const MOBILE = /^(?:\+?86[- ]?)?1[3-9]\d(?:[- ]?\d{4}){2}$/

function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim()
  if (typeof v === 'number') return String(v)
  return undefined
}

/** Text of at most `max` characters; `missing` and `tooLong` are the spec's answers. */
const boundedText = (v: unknown, max: number, missing: string, tooLong: string): string | Refusal => {
  const t = text(v)
  if (t === undefined) return specAnswer(missing)
  return chars(t) > max ? specAnswer(tooLong) : t
}

/** feedback_type: 1-4, as a number or its text. */
function feedbackType(v: unknown): number | Refusal {
  const type = typeof v === 'string' ? Number(v) : v
  if (typeof type !== 'number' || !Number.isInteger(type) || type < 1 || type > 4)
    return specAnswer(FEEDBACK_MESSAGES.type)
  return type
}

function contact(v: unknown): string | Refusal {
  const c = boundedText(v, 100, FEEDBACK_MESSAGES.contactMissing, FEEDBACK_MESSAGES.contactTooLong)
  if (c instanceof Refusal || EMAIL.test(c) || MOBILE.test(c)) return c
  return specAnswer(CONTACT_INVALID)
}

/** page_title: optional text; a title of another kind ({"a":1}) was once stored as '' and acknowledged: refused. */
function pageTitle(v: unknown): string | Refusal {
  if (v !== undefined && v !== null && !['string', 'number'].includes(typeof v))
    return specAnswer('页面标题应为文本')
  const title = text(v) ?? ''
  return chars(title) > PAGE_TITLE_MAX ? specAnswer(`页面标题最多${PAGE_TITLE_MAX}个字符`) : title
}

/** The fields in the spec's order of checks, each answering with the spec's message. */
const input = z.object({
  feedback_type: readField(
    {
      description: '反馈类型 1-4',
      placeholder: 'type',
      choices: ['1', '2', '3', '4'],
      accepts: 'choice',
      required: true,
    },
    feedbackType,
  ),
  content: readField(
    {
      description: '反馈内容, 最多 1000 字',
      placeholder: 'text',
      accepts: 'text',
      required: true,
    },
    (v) => boundedText(v, 1000, FEEDBACK_MESSAGES.contentMissing, FEEDBACK_MESSAGES.contentTooLong),
  ),
  contact: readField(
    {
      description: '联系方式: 邮箱或手机号, 最多 100 个字符',
      placeholder: 'contact',
      accepts: 'text',
      required: true,
    },
    contact,
  ),
  page_title: readField(
    {
      description: '页面标题 (可选)',
      placeholder: 'title',
      accepts: 'text',
      default: '',
    },
    pageTitle,
  ),
})

/**
 * SPEC 4.12: validated in the spec's order with its messages, then stored durably (the local file: fsync;
 * PostgreSQL: COMMIT) before `提交成功` is answered; a store that cannot be written answers `系统错误,请稍后重试`.
 */
export default defineEndpoint({
  name: 'feedback',
  command: ['feedback', 'submit'],
  http: { method: 'POST', path: '/api/v1/score-v2/common-question/feedback' },
  summary: '提交反馈 (落盘后才确认, 服务与命令行可同时写入)',
  input,
  successMessage: '提交成功',
  usesStore: true,
  examples: [
    'gaokao feedback submit --feedback-type 1 --content "一分一段表缺少体育类" --contact user@example.com',
  ],
  async handler(req, ctx) {
    const { feedback_type, content, contact, page_title } = req
    try {
      await ctx.stores.feedback.submit({ feedback_type, content, contact, page_title }, ctx.now())
    } catch (err) {
      // The spec's code for this is 400 too; over `--http-status` it is a 500. The cause goes to the log.
      throw new ApiError(400, FEEDBACK_MESSAGES.system, { badInput: false, httpStatus: 500, cause: err })
    }
    return {}
  },
  table: () => ({ title: '提交成功', head: [], rows: [] }),
})
