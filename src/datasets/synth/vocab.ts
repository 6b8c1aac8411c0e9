/**
 * The shapes the synthesizer draws from. Orders of magnitude follow public figures (candidates and colleges per
 * province, the 2020 catalogue's 门类 / 大类); nothing here is data a product answer relies on.
 */

/**
 * Per province (short name): candidates in the ordinary 一分一段 tables of a year, in thousands (registrations
 * minus vocational-track candidates, rounded), colleges located there, and the capital.
 */
export const PROVINCE_SHAPE: Readonly<
  Record<string, { candidates: number; colleges: number; capital: string }>
> = {
  北京: { candidates: 55, colleges: 92, capital: '北京' },
  天津: { candidates: 60, colleges: 56, capital: '天津' },
  河北: { candidates: 560, colleges: 125, capital: '石家庄' },
  山西: { candidates: 250, colleges: 85, capital: '太原' },
  内蒙古: { candidates: 150, colleges: 54, capital: '呼和浩特' },
  辽宁: { candidates: 170, colleges: 114, capital: '沈阳' },
  吉林: { candidates: 110, colleges: 66, capital: '长春' },
  黑龙江: { candidates: 160, colleges: 78, capital: '哈尔滨' },
  上海: { candidates: 45, colleges: 64, capital: '上海' },
  江苏: { candidates: 350, colleges: 168, capital: '南京' },
  浙江: { candidates: 300, colleges: 109, capital: '杭州' },
  安徽: { candidates: 450, colleges: 120, capital: '合肥' },
  福建: { candidates: 180, colleges: 89, capital: '福州' },
  江西: { candidates: 400, colleges: 106, capital: '南昌' },
  山东: { candidates: 600, colleges: 153, capital: '济南' },
  河南: { candidates: 900, colleges: 168, capital: '郑州' },
  湖北: { candidates: 350, colleges: 130, capital: '武汉' },
  湖南: { candidates: 450, colleges: 137, capital: '长沙' },
  广东: { candidates: 550, colleges: 160, capital: '广州' },
  广西: { candidates: 400, colleges: 85, capital: '南宁' },
  海南: { candidates: 60, colleges: 21, capital: '海口' },
  重庆: { candidates: 250, colleges: 70, capital: '重庆' },
  四川: { candidates: 600, colleges: 134, capital: '成都' },
  贵州: { candidates: 350, colleges: 75, capital: '贵阳' },
  云南: { candidates: 300, colleges: 82, capital: '昆明' },
  西藏: { candidates: 25, colleges: 7, capital: '拉萨' },
  陕西: { candidates: 250, colleges: 97, capital: '西安' },
  甘肃: { candidates: 200, colleges: 50, capital: '兰州' },
  青海: { candidates: 40, colleges: 12, capital: '西宁' },
  宁夏: { candidates: 55, colleges: 21, capital: '银川' },
  新疆: { candidates: 180, colleges: 56, capital: '乌鲁木齐' },
}

/** 本科 门类 (code, name) and some 专业类 of each; 职业本科 uses the 专科 大类 with code − 20. */
export const UNDERGRAD_CLASSES: readonly [string, string, readonly string[]][] = [
  ['01', '哲学', ['哲学类']],
  ['02', '经济学', ['经济学类', '财政学类', '金融学类', '经济与贸易类']],
  ['03', '法学', ['法学类', '政治学类', '社会学类', '公安学类']],
  ['04', '教育学', ['教育学类', '体育学类']],
  ['05', '文学', ['中国语言文学类', '外国语言文学类', '新闻传播学类']],
  ['06', '历史学', ['历史学类']],
  ['07', '理学', ['数学类', '物理学类', '化学类', '地理科学类', '生物科学类', '统计学类']],
  [
    '08',
    '工学',
    [
      '力学类',
      '机械类',
      '材料类',
      '能源动力类',
      '电气类',
      '电子信息类',
      '自动化类',
      '计算机类',
      '土木类',
      '化工与制药类',
      '交通运输类',
      '环境科学与工程类',
      '建筑类',
    ],
  ],
  ['09', '农学', ['植物生产类', '动物生产类', '林学类']],
  ['10', '医学', ['基础医学类', '临床医学类', '口腔医学类', '中医学类', '药学类', '护理学类']],
  ['12', '管理学', ['管理科学与工程类', '工商管理类', '公共管理类', '电子商务类', '旅游管理类']],
  ['13', '艺术学', ['音乐与舞蹈学类', '戏剧与影视学类', '美术学类', '设计学类']],
]

