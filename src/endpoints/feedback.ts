import { z } from 'zod'
import { ApiError } from '../errors.js'
import { defineEndpoint } from './define.js'
import { handlerChecked } from './schema.js'

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

const bad = (message: string) => new ApiError(400, message, { badInput: true })
/** Lengths are counted in characters (code points): a Chinese character counts one. */
const chars = (s: string): number => [...s].length
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u
/** Mainland mobile numbers, optionally with +86 / 86 and separators. */
const MOBILE = /^(?:\+?86[- ]?)?1[3-9]\d(?:[- ]?\d{4}){2}$/

function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim()
  if (typeof v === 'number') return String(v)
  return undefined
}

const input = z.object({
  feedback_type: handlerChecked({
    description: '反馈类型 1-4',
    placeholder: 'type',
    choices: ['1', '2', '3', '4'],
    accepts: 'choice',
    required: true,
  }),
  content: handlerChecked({
    description: '反馈内容, 最多 1000 字',
    placeholder: 'text',
    accepts: 'text',
    required: true,
  }),
  contact: handlerChecked({
    description: '联系方式: 邮箱或手机号, 最多 100 个字符',
    placeholder: 'contact',
    accepts: 'text',
    required: true,
  }),
  page_title: handlerChecked({
    description: '页面标题 (可选)',
    placeholder: 'title',
    accepts: 'text',
    default: '',
  }),
})

/**
 * SPEC 4.12: validated in the spec's order with its messages, then stored durably (fsync) before
 * `提交成功` is answered; a store that cannot be written answers `系统错误,请稍后重试`.
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
    const type = typeof req.feedback_type === 'string' ? Number(req.feedback_type) : req.feedback_type
    if (typeof type !== 'number' || !Number.isInteger(type) || type < 1 || type > 4)
      throw bad(FEEDBACK_MESSAGES.type)
    const content = text(req.content)
    if (content === undefined) throw bad(FEEDBACK_MESSAGES.contentMissing)
    if (chars(content) > 1000) throw bad(FEEDBACK_MESSAGES.contentTooLong)
    const contact = text(req.contact)
    if (contact === undefined) throw bad(FEEDBACK_MESSAGES.contactMissing)
    if (chars(contact) > 100) throw bad(FEEDBACK_MESSAGES.contactTooLong)
    if (!EMAIL.test(contact) && !MOBILE.test(contact)) throw bad(CONTACT_INVALID)
    // A title of another kind ({"a":1}) was stored as '' and acknowledged: refused instead, nothing taken silently.
    if (
      req.page_title !== undefined &&
      req.page_title !== null &&
      !['string', 'number'].includes(typeof req.page_title)
    )
      throw bad('页面标题应为文本')
    const pageTitle = text(req.page_title) ?? ''
    if (chars(pageTitle) > PAGE_TITLE_MAX) throw bad(`页面标题最多${PAGE_TITLE_MAX}个字符`)
    try {
      ctx.stores.feedback.submit({ feedback_type: type, content, contact, page_title: pageTitle }, ctx.now())
    } catch (err) {
      // The spec's code for this is 400 too; over `--http-status` it is a 500. The cause goes to the log.
      throw new ApiError(400, FEEDBACK_MESSAGES.system, { badInput: false, httpStatus: 500, cause: err })
    }
    return {}
  },
  table: () => ({ title: '提交成功', head: [], rows: [] }),
})
