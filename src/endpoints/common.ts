import { unknownProvince } from '../domain/closest.js'
import { findProvince, type Province } from '../domain/provinces.js'
import { badRequest } from '../errors.js'

/**
 * A province named in a request, by short name, full name, code or slug; unknown names are bad input, with the
 * nearest provinces when some are near (`未知省份: 江舒, 是否要找: 江苏`; the spec fixes no text for it).
 */
export function requireProvince(name: string): Province {
  const province = findProvince(name)
  if (!province) throw badRequest(unknownProvince(name))
  return province
}

export const optionalProvince = (name: string | undefined): Province | undefined =>
  name === undefined ? undefined : requireProvince(name)
