#!/usr/bin/env node
// The npm registry reachable from our machines serves only the linux-x64 builds of packages that ship one
// binary package per platform (DuckDB's bindings, Biome's CLI). `npm install` then writes a lockfile without
// the other platforms' optional packages, and `npm ci` refuses it as "out of sync". This adds the missing
// entries, with the os / cpu / libc that their names state, so that `npm ci` accepts the lockfile and skips
// them on this platform as it would anyway. Each such entry gets its integrity hash from the registry's metadata
// (`npm view`, which the registry serves for every platform even where it serves no tarball), so that an `npm ci`
// elsewhere checks what it downloads. Run it after any `npm install` that changes the lockfile.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

const path = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(path, 'utf8'))
const packages = lock.packages

function platformOf(name) {
  const os = /-(darwin|linux|win32|android|freebsd)-/.exec(`${name}-`)?.[1]
  const cpu = /-(x64|arm64|ia32|arm)(?:-|$)/.exec(name)?.[1]
  if (!os || !cpu) return undefined
  return {
    os: [os],
    cpu: [cpu],
    ...(os === 'linux' ? { libc: [name.endsWith('-musl') ? 'musl' : 'glibc'] } : {}),
  }
}

let added = 0
for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const depKey = `node_modules/${dep}`
    if (packages[depKey] || packages[`${key}/${depKey}`]) continue
    const platform = platformOf(dep)
    if (!platform)
      throw new Error(`${dep}: optional dependency missing from the lockfile and not a platform build`)
    packages[depKey] = { version, ...platform, optional: true, ...(entry.dev ? { dev: true } : {}) }
    added++
  }
}
let hashed = 0
for (const [key, entry] of Object.entries(packages)) {
  if (key === '' || entry.integrity || entry.link || !entry.optional || !platformOf(key)) continue
  const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)
  const integrity = execFileSync('npm', ['view', `${name}@${entry.version}`, 'dist.integrity'], {
    encoding: 'utf8',
  }).trim()
  if (!/^sha512-[A-Za-z0-9+/]+=*$/.test(integrity))
    throw new Error(`${name}@${entry.version}: the registry gave no sha512 integrity (${integrity})`)
  entry.integrity = integrity
  hashed++
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
)
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`complete-lockfile: added ${added} platform entries, ${hashed} integrity hashes`)
