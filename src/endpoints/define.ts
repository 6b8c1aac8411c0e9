import type { z } from 'zod'
import type { Db } from '../data/db.js'
import type { Stores } from '../store/stores.js'
import type { ChartView } from './chart-view.js'

/** Who is asking, when known: a Bearer token's holder over HTTP, or the trusted local user of the CLI. */
export interface Caller {
  province?: string
  score?: number
  km?: string
  rank?: number
}

export interface Settings {
  /** Prefix for stored logo paths that are not absolute URLs (SPEC 2.20) */
  logoBaseUrl: string
  /** The service's fixed default province (SPEC 4.9: `cur` means 江苏) */
  defaultProvince: string
}

/** The writable side (src/store/stores.ts: the local files or PostgreSQL), opened on first use. */
export type { Stores }

export interface EndpointContext {
  db: Db
  stores: Stores
  caller: Caller | null
  settings: Settings
  /** The clock, injectable so that "current year" rules are testable */
  now: () => Date
}

/** How the CLI draws a result: a titled table with right-aligned numeric columns. */
export interface TableView {
  title?: string
  head: string[]
  rows: (string | number | null | undefined)[][]
  /** Column indexes to right-align (numbers) */
  numeric?: number[]
  /** Printed under the table (e.g. the selected options, paging) */
  footer?: string
  /** The title's colour on a terminal that allows colour (smart-match tiers: 冲 red, 稳 yellow, 保 green) */
  tone?: 'red' | 'yellow' | 'green'
}

/**
 * A handler's answer with what the terminal's view needs beside the payload: the defaults a title should name, the
 * choices an empty answer should list instead. Only `data` goes on the wire; `view` goes to the endpoint's
 * `table`, `records` and `emptyMessage`, so that the spec's JSON stays the spec's and nothing travels on the side.
 * A class, so that invoke tells it from a payload by construction, whatever fields a payload has.
 */
export class WithView<D, V> {
  constructor(
    readonly data: D,
    readonly view: V,
  ) {}
}

/** `return withView(answer, { selection })`: the payload, and explicitly what the endpoint's view draws with. */
export const withView = <D, V>(data: D, view: V): WithView<D, V> => new WithView(data, view)

/**
 * D is the payload (the wire's `data`), V what an endpoint's view needs beside it (undefined for the endpoints
 * whose payload says all). The view functions get no `view` when the handler returned a bare payload.
 */
export interface EndpointDef<S extends z.ZodType = z.ZodType, D = unknown, V = undefined> {
  /** Stable id, also the OpenAPI operationId: `seating-list` */
  name: string
  /** CLI words: ['seating', 'list'] gives `gaokao seating list` */
  command: readonly string[]
  http: { method: 'GET' | 'POST'; path: string }
  summary: string
  input: S
  /** Command lines shown in `--help`; the contract test parses each one. */
  examples: readonly string[]
  /** Envelope message on success when the spec states one other than `success` */
  successMessage?: string
  /** False for the endpoints the spec shows without the envelope (special plans, employment) */
  envelope?: boolean
  /**
   * Extra CLI-only options that fill the caller (the local user is trusted): e.g. `seating rank --score`.
   * They never come from an HTTP body.
   */
  callerFlags?: readonly CallerFlag[]
  /** Reads or writes the local stores (feedback, tokens): the CLI then offers `--store <dir>` */
  usesStore?: boolean
  /**
   * The input field the CLI takes as the command's one required positional argument instead of a flag, e.g.
   * `slug` for `gaokao major-groups <school>` (a path parameter over HTTP). Its placeholder names the argument.
   */
  positional?: string
  /**
   * CLI only: the positional argument may name a file on the user's machine (`gaokao check 志愿表.xlsx`), which the
   * CLI reads and `read` turns into the request's fields (flags given beside it win). Never over HTTP: a server
   * does not read the files a request names.
   */
  cliFile?: {
    /** Whether the argument is meant as a file (by its extension): one that does not exist is then an error */
    names(argument: string): boolean
    /** The request's fields, and what reading did that the user should hear of (said once, on stderr) */
    read(
      name: string,
      bytes: Uint8Array,
    ): Promise<{ fields: Record<string, unknown>; notes?: readonly string[] }>
    /**
     * Fields the file gives as one fact (the candidate's rank and the score it was read from): a flag for any of
     * them replaces all of the file's, so that `--rank 30000` is not shown beside the file's 600 分.
     */
    together?: readonly string[]
  }
  /**
   * CLI only: the answer as an .xlsx workbook, written by `--out <file>.xlsx` (smart-match: the 志愿表 a family
   * prints); such a command's `--out` also takes .csv and .json (what --format csv / --json print). Never over HTTP.
   */
  workbook?(data: D, input: z.output<S>, ctx: EndpointContext): Promise<Uint8Array>
  /**
   * CLI only: a terminal chart drawn under the table with `--chart` (a score's place in the distribution, lines
   * over the years). It may query (`ctx`) for what one page of the answer does not hold. Never over HTTP.
   */
  chart?(data: D, input: z.output<S>, ctx: EndpointContext, view?: V): Promise<ChartView | undefined>
  /**
   * Requests a server answers once before it listens (`serve`), so that what they compute and keep (memos of a
   * front end's landing queries: the unfiltered lists, the lookups) is ready for the first caller. Read-only
   * endpoints only; a request here must pass the input schema.
   */
  warmRequests?: readonly Record<string, unknown>[]
  /**
   * The resource a route's path names, looked up before the rest of the input is checked, so that an unknown
   * school or major answers its 404 whatever the query string holds (SPEC 4.17, 4.18). `check` gets the path
   * value as trimmed text (never blank: a missing value is left to the input schema) and throws the endpoint's
   * not-found error.
   */
  pathResource?: { field: string; check(value: string, ctx: EndpointContext): Promise<void> }
  /** The payload, or `withView(payload, view)` when the terminal needs more than the payload says. */
  handler(input: z.output<S>, ctx: EndpointContext): Promise<D | WithView<D, V>>
  /** Terminal rendering; without it the CLI prints the JSON payload. */
  table?(data: D, input: z.output<S>, view?: V): TableView | TableView[]
  /** The rows of the main list, for `--format csv|ndjson` */
  records?(data: D, view?: V): readonly Record<string, unknown>[]
  /** One line to print instead of an empty table when nothing matched */
  emptyMessage?(data: D, input: z.output<S>, view?: V): string | undefined
}

export interface CallerFlag {
  key: keyof Caller
  flag: string
  description: string
}

// The registry holds endpoints of many input types; this is the one place where that variance is erased.
// biome-ignore lint/suspicious/noExplicitAny: heterogeneous registry
export type AnyEndpoint = EndpointDef<any, any, any>

export function defineEndpoint<S extends z.ZodType, D, V = undefined>(
  def: EndpointDef<S, D, V>,
): EndpointDef<S, D, V> {
  return def
}
