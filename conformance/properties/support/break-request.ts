import type { BreakableMembers, MemberKind } from '../../harness/openapi/breakable-members.ts'
import type { RuleId } from '../../harness/rules/registry.ts'
import { type BodyBreak, type BodyExtras, Deep } from '../arbitraries/malformed-arbitraries.ts'

/**
 * A correct request body of one operation, and what of it may be broken: the members a break may touch, with what
 * each must be, read from the request schema (the marker's metadata is never touched).
 */
export interface BreakableBody extends BreakableMembers {
  body: Record<string, unknown>
  /** The operation's own rule: blamed when the broken request is not refused. */
  rule: RuleId
}

/** The broken request as sent, and what it breaks, for the messages. */
export interface BrokenRequest {
  rawBody: Uint8Array
  headers: Record<string, string>
  what: string
  rule: RuleId
}

const INVALID_UTF8 = Uint8Array.of(0xc3, 0x28, 0xff, 0xfe)

function nth<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length]
  if (item === undefined) throw new Error('nth() needs a non-empty list')
  return item
}

function membersOf(target: BreakableBody, kinds: MemberKind[]): string[] {
  return Object.entries(target.members)
    .filter(([, kind]) => kinds.includes(kind))
    .map(([name]) => name)
}

/** Applies a break (and its extras) to a correct body; a break the operation has no member for removes one. */
export function breakRequest(target: BreakableBody, broken: BodyBreak, extras: BodyExtras): BrokenRequest {
  const body: Record<string, unknown> = structuredClone(target.body)
  const headers: Record<string, string> = {}
  let what: string
  let rule = target.rule
  let rawBody: Uint8Array | undefined
  const urls = membersOf(target, ['url'])
  const amounts = membersOf(target, ['amount'])
  if (broken.kind === 'retype') {
    const member = nth(Object.keys(target.members), broken.member)
    const wantsString = ['url', 'string'].includes(target.members[member] as MemberKind)
    const isString = typeof broken.value === 'string'
    // Only a value of the wrong type breaks the request; the arbitrary gives both kinds.
    body[member] = wantsString === isString ? (isString ? 42 : 'not an object') : broken.value
    what = `${member} of the wrong type`
  } else if (broken.kind === 'url' && urls.length > 0) {
    const member = nth(urls, broken.member)
    body[member] = broken.value
    what = `${member} that is not a usable URL`
  } else if (broken.kind === 'amount' && amounts.length > 0) {
    const member = nth(amounts, broken.member)
    body[member] = { ...(body[member] as object), [broken.field]: broken.value }
    what = `${member}.${broken.field} that is not valid`
    rule =
      broken.field === 'value'
        ? 'AMT-UINT64'
        : typeof broken.value === 'number' && broken.value > 255 && Number.isInteger(broken.value)
          ? 'AMT-SCALE'
          : 'AMT-FIELDS'
  } else if (broken.kind === 'bytes') {
    const text = serializeBody(body)
    rawBody = new TextEncoder().encode(text.slice(0, broken.cut % text.length))
    what = 'a JSON body cut short'
  } else if (broken.kind === 'bad-utf8' && urls.length > 0) {
    const member = nth(urls, broken.member)
    const [before, after] = serializeBody({ ...body, [member]: '\u0000' }).split('\\u0000')
    const encode = (text = '') => new TextEncoder().encode(text)
    rawBody = Uint8Array.from([...encode(before), ...INVALID_UTF8, ...encode(after)])
    what = `invalid UTF-8 in ${member}`
  } else {
    const member = nth(target.required, 'member' in broken ? broken.member : 0)
    delete body[member]
    what = `no ${member}`
  }
  if (rawBody === undefined && extras.unknownMember) {
    const [key, value] = extras.unknownMember
    body[key] = value
    what += `, and an unknown member ${key}`
  }
  headers['content-type'] = extras.contentType ?? 'application/json'
  if (extras.contentType !== undefined) what += `, sent as ${JSON.stringify(extras.contentType)}`
  return { rawBody: rawBody ?? new TextEncoder().encode(serializeBody(body)), headers, what, rule }
}

/** JSON.stringify, but a Deep value is written as its own text: stringify would recurse that deep itself. */
export function serializeBody(body: unknown): string {
  const deep: Deep[] = []
  const text = JSON.stringify(body, (_key, value) => {
    if (!(value instanceof Deep)) return value
    deep.push(value)
    return `\u0001deep${deep.length - 1}`
  })
  return text.replace(/"\\u0001deep(\d+)"/g, (_match, index: string) =>
    (deep[Number(index)] as Deep).toText(),
  )
}
