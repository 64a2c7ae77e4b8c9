import { isDeepStrictEqual } from 'node:util'
import type { ApiName } from './load-openapi.ts'
import type { OperationRef } from './operations.ts'

/** What a member of a request body must be, as far as breaking it goes. */
export type MemberKind = 'url' | 'string' | 'amount' | 'object'

/** The members of a correct request body a test may break, with what each must be, and those it may leave out. */
export interface BreakableMembers {
  members: Record<string, MemberKind>
  required: string[]
}

/** Where the schemas come from: the loaded official documents, or a fixture in a unit test. */
export interface RequestSchemas {
  requestSchema(api: ApiName, operationId: string): object
  component(api: ApiName, name: string): object
}

interface Schema {
  type?: string
  format?: string
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: unknown
  oneOf?: Schema[]
  anyOf?: Schema[]
}

/**
 * The members of `body` a test may break, read from the operation's request schema: a `format: uri` string is a
 * 'url', the Amount schema an 'amount', another string a 'string', an object an 'object'. The form is the one of
 * the schema's forms (oneOf/anyOf) that admits the members the body sends; a member is required when no form
 * admits the body without it (a quote without its debitAmount is still the quote of an incoming payment that has
 * an amount). Members the body does not send are not listed, nor those in `untouched`.
 */
export function breakableMembers(
  schemas: RequestSchemas,
  { api, operationId }: OperationRef,
  body: Record<string, unknown>,
  untouched: readonly string[] = [],
): BreakableMembers {
  const forms = formsOf(schemas.requestSchema(api, operationId))
  const amount = schemas.component(api, 'amount') as Schema
  const sent = Object.keys(body)
  const form = forms.find((candidate) => admits(candidate, sent))
  if (!form)
    throw new Error(`${operationId}: no form of the request schema admits a body of ${sent.join(', ')}`)
  const properties = form.properties ?? {}
  const unlisted = sent.filter((name) => !(name in properties))
  if (unlisted.length > 0)
    throw new Error(`${operationId}: the request schema lists no ${unlisted.join(', ')}`)
  const breakable = Object.keys(properties).filter((name) => name in body && !untouched.includes(name))
  return {
    members: Object.fromEntries(
      breakable.map((name) => [name, kindOf(properties[name] as Schema, body[name], amount, operationId)]),
    ),
    required: breakable.filter(
      (name) =>
        !forms.some((candidate) =>
          admits(
            candidate,
            sent.filter((other) => other !== name),
          ),
        ),
    ),
  }
}

function formsOf(schema: Schema): Schema[] {
  return schema.oneOf ?? schema.anyOf ?? [schema]
}

/** Whether a body with these members can be this form: its required members are there, and no member it refuses. */
function admits(form: Schema, members: string[]): boolean {
  const required = form.required ?? []
  const listed = form.properties ?? {}
  return (
    required.every((name) => members.includes(name)) &&
    (form.additionalProperties !== false || members.every((name) => name in listed))
  )
}

function kindOf(schema: Schema, value: unknown, amount: Schema, operationId: string): MemberKind {
  // A member of several forms (the grant's client: a URL or an object) is the form of the value the body sends.
  const alternatives = schema.oneOf ?? schema.anyOf
  if (alternatives) {
    const sentType = typeof value === 'string' ? 'string' : 'object'
    const chosen = alternatives.find((alternative) => alternative.type === sentType)
    if (chosen) return kindOf(chosen, value, amount, operationId)
  }
  // The documents are dereferenced, and a `$ref` with a description beside it becomes a copy: the Amount is known
  // by its members.
  if (isDeepStrictEqual(schema.properties, amount.properties)) return 'amount'
  if (schema.type === 'string') return schema.format === 'uri' ? 'url' : 'string'
  if (schema.type === 'object') return 'object'
  throw new Error(
    `${operationId}: a member of type ${String(schema.type)} is none of url, string, amount, object`,
  )
}
