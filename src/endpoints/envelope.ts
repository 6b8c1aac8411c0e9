/** The response envelope of SPEC 2.1. Errors always carry `data: {}`. */
export interface Envelope<T = unknown> {
  code: number
  message: string
  data: T
}

export const ok = <T>(data: T, message = 'success'): Envelope<T> => ({ code: 200, message, data })

export const fail = (code: number, message: string): Envelope<Record<string, never>> => ({
  code,
  message,
  data: {},
})
