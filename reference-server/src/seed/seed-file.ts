import { createPublicKey } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { JWK } from '@interledger/open-payments'
import { parseUint64 } from '../shared/uint64.ts'
import { walletAddressNameProblem } from '../wallet-addresses/name.ts'

export interface SeedWalletAddress {
  name: string
  publicName: string | undefined
  assetCode: string
  assetScale: number
  /** Opening balance, credited only when the address is first created. */
  balance: bigint
  keys: JWK[]
}

export interface Seed {
  walletAddresses: SeedWalletAddress[]
}

export class SeedError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid seed file ${file}: ${problems.join('; ')}`)
    this.name = 'SeedError'
  }
}

export async function readSeedFile(file: string): Promise<Seed> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(err)
    throw new SeedError(file, [`${reason} (set SEED_FILE)`])
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (err) {
    throw new SeedError(file, [`not valid JSON: ${(err as Error).message}`])
  }
  const seed = parseSeed(data)
  if (Array.isArray(seed)) throw new SeedError(file, seed)
  return seed
}

const ENTRY_FIELDS = ['name', 'publicName', 'assetCode', 'assetScale', 'balance', 'keys']
const KEY_FIELDS = ['kid', 'alg', 'use', 'kty', 'crv', 'x']
const ASSET_CODE = /^[A-Z0-9]{3,16}$/

/** Validates parsed seed JSON; returns every problem found, each naming its entry and field. */
export function parseSeed(data: unknown): Seed | string[] {
  if (!isRecord(data) || !Array.isArray(data.walletAddresses)) {
    return ['the top level must be an object with a "walletAddresses" array']
  }
  const problems: string[] = []
  const unknownTopLevel = Object.keys(data).filter((key) => key !== 'walletAddresses')
  if (unknownTopLevel.length > 0) problems.push(`unknown top-level field(s): ${unknownTopLevel.join(', ')}`)

  const seen = new Set<string>()
  const walletAddresses: SeedWalletAddress[] = []
  data.walletAddresses.forEach((entry: unknown, index) => {
    if (!isRecord(entry)) {
      problems.push(`walletAddresses[${index}] must be an object`)
      return
    }
    const at = `walletAddresses[${index}]${typeof entry.name === 'string' ? ` (${entry.name})` : ''}`
    const parsed = parseEntry(entry, (field, message) => problems.push(`${at}.${field} ${message}`))
    if (parsed === undefined) return
    if (seen.has(parsed.name)) problems.push(`${at}.name "${parsed.name}" appears more than once`)
    seen.add(parsed.name)
    walletAddresses.push(parsed)
  })
  return problems.length > 0 ? problems : { walletAddresses }
}

type Report = (field: string, message: string) => void

/** Undefined when the entry has problems, all of which were reported. */
function parseEntry(entry: Record<string, unknown>, report: Report): SeedWalletAddress | undefined {
  let valid = true
  const problem: Report = (field, message) => {
    valid = false
    report(field, message)
  }
  for (const key of Object.keys(entry)) {
    if (!ENTRY_FIELDS.includes(key)) problem(key, `is not a known field (known: ${ENTRY_FIELDS.join(', ')})`)
  }

  const { name, publicName, assetCode, assetScale, balance, keys } = entry
  if (typeof name !== 'string') problem('name', 'is required and must be a string')
  else {
    const nameProblem = walletAddressNameProblem(name)
    if (nameProblem !== undefined) problem('name', nameProblem)
  }
  if (publicName !== undefined && (typeof publicName !== 'string' || publicName.trim() === '')) {
    problem('publicName', 'must be a non-empty string when present')
  }
  if (typeof assetCode !== 'string' || !ASSET_CODE.test(assetCode)) {
    problem('assetCode', 'is required: 3 to 16 uppercase letters or digits, such as "USD"')
  }
  if (typeof assetScale !== 'number' || !Number.isInteger(assetScale) || assetScale < 0 || assetScale > 255) {
    problem('assetScale', 'is required and must be an integer from 0 to 255')
  }
  const parsedBalance = balance === undefined ? 0n : parseUint64(balance)
  if (parsedBalance === undefined) {
    problem('balance', 'must be a string holding an unsigned 64-bit integer, such as "100000000"')
  }
  const parsedKeys = parseKeys(keys, problem)

  if (!valid) return undefined
  return {
    name: name as string,
    publicName: publicName as string | undefined,
    assetCode: assetCode as string,
    assetScale: assetScale as number,
    balance: parsedBalance as bigint,
    keys: parsedKeys,
  }
}

function parseKeys(keys: unknown, problem: Report): JWK[] {
  if (keys === undefined) return []
  if (!Array.isArray(keys)) {
    problem('keys', 'must be an array of public Ed25519 JWKs')
    return []
  }
  const kids = new Set<string>()
  const parsed: JWK[] = []
  keys.forEach((key: unknown, index) => {
    const field = `keys[${index}]`
    const jwk = parseJwk(key, (member, message) => problem(`${field}${member}`, message))
    if (jwk === undefined) return
    if (kids.has(jwk.kid)) problem(`${field}.kid`, `"${jwk.kid}" appears more than once`)
    kids.add(jwk.kid)
    parsed.push(jwk)
  })
  return parsed
}

/** Reports problems against the key as a whole (member "") or against one of its members (".x"). */
function parseJwk(key: unknown, problem: (member: string, message: string) => void): JWK | undefined {
  if (!isRecord(key)) {
    problem('', 'must be an object')
    return undefined
  }
  if ('d' in key) {
    problem('', 'must be a public key: remove "d", the private key, from the seed file')
    return undefined
  }
  const unknown = Object.keys(key).filter((field) => !KEY_FIELDS.includes(field))
  if (unknown.length > 0) {
    problem('', `has unknown field(s) ${unknown.join(', ')} (known: ${KEY_FIELDS.join(', ')})`)
    return undefined
  }
  const { kid, alg, use, kty, crv, x } = key
  if (typeof kid !== 'string' || kid === '') {
    problem('.kid', 'is required and must be a non-empty string')
    return undefined
  }
  if (kty !== 'OKP' || crv !== 'Ed25519' || alg !== 'EdDSA' || (use !== undefined && use !== 'sig')) {
    problem('', 'must be an Ed25519 key: kty "OKP", crv "Ed25519", alg "EdDSA" and, if present, use "sig"')
    return undefined
  }
  if (typeof x !== 'string' || !isEd25519PublicKey(x)) {
    problem('.x', 'must be a base64url-encoded Ed25519 public key')
    return undefined
  }
  return use === undefined ? { kid, alg, kty, crv, x } : { kid, alg, use, kty, crv, x }
}

function isEd25519PublicKey(x: string): boolean {
  try {
    createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
    return true
  } catch {
    return false
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
