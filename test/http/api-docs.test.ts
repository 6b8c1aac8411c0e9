import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_DOCS_ASSETS, DOCS_POLICY } from '../../src/http/api-docs.js'
import { buildApp } from '../../src/http/app.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// GET /api-docs: the OpenAPI document as a page, from this installation's own files.

let app: FastifyInstance
beforeAll(async () => {
  app = await buildApp({ datasetsDir: await buildFixtureDatasets(), storeDir: tempStore() })
})
afterAll(() => app.close())

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

describe('/api-docs', () => {
  it('is an HTML page that loads only this server’s scripts and the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api-docs' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-security-policy']).toBe(DOCS_POLICY)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    const sources = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])
    expect(sources).toEqual(expect.arrayContaining(['/api-docs/swagger-ui-bundle.js', '/api-docs/init.js']))
    for (const s of sources) expect(s).toMatch(/^\/api-docs\//)
    // no inline script: the policy would refuse it
    expect(res.body).not.toMatch(/<script>[^<]/)
    const init = await app.inject({ method: 'GET', url: '/api-docs/init.js' })
    expect(init.body).toContain("url: '/openapi.json'")
    expect((await app.inject({ method: 'GET', url: '/api-docs/' })).statusCode).toBe(200)
  })
  it('serves the Swagger UI files of node_modules, byte for byte, with their types', async () => {
    for (const name of API_DOCS_ASSETS) {
      const res = await app.inject({ method: 'GET', url: `/api-docs/${name}` })
      expect(res.statusCode, name).toBe(200)
      expect(res.rawPayload.equals(readFileSync(join(swaggerDir, name))), name).toBe(true)
    }
    const css = await app.inject({ method: 'GET', url: '/api-docs/swagger-ui.css' })
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
  })
  it('serves nothing else of the package or the disk', async () => {
    for (const url of [
      '/api-docs/package.json',
      '/api-docs/index.html',
      '/api-docs/..%2F..%2Fpackage.json',
      '/api-docs/../package.json',
    ]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.json().code, url).toBe(404)
    }
  })
})
