import { processIo } from './io.js'
import { runCli } from './program.js'

// `gaokao ... | head` closes the pipe early: that is the reader's choice, not an error to report.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0)
    throw err
  })
}

process.exitCode = await runCli(process.argv.slice(2), processIo())
// A worker of `serve --workers` (src/http/cluster.ts) would be kept alive by its channel to the primary.
process.disconnect?.()
