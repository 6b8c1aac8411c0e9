import type { Category, ContentSeed } from './types.js'

/**
 * Common questions (title = the question, content = the question in full, answer = the answer) for the app's
 * pages: modules 1-3, 5, 6 and the two question sections of module 4 (README.md, "Modules").
 */

const GP = 'sources/hamajun-tao__gaokao-pro/cli/data/datasets'
const RULES = 'RULES.md'
const INV = 'INVENTORY.md'
const DS_README = 'project:src/datasets/README.md'
const EMP_README = 'project:src/datasets/employment/README.md'

/** The answer's first sentence (up to 。), cut at 80 characters. */
export function summaryOf(answer: string): string {
  const end = answer.indexOf('。')
  const first = end >= 0 ? answer.slice(0, end + 1) : answer
  return first.length > 80 ? `${first.slice(0, 79)}…` : first
}

const q = (
  id: number,
  module: number,
  sub: number,
  category: Category,
  title: string,
  answer: string,
  rest: Pick<ContentSeed, 'publishAt' | 'source'> &
    Partial<Pick<ContentSeed, 'facts' | 'province' | 'content'>>,
): ContentSeed => ({
  id,
  module,
  sub,
  category,
  title,
  content: rest.content ?? title,
  answer,
  description: summaryOf(answer),
  publishAt: rest.publishAt,
  source: rest.source,
  ...(rest.facts ? { facts: rest.facts } : {}),
  ...(rest.province ? { province: rest.province } : {}),
})

