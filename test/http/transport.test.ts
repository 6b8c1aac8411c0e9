import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/http/app.js'
import { clientErrorHandler, isLoopbackInterface, loopbackHostOf } from '../../src/http/transport-errors.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// Requests that fail before a route sees them, and the Host check of a server on the loopback interface.
let app: FastifyInstance
let loopback: FastifyInstance
beforeAll(async () => {
  const dir = await buildFixtureDatasets()
  app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
  loopback = await buildApp({ datasetsDir: dir, storeDir: tempStore(), loopbackOnly: true })
})
afterAll(async () => {
  await app.close()
  await loopback.close()
})

describe('errors before any route', () => {
  it('a path whose %-encoding does not decode answers the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/schools/%/major-groups' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 400, message: '请求路径无效: 含有无法解码的 % 编码', data: {} })
  })
  it('a long path parameter reaches its route (not found there); one over the limit is named', async () => {
    const long = '9'.repeat(101)
    const major = await app.inject({ method: 'GET', url: `/api/v1/majors/${long}/offering-schools` })
    expect(major.statusCode).toBe(404)
    const school = await app.inject({ method: 'GET', url: `/api/v1/schools/${long}/major-groups` })
    expect(school.json()).toMatchObject({ code: 404, message: 'School not found' })
    const tooLong = await app.inject({
      method: 'GET',
      url: `/api/v1/schools/${'9'.repeat(2001)}/major-groups`,
    })
    expect(tooLong.json()).toEqual({ code: 400, message: '请求路径无效: 路径参数超过 2000 个字符', data: {} })
  })
  it("a request Node's parser refuses gets the envelope on the socket, with its HTTP status", () => {
    let written = ''
    let destroyed = false
    const socket = {
      destroyed: false,
      writable: true,
      write: (text: string) => {
        written += text
        return true
      },
      destroy: () => {
        destroyed = true
      },
    } as unknown as Socket
    clientErrorHandler(Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_CHAR' }), socket)
    expect(written.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
    expect(written).toContain('Content-Type: application/json; charset=utf-8')
    const body = JSON.parse(written.slice(written.indexOf('\r\n\r\n') + 4))
    expect(body).toMatchObject({ code: 400, data: {} })
    expect(body.message).toContain('百分号编码')
    expect(destroyed).toBe(true)
    written = ''
    clientErrorHandler(Object.assign(new Error('too big'), { code: 'HPE_HEADER_OVERFLOW' }), socket)
    expect(written.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large')
    expect(written).toContain('"code":431')
  })
})

describe('a server on the loopback interface (DNS rebinding)', () => {
  const ask = (host: string) =>
    loopback.inject({ method: 'POST', url: '/api/v1/seating/option', payload: {}, headers: { host } })
  it('answers requests addressed to a loopback name', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST'])
      expect((await ask(host)).json().code, host).toBe(200)
  })
  it('refuses any other Host with a 403 envelope', async () => {
    const res = await ask('evil.example:3000')
    expect(res.json()).toEqual({
      code: 403,
      message:
        '不回答发往 evil.example:3000 的请求: 本机接口只接受发往 localhost / 127.0.0.1 的请求 (防 DNS 重绑定)',
      data: {},
    })
  })
  it('is on exactly when serve listens on a loopback interface', () => {
    expect(['127.0.0.1', 'localhost', '::1', '127.0.0.2'].every(isLoopbackInterface)).toBe(true)
    expect(['0.0.0.0', '192.168.1.5', '::'].some(isLoopbackInterface)).toBe(false)
    expect(loopbackHostOf(undefined)).toBe(false)
    expect(loopbackHostOf('127.0.0.1.evil.example')).toBe(false)
  })
})
