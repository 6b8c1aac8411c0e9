// A second load generator for bench/serve.mjs, much lighter than autocannon: each connection sends its request,
// reads the status line and Content-Length, skips the body's bytes without parsing or copying them, and sends the
// next. autocannon parses every response in full: at the bare route's rate it uses most of a core of these 2-core
// machines and holds the bare route below what that route can do, which flatters every ratio to it; and on large
// answers it is the limit of the line (historical-scores-list's 47 KB). Measured with this client, the baseline
// and the lines are the servers' own limits. Returns what bench/serve.mjs reads of an autocannon result.
import net from 'node:net'

/** Latencies are counted in buckets of 10 µs up to 5 s */
const BUCKET_MS = 0.01
const BUCKETS = 500_000

export function lightLoad({
  url,
  method = 'POST',
  path,
  headers = {},
  body = '',
  connections = 64,
  duration = 5,
}) {
  const target = new URL(url)
  const payload = Buffer.from(body)
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${target.host}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    `Content-Length: ${payload.length}`,
    '',
    '',
  ].join('\r\n')
  const request = Buffer.concat([Buffer.from(head, 'latin1'), payload])
  const latency = new Uint32Array(BUCKETS)
  let answered = 0
  let non2xx = 0
  let errors = 0
  let stopping = false
  let open = 0
  let started = 0
  let finished = false
  const sockets = new Set()
  return new Promise((resolve) => {
    const finish = () => {
      if (finished) return
      finished = true
      const seconds = (performance.now() - started) / 1000
      resolve({
        requests: { average: answered / seconds },
        latency: { p50: percentile(latency, answered, 0.5), p99: percentile(latency, answered, 0.99) },
        non2xx,
        errors,
      })
    }
    const connect = () => {
      open++
      const socket = net.connect(Number(target.port), target.hostname)
      sockets.add(socket)
      socket.setNoDelay(true)
      let header = null // bytes of a status line and headers not yet complete
      let remaining = -1 // body bytes still to skip; -1 while reading the head
      let sent = 0
      const send = () => {
        sent = performance.now()
        socket.write(request)
      }
      let closed = false
      const close = (failed) => {
        if (closed) return
        closed = true
        if (failed) errors++
        socket.destroy()
        sockets.delete(socket)
        if (--open === 0 && stopping) finish()
        else if (!stopping) connect()
      }
      socket.on('connect', send)
      socket.on('error', () => close(true))
      // a server may close a kept-alive connection between answers (not a failure); mid-answer it is one
      socket.on('end', () => close(remaining >= 0 || header !== null))
      socket.on('data', (chunk) => {
        let at = 0
        while (at < chunk.length) {
          if (remaining < 0) {
            header = header ? Buffer.concat([header, chunk.subarray(at)]) : chunk.subarray(at)
            const end = header.indexOf('\r\n\r\n')
            if (end < 0) return
            const text = header.toString('latin1', 0, end)
            const status = Number(text.slice(9, 12))
            const length = /\r\ncontent-length: *(\d+)/iu.exec(text)
            // every answer of these servers says its length; a chunked one would be mis-read, so it counts as failed
            if (!length) return close(true)
            if (status < 200 || status > 299) non2xx++
            remaining = Number(length[1])
            at = chunk.length - (header.length - (end + 4))
            header = null
          }
          const take = Math.min(remaining, chunk.length - at)
          remaining -= take
          at += take
          if (remaining === 0) {
            remaining = -1
            answered++
            latency[Math.min(BUCKETS - 1, Math.floor((performance.now() - sent) / BUCKET_MS))]++
            if (stopping) return close(false)
            send()
          }
        }
      })
    }
    started = performance.now()
    for (let i = 0; i < connections; i++) connect()
    setTimeout(() => {
      stopping = true
      // a connection whose answer never comes does not hold the run: it counts as failed
      setTimeout(() => {
        errors += sockets.size
        for (const socket of sockets) socket.destroy()
        finish()
      }, 10_000).unref()
    }, duration * 1000)
  })
}

/** The latency (ms, rounded as autocannon rounds) under which a share `q` of the answers came */
function percentile(counts, total, q) {
  let seen = 0
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i]
    if (seen >= q * total) return Math.round((i + 1) * BUCKET_MS)
  }
  return Math.round(counts.length * BUCKET_MS)
}
