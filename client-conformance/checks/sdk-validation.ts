import type { StepReport } from '../protocol/adapter-protocol.ts'

/** Where the spec lists the members of what each step gets back (its "Resources and their fields" tables). */
const SPEC_TABLE: Record<string, string> = {
  'create-incoming-payment': 'Incoming Payment',
  'get-incoming-payment': 'Incoming Payment',
  'list-incoming-payments': 'Incoming Payment',
  'create-outgoing-payment': 'Outgoing Payment',
  'get-outgoing-payment': 'Outgoing Payment',
  'list-outgoing-payments': 'Outgoing Payment',
  'create-quote': 'Quote',
}

/**
 * When a client's own response validation refused the ASE's answer (the official SDK says "Could not validate"),
 * what it asked for: the member, and the spec table that does not require it. The ASE here is the reference
 * server, whose answers the server mode checks against those tables, so the refusal is the client's.
 */
export function validationRefusal(step: StepReport): string | undefined {
  const text = `${step.error?.description ?? ''} ${step.error?.message ?? ''}`
  if (!/could not validate/i.test(text)) return undefined
  const members = [...text.matchAll(/required property '([^']+)'/g)].map((m) => m[1]!)
  const table = SPEC_TABLE[step.op]
  const where = table
    ? `the spec's table "Resources and their fields: ${table}"`
    : "the spec's resource tables"
  return members.length > 0
    ? `the client's own response validation refused the ASE's answer: it requires ${[...new Set(members)].map((m) => `\`${m}\``).join(', ')}, which ${where} does not list as required`
    : `the client's own response validation refused the ASE's answer (${text.trim()}); compare with ${where}`
}
