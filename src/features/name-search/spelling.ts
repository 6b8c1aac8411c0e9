import { isPinyinQuery, type SearchOptions } from '../../domain/name-search.js'

/**
 * The pinyin side of a search, for a query that can be pinyin only: pinyin-pro and its dictionary (about 45 ms to
 * load) are imported then, not for 南大 or 10284.
 */
export async function spellingFor(query: string): Promise<Pick<SearchOptions, 'spell' | 'couldBegin'>> {
  if (!isPinyinQuery(query)) return {}
  const { spell, couldBegin } = await import('./pinyin.js')
  return { spell, couldBegin }
}
