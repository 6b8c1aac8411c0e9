// A fixed set of requests through every endpoint (good and bad input), run in-process on the shipped datasets
// through the same `invoke` as both surfaces: the first 154, then the answer variants appended after them (the 154
// keep their numbers). Prints one NDJSON line per request: the endpoint, the input (and the caller, for a request
// made with a Bearer token's claims) and the exact body a client would get. A refactoring that must not change
// behaviour is checked by running it before and after and comparing (byte-identical):
//   npm run build && node scripts/golden-requests.mjs > /tmp/before.ndjson
//   (change, build) && node scripts/golden-requests.mjs > /tmp/after.ndjson
//   node scripts/golden-requests.mjs --compare /tmp/before.ndjson /tmp/after.ndjson
// Feedback is only sent with bad input: nothing is written.
import { readFileSync } from 'node:fs'
import { openDb } from '../dist/data/db.js'
import { createContextFactory } from '../dist/endpoints/context.js'
import { ENDPOINTS } from '../dist/endpoints/index.js'
import { invoke } from '../dist/endpoints/invoke.js'

if (process.argv[2] === '--compare') {
  const [a, b] = [process.argv[3], process.argv[4]].map((f) => readFileSync(f, 'utf8').split('\n'))
  let same = 0
  const differ = []
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? '') === '' && (b[i] ?? '') === '') continue
    if (a[i] === b[i]) same++
    // a recording with fewer requests (before some were appended) ends with an empty line where the other has one
    else differ.push(JSON.parse(a[i] || b[i]).i)
  }
  console.log(
    `${same} identical, ${differ.length} different${differ.length ? `: requests ${differ.join(', ')}` : ''}`,
  )
  process.exit(differ.length ? 1 : 0)
}

const PROVINCES = ['江苏', '河南', '广东', '浙江', '山东', '北京', '新疆', '四川']
const requests = []
const add = (endpoint, input) => requests.push({ endpoint, input })
for (const p of PROVINCES) {
  add('seating-list', { province: p, year: '2025' })
  add('seating-seating', { province: p, year: '2025', km: '物理', score: 600 })
  add('meta-subjects', { province: p, year: '2025' })
  add('meta-batches', { province: p, year: '2025' })
  add('province-score-lines', { province: p, year: '2025' })
  add('historical-scores-list', { province: p, year: '2024', page: 2, limit: 20 })
  add('get-school-plan', { province: p, year: '2025', limit: 15 })
  add('special-plan', { province: p, year: '2025', limit: 10 })
  add('category-stats', { province: p, year: '2025', subject_type: p === '新疆' ? '理科' : '物理类' })
  add('smart-match', {
    province: p,
    batch: p === '新疆' ? '本科一批' : ['浙江', '山东'].includes(p) ? '普通类一段' : '本科批',
    rank_year: 2025,
    rank: 20000,
    subject: p === '新疆' ? '理科' : ['浙江', '山东', '北京'].includes(p) ? '综合' : '物理',
    xuanke: '物理,化学,生物',
  })
}
for (const y of ['2023', '2024', '2025']) add('province-distribution', { year: y })
for (const p of ['广东', '湖北', '重庆']) add('seating-option', { province: p })
for (const [school, p] of [
  ['郑州大学', '河南'],
  ['南京大学', '江苏'],
  ['浙江大学', '浙江'],
  ['四川大学', '四川'],
  ['武汉大学', '湖北'],
]) {
  add('historical-scores-list', { province: p, school_name: school, limit: 50 })
  add('get-school-plan', { province: p, keyword: school, limit: 50 })
}
for (const id of ['1', '140', '3000']) {
  add('school-open-majors', { school_id: id, province: '江苏' })
  add('schools-open-majors', { school_id: id, province: '河南', year: '2025' })
  add('major-groups', { slug: id === '1' ? '南京大学' : id, province: '江苏', year: '2025' })
  add('offering-schools', { id, province: '江苏', page_size: 20 })
  add('hot-school-list', { major_id: id })
}
for (const name of ['计算机', '不存在的专业']) {
  add('employment', { major_name: name, page: 1, page_size: 10 })
}
add('employment', { cate1: '工学', page_size: 5, sort_type: 'salary_desc' })
add('job-prospect-ranking', {})
for (const keyword of ['', '专业组'])
  add('common-question-list', { module_type: 1, sub_module_type: 1, keyword, page: 1, limit: 5 })
