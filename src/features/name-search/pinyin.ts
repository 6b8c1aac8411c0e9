import { customPinyin, pinyin } from 'pinyin-pro'
import type { Spelling } from '../../domain/name-search.js'
import READINGS from './readings.json' with { type: 'json' }

/**
 * Names in pinyin, for finding a school or a major by nanjingdaxue or njdx. pinyin-pro reads a character by its
 * word (重庆 chong, 长沙 chang, 厦门 xia, 六安 lu); readings.json corrects the words it reads wrongly in the
 * schools' names (浙大城市学院 is zhe da, not zhe dai), checked by test/features/name-search/pinyin.test.ts.
 * Spelling every school's name costs about 0.1 ms each (300 ms for all), so a name is spelled only when its first
 * two characters can begin the query (couldBegin, from the readings of single characters), and remembered.
 */

customPinyin(READINGS)

const spelled = new Map<string, Spelling>()

/** The syllables without tones, ü as v (lv, nv: what a keyboard types), characters other than Han dropped. */
export function spell(text: string): Spelling {
  let known = spelled.get(text)
  if (!known) {
    const syllables = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'removed', v: true }).filter(
      (s) => /^[a-z]+$/u.test(s),
    )
    known = { full: syllables.join(''), initials: syllables.map((s) => s[0]).join('') }
    spelled.set(text, known)
  }
  return known
}

const readingsOf = new Map<string, readonly string[]>()

/** Every reading of one character, without tones (重: zhong, chong). */
function readings(ch: string): readonly string[] {
  let known = readingsOf.get(ch)
  if (known === undefined) {
    known = pinyin(ch, { toneType: 'none', type: 'array', multiple: true, v: true })
    readingsOf.set(ch, known)
  }
  return known
}

/**
 * Whether the pinyin query `q` can begin the full pinyin or the initials of `text`, judged by its first two Han
 * characters read every way they can be read (重庆: chongqing, zhongqing; cq, zq). A cheap test: what passes is
 * then spelled in context.
 */
export function couldBegin(text: string, q: string): boolean {
  const [first, second] = (text.match(/\p{Script=Han}/gu) ?? []).slice(0, 2).map(readings)
  if (first === undefined) return false
  const next = (letter: string | undefined) =>
    letter === undefined || second === undefined || second.some((r) => r[0] === letter)
  if (first.some((r) => r[0] === q[0]) && next(q[1])) return true
  return first.some((r) => (q.length <= r.length ? r.startsWith(q) : q.startsWith(r) && next(q[r.length])))
}
