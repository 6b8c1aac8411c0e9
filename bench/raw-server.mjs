// A reference of `npm run bench:serve` (bench/serve.mjs): plain node:http answering every request with the bytes of
// one real answer (the file named by ANSWER_FILE) and the headers `serve` sends with it (security headers, a new
// request id), in its own process. What no server can beat for an answer of that size on this machine: `serve`'s
// line for the same request against this one shows what `serve` itself costs. Says `listening <url>` on stderr.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { SECURITY_HEADERS } from '../dist/http/security-headers.js'

const body = readFileSync(process.env.ANSWER_FILE)
const headers = { 'content-type': 'application/json; charset=utf-8', ...SECURITY_HEADERS }
const server = createServer((req, res) => {
  req.resume()
  req.once('end', () => {
    res.writeHead(200, { ...headers, 'x-request-id': randomUUID(), 'content-length': body.length })
    res.end(body)
  })
})
server.listen(0, '127.0.0.1', () =>
  process.stderr.write(`listening http://127.0.0.1:${server.address().port}\n`),
)
process.on('SIGTERM', () => server.close(() => process.exit(0)))