for (const [p, r] of [
  ['江苏', 5000],
  ['浙江', 30000],
]) {
  add('cwb-num', {
    user_info: {
      province: p,
      score: '600',
      rank: r,
      batch: p === '浙江' ? '普通类一段' : '本科批',
      subject: p === '浙江' ? '综合' : '物理',
      xuanke: '物理,化学,生物',
    },
    rank_year: 2025,
  })
}
// smart-match with a family's preferences (extensions of 4.8: its answer says them in candidate.preferences)
add('smart-match', {
  province: '河南',
  batch: '本科批',
  rank_year: 2025,
  rank: 30000,
  subject: '物理',
  xuanke: '物理,化学,生物',
  school_provinces: '江苏,浙江,上海',
  public_only: 1,
  major_keyword: '计算机',
})
// The 志愿表 check: a list found in the data, one partly found, and one of which nothing is found (its probabilities
// are null, so the recorded answer shape says they may be)
const JIANGSU_CANDIDATE = {
  province: '江苏',
  rank_year: 2025,
  rank: 20000,
  subject: '物理',
  xuanke: '物理,化学,生物',
}
add('volunteer-check', {
  ...JIANGSU_CANDIDATE,
  choices: [
    { school: '华东理工大学', group: '专业组（03）', majors: ['高分子材料与工程'] },
    { school: '南京邮电大学', group: '06', majors: ['通信工程'], tiaoji: true },
    { school: '苏州大学', group: '32组', majors: ['化学(师范)'] },
  ],
})
add('volunteer-check', {
  province: '河南',
  rank_year: 2025,
  rank: 30000,
  subject: '物理',
  xuanke: '物理,化学,生物',
  choices: '北京交通大学/208/机械电子工程,河海大学/103,火星大学/01,青岛大学/110/金融学+火星学/不调剂',
})
add('volunteer-check', { ...JIANGSU_CANDIDATE, choices: '火星大学/01,苏州大学/99' })
// Bad input: every message and code as the spec words it.
const bad = [
  ['seating-list', { province: '火星' }],
  ['seating-list', { province: '江苏', year: 'abcd' }],
  ['seating-seating', { province: '江苏', year: '2025', km: '物理', score: -5 }],
  ['seating-seating', { province: '江苏', year: '2025', km: '物理', score: 'x' }],
  ['meta-subjects', { source: 'nowhere' }],
  ['province-score-lines', { province: '江苏', page: 0 }],
  ['province-score-lines', { province: '江苏', pageSize: 100000 }],
  ['special-plan', { province: '江苏', limit: -1 }],
  ['historical-scores-list', { province: '江苏', page: 'two' }],
  ['get-school-plan', { province: '', year: '2025' }],
  ['smart-match', { province: '江苏' }],
  ['smart-match', { province: '江苏', batch: '本科批', rank_year: 2025, score: 9999, subject: '物理' }],
  ['smart-match', { province: '江苏', batch: '本科批', rank_year: 2025, rank: 100, xuanke: '物理,历史' }],
  ['smart-match', { province: '西藏', batch: '本科批', rank_year: 2025, score: 500, subject: '物理' }],
  ['cwb-num', { province: '江苏' }],
  ['cwb-num', { province: '江苏', rank: 'many', rank_year: 2025, batch: '本科批' }],
  ['school-open-majors', { school_id: 'abc' }],
  ['schools-open-majors', { school_id: '1', limit: 0 }],
  ['major-groups', { slug: '', province: '江苏' }],
  ['offering-schools', { id: 'x' }],
  ['offering-schools', { id: '1', page_size: 1000000 }],
  ['hot-school-list', { major_id: '' }],
  ['employment', { page: -3 }],
  ['common-question-list', { limit: 'all' }],
  ['feedback', {}],
  ['feedback', { feedback_type: 1, content: '' }],
  ['category-stats', { province: '江苏', year: '20x5' }],
  ['province-distribution', { year: 'last' }],
  ['meta-batches', { province: '江苏', year: 1 }],
  ['seating-option', { province: 42 }],
  ['smart-match', { province: '__proto__', batch: '本科批', rank_year: 2025, rank: 100 }],
]
for (const [e, input] of bad) add(e, input)
if (requests.length !== 154) throw new Error(`expected 154 requests, built ${requests.length}`)

