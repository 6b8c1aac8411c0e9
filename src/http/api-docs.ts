import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { fail } from '../endpoints/envelope.js'

/**
 * `GET /api-docs`: the OpenAPI document (`/openapi.json`) as a browsable page, Swagger UI served from this
 * installation's own files (the swagger-ui-dist package), never from a CDN: the server may run where there is no
 * Internet, and a page that loads scripts from elsewhere is a page someone else controls. The single executable
 * has no node_modules: the packaging script (scripts/package-sea.mjs) embeds the same files as its assets
 * `api-docs/<file>`. Where neither is found the page answers a 404 envelope saying so; /openapi.json still works.
 */

/** The files the page uses, the only ones served (no path from the request reaches the file system). */
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
}
export const API_DOCS_ASSETS = Object.keys(ASSETS)

/** Scripts and styles from this server only; inline styles, which Swagger UI sets on elements; its icons as data: */
export const DOCS_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>gaokao 接口文档</title>
<link rel="stylesheet" href="/api-docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api-docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api-docs/swagger-ui-bundle.js"></script>
<script src="/api-docs/init.js"></script>
</body>
</html>
`

// A file of its own, not an inline script: the policy allows no inline script. validatorUrl null: the page asks
// no outside validator about the document.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
})
`

export const ASSETS_MISSING =
  '接口文档页面的资源 (swagger-ui-dist) 不在本安装中; 接口描述仍可从 GET /openapi.json 取得'

/** The swagger-ui-dist folder of this installation, when there is one. */
function packageDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  } catch {
    return undefined
  }
}

/** One asset's bytes: from node_modules, else from the single executable's assets, else undefined. */
async function readAsset(name: string): Promise<Buffer | undefined> {
  const dir = packageDir()
  if (dir) return readFile(join(dir, name)).catch(() => undefined)
  try {
    const sea = await import('node:sea')
    return sea.isSea() ? Buffer.from(sea.getAsset(`api-docs/${name}`)) : undefined
  } catch {
    return undefined
  }
}

export function addApiDocs(app: FastifyInstance): void {
  // Read once, on first ask (1.9 MB that most servers are never asked for).
  const kept = new Map<string, Promise<Buffer | undefined>>()
  const asset = (name: string) => {
    const bytes = kept.get(name) ?? readAsset(name)
    kept.set(name, bytes)
    return bytes
  }
  const missing = (reply: FastifyReply) => reply.code(404).send(fail(404, ASSETS_MISSING))

  const page = async (_req: unknown, reply: FastifyReply) => {
    // Without the bundle the page would be blank: say why instead.
    if (!(await asset('swagger-ui-bundle.js'))) return missing(reply)
    return reply.header('content-security-policy', DOCS_POLICY).type('text/html; charset=utf-8').send(PAGE)
  }
  app.get('/api-docs', page)
  app.get('/api-docs/', page)
  app.get('/api-docs/init.js', async (_req, reply) =>
    reply
      .header('content-security-policy', DOCS_POLICY)
      .type(ASSETS['swagger-ui-bundle.js'] as string)
      .send(INIT),
  )
  for (const [name, type] of Object.entries(ASSETS))
    app.get(`/api-docs/${name}`, async (_req, reply) => {
      const bytes = await asset(name)
      if (!bytes) return missing(reply)
      return reply
        .header('content-security-policy', DOCS_POLICY)
        .header('cache-control', 'public, max-age=86400')
        .type(type)
        .send(bytes)
    })
}
