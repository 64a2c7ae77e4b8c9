import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { Ajv } from 'ajv'
import { type ClientKey, readClientKey } from '../../conformance/harness/client-identity/client-key-pem.ts'
import { jsonSyntaxError } from '../../conformance/harness/target/json-syntax.ts'
import { describeErrors, fileProblem } from '../../conformance/harness/target/load-target.ts'
import { ClientTargetError } from './client-target-error.ts'

/** A client target file (client-target.schema.json), its paths resolved and its key read. */
export interface ClientTarget {
  file: string
  /** The file as written, for the evidence archive (its private key is replaced there). */
  raw: Record<string, unknown>
  name?: string
  adapter: string
  /** Absolute: the folder the adapter runs from. */
  cwd: string
  timeoutSeconds?: number
  /** The user's own client key; absent, the suite makes one per run. */
  key?: ClientKey
}

const SCHEMA = JSON.parse(readFileSync(new URL('./client-target.schema.json', import.meta.url), 'utf8'))
const validate = new Ajv({ allErrors: true, verbose: true }).compile(SCHEMA)

interface ClientTargetFields {
  name?: string
  adapter: string
  cwd?: string
  timeoutSeconds?: number
  client?: { keyId: string; privateKey?: string; privateKeyFile?: string }
}

/** Reads and checks a client target file: every problem names its field; paths are relative to the file. */
export function loadClientTarget(path: string): ClientTarget {
  const file = resolve(path)
  const missing = fileProblem(file)
  if (missing) throw new ClientTargetError(path, [missing])
  const text = readFileSync(file, 'utf8')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new ClientTargetError(path, [
      `not valid JSON: ${jsonSyntaxError(text) ?? (error as Error).message}`,
    ])
  }
  if (!validate(parsed)) throw new ClientTargetError(path, describeErrors(validate.errors ?? []))
  const fields = parsed as ClientTargetFields
  const baseDir = dirname(file)
  const problems: string[] = []
  const cwd = resolve(baseDir, fields.cwd ?? '.')
  if (fields.cwd) {
    const problem = folderProblem(cwd)
    if (problem) problems.push(`cwd: ${problem}`)
  }
  const key = fields.client ? clientKey(fields.client, baseDir, problems) : undefined
  if (problems.length > 0) throw new ClientTargetError(path, problems)
  return {
    file,
    raw: parsed as Record<string, unknown>,
    adapter: fields.adapter,
    cwd,
    ...(fields.name ? { name: fields.name } : {}),
    ...(fields.timeoutSeconds ? { timeoutSeconds: fields.timeoutSeconds } : {}),
    ...(key ? { key } : {}),
  }
}

function clientKey(
  client: NonNullable<ClientTargetFields['client']>,
  baseDir: string,
  problems: string[],
): ClientKey | undefined {
  if (!client.privateKey === !client.privateKeyFile) {
    problems.push('client: give exactly one of client.privateKey and client.privateKeyFile')
    return undefined
  }
  let pem = client.privateKey
  const field = pem ? 'client.privateKey' : 'client.privateKeyFile'
  if (client.privateKeyFile) {
    const keyFile = resolve(baseDir, client.privateKeyFile)
    const problem = fileProblem(keyFile)
    if (problem) {
      problems.push(`client.privateKeyFile: ${problem}`)
      return undefined
    }
    pem = readFileSync(keyFile, 'utf8')
  }
  try {
    return readClientKey(client.keyId, pem!)
  } catch (error) {
    problems.push(
      `${field}: not an Ed25519 private key in PKCS#8 PEM (or base64 of it): ${(error as Error).message}`,
    )
    return undefined
  }
}

function folderProblem(folder: string): string | undefined {
  if (!existsSync(folder)) return `folder not found (resolved to ${folder})`
  return statSync(folder).isDirectory() ? undefined : `not a folder: ${folder} is a file`
}