// Answer variants, appended so that the 154 above keep their numbers and bytes. scripts/response-schemas.mjs finds
// the shapes of the answers in these lines (src/http/answer-schemas.ts): each variant of an answer and each field
// both with a value and null must be among them, or the OpenAPI document does not know it. `caller` is what a
// Bearer token's claims make of a request (SPEC 5: my_seating, special plans' province).
const variant = (endpoint, input, caller) => requests.push({ endpoint, input, ...(caller ? { caller } : {}) })
const JIANGSU_PHYSICS = { province: '江苏', year: '2025', km: '物理' }
// 2.4: a token holder's place (and same_rank); a rank earlier tables do not reach; a score below the table; no
// table (4.2's empty array)
for (const score of [600, 463, 300])
  variant('seating-seating', JIANGSU_PHYSICS, { province: '江苏', score, km: '物理' })
variant('seating-seating', { province: '北京', year: '2025' }, { province: '北京', score: 500, km: '综合' })
variant('seating-seating', { province: '江苏', year: '2010' })
variant('seating-list', { province: '西藏' })
variant('seating-list', { province: '江苏', year: '2010' })
// 2.7: major lines (北京) and none (云南's of 2026)
variant('province-score-lines', { province: '北京' })
variant('province-score-lines', { province: '云南', year: '2026' })
// 2.10: codes, lengths and fees (2025), plans not yet admitted (2026), averages (2017), highest scores (广东 2024)
variant('get-school-plan', { province: '江苏', year: '2025', limit: 40, page: 300 })
variant('get-school-plan', { province: '江苏', year: '2026', limit: 20 })
variant('get-school-plan', { province: '河南', year: '2017', limit: 20 })
variant('get-school-plan', { province: '广东', year: '2024', limit: 50, page: 100 })
variant('get-school-plan', { province: 'cur', year: '近五年', school_type: '211' })
variant('special-plan', {}, { province: '青海', score: 500, km: '物理' })
variant('special-plan', { plan_type: 1, keyword: '计算机', limit: 5 })
variant('historical-scores-list', { province: '江苏', school_name: '南京大学', year: '近三年' })
variant('historical-scores-list', { province: '河南', subject_type: '艺术', batch: '特殊类型招生' })
// 4.11's variants: the category options, a news page (and an empty one), the whole news list, other modules
variant('common-question-list', { module_type: 4, sub_module_type: 3 })
variant('common-question-list', { module_type: 4, sub_module_type: 4, page: 1, limit: 5 })
variant('common-question-list', {
  module_type: 4,
  sub_module_type: 4,
  page: 1,
  limit: 5,
  category: 2,
  keyword: '无此标题',
})
variant('common-question-list', { module_type: 4, sub_module_type: 4, sort_type: 3 })
variant('common-question-list', { module_type: 2, sub_module_type: 1 })
variant('common-question-list', { module_type: 6, sub_module_type: 4 })
// 2.15: codes, major ids and lowest scores with values and null
variant('school-open-majors', { school_id: 111, province: '江苏' })
variant('school-open-majors', { school_id: 266, province: '四川', sort_field: 'hot', sort_order: 'asc' })
variant('schools-open-majors', { school_id: 111, province: '江苏', year: '2024' })
variant('schools-open-majors', { school_id: 266, province: '四川', year: '2025' })
variant('schools-open-majors', { school_id: 111, province: '江苏', page: 3 })
// 2.17: 211 only, neither, a year without plans (min, min_section, z_num null), plans not yet admitted, all provinces
variant('major-groups', { slug: '苏州大学', province: '江苏', year: '2025' })
variant('major-groups', { slug: '南京工业大学', province: '江苏' })
variant('major-groups', { slug: '南京大学', province: '江苏', year: '2016' })
variant('major-groups', { slug: '南京大学', province: '江苏', year: '2026' })
variant('major-groups', { slug: '140' })
// 2.18: 985 / 211 / 双一流 schools beside the others
variant('offering-schools', { id: '140', is_985: 1, page_size: 5 })
variant('offering-schools', { id: '1', is_211: 1 })
variant('offering-schools', { id: '1', is_dual_class: 1 })
// 2.11: a province whose table does not reach its 本科 line (undergrad_admitted null)
variant('category-stats', { province: '浙江', year: '2023', subject_type: '综合' })
variant('hot-school-list', {})
variant('hot-school-list', { year: 2021 })
variant('employment', { cate1: '工学', degree: '专科', sort_type: 'salary_asc', page_size: 50 })
variant('smart-match', {
  province: '浙江',
  batch: '普通类一段',
  rank_year: 2025,
  rank: 20000,
  subject: '综合',
  xuanke: '物理,化学,生物',
  type: 4,
})
// a plan book's year (江苏 2026): the province's own 院校代号 and 专业代号 (local_school_code, local_sp_code)
variant('smart-match', {
  province: '江苏',
  batch: '本科批',
  rank_year: 2026,
  rank: 5000,
  subject: '物理',
  xuanke: '物理,化学,生物',
})
// the 志愿表 check: schools found by their short names (a note says so), one typed as a province's own code (a note
// says it is not found) and one found as typed (no note)
variant('volunteer-check', {
  province: '江苏',
  rank_year: 2025,
  rank: 20000,
  subject: '物理',
  xuanke: '物理,化学,生物',
  choices: '1111/01,南大/01,南京大学/99,苏大/32',
})
// a plan filtered for other subjects' candidates (浙江 2026 holds only what 物化生 may take): plan_open_to
variant('smart-match', {
  province: '浙江',
  batch: '普通类一段',
  rank_year: 2026,
  rank: 30000,
  subject: '综合',
  xuanke: '历史,政治,地理',
})
// programmes that bind whoever is admitted (obligation, of the items and their majors) in every tier: 山东's
// 省属公费师范 majors as 冲 and 稳, 重庆 专科批's 公费培养生 as 保
variant('smart-match', {
  province: '山东',
  batch: '普通类一段',
  rank_year: 2026,
  rank: 20000,
  subject: '综合',
  xuanke: '物理,化学,生物',
})
variant('smart-match', {
  province: '重庆',
  batch: '专科批',
  rank_year: 2025,
  rank: 50000,
  subject: '物理',
  xuanke: '物理,化学,生物',
})

const db = openDb({ preload: true })
const contexts = createContextFactory({ db, now: () => new Date('2026-11-26T00:00:00Z') })
const byName = new Map(ENDPOINTS.map((e) => [e.name, e]))
const out = []
for (const [i, r] of requests.entries()) {
  const def = byName.get(r.endpoint)
  if (!def) throw new Error(`no endpoint ${r.endpoint}`)
  const outcome = await invoke(def, r.input, contexts.forCaller(r.caller ?? null))
  const caller = r.caller ? { caller: r.caller } : {}
  out.push(JSON.stringify({ i, endpoint: r.endpoint, input: r.input, ...caller, body: outcome.body }))
}
process.stdout.write(`${out.join('\n')}\n`)
await db.close()
