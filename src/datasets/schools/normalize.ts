/**
 * Name and label normalisation for the school list (see README.md in this folder).
 */

/**
 * The join key of a school name: NFKC (full-width brackets, letters and digits become ASCII), every kind
 * of whitespace removed (GP has names with a leading U+2005 or ASCII space), brackets unified to ASCII.
 */
export function normalizeSchoolName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\s\u200b\ufeff]+/gu, '')
    .replace(/[（【[]/gu, '(')
    .replace(/[）】\]]/gu, ')')
}

/** The stored form of a name: the source's own spelling, trimmed of every kind of whitespace. */
export function cleanSchoolName(name: string): string {
  return name.replace(/[\s\u200b\ufeff]+/gu, '')
}

export type LevelName = '普通本科' | '专科(高职)'

/** GP `level` (本科, 普通本科, 专科（高职）) or LX `level[]` (本科, 专科) as the SPEC 4.9 string; null when blank. */
export function levelName(level: string | undefined): LevelName | null {
  const l = (level ?? '').normalize('NFKC').trim()
  if (l === '本科' || l === '普通本科') return '普通本科'
  if (l.startsWith('专科') || l === '高职') return '专科(高职)'
  return null
}

/** LX `nature` (public / private / joint) as the Chinese label GP uses. */
export function lxNature(nature: string | undefined): string | null {
  if (nature === 'public') return '公办'
  if (nature === 'private') return '民办'
  if (nature === 'joint') return '中外合作办学'
  return null
}

/** '' and whitespace-only become null. */
export const blankToNull = (v: string | undefined | null): string | null => {
  const t = (v ?? '').trim()
  return t === '' ? null : t
}
