import type { Command } from 'commander'
import type { CliIo } from './io.js'

/** `gaokao datasets ...`: the data staff's commands. Each loads its implementation only when it runs. */
export function registerDatasetsCommands(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const datasets = program.command('datasets').description('数据集工具: 构建, 校验, 导入, 概况')
  datasets
    .command('build')
    .description('从公开数据源目录构建 datasets/*.parquet (确定性: 两次构建字节相同)')
    .requiredOption('--from <dir>', '数据源目录, 如 ../shared/data/sources')
    .option('--out <dir>', '输出目录', 'datasets')
    .option('--tables <names>', '只构建这些表, 逗号分隔')
    .option('--report <file>', '把完整构建报告 (每张表的来源, 冲突, 剔除原因) 写成 JSON')
    .action(async (opts: { from: string; out: string; tables?: string; report?: string }) => {
      const { runDatasetsBuild } = await import('./datasets-build.js')
      setExit(await runDatasetsBuild(opts, io))
    })
}
