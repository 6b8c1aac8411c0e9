import type { ContentSeed } from './types.js'

/**
 * News items: module 4, sub-module 4 (the news list of SPEC 4.11), ten per category. Written for this project
 * from the sources named in `source`; the figures are listed in `facts` and checked by the tests.
 */

const GP = 'sources/hamajun-tao__gaokao-pro/cli/data/datasets'
const CAL = `${GP}/zhiyuan-calendar-2026.json`
const STATUS = `${GP}/data-year-status.json`
const YFYD = `${GP}/yifenyiduan-manifest.json`
const RULES = 'RULES.md'
const G_CAL = 'GP cli/data/datasets/zhiyuan-calendar-2026.json'
const G_EMP = 'GP cli/data/datasets/employment-2024.json'

const news = (item: Omit<ContentSeed, 'module' | 'sub'>): ContentSeed => ({ module: 4, sub: 4, ...item })

export const NEWS: readonly ContentSeed[] = [
  // ------------------------------------------------------------------------------------------ 1 政策解读
  news({
    id: 401,
    category: 1,
    province: '江苏',
    title: '江苏本科批：40个院校专业组志愿，每组6个专业',
    description:
      '江苏本科批实行院校专业组平行志愿，最多填报40个院校专业组，每组最多6个专业并可选择是否服从组内调剂。',
    content:
      '根据江苏省教育厅2025年普通高校招生工作意见及江苏省教育考试院的热点问答，江苏本科批采用“院校专业组”平行志愿：考生最多可填报40个院校专业组志愿，每个专业组内最多填报6个专业，并选择是否服从专业组内调剂。本科提前批为20个院校专业组，专科批同样为40个院校专业组、每组6个专业。2026年的招生工作沿用2025年意见的框架，具体以江苏省教育考试院当年公布的实施办法为准。',
    publishAt: '2026-05-08 09:30:00',
    source: 'RULES.md (R-JS: jyt.jiangsu.gov.cn 2025 工作意见, jseea 2024 热点问题; P-JS1)',
    facts: [
      { kind: 'quote', file: RULES, text: '| 江苏 | 2024, 2025 | 3+1+2 | 本科批 | 2 | 40 | 6 | 750 |' },
      { kind: 'quote', file: RULES, text: '| 江苏 | 2025 | 3+1+2 | 本科提前批 | 2 | 20 | 6 | 750 |' },
      { kind: 'quote', file: RULES, text: '| 江苏 | 2025 | 3+1+2 | 专科批 | 2 | 40 | 6 | 750 |' },
    ],
  }),
  news({
    id: 402,
    category: 1,
    province: '山东',
    title: '山东普通类常规批：每次最多96个“专业+学校”志愿，分三次填报',
    description: '山东常规批以“专业（类）+学校”为一个志愿单位，每次最多96个，不设专业调剂。',
    content:
      '山东实行“3+3”选考模式，普通类常规批以“专业（类）+学校”为一个志愿单位，每次填报最多96个志愿，平行投档，不存在专业调剂。常规批分三次填报：第1次面向一段线上考生填报本科志愿，第2次、第3次面向二段线上考生，可填报本科和专科。由于一个志愿只对应一个专业（类），考生需要把想读的专业逐个排好顺序。',
    publishAt: '2026-05-09 10:00:00',
    source: 'RULES.md (R-SD: sdzk.cn NewsID=7200; P-SD1)',
    facts: [
      {
        kind: 'quote',
        file: RULES,
        text: '| 山东 | 2020s; 2026 official quote | 3+3 | 普通类常规批 (第1/2/3次填报) | 3 | 96 per filling | 1 | 750 |',
      },
      { kind: 'quote', file: RULES, text: '第1次 = 一段线上本科; 第2/3次 = 二段线上本/专科' },
    ],
  }),
  news({
    id: 403,
    category: 1,
    province: '浙江',
    title: '浙江普通类平行录取：80个“专业+院校”志愿，分段填报',
    description: '浙江普通类平行录取分一段、二段，每段最多80个“专业+院校”志愿。',
    content:
      '浙江普通类平行录取分为一段和二段，考生每段最多可填报80个“专业+院校”志愿，一个志愿对应一所院校的一个专业，按分数优先、遵循志愿的原则一轮投档。提前录取则沿用传统的院校志愿加专业服从。各段的分数线和填报时间以浙江省教育考试院当年公布的办法为准。',
    publishAt: '2026-05-10 09:00:00',
    source: 'RULES.md (R-ZJ: zjzs.net 2026; P-ZJ1, P-ZJ2, P-ZJ3)',
    facts: [
      {
        kind: 'quote',
        file: RULES,
        text: '| 浙江 | 2022→2026 (same wording) | 3+3 (7选3) | 普通类平行录取 一段 | 3 | 80 | 1 | 750 |',
      },
      { kind: 'quote', file: RULES, text: '| 浙江 | same | 3+3 | 普通类平行录取 二段 | 3 | 80 | 1 | 750 |' },
    ],
  }),
  news({
    id: 404,
    category: 1,
    province: '辽宁',
    title: '辽宁本科批：112个“专业+院校”平行志愿',
    description: '辽宁本科批每个志愿为“一所院校的一个专业”，最多可填112个。',
    content:
      '根据辽宁省招生考试之窗2024年的问答，辽宁本科批实行“专业+院校”平行志愿，每个志愿对应一所院校的一个专业，最多可填报112个志愿，2025年继续执行。这种模式下没有院校内的专业调剂，专业顺序完全由考生自己决定，填报时建议按位次梯度把专业逐一排开。',
    publishAt: '2026-05-11 09:30:00',
    source: 'RULES.md (R-LN: lnzsks.com 2024 问答; P-LN1 2025)',
    facts: [
      { kind: 'quote', file: RULES, text: '| 辽宁 | 2024, 2025 | 3+1+2 | 本科批 | 3 | 112 | 1 | 750 |' },
    ],
  }),
  news({
    id: 405,
    category: 1,
    province: '上海',
    title: '上海本科普通批：24个院校专业组，每组4个专业，总分660分',
    description: '上海本科普通批可填24个院校专业组志愿，每组4个专业；上海高考总分为660分。',
    content:
      '上海高考总成绩满分为660分。本科普通批实行院校专业组平行志愿，最多填报24个院校专业组，每组最多4个专业。综合评价批为4个平行志愿，零志愿批为3个平行志愿，本科提前批为4个顺序志愿。上海市教育考试院已公布2026年的录取日程（见本站“考试信息”栏目）。',
    publishAt: '2026-05-12 10:00:00',
    source: 'RULES.md (R-SH: shmeea.edu.cn; P-SH1, P-SH2)',
    facts: [
      { kind: 'quote', file: RULES, text: '| 上海 | 2024, 2025 | 3+3 | 本科普通批 | 2 | 24 | 4 | 660 |' },
      { kind: 'quote', file: RULES, text: '综合评价批4平行; 零志愿批3平行; 本科提前批4顺序' },
    ],
  }),
  news({
    id: 406,
    category: 1,
    province: '福建',
    title: '福建2026年本科批可填50个院校专业组志愿',
    description: '福建省教育考试院2026年实施办法：本科批院校专业组志愿数为50个，每组6个专业。',
    content:
      '据福建省教育考试院发布的2026年普通高考实施办法，本科批实行院校专业组平行志愿，考生最多可填报50个院校专业组，每组最多6个专业，另设两次征求志愿、每次20个专业组。此前年份的二手资料多记为40个，两者不一致时应以考试院2026年的正式文件为准。',
    publishAt: '2026-05-13 09:00:00',
    source: 'RULES.md (R-FJ: eeafj.cn 2026 实施办法; G for the earlier 40)',
    facts: [
      { kind: 'quote', file: RULES, text: '| 福建 | 2026 | 3+1+2 | 本科批 | 2 | 50 | 6 | 750 |' },
      { kind: 'quote', file: RULES, text: '2次征求×20组' },
    ],
  }),
  news({
    id: 407,
    category: 1,
    province: '广西',
    title: '广西2026年本科普通批：40个院校专业组，每组最多20个专业',
    description: '广西招生考试院2026年工作方案：本科普通批40个院校专业组，每组最多20个专业。',
    content:
      '广西招生考试院2026年普通高校招生工作方案明确，本科普通批实行院校专业组平行志愿，最多可填报40个院校专业组，每个专业组最多填报20个专业。与多数省份每组6个专业相比，广西每组可填的专业更多，考生可以把组内愿意就读的专业尽量填满，以降低被调剂的可能。',
    publishAt: '2026-05-16 10:30:00',
    source: 'RULES.md (R-GX: gxeea.cn 2026 工作方案)',
    facts: [{ kind: 'quote', file: RULES, text: '| 广西 | 2026 | 3+1+2 | 本科普通批 | 2 | 40 | 20 | 750 |' }],
  }),
  news({
    id: 408,
    category: 1,
    province: '云南',
    title: '云南本科批B段：40个院校专业组，每组10个专业',
    description: '云南自2025年起本科批B段每组可填10个专业，非专项、非预科志愿最多40个。',
    content:
      '云南2025年起实行“3+1+2”模式，本科批B段为院校专业组平行志愿：普通志愿最多40个院校专业组，另有专项计划和预科各10个；每个专业组可填10个专业。2026年沿用这一规则。填报时注意专项、预科志愿与普通志愿分开计数。',
    publishAt: '2026-05-17 09:00:00',
    source: 'RULES.md (R-YN: ynzs.cn 2025 实施方案; G)',
    facts: [
      {
        kind: 'quote',
        file: RULES,
        text: '| 云南 | 2025 (2026 same) | 3+1+2 | 本科批B段 | 2 | 40 (+10 专项, +10 预科) | 10 | 750 |',
      },
    ],
  }),
  news({
    id: 409,
    category: 1,
    title: '2025年首届“3+1+2”新高考的八个省份',
    description:
      '山西、内蒙古、河南、四川、云南、陕西、青海、宁夏自2025年起实行“3+1+2”，新疆、西藏仍为文理分科。',
    content:
      '2025年，山西、内蒙古、河南、四川、云南、陕西、青海、宁夏八省区迎来首届“3+1+2”新高考，一分一段表按物理类、历史类分别发布。此前，河北、辽宁、江苏、福建、湖北、湖南、广东、重庆自2021年起实行“3+1+2”，黑龙江、吉林、安徽、江西、广西、甘肃、贵州自2024年起实行；北京、天津、上海、浙江、山东、海南为“3+3”。新疆、西藏仍为文理分科。改革首年的省份没有同模式的历史数据，参考往年位次时要格外谨慎。',
    publishAt: '2026-05-18 09:30:00',
    source: 'RULES.md (Exam-mode years); GP cli/data/datasets/data-year-status.json',
    facts: [
      {
        kind: 'quote',
        file: RULES,
        text: '3+1+2 from 2025 = 山西, 内蒙古, 河南, 四川, 云南, 陕西, 青海, 宁夏',
      },
      {
        kind: 'quote',
        file: RULES,
        text: '3+1+2 from 2021 = 河北, 辽宁, 江苏, 福建, 湖北, 湖南, 广东, 重庆',
      },
      {
        kind: 'quote',
        file: RULES,
        text: '3+1+2 from 2024 = 黑龙江, 吉林, 安徽, 江西, 广西, 甘肃, 贵州',
      },
      { kind: 'quote', file: RULES, text: '3+3 = 北京, 天津, 上海, 浙江, 山东, 海南' },
      { kind: 'quote', file: RULES, text: '文理 still = 新疆, 西藏' },
    ],
  }),
  news({
    id: 410,
    category: 1,
    province: '河南',
    title: '河南新高考本科批：48个院校专业组，每组6个专业',
    description: '河南2025年起普通本科批可填48个院校专业组志愿，另设1个特殊类型志愿。',
    content:
      '河南自2025年起实行“3+1+2”。普通本科批采用院校专业组平行志愿，最多填报48个院校专业组，每组6个专业，另设1个特殊类型志愿；普通本科提前批为64个“专业+院校”志愿。2026年沿用2025年的规定。与2024年及以前“本科一批6个院校”的旧模式相比，志愿数量大幅增加，拉开梯度的空间更大。',
    publishAt: '2026-05-19 10:00:00',
    source: 'RULES.md (P-HA3, R-HA: 河南 2026 规定; P-HA1 for 2024)',
    facts: [
      {
        kind: 'quote',
        file: RULES,
        text: '| 河南 | 2025 (2026 same) | 3+1+2 | 普通本科批 | 2 | 48 | 6 | 750 |',
      },
      {
        kind: 'quote',
        file: RULES,
        text: '| 河南 | 2025 | 3+1+2 | 普通本科提前批 (各类) | 3 | 64 | 1 | 750 |',
      },
      { kind: 'quote', file: RULES, text: '| 河南 | 2024 (2022 same) | 文理 | 本科一批 | 1 | 6 | 5 | 750 |' },
    ],
  }),

  // ------------------------------------------------------------------------------------------ 2 考试信息
  news({
    id: 411,
    category: 2,
    title: '2026年高考：全国统考6月7日至8日',
    description: '2026年全国统考科目考试时间为6月7日至8日，各省选考科目安排不同。',
    content:
      '2026年普通高考全国统考科目在6月7日至8日进行。实行新高考的省份还要加考选考科目，多数省份的考试持续到6月9日或6月10日，具体科目和时间以本省教育考试院公告为准。考前请核对准考证上的考点和每科时间。',
    publishAt: '2026-04-20 09:00:00',
    source: G_CAL,
    facts: [
      { kind: 'quote', file: CAL, text: 'exam_dates 全国统考 2026 年 6 月 7-8 日' },
      { kind: 'calendar', province: '江苏', batch: '', field: 'exam_dates', value: '6/7-6/9' },
      { kind: 'calendar', province: '北京', batch: '', field: 'exam_dates', value: '6/7-6/10' },
    ],
  }),
  news({
    id: 412,
    category: 2,
    title: '各省出分时间多在6月23日至25日',
    description: '多数省份预计6月23日至25日公布高考成绩，一分一段表随后发布。',
    content:
      '按各省2025年的安排推算，2026年多数省份将在6月23日至25日之间公布高考成绩，例如上海预计6月23日、江苏预计6月25日。成绩公布后，各省考试院随即陆续发布一分一段表（预计6月25日至7月1日）。出分时间以本省教育考试院的最终公告为准。',
    publishAt: '2026-05-29 09:00:00',
    source: G_CAL,
    facts: [
      { kind: 'quote', file: CAL, text: 'score_release 多数省 6/23-6/25 之间' },
      { kind: 'calendar', province: '上海', batch: '', field: 'score_release', value: '2026/6/23' },
      { kind: 'calendar', province: '江苏', batch: '', field: 'score_release', value: '2026/6/25' },
    ],
  }),
  news({
    id: 413,
    category: 2,
    province: '上海',
    title: '上海2026年志愿填报时间已公布',
    description: '上海本科提前批6月27日至29日填报，本科批6月30日至7月2日填报。',
    content:
      '上海已发布2026年正式录取日程：本科提前批志愿填报时间为6月27日10:00至6月29日10:00；本科批志愿填报时间为6月30日10:00至7月2日10:00，本科批录取结果预计7月24日公布。本科批可填24个院校专业组、每组4个专业。',
    publishAt: '2026-05-30 10:00:00',
    source: G_CAL,
    facts: [
      { kind: 'calendar', province: '上海', batch: '', field: 'tentative', value: false },
      {
        kind: 'calendar',
        province: '上海',
        batch: '本科提前批',
        field: 'fill_start',
        value: '2026/6/27 10:00',
      },
      {
        kind: 'calendar',
        province: '上海',
        batch: '本科提前批',
        field: 'fill_end',
        value: '2026/6/29 10:00',
      },
      { kind: 'calendar', province: '上海', batch: '本科批', field: 'fill_start', value: '2026/6/30 10:00' },
      { kind: 'calendar', province: '上海', batch: '本科批', field: 'fill_end', value: '2026/7/2 10:00' },
      { kind: 'calendar', province: '上海', batch: '本科批', field: 'release_date', value: '2026/7/24' },
    ],
  }),
  news({
    id: 414,
    category: 2,
    province: '广西',
    title: '广西2026年志愿填报时间已公布',
    description: '广西本科提前批6月24日至28日填报，本科批6月29日至7月2日填报。',
    content:
      '广西已公布2026年的正式日程：高考成绩预计6月24日公布；本科提前批志愿填报时间为6月24日10:00至6月28日17:00；本科批为6月29日10:00至7月2日17:00，每个院校专业组最多可填20个专业。',
    publishAt: '2026-05-30 10:30:00',
    source: G_CAL,
    facts: [
      { kind: 'calendar', province: '广西', batch: '', field: 'tentative', value: false },
      { kind: 'calendar', province: '广西', batch: '', field: 'score_release', value: '2026/6/24' },
      {
        kind: 'calendar',
        province: '广西',
        batch: '本科提前批',
        field: 'fill_start',
        value: '2026/6/24 10:00',
      },
      {
        kind: 'calendar',
        province: '广西',
        batch: '本科提前批',
        field: 'fill_end',
        value: '2026/6/28 17:00',
      },
      { kind: 'calendar', province: '广西', batch: '本科批', field: 'fill_start', value: '2026/6/29 10:00' },
      { kind: 'calendar', province: '广西', batch: '本科批', field: 'fill_end', value: '2026/7/2 17:00' },
    ],
  }),
  news({
    id: 415,
    category: 2,
    province: '贵州',
    title: '贵州2026年本科批：6月27日至30日填报96个志愿',
    description: '贵州本科批实行“专业+院校”平行志愿，6月27日0:00至6月30日18:00填报。',
    content:
      '贵州已公布2026年的正式日程：本科批实行96个“专业+院校”平行志愿、不设调剂，填报时间为6月27日0:00至6月30日18:00；提前批A、B段为顺序志愿，填报时间相同。2026年是贵州实行“3+1+2”的第三年。',
    publishAt: '2026-05-31 09:00:00',
    source: G_CAL,
    facts: [
      { kind: 'calendar', province: '贵州', batch: '', field: 'tentative', value: false },
      { kind: 'calendar', province: '贵州', batch: '本科批', field: 'fill_start', value: '2026/6/27 00:00' },
      { kind: 'calendar', province: '贵州', batch: '本科批', field: 'fill_end', value: '2026/6/30 18:00' },
      { kind: 'quote', file: CAL, text: '96 专业+院校平行, 无调剂 (3+1+2 第 3 年' },
    ],
  }),
  news({
    id: 416,
    category: 2,
    province: '青海',
    title: '青海2026年志愿填报时间已公布',
    description: '青海提前批与本科批均为6月26日12:00至6月30日18:00填报。',
    content:
      '青海已公布2026年的正式日程：高考成绩预计6月25日公布；提前批（可填60个志愿）和本科批（96个“专业+院校”平行志愿，不设调剂）的填报时间均为6月26日12:00至6月30日18:00。',
    publishAt: '2026-05-31 10:00:00',
    source: G_CAL,
    facts: [
      { kind: 'calendar', province: '青海', batch: '', field: 'tentative', value: false },
      { kind: 'calendar', province: '青海', batch: '', field: 'score_release', value: '2026/6/25' },
      { kind: 'calendar', province: '青海', batch: '本科批', field: 'fill_start', value: '2026/6/26 12:00' },
      { kind: 'calendar', province: '青海', batch: '本科批', field: 'fill_end', value: '2026/6/30 18:00' },
      { kind: 'quote', file: CAL, text: '60 个志愿; 含军校/公安/公费师范/农村订单医学' },
    ],
  }),
  news({
    id: 417,
    category: 2,
    province: '江苏',
    title: '江苏2026年志愿填报时间（拟定）',
    description: '按2025年框架，江苏本科提前批和本科批拟于6月27日至7月2日填报。',
    content:
      '江苏2026年的录取日程尚未正式公布。按2025年的框架推算，成绩预计6月25日公布，本科提前批和本科批的志愿填报时间拟为6月27日9:00至7月2日17:00，本科批录取结果预计7月25日前后公布。以上为拟定时间，最终以江苏省教育考试院公告为准。',
    publishAt: '2026-06-01 09:00:00',
    source: G_CAL,
    facts: [
      { kind: 'calendar', province: '江苏', batch: '', field: 'tentative', value: true },
      { kind: 'calendar', province: '江苏', batch: '本科批', field: 'fill_start', value: '2026/6/27 09:00' },
      { kind: 'calendar', province: '江苏', batch: '本科批', field: 'fill_end', value: '2026/7/2 17:00' },
      { kind: 'calendar', province: '江苏', batch: '本科批', field: 'release_date', value: '2026/7/25' },
    ],
  }),
  news({
    id: 418,
    category: 2,
    province: '山东',
    title: '山东2026年常规批三次填报时间（拟定）',
    description: '山东常规批第1次拟于7月5日至7日填报，第2次7月27日至29日，第3次8月10日至11日。',
    content:
      '按2025年的框架，山东2026年常规批拟分三次填报：第1次为7月5日9:30至7月7日18:00，第2次为7月27日9:30至7月29日18:00，第3次为8月10日9:30至8月11日18:00。提前批拟于6月29日至7月2日填报。以上为拟定时间，以山东省教育招生考试院公告为准。',
    publishAt: '2026-06-01 10:00:00',
    source: G_CAL,
    facts: [
      { kind: 'calendar', province: '山东', batch: '', field: 'tentative', value: true },
      {
        kind: 'calendar',
        province: '山东',
        batch: '常规批 第 1 次',
        field: 'fill_start',
        value: '2026/7/5 09:30',
      },
      {
        kind: 'calendar',
        province: '山东',
        batch: '常规批 第 1 次',
        field: 'fill_end',
        value: '2026/7/7 18:00',
      },
      {
        kind: 'calendar',
        province: '山东',
        batch: '常规批 第 2 次',
        field: 'fill_start',
        value: '2026/7/27 09:30',
      },
      {
        kind: 'calendar',
        province: '山东',
        batch: '常规批 第 2 次',
        field: 'fill_end',
        value: '2026/7/29 18:00',
      },
      {
        kind: 'calendar',
        province: '山东',
        batch: '常规批 第 3 次',
        field: 'fill_start',
        value: '2026/8/10 09:30',
      },
      {
        kind: 'calendar',
        province: '山东',
        batch: '常规批 第 3 次',
        field: 'fill_end',
        value: '2026/8/11 18:00',
      },
      { kind: 'calendar', province: '山东', batch: '提前批', field: 'fill_start', value: '2026/6/29 09:30' },
      { kind: 'calendar', province: '山东', batch: '提前批', field: 'fill_end', value: '2026/7/2 18:00' },
    ],
  }),
  news({
    id: 419,
    category: 2,
    province: '广东',
    title: '广东2026年志愿填报时间（拟定）',
    description: '广东本科批拟于6月29日19:00至7月4日16:00填报，专科批拟于8月4日至6日填报。',
    content:
      '按2025年的框架，广东2026年本科提前批和本科批的志愿填报时间拟为6月29日19:00至7月4日16:00，本科批可填45个院校专业组、每组6个专业；专科批拟于8月4日9:00至8月6日16:00填报。以上为拟定时间，以广东省教育考试院公告为准。',
    publishAt: '2026-06-02 09:00:00',
    source: `${G_CAL}; RULES.md (R-GD)`,
    facts: [
      { kind: 'calendar', province: '广东', batch: '', field: 'tentative', value: true },
      { kind: 'calendar', province: '广东', batch: '本科批', field: 'fill_start', value: '2026/6/29 19:00' },
      { kind: 'calendar', province: '广东', batch: '本科批', field: 'fill_end', value: '2026/7/4 16:00' },
      { kind: 'calendar', province: '广东', batch: '专科批', field: 'fill_start', value: '2026/8/4 09:00' },
      { kind: 'calendar', province: '广东', batch: '专科批', field: 'fill_end', value: '2026/8/6 16:00' },
      {
        kind: 'quote',
        file: RULES,
        text: '| 广东 | 2023, 2025 (2026 same) | 3+1+2 | 本科批 | 2 | 45 | 6 | 750 |',
      },
    ],
  }),
  news({
    id: 420,
    category: 2,
    title: '2025年部分省份一分一段表的规模',
    description: '2025年一分一段表累计人数：山东综合类681127人，河南物理类555040人，广东物理类440208人。',
    content:
      '一分一段表最后一行的累计人数，是表中列出的考生总数。按本站收录的2025年表格：山东综合类累计681127人；河南物理类555040人、历史类352175人；广东物理类440208人、历史类292200人。需要注意，部分省份的一分一段表只列到某个分数（如最低控制线）以上，累计人数并不等于报名人数；同一省份不同科类的人数也不能直接相加为全省考生数。',
    publishAt: '2026-06-03 09:30:00',
    source: 'datasets/score_ranks (山东, 河南: GP cli/data/yifenyiduan; 广东: GA backend/data)',
    facts: [
      { kind: 'score_ranks_total', province: '山东', year: 2025, km: '综合', total: 681127, source: 'GP' },
      { kind: 'score_ranks_total', province: '河南', year: 2025, km: '物理类', total: 555040, source: 'GP' },
      { kind: 'score_ranks_total', province: '河南', year: 2025, km: '历史类', total: 352175, source: 'GP' },
      { kind: 'score_ranks_total', province: '广东', year: 2025, km: '物理类', total: 440208, source: 'GA' },
      { kind: 'score_ranks_total', province: '广东', year: 2025, km: '历史类', total: 292200, source: 'GA' },
    ],
  }),

  // ------------------------------------------------------------------------------------------ 3 院校动态
  news({
    id: 421,
    category: 3,
    school: '华中科技大学',
    province: '湖北',
    title: '华中科技大学2024届本科生：毕业去向落实率96.36%',
    description: '华中科技大学2024届本科毕业生6837人，毕业去向落实率96.36%，平均月薪9397元。',
    content:
      '据华中科技大学信息公开网发布的2024届毕业生就业质量报告，该校2024届本科毕业生6837人，毕业去向落实率96.36%，深造率66.07%（国内升学55.67%、出国出境10.40%），直接就业率30.29%，本科生平均月薪9397元。就业行业以信息传输、软件和信息技术服务业，制造业，科学研究和技术服务业为主。',
    publishAt: '2026-03-10 10:00:00',
    source: `${G_EMP} (xxgk.hust.edu.cn/info/1155/3722.htm)`,
    facts: [
      { kind: 'gp_report', school: '华中科技大学', field: 'total_grads', value: 6837 },
      { kind: 'gp_report', school: '华中科技大学', field: 'employment_rate_pct', value: 96.36 },
      { kind: 'gp_report', school: '华中科技大学', field: 'further_study_rate_pct', value: 66.07 },
      { kind: 'gp_report', school: '华中科技大学', field: 'domestic_grad_school_pct', value: 55.67 },
      { kind: 'gp_report', school: '华中科技大学', field: 'abroad_pct', value: 10.4 },
      { kind: 'gp_report', school: '华中科技大学', field: 'direct_employment_pct', value: 30.29 },
      { kind: 'gp_report', school: '华中科技大学', field: 'avg_monthly_salary_yuan', value: 9397 },
    ],
  }),
  news({
    id: 422,
    category: 3,
    school: '北京大学',
    province: '北京',
    title: '北京大学2024届本科生：深造率84.23%',
    description: '北京大学2024届本科毕业生3725人，毕业去向落实率93.81%，深造率84.23%。',
    content:
      '据中国教育在线转载的北京大学2024届毕业生就业质量报告，北京大学2024届本科毕业生3725人，毕业去向落实率93.81%；深造率84.23%，其中国内升学65.85%、出国出境18.38%。本科毕业生以继续深造为主。',
    publishAt: '2026-03-11 10:00:00',
    source: `${G_EMP} (eol.cn 2025-01-03)`,
    facts: [
      { kind: 'gp_report', school: '北京大学', field: 'total_grads', value: 3725 },
      { kind: 'gp_report', school: '北京大学', field: 'employment_rate_pct', value: 93.81 },
      { kind: 'gp_report', school: '北京大学', field: 'further_study_rate_pct', value: 84.23 },
      { kind: 'gp_report', school: '北京大学', field: 'domestic_grad_school_pct', value: 65.85 },
      { kind: 'gp_report', school: '北京大学', field: 'abroad_pct', value: 18.38 },
    ],
  }),
  news({
    id: 423,
    category: 3,
    school: '哈尔滨工业大学',
    province: '黑龙江',
    title: '哈尔滨工业大学2024届本科生：毕业去向落实率98.61%',
    description: '哈工大2024届本科毕业生3971人，毕业去向落实率98.61%，深造率69.82%。',
    content:
      '据哈尔滨工业大学2024届毕业生就业质量报告（转载），该校2024届本科毕业生3971人，毕业去向落实率98.61%，深造率69.82%（国内升学63.80%、出国出境6.02%），直接就业率28.79%。重点去向包括航天国防、工业与信息技术、能源电力等领域，主要雇主有国家电网、中国航天科技集团、华为等。',
    publishAt: '2026-03-12 10:00:00',
    source: `${G_EMP} (gaokzx.com/gk/gaokao/134960.html)`,
    facts: [
      { kind: 'gp_report', school: '哈尔滨工业大学', field: 'total_grads', value: 3971 },
      { kind: 'gp_report', school: '哈尔滨工业大学', field: 'employment_rate_pct', value: 98.61 },
      { kind: 'gp_report', school: '哈尔滨工业大学', field: 'further_study_rate_pct', value: 69.82 },
      { kind: 'gp_report', school: '哈尔滨工业大学', field: 'domestic_grad_school_pct', value: 63.8 },
      { kind: 'gp_report', school: '哈尔滨工业大学', field: 'abroad_pct', value: 6.02 },
      { kind: 'gp_report', school: '哈尔滨工业大学', field: 'direct_employment_pct', value: 28.79 },
    ],
  }),
  news({
    id: 424,
    category: 3,
    school: '同济大学',
    province: '上海',
    title: '同济大学2024届本科生：深造率70.75%',
    description: '同济大学2024届本科毕业生4260人，毕业去向落实率94.55%，深造率70.75%。',
    content:
      '据同济大学信息公开网发布的就业质量报告，该校2024届本科毕业生4260人，毕业去向落实率94.55%；深造率70.75%（国内升学54.58%、出国出境16.17%），直接就业率23.03%。就业行业前三为科学研究和技术服务业、教育、信息传输软件和信息技术服务业，就业地区以长三角为主。',
    publishAt: '2026-03-13 10:00:00',
    source: `${G_EMP} (xxgk.tongji.edu.cn)`,
    facts: [
      { kind: 'gp_report', school: '同济大学', field: 'total_grads', value: 4260 },
      { kind: 'gp_report', school: '同济大学', field: 'employment_rate_pct', value: 94.55 },
      { kind: 'gp_report', school: '同济大学', field: 'further_study_rate_pct', value: 70.75 },
      { kind: 'gp_report', school: '同济大学', field: 'domestic_grad_school_pct', value: 54.58 },
      { kind: 'gp_report', school: '同济大学', field: 'abroad_pct', value: 16.17 },
      { kind: 'gp_report', school: '同济大学', field: 'direct_employment_pct', value: 23.03 },
    ],
  }),
  news({
    id: 425,
    category: 3,
    school: '厦门大学',
    province: '福建',
    title: '厦门大学2024届本科生：近三成进入教育行业',
    description: '厦门大学2024届本科毕业去向落实率92.8%，就业行业中教育占27.5%。',
    content:
      '据厦门大学2024届毕业生就业质量报告，该校本科毕业去向落实率92.8%，深造率58.2%（出国出境13.0%）。本科就业行业分布中，教育占27.5%，信息传输、软件和信息技术服务业占16.4%，制造业占11.8%，公共管理和社会保障占10.2%，金融业占6.3%；就业地区以福建（47.7%）和广东（16.1%）为主。',
    publishAt: '2026-03-14 10:00:00',
    source: `${G_EMP} (gk.xmu.edu.cn/info/1061/35852.htm)`,
    facts: [
      { kind: 'gp_report', school: '厦门大学', field: 'employment_rate_pct', value: 92.8 },
      { kind: 'gp_report', school: '厦门大学', field: 'further_study_rate_pct', value: 58.2 },
      { kind: 'gp_report', school: '厦门大学', field: 'abroad_pct', value: 13 },
      {
        kind: 'quote',
        file: `${GP}/employment-2024.json`,
        text: '"教育(27.5%)", "信息传输/软件和信息技术服务业(16.4%)", "制造业(11.8%)", "公共管理/社会保障(10.2%)", "金融业(6.3%)"',
      },
      { kind: 'quote', file: `${GP}/employment-2024.json`, text: '"福建(47.7%)", "广东(16.1%)"' },
    ],
  }),
  news({
    id: 426,
    category: 3,
    school: '吉林大学',
    province: '吉林',
    title: '吉林大学2024届本科生：三成多进入制造业',
    description: '吉林大学2024届本科毕业生10102人，毕业去向落实率85.2%，制造业就业占33.09%。',
    content:
      '据吉林大学2024届毕业生就业质量报告，该校2024届本科毕业生10102人，毕业去向落实率85.2%，深造率48.47%（国内升学42.96%、出国出境5.5%），直接就业率34.74%。就业行业中制造业占33.09%，信息传输、软件和信息技术服务业占13.93%，公共管理占13.54%；留在吉林就业的占25.89%。',
    publishAt: '2026-03-16 10:00:00',
    source: `${G_EMP} (吉林大学 2024 届就业质量报告 PDF)`,
    facts: [
      { kind: 'gp_report', school: '吉林大学', field: 'total_grads', value: 10102 },
      { kind: 'gp_report', school: '吉林大学', field: 'employment_rate_pct', value: 85.2 },
      { kind: 'gp_report', school: '吉林大学', field: 'further_study_rate_pct', value: 48.47 },
      { kind: 'gp_report', school: '吉林大学', field: 'domestic_grad_school_pct', value: 42.96 },
      { kind: 'gp_report', school: '吉林大学', field: 'abroad_pct', value: 5.5 },
      { kind: 'gp_report', school: '吉林大学', field: 'direct_employment_pct', value: 34.74 },
      {
        kind: 'quote',
        file: `${GP}/employment-2024.json`,
        text: '"制造业 33.09%", "信息传输/软件和信息技术服务业 13.93%", "公共管理 13.54%"',
      },
      { kind: 'quote', file: `${GP}/employment-2024.json`, text: '"吉林 25.89%"' },
    ],
  }),
  news({
    id: 427,
    category: 3,
    school: '北京邮电大学',
    province: '北京',
    title: '北京邮电大学2024届本科生：近半数进入信息技术行业',
    description: '北京邮电大学2024届本科毕业去向落实率90.31%，信息传输、软件和信息技术服务业占48.88%。',
    content:
      '据媒体报道的北京邮电大学2024届毕业生就业质量报告，该校2024届本科毕业生3623人，毕业去向落实率90.31%，深造率65.61%，直接就业率24.7%。就业行业中信息传输、软件和信息技术服务业占48.88%，金融业占12.89%，科学研究和技术服务业占11.00%；就业地区以华北为主（59.42%）。',
    publishAt: '2026-03-17 10:00:00',
    source: `${G_EMP} (bjnews.com.cn)`,
    facts: [
      { kind: 'gp_report', school: '北京邮电大学', field: 'total_grads', value: 3623 },
      { kind: 'gp_report', school: '北京邮电大学', field: 'employment_rate_pct', value: 90.31 },
      { kind: 'gp_report', school: '北京邮电大学', field: 'further_study_rate_pct', value: 65.61 },
      { kind: 'gp_report', school: '北京邮电大学', field: 'direct_employment_pct', value: 24.7 },
      {
        kind: 'quote',
        file: `${GP}/employment-2024.json`,
        text: '"信息传输/软件和信息技术服务业 48.88%", "金融业 12.89%", "科学研究和技术服务业 11.00%"',
      },
      { kind: 'quote', file: `${GP}/employment-2024.json`, text: '"华北 59.42%"' },
    ],
  }),
  news({
    id: 428,
    category: 3,
    school: '西安电子科技大学',
    province: '陕西',
    title: '西安电子科技大学2024届本科生：毕业去向落实率95.86%',
    description: '西电2024届本科毕业生5317人，毕业去向落实率95.86%，制造业与信息技术行业合计超过六成。',
    content:
      '据西安电子科技大学2024届毕业生就业质量年度报告，该校2024届本科毕业生5317人，毕业去向落实率95.86%，深造率54.79%，直接就业率40.62%。就业行业中制造业占33.35%，信息传输、软件和信息技术服务业占32.49%，科学研究和技术服务业占8.06%；就业城市前三为西安、深圳、上海。',
    publishAt: '2026-03-18 10:00:00',
    source: `${G_EMP} (job.xidian.edu.cn 2024 届就业质量年度报告)`,
    facts: [
      { kind: 'gp_report', school: '西安电子科技大学', field: 'total_grads', value: 5317 },
      { kind: 'gp_report', school: '西安电子科技大学', field: 'employment_rate_pct', value: 95.86 },
      { kind: 'gp_report', school: '西安电子科技大学', field: 'further_study_rate_pct', value: 54.79 },
      { kind: 'gp_report', school: '西安电子科技大学', field: 'direct_employment_pct', value: 40.62 },
      {
        kind: 'quote',
        file: `${GP}/employment-2024.json`,
        text: '"制造业 33.35%", "信息传输/软件和信息技术服务业 32.49%", "科学研究和技术服务业 8.06%"',
      },
      {
        kind: 'quote',
        file: `${GP}/employment-2024.json`,
        text: '"西安 19.30%", "深圳 13.36%", "上海 6.39%"',
      },
    ],
  }),
  news({
    id: 429,
    category: 3,
    school: '中国人民大学',
    province: '北京',
    title: '中国人民大学2024届本科生平均月薪8000元',
    description: '中国人民大学2024届本科毕业生2948人，本科生平均月薪8000元。',
    content:
      '据中国人民大学信息公开网发布的2024届毕业生就业质量年度报告，该校2024届本科毕业生2948人，本科生平均月薪8000元。主要就业方向包括政府机关、金融、建筑和信息技术，就业地区以北京、上海为主。',
    publishAt: '2026-03-19 10:00:00',
    source: `${G_EMP} (xxgk.ruc.edu.cn)`,
    facts: [
      { kind: 'gp_report', school: '中国人民大学', field: 'total_grads', value: 2948 },
      { kind: 'gp_report', school: '中国人民大学', field: 'avg_monthly_salary_yuan', value: 8000 },
      { kind: 'quote', file: `${GP}/employment-2024.json`, text: '"政府机关", "金融", "建筑", "信息技术"' },
    ],
  }),
  news({
    id: 430,
    category: 3,
    title: '强基计划：39所高校，高考成绩占85%',
    description: '2024年强基计划由39所高校实施，录取时高考成绩与校测成绩按85:15计算。',
    content:
      '强基计划选拔有志于服务国家重大战略需求且综合素质优秀或基础学科拔尖的学生。2024年共有39所高校实施强基计划，综合成绩中高考成绩占85%、学校考核成绩占15%。报名一般在每年4月中下旬通过阳光高考平台进行，学校考核在高考出分后举行。',
    publishAt: '2026-04-02 09:00:00',
    source: 'GP cli/data/datasets/qiangji-2024.json (gaokao.chsi.com.cn, bm.chsi.com.cn)',
    facts: [
      { kind: 'quote', file: `${GP}/qiangji-2024.json`, text: '强基计划 39 所院校 (2024, 全部 985)' },
      {
        kind: 'quote',
        file: `${GP}/qiangji-2024.json`,
        text: '39 校统一采用 85:15 高考:校测 权重比 (校测 0.15)。报名时间一般 4 月中下旬。校测在高考出分后举行。',
      },
    ],
  }),

  // ------------------------------------------------------------------------------------------ 4 重要公告
  news({
    id: 431,
    category: 4,
    title: '2026年一分一段表预计6月25日至7月1日陆续发布',
    description: '各省考试院一般在出分后发布一分一段表；发布前本站的位次查询以2025年表格为参考。',
    content:
      '各省教育考试院一般在公布成绩后陆续发布一分一段表，预计2026年的表格在6月25日至7月1日之间发布。在本省2026年表格发布并收录之前，本站的位次查询使用2025年的一分一段表，结果只能作为参考。2025年首次实行“3+1+2”的山西、内蒙古、河南、四川、陕西、云南、青海、宁夏，往年数据因改革断档，参考性更弱。',
    publishAt: '2026-06-05 09:00:00',
    source: 'GP cli/data/datasets/data-year-status.json',
    facts: [
      {
        kind: 'quote',
        file: STATUS,
        text: '"expected_2026_window": "2026-06-25 → 2026-07-01 (各省考试院出分次日发布)"',
      },
      {
        kind: 'quote',
        file: STATUS,
        text: '新高考首届省份 (山西/内蒙古/河南/四川/陕西/云南/青海/宁夏) 由于改革断档，参考性更弱',
      },
    ],
  }),
  news({
    id: 432,
    category: 4,
    title: '2026年招生计划和投档线的发布时间窗口',
    description: '2026年各省招生计划预计6月25日至7月15日发布，本科批投档线预计7月15日至30日产生。',
    content:
      '高考后的数据按以下顺序产生：出分约在6月23日至25日，一分一段表在6月25日至7月1日，各省招生计划全本约在7月1日至15日（部分省份出分后即开始发布），本科批投档线在7月15日至30日。在2026年数据发布之前，本站的院校计划和历年分数以2025年数据作为参考基线；新数据发布后，专业组的专业、计划数和选科要求可能调整，请重新查询。',
    publishAt: '2026-06-05 10:00:00',
    source: 'GP cli/data/datasets/data-year-status.json',
    facts: [
      {
        kind: 'quote',
        file: STATUS,
        text: '高考 6/7-6/8 → 出分 ~6/23-6/25 → 一分一段 6/25-7/1 → 各省招生计划全本 ~7/1-7/15 → 投档线 7/15-7/30',
      },
      {
        kind: 'quote',
        file: STATUS,
        text: '"expected_2026_window": "2026-06-25 → 2026-07-15 (出分后各省考试院陆续发布)"',
      },
      {
        kind: 'quote',
        file: STATUS,
        text: '"expected_2026_window": "2026-07-15 → 2026-07-30 (本科批投档结束后)"',
      },
    ],
  }),
  news({
    id: 433,
    category: 4,
    title: '志愿填报时间请以本省考试院公告为准',
    description:
      '截至5月底，仅上海、贵州、广西、青海发布了2026年正式日程，其余省份为按2025年推算的拟定时间。',
    content:
      '本站“考试信息”中的2026年志愿填报时间，截至5月底只有上海、贵州、广西、青海四省区为已发布的正式日程，其余省份是按2025年框架推算的拟定时间，标题中注明“拟定”。各省最终时间以本省教育考试院的公告为准，请在填报前再次核对，避免错过填报窗口。',
    publishAt: '2026-06-06 09:00:00',
    source: 'GP cli/data/datasets/data-year-status.json; GP cli/data/datasets/zhiyuan-calendar-2026.json',
    facts: [
      {
        kind: 'quote',
        file: STATUS,
        text: '31 省日历: 4 confirmed (上海/贵州/广西/青海), 27 tentative based on 2025',
      },
    ],
  }),
  news({
    id: 434,
    category: 4,
    province: '西藏',
    title: '西藏不发布一分一段表',
    description: '西藏2024年、2025年均未发布一分一段表，只发布最低控制分数线，本站因此没有西藏的位次数据。',
    content:
      '西藏2024年和2025年均未发布一分一段表（实行A类、B类双线和文理分科），只公布最低控制分数线，因此本站无法提供西藏的位次查询。西藏考生可参考最低控制分数线和院校历年录取分数。',
    publishAt: '2026-06-06 10:00:00',
    source: 'GP cli/data/datasets/yifenyiduan-manifest.json (reform_corrections); INVENTORY.md §1 (a)',
    facts: [
      {
        kind: 'quote',
        file: YFYD,
        text: '西藏 2024/2025 均不发布一分一段表（A 类/B 类双线 + 文理），只发布最低控制分数线',
      },
    ],
  }),
  news({
    id: 435,
    category: 4,
    province: '新疆',
    title: '新疆2025年仍为文理分科，“3+1+2”首届为2027年',
    description: '新疆2025年高考仍分文科、理科，首届“3+1+2”新高考在2027年。',
    content:
      '新疆2025年高考仍为文科、理科分科考试，本站新疆的一分一段表因此按文科、理科查询。根据新疆招生网2025年5月的公告，新疆首届“3+1+2”新高考在2027年。',
    publishAt: '2026-06-07 09:00:00',
    source: 'GP cli/data/datasets/yifenyiduan-manifest.json (reform_corrections: xjzk.gov.cn 2025-05-27)',
    facts: [
      {
        kind: 'quote',
        file: YFYD,
        text: '新疆 2025 仍是老高考文/理科，3+1+2 首届为 2027 年（agent 校验过 xjzk.gov.cn 2025-05-27 公告）',
      },
    ],
  }),
  news({
    id: 436,
    category: 4,
    title: '关于专业就业数据的说明',
    description: '公开来源没有专业层面的就业率，本站的专业就业率、行业和岗位分布为模拟数据，仅供参考。',
    content:
      '本站“专业就业”中的专业就业率、起薪、行业和岗位分布以及历年趋势，公开来源中没有专业层面的数据，均由带固定种子的模拟程序生成，并标注为模拟（synthetic）。模拟以学校层面的公开就业率（掌上高考学校就业页面、部分高校2024届就业质量报告）校准整体水平，专业五年后薪资以掌上高考专业数据为锚点，专业满意度取自阳光高考专业知识库。请勿把这些数字当作某个专业的真实统计，选专业时请结合高校发布的就业质量报告。',
    publishAt: '2026-06-08 09:00:00',
    source: 'employment-synth/1 (src/datasets/employment/README.md); INVENTORY.md §1 (f)',
    facts: [{ kind: 'quote', file: 'INVENTORY.md', text: 'No major-level employment rates anywhere.' }],
  }),
  news({
    id: 437,
    category: 4,
    title: '强基计划报名一般在4月，出分后进行校测',
    description: '强基计划报名通过阳光高考平台进行，2026年报名时间为4月10日至4月30日。',
    content:
      '2026年强基计划报名时间为4月10日至4月30日，通过阳光高考平台进行；学校考核在高考出分后举行，以北京为例，校测安排在6月28日至30日，录取结果于7月3日公布。具体安排以各高校招生简章为准。',
    publishAt: '2026-04-08 09:00:00',
    source: G_CAL,
    facts: [
      { kind: 'quote', file: CAL, text: '"date": "2026/4/10-4/30", "event": "强基计划 报名 (阳光高考平台)"' },
      { kind: 'quote', file: CAL, text: '"date": "2026/6/28-6/30", "event": "强基计划 校测 (清北复交浙等)"' },
      { kind: 'quote', file: CAL, text: '"date": "2026/7/3", "event": "强基计划 录取结果公布"' },
    ],
  }),
  news({
    id: 438,
    category: 4,
    title: '提前批：未被录取不影响普通批，但服从调剂被录取即不能再参加普通批',
    description: '提前批一次性投档，未被录取可正常参加本科批；若勾选服从调剂并被录取，就不能再回到普通批。',
    content:
      '提前批在本科批之前投档。考生没有被提前批录取，可以正常参加本科批录取，不算滑档。但如果提前批志愿设有调剂条款且考生勾选了服从，一旦被录取即为最终结果，不能再参加本科批。公费师范生、定向培养等计划还有服务期等履约条款，填报前请仔细阅读招生章程。',
    publishAt: '2026-06-09 09:00:00',
    source: 'GP cli/data/datasets/tiqian-pi-programs-2025.json (_notes)',
    facts: [
      {
        kind: 'quote',
        file: `${GP}/tiqian-pi-programs-2025.json`,
        text: '一次性投档，不被录取可正常进入普通批，不算滑档',
      },
      {
        kind: 'quote',
        file: `${GP}/tiqian-pi-programs-2025.json`,
        text: '但若 提前批 设有调剂条款且勾选服从，被录取 = 锁定，无法回普通批',
      },
    ],
  }),
  news({
    id: 439,
    category: 2,
    title: '2024年全国高考报名人数1342万',
    description: '教育部公布的2024年全国高考报名人数为1342万，2023年为1291万。',
    content:
      '据教育部公布的数据，2024年全国普通高校招生考试报名人数为1342万人，2023年为1291万人。各省的考生人数差别很大，可在本站的一分一段表中查看本省各科类的累计人数。',
    publishAt: '2026-04-25 09:00:00',
    source: 'RULES.md (Candidates (2024): P 64h.cn/view/2158.html, attributing the figure to 教育部)',
    facts: [{ kind: 'quote', file: RULES, text: 'National: 1342万 报名 (1291万 in 2023)' }],
  }),
  news({
    id: 440,
    category: 4,
    title: '新高考首届省份：使用往年数据要格外谨慎',
    description: '改革首年的省份往年是文理分科，往年位次和分数与新科类不能直接对照。',
    content:
      '2025年首次实行“3+1+2”的山西、内蒙古、河南、四川、陕西、云南、青海、宁夏，2024年及以前为文科、理科，物理类、历史类的考生构成与原理科、文科并不相同。用往年录取位次估算2026年志愿时，这些省份只有2025年一年同模式数据，建议多拉开梯度、适当增加“保”的志愿。',
    publishAt: '2026-06-10 09:00:00',
    source: 'GP cli/data/datasets/data-year-status.json; RULES.md (Exam-mode years; 冲/稳/保)',
    facts: [
      {
        kind: 'quote',
        file: STATUS,
        text: '新高考首届省份 (山西/内蒙古/河南/四川/陕西/云南/青海/宁夏) 历年数据断档',
      },
      { kind: 'quote', file: RULES, text: 'Several sources advise keeping 保 ≥30%.' },
    ],
  }),
]