export const VOCATIONAL_CLASSES: readonly [string, string, readonly string[]][] = [
  ['41', '农林牧渔大类', ['农业类', '畜牧业类']],
  ['44', '土木建筑大类', ['土建施工类', '建设工程管理类', '建筑设计类']],
  ['46', '装备制造大类', ['机械设计制造类', '机电设备类', '自动化类', '汽车制造类']],
  ['47', '生物与化工大类', ['化工技术类', '生物技术类']],
  ['49', '食品药品与粮食大类', ['食品类', '药品与医疗器械类']],
  ['50', '交通运输大类', ['道路运输类', '铁道运输类', '城市轨道交通类']],
  ['51', '电子与信息大类', ['电子信息类', '计算机类', '通信类']],
  ['52', '医药卫生大类', ['护理类', '药学类', '医学技术类', '康复治疗类']],
  ['53', '财经商贸大类', ['财务会计类', '电子商务类', '物流类', '市场营销类']],
  ['54', '旅游大类', ['旅游类', '餐饮类']],
  ['55', '文化艺术大类', ['艺术设计类', '表演艺术类']],
  ['56', '新闻传播大类', ['广播影视类']],
  ['57', '教育与体育大类', ['教育类', '语言类', '体育类']],
  ['58', '公安与司法大类', ['法律实务类']],
  ['59', '公共管理与服务大类', ['公共服务类', '公共管理类']],
]

/** Endings that make a major name out of a 专业类 name (计算机 + 科学与技术). */
export const MAJOR_SUFFIXES = [
  '',
  '工程',
  '技术',
  '科学与技术',
  '管理',
  '应用',
  '教育',
  '设计',
  '与信息工程',
  '智能工程',
  '运营',
  '服务',
]

export const SCHOOL_WORDS = [
  '理工',
  '师范',
  '医科',
  '财经',
  '农业',
  '工业',
  '科技',
  '外国语',
  '交通',
  '政法',
  '艺术',
  '海洋',
  '民族',
  '电子',
  '建筑',
]

export const SCHOOL_TYPES = [
  '综合类',
  '理工类',
  '理工类',
  '师范类',
  '医药类',
  '财经类',
  '农林类',
  '政法类',
  '艺术类',
  '语言类',
  '民族类',
  '体育类',
]

export const MAJOR_DIRECTIONS = ['智能制造', '大数据', '国际班', '卓越工程师', '中外合作']

/** GB/T 4754 门类 where graduates work; 其他行业 is always last. */
export const INDUSTRIES = [
  '信息传输、软件和信息技术服务业',
  '制造业',
  '教育',
  '卫生和社会工作',
  '金融业',
  '建筑业',
  '批发和零售业',
  '租赁和商务服务业',
  '科学研究和技术服务业',
  '公共管理、社会保障和社会组织',
  '交通运输、仓储和邮政业',
  '文化、体育和娱乐业',
]

export const POSITIONS = [
  '工程技术人员',
  '教学人员',
  '医护人员',
  '财务会计',
  '销售',
  '行政办公',
  '软件开发',
  '设计',
  '生产运营',
  '法务',
]

export const CONTENT_TITLES = ['政策解读', '考试信息', '院校动态', '重要公告']
