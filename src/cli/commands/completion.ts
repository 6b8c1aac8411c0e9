import type { CommandSpec } from './define.js'

/** `gaokao completion bash|zsh|fish`: the shell's completion script (the candidates come from `__complete`). */
export const COMPLETION_COMMANDS: readonly CommandSpec[] = [
  {
    words: ['completion'],
    description: '输出 shell 补全脚本 (bash, zsh, fish): 补全命令, 参数, 以及省份, 科类, 批次等取值',
    arguments: [{ name: 'shell', description: 'bash, zsh 或 fish' }],
    options: [],
    help: `
启用:
  bash:  source <(gaokao completion bash)      (写入 ~/.bashrc 则长期有效)
  zsh:   source <(gaokao completion zsh)       (写入 ~/.zshrc)
  fish:  gaokao completion fish | source       (或保存到 ~/.config/fish/completions/gaokao.fish)`,
    load: async () => (await import('../completion-command.js')).completionRun,
  },
]
