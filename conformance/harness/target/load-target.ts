import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { Ajv, type ErrorObject } from 'ajv'
import { loadClientKey } from '../../../clients/src/index.ts'
import { closestName } from './closest-name.ts'
import { isHttpUrl } from './http-url.ts'
import { jsonSyntaxError } from './json-syntax.ts'
import type { Route, TargetFile } from './target-file.ts'
import { targetFileSchema } from './target-file.ts'
import { TargetFileError } from './target-file-error.ts'
import { certificateProblem } from './tls-ca.ts'

const ajv = new Ajv({ allErrors: true, verbose: true })
ajv.addFormat('http-url', { type: 'string', validate: isHttpUrl })
const validateSchema = ajv.compile(targetFileSchema)

/** Reads and validates a target file; relative paths inside it are resolved against its folder. */
export function loadTargetFile(path: string): TargetFile {
  const file = resolve(path)
  const problem = fileProblem(file)
  if (problem) throw new TargetFileError(path, [problem])
  const text = readFileSync(file, 'utf8')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new TargetFileError(path, [`not valid JSON: ${jsonSyntaxError(text) ?? (error as Error).message}`])
  }
  return parseTarget(parsed, path, dirname(file))
}

/** Why a path the target file names cannot be read as a file: missing, or a directory. */
export function fileProblem(file: string): string | undefined {
  if (!existsSync(file)) return `file not found (resolved to ${file})`
  if (statSync(file).isDirectory()) return `not a file: ${file} is a directory`
  return undefined
}

export function parseTarget(value: unknown, source: string, baseDir: string): TargetFile {
  if (!validateSchema(value)) throw new TargetFileError(source, describeErrors(validateSchema.errors ?? []))
  const target = structuredClone(value) as unknown as TargetFile
  const problems = [
    ...clientProblems(target.client, baseDir, 'client'),
    ...secondClientProblems(target, baseDir),
    ...consentProblems(target, baseDir),
    ...routeProblems(target.routes ?? []),
    ...tlsProblems(target, baseDir),
  ]
  if (problems.length > 0) throw new TargetFileError(source, problems)
  return target
}

function clientProblems(client: TargetFile['client'], baseDir: string, field: string): string[] {
  if ('serveLocally' in client && client.serveLocally) {
    const extra = ['walletAddress', 'keyId', 'privateKey', 'privateKeyFile'].filter((key) => key in client)
    return extra.map(
      (key) => `${field}.${key}: not allowed with ${field}.serveLocally (the suite makes its own key)`,
    )
  }
  const problems: string[] = []
  if (!('walletAddress' in client)) {
    return [
      `${field}: give either {"serveLocally": true} or {"walletAddress", "keyId", "privateKey"|"privateKeyFile"}`,
    ]
  }
  if (!client.keyId)
    problems.push(`${field}.keyId: required with ${field}.walletAddress (the kid of the JWK)`)
  if (!client.privateKey === !client.privateKeyFile) {
    problems.push(`${field}: give exactly one of ${field}.privateKey and ${field}.privateKeyFile`)
  }
  if (client.privateKeyFile) {
    const keyFile = resolve(baseDir, client.privateKeyFile)
    const problem = fileProblem(keyFile) ?? keyProblem(readFileSync(keyFile, 'utf8'))
    if (problem) problems.push(`${field}.privateKeyFile: ${problem}`)
    else client.privateKeyFile = keyFile
  } else if (client.privateKey) {
    const problem = keyProblem(client.privateKey)
    if (problem) problems.push(`${field}.privateKey: ${problem}`)
  }
  return problems
}

/** Why a key as the file holds it is not an Ed25519 private key: found offline, before a run's pre-flight. */
function keyProblem(key: string): string | undefined {
  try {
    loadClientKey({ keyId: 'check', privateKey: key })
    return undefined
  } catch (error) {
    return `holds no Ed25519 private key: ${(error as Error).message.replace(/^loadClientKey: /, '')}`
  }
}

function secondClientProblems(target: TargetFile, baseDir: string): string[] {
  const second = target.secondClient
  if (!second) return []
  if (!second.walletAddress) return ['secondClient.walletAddress: required field is missing']
  const problems = clientProblems(second, baseDir, 'secondClient')
  if ('walletAddress' in target.client && sameUrl(target.client.walletAddress, second.walletAddress)) {
    problems.push('secondClient.walletAddress: must differ from client.walletAddress (a second client)')
  }
  return problems
}

