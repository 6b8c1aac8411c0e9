import { z } from 'zod'
import { fieldErrors, once, readJson } from '../data-files.js'

/**
 * Vocabularies of the employment synthesizer, read from `vocab.json` beside this file: the industries a major's
 * graduates go into (GB/T 4754-2017 门类) with their salary levels, the positions they take, which profile a
 * 专业类 or 门类/大类 has, which kind of school (FJ/GP school `type`) a discipline's graduates mostly come from,
 * and the 本科 门类 a 职业教育 大类's salaries are compared with. Each section's `note` says what its values are
 * and why; the weights and salary multipliers are model assumptions of the synthesizer (README.md), not facts
 * from a source.
 */

const FILE = 'src/datasets/employment/vocab.json'

/** An industry code of `industries` (A-S). */
export type IndustryCode = string
/** A key of `profiles`. */
export type ProfileKey = string

/** Where a group of majors' graduates work: industries with base weights, positions with weight and salary multiplier. */
export interface Profile {
  industries: readonly (readonly [IndustryCode, number])[]
  positions: readonly (readonly [name: string, weight: number, salary: number])[]
}

const name = z.string().regex(/^\S(.*\S)?$/u, 'not empty, no space at either end')
const positive = z.number().positive()
const section = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ note: z.string().min(1), ...shape })
const map = <V extends z.ZodType>(value: V) => section({ entries: z.record(name, value) })

const SCHEMA = z.strictObject({
  note: z.string().min(1),
  industries: map(z.strictObject({ name, salary: positive })),
  other: section({ industry: name, position: name }),
  profiles: map(
    z.strictObject({
      industries: z.array(z.strictObject({ code: name, weight: positive })).min(1),
      positions: z.array(z.strictObject({ name, weight: positive, salary: positive })).min(1),
    }),
  ),
  class_profile: map(name),
  discipline_profile: map(name),
  discipline_school_type: map(name),
  class_school_type: map(name),
  salary_reference: map(name),
})

export interface Vocab {
  /** code → name */
  industries: Readonly<Record<IndustryCode, string>>
  /** code → salary level relative to the major's own average (1 = the major's average) */
  industrySalary: Readonly<Record<IndustryCode, number>>
  otherIndustry: string
  otherPosition: string
  profiles: Readonly<Record<ProfileKey, Profile>>
  classProfile: ReadonlyMap<string, ProfileKey>
  disciplineProfile: ReadonlyMap<string, ProfileKey>
  disciplineSchoolType: ReadonlyMap<string, string>
  classSchoolType: ReadonlyMap<string, string>
  salaryReference: ReadonlyMap<string, string>
}

/** The vocabularies of `file` (relative to the package root, or absolute); vocab() reads the checked-in one. */
export function loadVocab(file = FILE): Vocab {
  const v = readJson(file, SCHEMA)
  const problems: string[] = []
  const industries = v.industries.entries
  for (const [key, p] of Object.entries(v.profiles.entries))
    p.industries.forEach((ind, i) => {
      if (!Object.hasOwn(industries, ind.code))
        problems.push(
          `profiles.entries.${key}.industries[${i}].code: "${ind.code}" is not a code of industries`,
        )
    })
  for (const s of ['class_profile', 'discipline_profile'] as const)
    for (const [key, profile] of Object.entries(v[s].entries))
      if (!Object.hasOwn(v.profiles.entries, profile))
        problems.push(`${s}.entries.${key}: "${profile}" is not a key of profiles`)
  if (!Object.hasOwn(v.profiles.entries, 'general'))
    problems.push('profiles.entries.general: missing (the profile of the majors nothing else places)')
  if (problems.length > 0) throw fieldErrors(file, problems)
  return {
    industries: Object.fromEntries(Object.entries(industries).map(([code, i]) => [code, i.name])),
    industrySalary: Object.fromEntries(Object.entries(industries).map(([code, i]) => [code, i.salary])),
    otherIndustry: v.other.industry,
    otherPosition: v.other.position,
    profiles: Object.fromEntries(
      Object.entries(v.profiles.entries).map(([key, p]) => [
        key,
        {
          industries: p.industries.map((i) => [i.code, i.weight] as const),
          positions: p.positions.map((x) => [x.name, x.weight, x.salary] as const),
        },
      ]),
    ),
    classProfile: new Map(Object.entries(v.class_profile.entries)),
    disciplineProfile: new Map(Object.entries(v.discipline_profile.entries)),
    disciplineSchoolType: new Map(Object.entries(v.discipline_school_type.entries)),
    classSchoolType: new Map(Object.entries(v.class_school_type.entries)),
    salaryReference: new Map(Object.entries(v.salary_reference.entries)),
  }
}

/** The vocabularies (read once; DataFileError naming vocab.json and the field when it is malformed). */
export const vocab: () => Vocab = once(() => loadVocab())

/** `工学` stays, `装备制造大类` → `装备制造`. */
export const disciplineKey = (category: string): string => category.trim().replace(/大类$/u, '')

/** The profile of a major: by its 专业类, else by its 门类/大类, else the general profile. */
export function profileFor(className: string, category: string): ProfileKey {
  const v = vocab()
  return v.classProfile.get(className.trim()) ?? v.disciplineProfile.get(disciplineKey(category)) ?? 'general'
}

/**
 * The school type (FJ/GP `type`) whose graduates resemble a major's: by its 专业类, else by its 门类/大类, else
 * 综合类 (vocab.json, discipline_school_type).
 */
export function schoolTypeFor(className: string, category: string): string {
  const v = vocab()
  return (
    v.classSchoolType.get(className.trim()) ?? v.disciplineSchoolType.get(disciplineKey(category)) ?? '综合类'
  )
}

/** The 本科 门类 whose salaries a major's 门类/大类 is compared with (vocab.json, salary_reference). */
export function salaryReferenceDiscipline(category: string): string {
  const d = disciplineKey(category)
  return vocab().salaryReference.get(d) ?? d
}
