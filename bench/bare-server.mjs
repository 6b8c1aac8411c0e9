// The baseline of `npm run bench:serve` (bench/serve.mjs): a bare Fastify route answering a constant envelope, in
// its own process as `gaokao serve` runs in its own. Says `listening <url>` on stderr once it listens.
import Fastify from 'fastify'

const app = Fastify()
app.post('/api/v1/seating/option', async () => ({ code: 200, message: 'success', data: {} }))
await app.listen({ port: 0, host: '127.0.0.1' })
process.stderr.write(`listening http://127.0.0.1:${app.server.address().port}\n`)
process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
