import type { GrantWithAccessToken, PendingGrant, WalletAddress } from '@interledger/open-payments'
import type { Exchange } from '../../../clients/src/index.ts'
import type { ConsentDecision, ConsentDriver, Evidence } from '../consent/consent-driver.ts'
import { expect } from '../expect/conformance-expect.ts'
import { needFoundation } from '../foundations/need-foundation.ts'
import type { ConformanceApi } from '../http/conformance-api.ts'
import { summarize } from '../http/format-exchange.ts'
import { rule } from '../rules/covers.ts'
import type { RuleId } from '../rules/registry.ts'
import { MAX_COUNTED_CONSENT_MS, recordTargetTime } from '../time/request-time.ts'
import { verifyFinishHash } from './finish-hash.ts'
import type { FinishRedirect } from './finish-redirect.ts'
import { GnapClient } from './gnap-client.ts'
import {
  type AccessRequest,
  grantRequest,
  type IncomingAccess,
  incomingPaymentAccess,
  interactiveGrantRequest,
  type OutgoingAccess,
  type OutgoingLimits,
  outgoingPaymentAccess,
  type QuoteAccess,
  quoteAccess,
} from './grant-requests.ts'
import { continuationOf, type InteractiveGrant, type IssuedGrant, type IssuedToken } from './grant-types.ts'
import { skipIfIntervalRefused } from './limit-interval.ts'

export interface GrantsDependencies {
  api: ConformanceApi
  /** The client's wallet address URL, sent as `client`. */
  client: string
  /** Opened on first use: tests that need no consent never start a browser. */
  consent: () => Promise<ConsentDriver>
  evidence: Evidence
}

export interface OutgoingGrantOptions {
  actions?: OutgoingAccess['actions']
  limits?: OutgoingLimits
}

/**
 * Obtains grants the way a real Open Payments client does and fails, naming the rule, when the target does
 * not answer as the spec says. Tests of the GNAP endpoints themselves use `gnap` for the raw exchanges.
 */
export class Grants {
  readonly gnap: GnapClient

  constructor(private readonly deps: GrantsDependencies) {
    this.gnap = new GnapClient(deps.api)
  }

  get client(): string {
    return this.deps.client
  }

  incomingPayment(walletAddress: WalletAddress, actions?: IncomingAccess['actions']): Promise<IssuedGrant> {
    return this.immediate(walletAddress.authServer, [incomingPaymentAccess(walletAddress, actions)])
  }

  /** Quote grants are asked of the sending wallet address's authorization server. */
  quote(walletAddress: WalletAddress, actions?: QuoteAccess['actions']): Promise<IssuedGrant> {
    return this.immediate(walletAddress.authServer, [quoteAccess(actions)])
  }

  async immediate(grantEndpoint: string, access: AccessRequest[]): Promise<IssuedGrant> {
    await needFoundation('grant')
    const request = grantRequest(this.deps.client, access)
    const exchange = await this.gnap.requestGrant(grantEndpoint, request)
    const grant = expectIssued(exchange, 'GNAP-GRANT-IMMEDIATE', `a grant for ${describeAccess(access)}`)
    return {
      grantEndpoint,
      request,
      grant,
      continuation: continuationOf(grant.continue),
      issuedAt: Date.now(),
    }
  }

  /**
   * A grant with rights a server may decline to grant (`read-all`, `list-all`): its access token, else the
   * answer that issued none.
   */
  async immediateIfGranted(
    grantEndpoint: string,
    access: AccessRequest[],
  ): Promise<{ token: string } | { refused: Exchange }> {
    const exchange = await this.gnap.requestGrant(grantEndpoint, grantRequest(this.deps.client, access))
    const body = exchange.response.json as Partial<GrantWithAccessToken> | undefined
    const value = exchange.response.status === 200 ? body?.access_token?.value : undefined
    return typeof value === 'string' ? { token: value } : { refused: exchange }
  }

  async requestOutgoingPayment(
    walletAddress: WalletAddress,
    options: OutgoingGrantOptions = {},
  ): Promise<InteractiveGrant> {
    const { exchange, pending } = await this.#sendOutgoingPaymentRequest(walletAddress, options)
    const body = exchange.response.json as Partial<PendingGrant> | undefined
    if (options.limits?.interval !== undefined) skipIfIntervalRefused(exchange, options.limits.interval)
    expect(exchange).toAnswer(200, 'GNAP-GRANT-INTERACTIVE', 'an outgoing-payment grant request')
    expect(
      typeof body?.interact?.redirect === 'string',
      rule('GNAP-GRANT-INTERACTIVE#interact', `the answer has interact.redirect: ${summarize(exchange)}`),
    ).toBe(true)
    expect(
      typeof body?.continue?.uri === 'string',
      rule('GNAP-GRANT-INTERACTIVE#continue', `the answer has continue.uri: ${summarize(exchange)}`),
    ).toBe(true)
    return pending!
  }

