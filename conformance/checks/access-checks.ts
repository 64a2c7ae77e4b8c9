import type { AccessItem, GrantWithAccessToken } from '@interledger/open-payments'
import { expect } from '../harness/expect/conformance-expect.ts'
import type { AccessRequest } from '../harness/gnap/grant-requests.ts'
import type { IssuedToken } from '../harness/gnap/grant-types.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleRef } from '../harness/rules/registry.ts'
import { warn } from '../harness/rules/warn.ts'
import { isHttpUrl } from '../harness/target/http-url.ts'

/**
 * The issued token covers what was asked and never more: same type and wallet address, actions a non-empty
 * subset of those requested (GNAP lets the server grant less, which is reported as a warning).
 */
export function expectAccessGranted(
  ruleId: RuleRef,
  token: IssuedToken,
  requested: AccessRequest,
): AccessItem {
  const granted = token.access.find(
    (entry) =>
      entry.type === requested.type &&
      (!('identifier' in requested) ||
        (entry as { identifier?: string }).identifier === requested.identifier),
  )
  expect(
    granted,
    rule(
      ruleId,
      `access_token.access has a ${requested.type} entry for ${identifierOf(requested)}: ${JSON.stringify(token.access)}`,
    ),
  ).toBeDefined()
  const actions = granted!.actions as string[]
  expect(actions.length, rule(ruleId, 'the entry grants at least one action')).toBeGreaterThan(0)
  for (const action of actions) {
    expect(
      action,
      rule(ruleId, `granted action "${action}" was requested (a server never grants more than asked)`),
    ).toBeOneOf(requested.actions as string[])
  }
  const missing = (requested.actions as string[]).filter((action) => !actions.includes(action))
  if (missing.length > 0)
    warn(ruleId, `the server granted fewer actions than requested: no ${missing.join(', ')}`)
  return granted!
}

/**
 * A token issued as asked: a non-empty value, the access requested (see expectAccessGranted) and a well-formed
 * manage URL and expiry. Returns the access entry granted.
 */
export function expectTokenIssued(
  ruleId: RuleRef,
  token: IssuedToken | undefined,
  requested: AccessRequest,
): AccessItem {
  expect(token?.value, rule(ruleId, 'access_token.value is a non-empty string')).toEqual(
    expect.stringMatching(/\S/),
  )
  const granted = expectAccessGranted(ruleId, token!, requested)
  expectWellFormedToken(token!, ruleId)
  return granted
}

/**
 * A grant issued at once (GNAP-GRANT-IMMEDIATE), as its answer's body shows it: no interaction asked for, a token
 * issued as asked (expectTokenIssued) and a continuation (`continue.uri`, `continue.access_token.value`). The rule's
 * own test and the first stage's grant step both judge by it: a step that holds on a grant the rule's test fails
 * would let the run go on as if the grant were right.
 */
export function expectImmediateGrant(
  ruleId: RuleRef,
  body: Partial<GrantWithAccessToken> & { interact?: unknown },
  requested: AccessRequest,
): void {
  expect(body.interact, rule(ruleId, 'no interaction is asked for')).toBeUndefined()
  expectTokenIssued(ruleId, body.access_token, requested)
  expectContinue(ruleId, body)
}

/** The answer can be continued: `continue.uri` is a URL and `continue.access_token.value` a non-empty string. */
export function expectContinue(ruleId: RuleRef, body: Partial<GrantWithAccessToken>): void {
  expect(isHttpUrl(body.continue?.uri ?? ''), rule(ruleId, 'continue.uri is a URL')).toBe(true)
  expect(body.continue?.access_token?.value, rule(ruleId, 'continue.access_token.value is a string')).toEqual(
    expect.stringMatching(/\S/),
  )
}

/**
 * `manage` is a URL that does not carry the token value; `expires_in`, when given, is a positive integer, under the
 * rule of the answer that issued the token (`issuedBy`): a lifetime's shape says nothing of TOKEN-EXPIRY, which
 * only a token presented after it can show.
 */
export function expectWellFormedToken(token: IssuedToken, issuedBy: RuleRef): void {
  // That it is a URL is the issuing answer's shape; TOKEN-MANAGE is about what the URL must not carry.
  expect(() => new URL(token.manage), rule(issuedBy, `manage ${token.manage} is a URL`)).not.toThrow()
  expect(
    token.manage.includes(token.value),
    rule('TOKEN-MANAGE', `manage ${token.manage} does not contain the token value`),
  ).toBe(false)
  expect(
    decodeURIComponent(token.manage).includes(token.value),
    rule('TOKEN-MANAGE', `manage ${token.manage} does not contain the token value, even percent-encoded`),
  ).toBe(false)
  if (token.expires_in !== undefined) {
    expect(
      Number.isInteger(token.expires_in) && token.expires_in > 0,
      rule(issuedBy, `expires_in ${token.expires_in} is a positive integer`),
    ).toBe(true)
  }
}

function identifierOf(requested: AccessRequest): string {
  return 'identifier' in requested && requested.identifier ? requested.identifier : 'any wallet address'
}
