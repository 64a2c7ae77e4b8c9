import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { BaselineError } from './baseline-error.ts'
import { findRule } from './registry.ts'

/** One expected failure: a rule, or one test, and why it is expected. */
export interface BaselineEntry {
  rule?: string
  test?: string
  reason: string
}

/** A spec rule the target is known to leave untested (a capability it lacks), and why that is accepted. */
export interface UntestedEntry {
  rule: string
  reason: string
}

export interface Baseline {
  file: string
  target?: string
  expectedFailures: BaselineEntry[]
  /** Rules expected NOT TESTED or PENDING: their gap does not make the run exit INCOMPLETE. */
  expectedUntested?: UntestedEntry[]
}

let validator: ValidateFunction | undefined

// Compiled at the first read, not on import: every Playwright worker imports this module, and most runs read no
// baseline. The format's schema is published with the reports (`$schema` of every baseline file points there).
function validatorOfTheFormat(): ValidateFunction {
  validator ??= new Ajv({ allErrors: true }).compile(
    JSON.parse(
      readFileSync(new URL('../../../reports/schemas/baseline.schema.json', import.meta.url), 'utf8'),
    ),
  )
  return validator
}

/**
 * Reads and checks a baseline file; every problem names its field. `isRule` tells the IDs of the mode's registry
 * (the server's by default; client mode passes its own).
 */
export function loadBaseline(
  path: string,
  isRule: (id: string) => boolean = (id) => findRule(id) !== undefined,
): Baseline {
  const file = resolve(path)
  if (!existsSync(file)) throw new BaselineError(path, [`file not found (resolved to ${file})`])
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new BaselineError(path, [`not valid JSON: ${(error as Error).message}`])
  }
  const validate = validatorOfTheFormat()
  if (!validate(parsed)) throw new BaselineError(path, (validate.errors ?? []).map(describe))
  const baseline = parsed as Omit<Baseline, 'file'>
  const unknownIn = (field: string, entries: readonly { rule?: string }[]) =>
    entries.flatMap((entry, i) =>
      entry.rule && !isRule(entry.rule)
        ? [`${field}[${i}].rule: unknown rule ID ${JSON.stringify(entry.rule)}`]
        : [],
    )
  const unknown = [
    ...unknownIn('expectedFailures', baseline.expectedFailures),
    ...unknownIn('expectedUntested', baseline.expectedUntested ?? []),
  ]
  if (unknown.length > 0) throw new BaselineError(path, unknown)
  return { file, ...baseline }
}

function describe(error: ErrorObject): string {
  const field = error.instancePath
    .slice(1)
    .replaceAll(/\/(\d+)/g, '[$1]')
    .replaceAll('/', '.')
  if (error.keyword === 'required')
    return `${[field, error.params.missingProperty].filter(Boolean).join('.')}: required field is missing`
  if (error.keyword === 'additionalProperties')
    return `${[field, error.params.additionalProperty].filter(Boolean).join('.')}: unknown field`
  if (error.keyword === 'oneOf') return `${field}: give exactly one of rule and test`
  return `${field || '(root)'}: ${error.message}`
}

/**
 * A test entry names a test by its full title (project › file › describe › title, as verdict.json shows it) or
 * by its end (`describe › title`), which stays the same when the test moves to another project or file. A spec
 * file is `x.spec.ts` in a checkout and `x.spec.js` in the installed package: a full title names the test in both.
 */
export function namesTest(entry: string, title: string): boolean {
  const named = withoutSpecExtension(entry)
  const full = withoutSpecExtension(title)
  return full === named || full.endsWith(` › ${named}`)
}

const withoutSpecExtension = (title: string) => title.replace(/\.spec\.[jt]s( ›|$)/g, '.spec$1')
