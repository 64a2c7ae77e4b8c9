import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { Ajv, type ErrorObject } from 'ajv'
import type { TargetFile } from './target-file.ts'
import { targetFileSchema } from './target-file.ts'

export class TargetFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`target file ${file} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'TargetFileError'
  }
}

const ajv = new Ajv({ allErrors: true, verbose: true })
ajv.addFormat('http-url', { type: 'string', validate: isHttpUrl })
const validateSchema = ajv.compile(targetFileSchema)

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== ''
  } catch {
    return false
  }
}

/** Reads and validates a target file; relative paths inside it are resolved against its folder. */
export function loadTargetFile(path: string): TargetFile {
  const file = resolve(path)
  if (!existsSync(file)) throw new TargetFileError(path, [`file not found (resolved to ${file})`])
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new TargetFileError(path, [`not valid JSON: ${(error as Error).message}`])
  }
  return parseTarget(parsed, path, dirname(file))
}

export function parseTarget(value: unknown, source: string, baseDir: string): TargetFile {
  if (!validateSchema(value)) throw new TargetFileError(source, describeErrors(validateSchema.errors ?? []))
  const target = structuredClone(value) as unknown as TargetFile
  const problems = [...clientProblems(target.client, baseDir), ...consentProblems(target, baseDir)]
  if (problems.length > 0) throw new TargetFileError(source, problems)
  return target
}

function clientProblems(client: TargetFile['client'], baseDir: string): string[] {
  if ('serveLocally' in client && client.serveLocally) {
    const extra = ['walletAddress', 'keyId', 'privateKey', 'privateKeyFile'].filter((key) => key in client)
    return extra.map(
      (key) => `client.${key}: not allowed with client.serveLocally (the suite makes its own key)`,
    )
  }
  const problems: string[] = []
  if (!('walletAddress' in client)) {
    return [
      'client: give either {"serveLocally": true} or {"walletAddress", "keyId", "privateKey"|"privateKeyFile"}',
    ]
  }
  if (!client.keyId) problems.push('client.keyId: required with client.walletAddress (the kid of the JWK)')
  if (!client.privateKey === !client.privateKeyFile) {
    problems.push('client: give exactly one of client.privateKey and client.privateKeyFile')
  }
  if (client.privateKeyFile) {
    const keyFile = resolve(baseDir, client.privateKeyFile)
    if (!existsSync(keyFile)) problems.push(`client.privateKeyFile: file not found (resolved to ${keyFile})`)
    else client.privateKeyFile = keyFile
  }
  return problems
}

function consentProblems(target: TargetFile, baseDir: string): string[] {
  if (!target.consent?.script) return []
  const script = resolve(baseDir, target.consent.script)
  if (!existsSync(script)) return [`consent.script: file not found (resolved to ${script})`]
  target.consent.script = script
  return []
}

function describeErrors(errors: ErrorObject[]): string[] {
  return errors.map((error) => {
    const field = error.instancePath.slice(1).replaceAll('/', '.')
    const at = (name: string) => [field, name].filter(Boolean).join('.')
    switch (error.keyword) {
      case 'required':
        return `${at(error.params.missingProperty)}: required field is missing`
      case 'additionalProperties':
        return `${at(error.params.additionalProperty)}: unknown field`
      case 'format':
        return `${field}: must be an absolute http(s) URL (got ${JSON.stringify(error.data)})`
      case 'enum':
        return `${field}: must be one of ${error.params.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}`
      case 'const':
        return `${field}: must be ${JSON.stringify(error.params.allowedValue)}`
      default:
        return `${field || '(root)'}: ${error.message}`
    }
  })
}