function consentProblems(target: TargetFile, baseDir: string): string[] {
  if (!target.consent?.script) return []
  const script = resolve(baseDir, target.consent.script)
  const problem = fileProblem(script)
  if (problem) return [`consent.script: ${problem}`]
  target.consent.script = script
  return []
}

function routeProblems(routes: Route[]): string[] {
  const problems: string[] = []
  const seen = new Map<string, number>()
  for (const [index, route] of routes.entries()) {
    for (const end of ['identity', 'transport'] as const) {
      const url = new URL(route[end])
      if (url.search || url.hash || url.username || url.password) {
        problems.push(
          `routes[${index}].${end}: must be an origin with an optional path, without query, fragment or credentials (got ${JSON.stringify(route[end])})`,
        )
      }
    }
    const identity = new URL(route.identity).href
    const earlier = seen.get(identity)
    if (earlier !== undefined)
      problems.push(`routes[${index}].identity: the same identity as routes[${earlier}]`)
    else seen.set(identity, index)
  }
  return problems
}

function tlsProblems(target: TargetFile, baseDir: string): string[] {
  if (!target.tls) return []
  const caFile = resolve(baseDir, target.tls.caFile)
  const missing = fileProblem(caFile)
  if (missing) return [`tls.caFile: ${missing}`]
  const problem = certificateProblem(readFileSync(caFile, 'utf8'))
  if (problem) return [`tls.caFile: ${problem} (${caFile})`]
  target.tls.caFile = caFile
  return []
}

function sameUrl(a: string, b: string): boolean {
  return new URL(a).href === new URL(b).href
}

/** Ajv's errors as one line each that names the field (the client target file reads its errors with it too). */
export function describeErrors(errors: ErrorObject[]): string[] {
  const meant = misspelledFields(errors)
  // An invalid property name gives two errors, its pattern's and propertyNames' own: keep the latter. A
  // required field that is only misspelled is named once, by its misspelling.
  const named = errors.filter(
    (error) =>
      (error.propertyName === undefined || error.keyword === 'propertyNames') &&
      !(error.keyword === 'required' && meant.has(`${error.instancePath}/${error.params.missingProperty}`)),
  )
  return named.map((error) => {
    const field = error.instancePath
      .slice(1)
      .split('/')
      .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
      .join('')
    const at = (name: string) => [field, name].filter(Boolean).join('.')
    switch (error.keyword) {
      case 'required':
        return `${at(error.params.missingProperty)}: required field is missing`
      case 'additionalProperties': {
        const known = meantFor(error)
        return `${at(error.params.additionalProperty)}: unknown field${known ? `; did you mean "${known}"?` : ''}`
      }
      case 'format':
        return `${field}: must be an absolute http(s) URL (got ${JSON.stringify(error.data)})`
      case 'enum':
        return `${field}: must be one of ${error.params.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}`
      case 'pattern': {
        const what = error.parentSchema?.description ?? `a string matching ${error.params.pattern}`
        return `${field}: must be ${what} (got ${JSON.stringify(error.data)})`
      }
      case 'propertyNames':
        return `${at(error.params.propertyName)}: not a valid header name`
      case 'const':
        return `${field}: must be ${JSON.stringify(error.params.allowedValue)}`
      default:
        return `${field || '(root)'}: ${error.message}`
    }
  })
}

/** The field an unknown one was most likely meant to be, among those its object allows. */
function meantFor(error: ErrorObject): string | undefined {
  const known = Object.keys((error.parentSchema?.properties as object | undefined) ?? {})
  return closestName(error.params.additionalProperty, known)
}

/** `instancePath/field` of each field that an unknown one misspells. */
function misspelledFields(errors: ErrorObject[]): Set<string> {
  return new Set(
    errors
      .filter((error) => error.keyword === 'additionalProperties')
      .map((error) => [error.instancePath, meantFor(error)])
      .filter(([, known]) => known !== undefined)
      .map(([path, known]) => `${path}/${known}`),
  )
}
