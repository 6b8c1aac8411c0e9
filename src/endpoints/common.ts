import { findProvince, type Province } from '../domain/provinces.js'
import { badRequest } from '../errors.js'

/** A province named in a request, by short name, full name, code or slug; unknown names are bad input. */
export function requireProvince(name: string): Province {
  const province = findProvince(name)
  if (!province) throw badRequest(`未知省份: ${name}`)
  return province
}

export const optionalProvince = (name: string | undefined): Province | undefined =>
  name === undefined ? undefined : requireProvince(name)