  /**
   * An outgoing-payment grant with rights a server may decline to grant (`read-all`, `list-all`): the
   * request's refusal (any answer but a pending grant), else the grant once consent is given.
   */
  async outgoingPaymentIfGranted(
    walletAddress: WalletAddress,
    options: OutgoingGrantOptions,
  ): Promise<{ issued: IssuedGrant } | { refused: Exchange }> {
    const { exchange, pending } = await this.#sendOutgoingPaymentRequest(walletAddress, options)
    return pending ? { issued: await this.#consentAndContinue(pending) } : { refused: exchange }
  }

  async #sendOutgoingPaymentRequest(
    walletAddress: WalletAddress,
    options: OutgoingGrantOptions,
  ): Promise<{ exchange: Exchange; pending?: InteractiveGrant }> {
    await needFoundation('interactive-grant')
    const access = [outgoingPaymentAccess(walletAddress, options.actions, options.limits)]
    const { request, clientNonce, finishUri } = interactiveGrantRequest(this.deps.client, access)
    const grantEndpoint = walletAddress.authServer
    const exchange = await this.gnap.requestGrant(grantEndpoint, request)
    const body = exchange.response.json as Partial<PendingGrant> | undefined
    const pending =
      exchange.response.status === 200 &&
      typeof body?.interact?.redirect === 'string' &&
      typeof body.continue?.uri === 'string'
    if (!pending) return { exchange }
    const grant = body as PendingGrant
    return {
      exchange,
      pending: {
        grantEndpoint,
        request,
        grant,
        continuation: continuationOf(grant.continue),
        clientNonce,
        finishUri,
      },
    }
  }

  async interact(grant: InteractiveGrant, decision: ConsentDecision): Promise<FinishRedirect> {
    await needFoundation('interactive-grant')
    const driver = await this.deps.consent()
    const started = performance.now()
    const redirect = await driver.interact(grant, decision, this.deps.evidence)
    recordTargetTime(performance.now() - started, MAX_COUNTED_CONSENT_MS)
    return redirect
  }

  async continueAfterConsent(grant: InteractiveGrant, interactRef: string): Promise<IssuedGrant> {
    const exchange = await this.gnap.continueGrant(grant.continuation, interactRef)
    const issued = expectIssued(exchange, 'CONT-SUCCESS', 'the continuation after consent')
    return {
      grantEndpoint: grant.grantEndpoint,
      request: grant.request,
      grant: issued,
      continuation: grant.continuation,
      issuedAt: Date.now(),
    }
  }

  /** The whole interactive flow: request, accept on the consent page, check the finish hash, continue. */
  async outgoingPayment(
    walletAddress: WalletAddress,
    options: OutgoingGrantOptions = {},
  ): Promise<IssuedGrant> {
    return this.#consentAndContinue(await this.requestOutgoingPayment(walletAddress, options))
  }

  async #consentAndContinue(pending: InteractiveGrant): Promise<IssuedGrant> {
    const interactRef = expectFinishHash(pending, await this.interact(pending, 'accept'))
    return this.continueAfterConsent(pending, interactRef)
  }

  async rotate(token: IssuedToken): Promise<IssuedToken> {
    const exchange = await this.gnap.rotateToken(token)
    const rotated = (exchange.response.json as { access_token?: IssuedToken } | undefined)?.access_token
    expect(exchange).toAnswer(200, 'TOKEN-ROTATE', 'rotation')
    expect(typeof rotated?.value, rule('TOKEN-ROTATE', 'rotation returns access_token.value')).toBe('string')
    return rotated!
  }

  async revokeToken(token: IssuedToken): Promise<void> {
    const exchange = await this.gnap.revokeToken(token)
    expect(exchange).toAnswer(204, 'TOKEN-REVOKE', 'DELETE <manage>')
  }

  async revokeGrant(grant: IssuedGrant | InteractiveGrant): Promise<void> {
    const exchange = await this.gnap.revokeGrant(grant.continuation)
    expect(exchange).toAnswer(204, 'TOKEN-REVOKE', 'DELETE <continue.uri>')
  }
}

function expectIssued(exchange: Exchange, ruleId: RuleId, what: string): GrantWithAccessToken {
  const body = exchange.response.json as Partial<GrantWithAccessToken> | undefined
  expect(exchange).toAnswer(200, ruleId, what)
  expect(
    typeof body?.access_token?.value,
    rule(ruleId, `${what} carries access_token.value: ${summarize(exchange)}`),
  ).toBe('string')
  return body as GrantWithAccessToken
}

/** The finish redirect names an interaction reference and a hash that proves the server knows both nonces. */
export function expectFinishHash(grant: InteractiveGrant, finish: FinishRedirect): string {
  expect(
    finish.interactRef,
    rule('GNAP-FINISH-HASH', `the finish redirect has interact_ref: ${finish.url}`),
  ).toEqual(expect.any(String))
  expect(finish.hash, rule('GNAP-FINISH-HASH', `the finish redirect has hash: ${finish.url}`)).toEqual(
    expect.any(String),
  )
  const verdict = verifyFinishHash({
    clientNonce: grant.clientNonce,
    serverNonce: grant.grant.interact.finish,
    interactRef: finish.interactRef!,
    grantEndpoints: grantEndpointSpellings(grant.grantEndpoint),
    hash: finish.hash!,
  })
  expect(
    verdict,
    rule(
      'GNAP-FINISH-HASH',
      `hash ${JSON.stringify(finish.hash)} is SHA-256 over "clientNonce\\nserverNonce\\ninteract_ref\\n${grant.grantEndpoint}" ` +
        'in base64url (or padded base64)',
    ),
  ).toMatchObject({ kind: 'match' })
  return finish.interactRef!
}

/** The document's `authServer` as written, and as the URL parser writes it (a trailing slash on a bare origin). */
export function grantEndpointSpellings(grantEndpoint: string): string[] {
  return [...new Set([grantEndpoint, new URL(grantEndpoint).href])]
}

function describeAccess(access: AccessRequest[]): string {
  return access.map((entry) => `${entry.type} (${entry.actions.join(', ')})`).join(' and ')
}
