import type { Command } from 'commander'

/** What the group words of the CLI stand for, in `gaokao --help`. */
const GROUPS: Readonly<Record<string, string>> = {
  seating: '一分一段: list 全表, rank 本人位次与同分人数, options 筛选项',
  meta: '有数据的科类 (subjects) 与批次 (batches)',
  plans: '招生计划: list 院校计划 (4.9), special 专项计划 (4.4)',
  charts: '图表: provinces 各省计划数 (4.6), categories 科类统计 (4.10)',
  content: '资讯与常见问题 (4.11)',
  feedback: '反馈: submit 提交 (4.12), list 查看与导出',
  datasets: '数据集工具: 构建, 校验, 导入, 概况, 合成',
  tokens: '访问令牌: 创建 (只显示一次), 列出, 吊销',
  schools: '院校: search 按全称, 简称, 拼音或代码查找',
  majors: '专业: search 按名称, 拼音或专业代码查找',
}

/**
 * The command named by `words` (`['seating', 'list']`), created with the group words above it when missing:
 * endpoint commands and the CLI's own commands share one tree (`feedback submit` and `feedback list`).
 */
export function commandFor(program: Command, words: readonly string[]): Command {
  let parent = program
  for (const [i, word] of words.entries()) {
    const existing = parent.commands.find((c) => c.name() === word)
    if (existing) parent = existing
    else {
      // A command that is also the parent of others (`open-majors` and `open-majors list`), and every command
      // above it, stops reading options at a subcommand's name, so that `open-majors list --school-id 1` reaches
      // `list` instead of `open-majors` taking the flags it shares with it.
      if (parent !== program)
        for (let c: Command | null = parent; c; c = c.parent) c.enablePositionalOptions()
      const created = parent.command(word)
      // A group word (`seating`) without its own endpoint just lists its subcommands.
      if (i < words.length - 1) created.description(GROUPS[word] ?? `${word} 相关命令`)
      parent = created
    }
  }
  return parent
}