export const QUESTIONS: readonly ContentSeed[] = [
  // ------------------------------------------------------------------ module 1 位次查询: 1 概念, 2 常见问题, 3 数据说明
  q(
    101,
    1,
    1,
    2,
    '什么是一分一段表？',
    '一分一段表是各省教育考试院在公布成绩后发布的统计表：按分数从高到低，列出每个分数（或分数段）的考生人数和累计人数。累计人数就是该分数段最后一名考生的位次，例如某分数的累计人数为12000，说明考到这个分数及以上的考生共有12000人。新高考省份按物理类、历史类（或综合）分别发布，文理分科省份按理科、文科分别发布。',
    {
      publishAt: '2026-03-02 09:00:00',
      source: 'datasets/score_ranks (src/datasets/README.md, "Tables")',
      facts: [
        {
          kind: 'quote',
          file: DS_README,
          text: "total` = cumulative count = rank of the row's last candidate",
        },
      ],
    },
  ),
  q(
    102,
    1,
    1,
    2,
    '位次是什么？分数相同的考生位次怎么算？',
    '位次就是考生在本省同科类中的排名。同一分数的考生共享一个位次区间：从“上一分数的累计人数＋1”到“本分数的累计人数”。例如上一分数累计11950人、本分数有50人，则本分数的位次区间为11951至12000。录取时同分考生如何排序（比较单科成绩等）由各省规定，以本省考试院的办法为准。本站的“我的位次”返回的就是这个区间和同分人数。',
    {
      publishAt: '2026-03-02 09:10:00',
      source: 'datasets/score_ranks; README.md (seating rank: rank interval and how many share your score)',
      facts: [
        {
          kind: 'quote',
          file: 'project:README.md',
          text: 'your rank interval and how many share your score',
        },
      ],
    },
  ),
  q(
    103,
    1,
    1,
    1,
    '什么是等级赋分？我的选考科目成绩是原始分吗？',
    '在新高考省份，语文、数学、外语按原始分计入总分，部分再选（选考）科目按等级赋分：先按原始分在全省同科目考生中的排名划分等级，再换算为赋分后计入总分。以广东为例，再选科目分A、B、C、D、E五个等级，比例分别为17%、35%、35%、13%、2%，对应赋分区间100-83、82-71、70-59、58-41、40-30。各省的等级比例和赋分区间不完全相同；一分一段表和录取分数里的总分都是赋分后的成绩。',
    {
      publishAt: '2026-03-03 09:00:00',
      source: 'GP cli/data/datasets/score-system-2025.json',
      facts: [
        {
          kind: 'quote',
          file: `${GP}/score-system-2025.json`,
          text: '5 等比例 17%/35%/35%/13%/2%; 赋分区间 100-83, 82-71, 70-59, 58-41, 40-30',
        },
      ],
    },
  ),
  q(
    104,
    1,
    2,
    4,
    '为什么查不到西藏的一分一段表？',
    '西藏2024年、2025年均未发布一分一段表（实行A类、B类双线和文理分科），只发布最低控制分数线，所以本站没有西藏的位次数据。西藏考生可以参考最低控制分数线和院校历年录取分数。',
    {
      province: '西藏',
      publishAt: '2026-03-04 09:00:00',
      source: 'GP cli/data/datasets/yifenyiduan-manifest.json; INVENTORY.md §1 (a)',
      facts: [
        {
          kind: 'quote',
          file: `${GP}/yifenyiduan-manifest.json`,
          text: '西藏 2024/2025 均不发布一分一段表',
        },
      ],
    },
  ),
  q(
    105,
    1,
    2,
    2,
    '为什么有的行显示为分数区间，比如“695-750”？',
    '有两种情况。一是考试院对最高分段不公布逐分人数，只给出“某分及以上”的合计，本站把这一行显示为“最低分-满分”的区间，人数为该段合计。二是部分省份在低分段按10分一档合并发布（例如北京的低分段），本站保留原表的分段。区间行的累计人数仍然是该段最后一名考生的位次。',
    {
      publishAt: '2026-03-04 09:10:00',
      source: 'src/datasets/README.md ("Top band and bands")',
      facts: [
        { kind: 'quote', file: DS_README, text: "LG `scoreRange` (e.g. 北京's 10-point tail bands" },
        { kind: 'quote', file: DS_README, text: 'the first row becomes the band `<low>-<full score>`' },
      ],
    },
  ),
  q(
    106,
    1,
    2,
    2,
    '广东为什么有本科、专科两张一分一段表？',
    '广东分别发布本科和专科两套一分一段表，原因是两个层次适用的加分政策不同，同一考生在两张表中的位次可能不同。查询本科批位次时使用本科表（默认表），查询专科批时在“层次”中选择“专科”。',
    {
      province: '广东',
      publishAt: '2026-03-05 09:00:00',
      source: 'src/datasets/README.md ("Normalisation": level)',
      facts: [
        {
          kind: 'quote',
          file: DS_README,
          text: '广东 publishes 本科 and 专科 tables (different bonus points)',
        },
      ],
    },
  ),
  q(
    107,
    1,
    2,
    2,
    '广西2025年为什么还有一张“区外”表？',
    '广西2025年发布了两张表：区内表计入全部加分，适用于区内院校；区外表只计入全国性加分项目，适用于区外院校。本站默认显示区内表，“区外”表可在“层次”中选择。',
    {
      province: '广西',
      publishAt: '2026-03-05 09:10:00',
      source: 'src/datasets/README.md ("Normalisation": level); LG rankInstitutionScope',
      facts: [{ kind: 'quote', file: DS_README, text: "the 区外 one (national bonus only) `'区外'`" }],
    },
  ),
  q(
    108,
    1,
    2,
    2,
    '今年的一分一段表还没发布，可以用去年的表估算位次吗？',
    '可以参考，但只能作为估算。一分一段表一般在出分后陆续发布（预计2026年为6月25日至7月1日），在此之前本站用2025年的表。不同年份的试题难度和考生人数不同，同一分数对应的位次会变化，志愿填报应以当年的位次为准。2025年首次实行“3+1+2”的省份往年数据断档，参考性更弱。',
    {
      publishAt: '2026-03-06 09:00:00',
      source: 'GP cli/data/datasets/data-year-status.json',
      facts: [
        {
          kind: 'quote',
          file: `${GP}/data-year-status.json`,
          text: '若查询 2026 位次：请等 6/25 出分后；2025 一分一段对应表仅作参考。',
        },
      ],
    },
  ),
  q(
    109,
    1,
    3,
    4,
    '一分一段数据来自哪里？',
    '本站的一分一段表整理自6个公开的GitHub项目，它们转载了各省考试院发布的表格。同一张表有多个来源时，先用规则检查（人数为非负整数、累计人数逐行相加一致等），再比较各来源在相同分数上的累计人数：两个以上来源一致即采用；都不一致时，优先采用标注了官方出处的来源。每张表采用的来源和其他来源的比较结果都记录在数据清单（manifest.json）中。',
    {
      publishAt: '2026-03-07 09:00:00',
      source: 'src/datasets/README.md ("Adapters", "Checks", "Choosing among sources")',
      facts: [
        {
          kind: 'quote',
          file: DS_README,
          text: 'ties go by priority: official LG > GA (广东) > LU (重庆) > GP > LX > IM',
        },
        { kind: 'quote', file: DS_README, text: 'total = total above + num (first row: total = num)' },
      ],
    },
  ),
  q(
    110,
    1,
    3,
    4,
    '这些数据是官方的吗？',
    '数据来自公开的GitHub项目，它们转载或整理了各省考试院、高校等发布的信息，但都不是官方发布者，本站也无法逐条与官网核对。凡是多个来源能相互印证的地方，本站都做了比对并记录在数据清单中。填报志愿时，请以本省教育考试院和高校发布的正式信息为准。',
    {
      publishAt: '2026-03-07 09:10:00',
      source: 'INVENTORY.md ("Read this first")',
      facts: [{ kind: 'quote', file: INV, text: 'None is an official publisher.' }],
    },
  ),

  // ------------------------------------------------------------------ module 2 志愿填报
  q(
    201,
    2,
    1,
    1,
    '什么是平行志愿？',
    '平行志愿是指在同一批次中，考生可以填报若干个有先后顺序的志愿，投档时按“分数（位次）优先、遵循志愿、一轮投档”的原则进行：先把全省考生按成绩从高到低排序，轮到某位考生时，依次检索他的志愿，投到第一个有空余计划且符合条件的志愿。每位考生只投档一次，如果被退档，一般只能参加后续的征集志愿。',
    {
      publishAt: '2026-03-09 09:00:00',
      source: 'RULES.md (parallel: 平行志愿)',
      facts: [{ kind: 'quote', file: RULES, text: 'Y = 平行志愿 (分数/位次优先、遵循志愿、一轮投档)' }],
    },
  ),
  q(
    202,
    2,
    1,
    1,
    '“院校专业组”志愿是什么意思？',
    '院校专业组是指一所院校把选科要求相同的若干专业编为一个组，一个志愿就是“一所院校的一个专业组”。考生在组内填报若干个专业（多数省份为6个），并选择是否服从组内调剂；调剂只在该专业组内进行，不会调到组外的专业。江苏、广东、湖北、湖南等省份的本科批采用这种模式。',
    {
      publishAt: '2026-03-09 09:10:00',
      source: 'RULES.md (volunteer_mode 2)',
      facts: [
        {
          kind: 'quote',
          file: RULES,
          text: "**2** = 院校专业组 (one school's major group, several majors, 调剂 only inside the group)",
        },
      ],
    },
  ),
  q(
    203,
    2,
    1,
    1,
    '“专业（类）+院校”志愿是什么意思？',
    '这种模式下，一个志愿就是“一所院校的一个专业（类）”，没有专业调剂：投档到哪个志愿，就录取到哪个专业。浙江（80个）、山东（每次96个）、河北、重庆、贵州、青海（96个）、辽宁（112个）等省份采用这种模式，志愿数量多，需要把想读的专业逐个排好顺序。',
    {
      publishAt: '2026-03-09 09:20:00',
      source: 'RULES.md (volunteer_mode 3; table)',
      facts: [
        { kind: 'quote', file: RULES, text: '**3** = 专业(类)+院校 (one major at one school, no 调剂)' },
        {
          kind: 'quote',
          file: RULES,
          text: '| 河北 | 2023, 2024 (2026 same) | 3+1+2 | 本科批 | 3 | 96 | 1 | 750 |',
        },
        {
          kind: 'quote',
          file: RULES,
          text: '| 重庆 | 2023, 2024, 2025 | 3+1+2 | 本科批 | 3 | 96 | 1 | 750 |',
        },
        { kind: 'quote', file: RULES, text: '| 青海 | 2025, 2026 | 3+1+2 | 本科批 | 3 | 96 | 1 | 750 |' },
        { kind: 'quote', file: RULES, text: '| 贵州 | 2024, 2025 | 3+1+2 | 本科批 | 3 | 96 | 1 | 750 |' },
      ],
    },
  ),
  q(
    204,
    2,
    1,
    1,
    '志愿中的“冲、稳、保”是什么意思？',
    '“冲”是往年录取位次比自己位次靠前的院校或专业，有一定录取机会但不确定；“稳”是往年录取位次与自己相近的；“保”是往年录取位次明显靠后、录取把握较大的。公开资料的共同做法是按位次而不是按分数来分档：冲一般比自己的位次靠前5%到20%，稳在上下5%到10%之间，保则靠后10%到20%以上。',
    {
      publishAt: '2026-03-10 09:00:00',
      source: 'RULES.md (冲/稳/保 tiering definitions, common ground)',
      facts: [
        { kind: 'quote', file: RULES, text: 'tier by **rank (位次), not raw score**' },
        { kind: 'quote', file: RULES, text: "冲 ≈ past cutoff rank 5–20% better than the student's rank" },
      ],
    },
  ),
  q(
    205,
    2,
    2,
    1,
    '各省本科批能填多少个志愿？',
    '各省差别很大。院校专业组模式：北京30个、上海24个、天津（A阶段）50个、江苏40个、广东45个、湖北45个、湖南45个，每组多为6个专业（上海4个）。专业（类）+院校模式：浙江80个、山东每次96个、河北96个、重庆96个、辽宁112个。具体以本省当年的实施办法为准，可在本站“志愿规则”中按省份查询。',
    {
      publishAt: '2026-03-10 09:10:00',
      source: 'RULES.md (table)',
      facts: [
        {
          kind: 'quote',
          file: RULES,
          text: '| 北京 | 2023 (2020–2026 same per sources) | 3+3 | 本科普通批 | 2 | 30 | 6 | 750 |',
        },
        {
          kind: 'quote',
          file: RULES,
          text: '| 天津 | 2020; 2025 & 2026 same per R-TJ/G | 3+3 | 普通本科批A阶段 | 2 | 50 | 6 | 750 |',
        },
        {
          kind: 'quote',
          file: RULES,
          text: '| 湖北 | 2021→2026 (undated official Q&A) | 3+1+2 | 本科普通批 | 2 | 45 | 6 | 750 |',
        },
        { kind: 'quote', file: RULES, text: '| 湖南 | 2022, 2025 | 3+1+2 | 本科批 | 2 | 45 | 6 | 750 |' },
        { kind: 'quote', file: RULES, text: '| 辽宁 | 2024, 2025 | 3+1+2 | 本科批 | 3 | 112 | 1 | 750 |' },
      ],
    },
  ),
  q(
    206,
    2,
    2,
    1,
    '冲、稳、保的志愿按什么比例分配比较好？',
    '常见的比例是3:4:3；求稳的可以用2:5:3或15:55:30，愿意冒险的可以用30:30:40。多份资料都建议“保”的志愿不少于三成，并且最后几个志愿要足够稳妥，避免滑档。志愿数量多的省份（如96个、112个）可以把梯度拉得更细。',
    {
      publishAt: '2026-03-10 09:20:00',
      source: 'RULES.md (冲/稳/保 tiering definitions)',
      facts: [
        {
          kind: 'quote',
          file: RULES,
          text: 'Typical mixes are 3:4:3, 2:5:3 / 15:55:30 (conservative) and 30:30:40 (aggressive).',
        },
        { kind: 'quote', file: RULES, text: 'Several sources advise keeping 保 ≥30%.' },
      ],
    },
  ),
  q(
    207,
    2,
    2,
    1,
    '报了提前批没被录取，会影响本科批吗？',
    '不会。提前批在本科批之前一次性投档，没有被提前批录取的考生可以正常参加本科批录取，不算滑档。但要注意：如果提前批志愿设有调剂条款且勾选了服从，一旦被录取就是最终结果，不能再参加本科批。',
    {
      publishAt: '2026-03-11 09:00:00',
      source: 'GP cli/data/datasets/tiqian-pi-programs-2025.json (_notes)',
      facts: [
        {
          kind: 'quote',
          file: `${GP}/tiqian-pi-programs-2025.json`,
          text: '不被录取可正常进入普通批，不算滑档',
        },
      ],
    },
  ),
  q(
    208,
    2,
    2,
    1,
    '什么是专业调剂？要不要服从？',
    '调剂是指考生填报的专业都录不上时，由院校把考生调到还有空余计划的其他专业。院校专业组模式下，调剂只在本专业组内进行；“专业+院校”模式没有调剂。不服从调剂的考生，在所填专业都录不上时可能被退档，而平行志愿只投档一次，退档后一般只能参加征集志愿。如果组内的专业都能接受，服从调剂可以降低退档风险。',
    {
      publishAt: '2026-03-11 09:10:00',
      source: 'RULES.md (volunteer_mode codes; 福建 note: 一档一投, 退档只能征集)',
      facts: [
        { kind: 'quote', file: `${GP}/zhiyuan-calendar-2026.json`, text: '一档一投, 退档只能征集' },
        { kind: 'quote', file: RULES, text: '调剂 only inside the group' },
      ],
    },
  ),
  q(
    209,
    2,
    3,
    2,
    '智能匹配是怎么生成冲、稳、保志愿表的？',
    '智能匹配先读取本省该批次的志愿规则（院校、院校专业组或“专业+院校”模式，以及志愿数和每个志愿的专业数），再用考生的位次与各专业往年的最低录取位次比较（结果中的diff是专业最低位次减去考生位次），把候选院校和专业分入冲、稳、保三档。策略可选冲稳保、合理保守、标准均衡、激进冲刺四种，它们只是各档数量不同。结果依赖往年数据，只是参考。',
    {
      publishAt: '2026-03-12 09:00:00',
      source: '../shared/SPEC.md (2.12, 4.8)',
      facts: [
        {
          kind: 'quote',
          file: '../SPEC.md',
          text: 'strategy: 1 = 冲稳保, 2 = 合理保守, 3 = 标准均衡, 4 = 激进冲刺',
        },
      ],
    },
  ),
  q(
    210,
    2,
    3,
    4,
    '志愿规则（志愿数、每组专业数）靠得住吗？',
    '本站的志愿规则整理自公开资料：优先采用引用了考试院原文的资料，其次是转述考试院规定的第三方网页，最后才是AI整理的数据集；找不到来源的值留空，不做猜测。部分省份的资料之间存在矛盾（例如福建、吉林2026年的志愿数），数据中已注明。填报前请以本省考试院当年的实施办法为准。',
    {
      publishAt: '2026-03-12 09:10:00',
      source: 'RULES.md (header; 福建, 吉林 rows)',
      facts: [
        { kind: 'quote', file: RULES, text: 'Values are never guessed.' },
        { kind: 'quote', file: RULES, text: 'G still says 40, so the sources conflict' },
      ],
    },
  ),

  // ------------------------------------------------------------------ module 3 院校与专业
  q(
    301,
    3,
    1,
    3,
    '985、211、“双一流”分别是什么？',
    '“985工程”和“211工程”是国家过去重点建设高校的两项工程，“双一流”是目前的世界一流大学和一流学科建设。一所高校可以同时具有多个标签。在掌上高考的院校索引中，标为985的记录有53条、211的有135条、“双一流”的有167条；其中包括威海、深圳等异地校区，所以数量比常说的学校数多。',
    {
      publishAt: '2026-03-16 09:00:00',
      source: 'GP cli/data/school-index.json.gz (INVENTORY.md §2.2)',
      facts: [
        { kind: 'quote', file: INV, text: '`f985` (53), `f211` (135), `dual_class` ("双一流": 167)' },
        { kind: 'quote', file: INV, text: 'The 985/211 counts include branch campuses such as 威海/深圳.' },
      ],
    },
  ),
  q(
    302,
    3,
    1,
    3,
    '什么是强基计划？',
    '强基计划是部分高校在数学、物理、化学、生物、历史、哲学、古文字学等基础学科招生的专项计划。2024年共有39所高校实施，均为985高校；录取时高考成绩占85%、学校考核成绩占15%。报名一般在4月中下旬，通过阳光高考平台进行，学校考核在高考出分后举行。',
    {
      publishAt: '2026-03-16 09:10:00',
      source: 'GP cli/data/datasets/qiangji-2024.json',
      facts: [
        { kind: 'quote', file: `${GP}/qiangji-2024.json`, text: '39 校统一采用 85:15 高考:校测 权重比' },
        { kind: 'quote', file: `${GP}/qiangji-2024.json`, text: '强基计划 39 所院校 (2024, 全部 985)' },
      ],
    },
  ),
  q(
    303,
    3,
    1,
    3,
    '什么是综合评价招生？',
    '综合评价招生是高校把高考成绩、学校考核（笔试、面试、体测等）和学业水平考试成绩按一定比例合成综合成绩录取的方式，常见的比例形式是“高考:校测”或“高考:校测:学业水平”（如6:3:1）。浙江的“三位一体”就是一种综合评价，据整理的浙江2024年资料，三位一体综合成绩按高考50%、校测30%、学考20%计算（各校比例可能不同）。多数综合评价在提前批或单独批次录取，具体以各校简章为准。',
    {
      publishAt: '2026-03-17 09:00:00',
      source:
        'GP cli/data/datasets/zonghepingjia-2026.json; GP cli/data/datasets/provinces-specialty-2024.json',
      facts: [
        {
          kind: 'quote',
          file: `${GP}/zonghepingjia-2026.json`,
          text: "通常为 '高考:校测' 或 '高考:校测:学业水平'(631 模式)",
        },
        {
          kind: 'quote',
          file: `${GP}/provinces-specialty-2024.json`,
          text: '综合成绩 = 高考50% + 校测30% + 学考20%',
        },
      ],
    },
  ),
  q(
    304,
    3,
    1,
    3,
    '专业代码后面的“T”“K”是什么意思？',
    '在普通高等学校本科专业目录中，代码带“T”的是特设专业，带“K”的是国家控制布点专业（如法学030101K、临床医学100201K），两者可以同时出现（如100203TK）。国家控制布点专业的设置需要经过专门审批，开设的学校相对较少。',
    {
      publishAt: '2026-03-17 09:10:00',
      source: 'TK test_get_gaokao_data/specials/specials_lists.json (codes); 本科专业目录 conventions',
      facts: [
        {
          kind: 'quote',
          file: 'sources/tking007__hugging_face_test/test_get_gaokao_data/specials/specials_lists.json',
          text: '"spcode": "030101K"',
        },
        {
          kind: 'quote',
          file: 'sources/tking007__hugging_face_test/test_get_gaokao_data/specials/specials_lists.json',
          text: '"spcode": "100201K"',
        },
        {
          kind: 'quote',
          file: 'sources/tking007__hugging_face_test/test_get_gaokao_data/specials/specials_lists.json',
          text: '"spcode": "100203TK"',
        },
      ],
    },
  ),
  q(
    305,
    3,
    2,
    3,
    '什么是职业本科？和普通本科有什么不同？',
    '职业本科是本科层次的职业教育，专业按职业教育的大类（如装备制造、电子与信息、医药卫生）设置，偏重技术技能培养。阳光高考专业知识库中列有本科（普通教育）专业832个、本科（职业教育）专业232个、高职（专科）专业659个。本站把职业本科专业归入“本科”学历层次，同时保留其“本科(职业教育)”的层次标注。',
    {
      publishAt: '2026-03-18 09:00:00',
      source: 'FX gaokao_major.jsonl (INVENTORY.md §2.10)',
      facts: [
        { kind: 'quote', file: INV, text: '本科（普通教育） 832' },
        { kind: 'quote', file: INV, text: '本科（职业教育） 232' },
        { kind: 'quote', file: INV, text: '高职（专科） 659' },
      ],
    },
  ),
  q(
    306,
    3,
    2,
    1,
    '院校专业组里的专业要全部填满吗？',
    '不是必须，但建议认真对待。每个专业组最多可填的专业数由各省规定（多数为6个，上海4个，内蒙古12个，广西2026年为20个）。如果组内的专业都能接受，尽量填满并服从调剂，可以降低退档风险；如果组内有绝对不能接受的专业，就要慎重考虑是否填报这个专业组。',
    {
      publishAt: '2026-03-18 09:10:00',
      source: 'RULES.md (table)',
      facts: [
        { kind: 'quote', file: RULES, text: '| 内蒙古 | 2025 | 3+1+2 | 本科批 | 2 | 45 | 12 | 750 |' },
        { kind: 'quote', file: RULES, text: '| 广西 | 2026 | 3+1+2 | 本科普通批 | 2 | 40 | 20 | 750 |' },
      ],
    },
  ),
  q(
    307,
    3,
    2,
    2,
    '院校历年录取的最低位次是官方公布的吗？',
    '不一定。部分省份只公布最低分，不公布位次，这时本站用当年的一分一段表由最低分推算出位次，并在数据中标注“位次由分数推算”。推算的位次是该分数对应的累计人数，可能与考试院公布的实际位次略有差异。',
    {
      publishAt: '2026-03-19 09:00:00',
      source: 'INVENTORY.md §2.1 (LG rankDerivedFromScore); src/data/schema.ts (plans.rank_derived)',
      facts: [
        {
          kind: 'quote',
          file: INV,
          text: 'Many `minRank` values are **derived from minScore via the rank table** (`rankDerivedFromScore=true`)',
        },
        {
          kind: 'quote',
          file: 'project:src/data/schema.ts',
          text: 'min_section derived from min through that year’s 一分一段 table',
        },
      ],
    },
  ),
  q(
    308,
    3,
    3,
    3,
    '招生计划和学费数据从哪里来？',
    '招生计划主要来自公开项目整理的各省考试院和高校发布的招生计划（2022年、2024年至2026年），其中绝大多数计划记录带有学费和选科要求。各校当年的计划可能在出分后调整，请以本省考试院发布的招生计划和高校招生章程为准。',
    {
      publishAt: '2026-03-19 09:10:00',
      source: 'INVENTORY.md §2.1 (LG admission-plan: 71,816 rows, tuition on 70k)',
      facts: [
        { kind: 'quote', file: INV, text: '| `admission-plan` (招生计划) | 71,816 | 2022, 2024–2026 |' },
        { kind: 'quote', file: INV, text: 'tuition` (plans: 70k of 72k rows)' },
      ],
    },
  ),

  // ------------------------------------------------------------------ module 4 高考资讯: 1 资讯说明, 2 时间节点
  q(
    451,
    4,
    1,
    4,
    '资讯里的填报时间都是确定的吗？',
    '不全是。截至2026年5月底，只有上海、贵州、广西、青海发布了2026年的正式日程，其余省份的时间是按2025年框架推算的拟定时间，标题中注明“拟定”。最终以各省教育考试院的公告为准。',
    {
      publishAt: '2026-06-06 09:30:00',
      source: 'GP cli/data/datasets/data-year-status.json',
      facts: [
        { kind: 'quote', file: `${GP}/data-year-status.json`, text: '4 confirmed (上海/贵州/广西/青海)' },
      ],
    },
  ),
  q(
    452,
    4,
    2,
    2,
    '高考结束后有哪些关键时间节点？',
    '按往年节奏：6月7日起考试；6月23日至25日前后出分；随后各省发布一分一段表（预计6月25日至7月1日）；招生计划全本约在7月1日至15日发布；各批次志愿填报多在6月下旬至7月初；本科批投档线约在7月15日至30日产生。各省具体时间不同，以本省考试院公告为准。',
    {
      publishAt: '2026-05-30 09:00:00',
      source: 'GP cli/data/datasets/data-year-status.json; GP cli/data/datasets/zhiyuan-calendar-2026.json',
      facts: [
        {
          kind: 'quote',
          file: `${GP}/data-year-status.json`,
          text: '高考 6/7-6/8 → 出分 ~6/23-6/25 → 一分一段 6/25-7/1 → 各省招生计划全本 ~7/1-7/15 → 投档线 7/15-7/30',
        },
      ],
    },
  ),

  // ------------------------------------------------------------------ module 5 专业就业
  q(
    501,
    5,
    1,
    2,
    '就业率（毕业去向落实率）包括哪些情况？',
    '高校就业质量报告中的“毕业去向落实率”包括升学（国内读研、出国出境）、签约就业和灵活就业等各种已落实的去向，因此常常高于“直接就业率”。例如华中科技大学2024届本科毕业去向落实率为96.36%，其中直接就业率为30.29%，其余主要是深造。比较学校或专业时，要看清用的是哪一个口径。',
    {
      publishAt: '2026-03-23 09:00:00',
      source: 'GP cli/data/datasets/employment-2024.json (_meta.schema)',
      facts: [
        {
          kind: 'quote',
          file: `${GP}/employment-2024.json`,
          text: '本科总体毕业去向落实率 %（含升学+签约+灵活就业）',
        },
        { kind: 'gp_report', school: '华中科技大学', field: 'employment_rate_pct', value: 96.36 },
        { kind: 'gp_report', school: '华中科技大学', field: 'direct_employment_pct', value: 30.29 },
      ],
    },
  ),
  q(
    502,
    5,
    1,
    2,
    '起薪、三年后薪资、五年后薪资分别指什么？',
    '起薪指毕业半年后的平均月薪；三年后、五年后薪资指毕业三年、五年时的平均月薪，单位都是元/月。本站按统计年份展示：某年的“五年后薪资”是五年前毕业的那一届在该年的收入。薪资范围为中间一半人的收入区间（第25至第75百分位）。',
    {
      publishAt: '2026-03-23 09:10:00',
      source: 'src/data/schema.ts (employment); src/datasets/employment/README.md',
      facts: [
        {
          kind: 'quote',
          file: 'project:src/data/schema.ts',
          text: 'yuan/month five years after graduation, observed in `year` (cohort year-5)',
        },
      ],
    },
  ),
  q(
    503,
    5,
    1,
    2,
    '专业满意度是怎么来的？',
    '专业满意度来自阳光高考专业知识库，是学生对专业的评分，范围1至5分。本站把它换算成百分比显示（评分×20，例如4.2分显示为84%）。阳光高考上没有评分的专业，本站的满意度为按同类专业推算的模拟值，并在数据中标注。',
    {
      publishAt: '2026-03-24 09:00:00',
      source: 'FX gaokao_major.jsonl (major_satisfaction); src/datasets/employment/README.md',
      facts: [
        { kind: 'quote', file: INV, text: 'major_satisfaction` (1–5)' },
        { kind: 'quote', file: EMP_README, text: 'satisfaction = rating × 20' },
      ],
    },
  ),
  q(
    504,
    5,
    2,
    4,
    '为什么说专业就业率是模拟数据？',
    '公开来源中只有学校层面的就业率（掌上高考学校就业页面、高校就业质量报告），没有按专业统计的就业率、行业和岗位分布。为了让就业分析页面可用，本站用带固定种子的模拟程序生成专业层面的数据：整体水平和各年份的起伏按学校层面的公开数据校准，五年后薪资以掌上高考的专业薪资为锚点。这些数据都标注为模拟（synthetic），不能当作真实统计。',
    {
      publishAt: '2026-03-24 09:10:00',
      source: 'INVENTORY.md §1 (f); src/datasets/employment/README.md',
      facts: [
        { kind: 'quote', file: INV, text: 'No major-level employment rates anywhere.' },
        { kind: 'quote', file: EMP_README, text: 'Every synthetic value is flagged' },
      ],
    },
  ),
  q(
    505,
    5,
    2,
    2,
    '“就业前景排行”是怎么算的？',
    '就业前景排行根据各专业历年的就业率计算：取多年平均就业率最高的4个专业，同时给出最近一年和上一年的就业率，并按两年的变化标注“上升”“下降”或“持平”。排行所用的专业就业率是模拟数据，仅作示意。',
    {
      publishAt: '2026-03-25 09:00:00',
      source: '../shared/SPEC.md (2.19, 4.19)',
      facts: [
        {
          kind: 'quote',
          file: '../SPEC.md',
          text: 'Returns the top 4 majors by employment rate computed from yearly employment rates.',
        },
      ],
    },
  ),
  q(
    506,
    5,
    2,
    3,
    '学校就业率和专业就业率有什么不同？',
    '学校就业率是全校毕业生的整体情况，来自高校就业质量报告或掌上高考的学校就业页面，是真实数据；专业就业率是按专业统计的情况，公开来源中没有，本站为模拟数据。同一个专业在不同学校的就业差别可能很大，选择时应优先查看目标高校发布的就业质量报告。',
    {
      publishAt: '2026-03-25 09:10:00',
      source: 'INVENTORY.md §1 (f), §2.9 (FJ)',
      facts: [{ kind: 'quote', file: INV, text: '**Partial, school-level only**' }],
    },
  ),
  q(
    507,
    5,
    3,
    4,
    '专业薪资数据从哪里来？',
    '本站的专业五年后薪资以掌上高考专业库（公开项目于2023年抓取）的数据为锚点，约500个本科专业有这一数据，它们在2023年的五年后薪资为原始值并标注为真实；其他年份、起薪和三年后薪资，以及没有原始数据的专业（含全部专科专业），都是按模型推算的模拟值。',
    {
      publishAt: '2026-03-26 09:00:00',
      source: 'TK specials_lists.json (fivesalaryavg); src/datasets/employment/README.md',
      facts: [
        { kind: 'quote', file: INV, text: 'TK: `salaryavg`/`fivesalaryavg` for 505 本科 majors' },
        { kind: 'quote', file: EMP_README, text: 'TK was crawled in late 2023' },
      ],
    },
  ),
  q(
    508,
    5,
    3,
    4,
    '就业行业和岗位分布是真实的吗？',
    '不是。行业名称采用国家标准《国民经济行业分类》的门类名称，岗位为常见职位名称，但每个专业的行业、岗位构成和对应薪资都是模拟数据：按专业所属的专业类或门类选定常见去向，再用固定种子随机生成比例。仅用于展示页面结构，不代表真实统计。',
    {
      publishAt: '2026-03-26 09:10:00',
      source: 'src/datasets/employment/README.md ("Directions")',
      facts: [{ kind: 'quote', file: EMP_README, text: 'GB/T 4754' }],
    },
  ),

  // ------------------------------------------------------------------ module 6 使用帮助
  q(
    601,
    6,
    1,
    4,
    '这个工具需要联网吗？',
    '不需要。所有数据都以Parquet文件的形式随程序一起安装在本地，查询在本机完成，命令行和本地HTTP接口都可以离线使用。需要更新数据时，可以从公开来源重新构建数据集。',
    {
      publishAt: '2026-03-30 09:00:00',
      source: 'README.md',
      facts: [
        { kind: 'quote', file: 'project:README.md', text: 'the data are Parquet files in `datasets/`' },
      ],
    },
  ),
  q(
    602,
    6,
    1,
    4,
    '支持哪些省份？',
    '支持全国31个省、自治区、直辖市，可以用简称（如“江苏”）、全称（如“江苏省”）、行政区划代码（如“32”）或拼音（如“jiangsu”）指定省份。西藏因未发布一分一段表，没有位次数据。',
    {
      publishAt: '2026-03-30 09:10:00',
      source: 'README.md (Provinces); datasets/provinces',
      facts: [
        {
          kind: 'quote',
          file: 'project:README.md',
          text: 'Provinces** are accepted by short name (`江苏`), full name (`江苏省`, `广西壮族自治区`), GB code (`32`) or',
        },
      ],
    },
  ),
  q(
    603,
    6,
    2,
    4,
    '发现数据有错误，怎么反馈？',
    '可以通过“意见反馈”提交：选择反馈类型，详细描述问题（最多1000字），并留下邮箱或手机号（最多100个字符）以便我们联系。反馈时最好注明省份、年份、科类和页面名称，方便核对。',
    {
      publishAt: '2026-03-31 09:00:00',
      source: '../shared/SPEC.md (4.12)',
      facts: [
        { kind: 'quote', file: '../SPEC.md', text: '`反馈内容最多1000字`' },
        { kind: 'quote', file: '../SPEC.md', text: '`联系方式最多100个字符`' },
      ],
    },
  ),
  q(
    604,
    6,
    2,
    4,
    '数据多久更新一次？',
    '数据集由公开来源构建，每次构建结果完全一致（相同来源生成相同文件），每张表都记录来源和校验值。公开来源更新后（例如各省发布2026年一分一段表后），可以运行数据构建命令重新生成；在此之前，2026年的查询以2025年数据为参考。',
    {
      publishAt: '2026-03-31 09:10:00',
      source: 'README.md (Data); src/datasets/README.md',
      facts: [
        {
          kind: 'quote',
          file: 'project:README.md',
          text: 'rebuilds them deterministically (byte-identical Parquet)',
        },
      ],
    },
  ),
  q(
    605,
    6,
    3,
    4,
    '数据的来源和授权情况如何？',
    '数据整理自12个公开的GitHub项目，它们的数据多转载自各省考试院、阳光高考、掌上高考和高校官网。这些项目中只有少数带有开源许可（MIT或Apache-2.0），其余没有许可文件；数据中的事实本身是公开发布的，但转载前请核对各来源的授权。每个数据文件的来源都记录在数据清单中。',
    {
      publishAt: '2026-04-01 09:00:00',
      source: 'INVENTORY.md ("Read this first", §1)',
      facts: [
        { kind: 'quote', file: INV, text: 'Only four sources carry a licence' },
        { kind: 'quote', file: INV, text: '| MC | manmonthW/gaokao-canmou |' },
      ],
    },
  ),
  q(
    606,
    6,
    3,
    4,
    '查询结果可以作为填报志愿的唯一依据吗？',
    '不可以。本站的数据整理自公开项目，无法逐条与官方核对，部分数据（如专业就业）为模拟数据，2026年的部分查询以2025年数据为参考。请把查询结果作为参考，填报前以本省教育考试院发布的招生计划、一分一段表和实施办法，以及高校的招生章程为准。',
    {
      publishAt: '2026-04-01 09:10:00',
      source: 'INVENTORY.md ("Read this first"); RULES.md (header)',
      facts: [{ kind: 'quote', file: INV, text: 'Treat every row as "claimed by the repo".' }],
    },
  ),
]
