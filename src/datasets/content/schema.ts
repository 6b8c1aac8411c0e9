import { z } from 'zod'
import type { Fact } from './types.js'

/**
 * The fields of the content items in news.json and questions.json (types.ts has their meaning), for their loaders:
 * every field typed, unknown fields refused (a misspelt optional field would otherwise vanish).
 */

/** A text field: not empty, no space at either end. */
export const text = z.string().regex(/^\S(?:[\s\S]*\S)?$/u, 'not empty, no space at either end')
const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/u, "not 'YYYY-MM-DD HH:mm:ss'")

export const FACT = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('quote'), file: text, text }),
  z.strictObject({
    kind: z.literal('score_ranks_total'),
    province: text,
    year: z.int(),
    km: text,
    total: z.int().positive(),
    source: text,
  }),
  z.strictObject({
    kind: z.literal('gp_report'),
    school: text,
    field: text,
    value: z.union([z.number(), text]),
  }),
  z.strictObject({
    kind: z.literal('calendar'),
    province: text,
    /** '' for a field of the province */
    batch: z.union([z.literal(''), text]),
    field: text,
    value: z.union([z.string(), z.boolean()]),
  }),
]) satisfies z.ZodType<Fact>

/** The fields every item has, news or question. */
export const ITEM = {
  id: z.int().positive(),
  category: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  title: text,
  /** absent unless the item is about one school / province */
  school: text.optional(),
  province: text.optional(),
  publishAt: timestamp,
  source: text,
  facts: z.array(FACT).optional(),
}

/** A file of items: what the file is (`note`), and the items. */
export const itemsFile = <T extends z.ZodType>(item: T) =>
  z.strictObject({ note: z.string(), items: z.array(item) })
