import { createPrivateKey, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import type { AuthenticatedClient, WalletAddress } from '@interledger/open-payments'
// Not the index: it loads undici, whose global dispatcher breaks the fetch the SDK uses.
import { asUriOf } from '../../clients/src/www-authenticate.ts'
import { verifyFinishHash } from '../../conformance/harness/gnap/finish-hash.ts'
import { parseFinishRedirect } from '../../conformance/harness/gnap/finish-redirect.ts'
import type { Step } from '../protocol/adapter-protocol.ts'
import { StepFailure, type StepResult, serveScenario, sleep } from './adapter-io.ts'

/**
 * An adapter for the official TypeScript SDK, @interledger/open-payments. The SDK signs every request it sends
 * (keyid, @method, @target-uri, authorization, content-digest over the bytes it sends), serializes bodies and
 * turns error envelopes into OpenPaymentsClientError. What it leaves to the application is done here: checking
 * the finish hash, waiting continue.wait, knowing when a token expires and rotating it, and walking list pages.
 */
// The SDK graded: the one installed here, or another installation of it given as OP_SDK (its folder), so that
// another version can be graded without changing the suite's own dependencies.
const SDK = process.env.OP_SDK ?? '@interledger/open-payments'
const resolveSdk = createRequire(import.meta.url).resolve
const version = (JSON.parse(readFileSync(resolveSdk(`${SDK}/package.json`), 'utf8')) as { version: string })
  .version
const { createAuthenticatedClient, isPendingGrant, OpenPaymentsClientError } = (await import(
  pathToFileURL(resolveSdk(SDK)).href
)) as typeof import('@interledger/open-payments')

interface Token {
  value: string
  manage: string
  expiresAt: number
}

type PageInfo = { hasNextPage: boolean; endCursor?: string }
type AccessType = 'incoming-payment' | 'quote' | 'outgoing-payment'
type Resource = { id: string; walletAddress: string } & Record<string, unknown>

const EXPIRY_MARGIN_MS = 1000

/**
 * The SDK's errors keep the status and the envelope but not the headers, so WWW-Authenticate is lost: the adapter
 * reads it on its way in (the SDK fetches through the global fetch).
 */
let lastChallenge: string | undefined
const sdkFetch = globalThis.fetch
globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
  const response = await sdkFetch(...args)
  if (response.status === 401) lastChallenge = response.headers.get('www-authenticate') ?? undefined
  return response
}

await serveScenario(async (input, events) => {
  const client: AuthenticatedClient = await createAuthenticatedClient({
    walletAddressUrl: input.client.walletAddress,
    privateKey: createPrivateKey(input.client.privateKeyPem),
    keyId: input.client.keyId,
    useHttp: true,
    logLevel: 'silent',
  })
  const documents = new Map<string, WalletAddress>()
  const tokens = new Map<string, Token>()
  const latest: { incomingPayment?: Resource; quote?: Resource; outgoingPayment?: Resource } = {}

  const walletAddress = async (url: string) => {
    const known = documents.get(url)
    if (known) return known
    const document = await client.walletAddress.get({ url })
    documents.set(url, document)
    return document
  }
  const remember = (
    name: string,
    token: { value: string; manage: string; expires_in?: number },
    at: number,
  ) => {
    const lifetime = token.expires_in === undefined ? Number.POSITIVE_INFINITY : token.expires_in * 1000
    tokens.set(name, { value: token.value, manage: token.manage, expiresAt: at + lifetime })
    return token.value
  }
  const token = async (document: WalletAddress, type: AccessType, grantEndpoint = document.authServer) => {
    const name = `${document.id} ${type}`
    const held = tokens.get(name)
    if (held && Date.now() < held.expiresAt - EXPIRY_MARGIN_MS) return held.value
    const at = Date.now()
    if (held) {
      const rotated = await client.token.rotate({ url: held.manage, accessToken: held.value })
      return remember(name, rotated.access_token, at)
    }
    const access =
      type === 'quote'
        ? { type, actions: ['create', 'read'] as const }
        : { type, actions: ['create', 'read', 'list'] as const, identifier: document.id }
    const grant = await client.grant.request(
      { url: grantEndpoint },
      { access_token: { access: [access as never] } },
    )
    const issued = isPendingGrant(grant) ? undefined : grant.access_token
    if (!issued) throw new StepFailure({ message: `the ${type} grant gave no access token at once` })
    return remember(name, issued, at)
  }
  /**
   * A resource call under the held token. A 401 means the token is no longer good (revoked, say): it is dropped, a
   * new grant is asked for where WWW-Authenticate's as_uri says (RFC 9635 9.1), and the call is made once more. An
   * outgoing-payment grant needs the user again, so that 401 goes to the caller.
   */
  const authorized = async <T>(
    document: WalletAddress,
    type: AccessType,
    call: (accessToken: string) => Promise<T>,
  ): Promise<T> => {
    try {
      return await call(await token(document, type))
    } catch (error) {
      if (!(error instanceof OpenPaymentsClientError) || error.status !== 401 || type === 'outgoing-payment')
        throw error
      tokens.delete(`${document.id} ${type}`)
      return call(await token(document, type, asUriOf(lastChallenge)))
    }
  }
  const interactiveGrant = async (
    document: WalletAddress,
    debitAmount: Step & { op: 'create-outgoing-payment' },
  ) => {
    const nonce = randomBytes(16).toString('base64url')
    const pending = await client.grant.request(
      { url: document.authServer },
      {
        access_token: {
          access: [
            {
              type: 'outgoing-payment',
              actions: ['create', 'read', 'list'],
              identifier: document.id,
              limits: { debitAmount: debitAmount.debitAmount },
            },
          ],
        },
        interact: { start: ['redirect'], finish: { method: 'redirect', uri: input.finishUri, nonce } },
      },
    )
    const receivedAt = Date.now()
    if (!isPendingGrant(pending))
      throw new StepFailure({ message: 'the outgoing-payment grant needed no consent' })
    const redirect = parseFinishRedirect(await events.nextRedirect())
    if (!redirect.interactRef || !redirect.hash)
      throw new StepFailure({
        message: `the interaction ended without interact_ref and hash: ${redirect.url}`,
      })
    // Not done by the SDK: the finish hash (RFC 9635 4.2.3) and continue.wait.
    const hash = verifyFinishHash({
      clientNonce: nonce,
      serverNonce: pending.interact.finish,
      interactRef: redirect.interactRef,
      grantEndpoints: [document.authServer],
      hash: redirect.hash,
    })
    if (hash.kind !== 'match')
      throw new StepFailure({ code: 'finish_hash_mismatch', message: 'the finish hash does not match' })
    await sleep(receivedAt + (pending.continue.wait ?? 0) * 1000 - Date.now())
    const at = Date.now()
    const grant = await client.grant.continue(
      { url: pending.continue.uri, accessToken: pending.continue.access_token.value },
      { interact_ref: redirect.interactRef },
    )
    const issued = 'access_token' in grant ? grant.access_token : undefined
    if (!issued) throw new StepFailure({ message: 'the continuation gave no access token' })
    remember(`${document.id} outgoing-payment`, issued, at)
  }
  const list = async (url: string, type: 'incoming-payment' | 'outgoing-payment') => {
    const document = await walletAddress(url)
    const routes = type === 'incoming-payment' ? client.incomingPayment : client.outgoingPayment
    const items: string[] = []
    let cursor: string | undefined
    for (;;) {
      const page = await authorized<{ result: { id: string }[]; pagination: PageInfo }>(
        document,
        type,
        (accessToken) =>
          routes.list(
            { url: document.resourceServer, walletAddress: document.id, accessToken },
            // The SDK's type asks for wallet-address here too; the SDK puts walletAddress's value in the query.
            { first: 100, 'wallet-address': document.id, ...(cursor ? { cursor } : {}) },
          ),
      )
      items.push(...page.result.map((item) => item.id))
      if (!page.pagination.hasNextPage || !page.pagination.endCursor) return { items }
      cursor = page.pagination.endCursor
    }
  }
  const created = (resource: Resource): StepResult => ({ id: resource.id, resource })
  const read = async (known: Resource | undefined, type: 'incoming-payment' | 'outgoing-payment') => {
    if (!known) throw new StepFailure({ message: `no ${type} to read: none was created before` })
    const document = await walletAddress(known.walletAddress)
    const resource = await authorized<unknown>(document, type, (accessToken) =>
      type === 'incoming-payment'
        ? client.incomingPayment.get({ url: known.id, accessToken })
        : client.outgoingPayment.get({ url: known.id, accessToken }),
    )
    return created(resource as unknown as Resource)
  }

  const run = async (step: Step): Promise<StepResult> => {
    switch (step.op) {
      case 'create-incoming-payment': {
        const document = await walletAddress(step.walletAddress)
        const payment = await authorized(document, 'incoming-payment', (accessToken) =>
          client.incomingPayment.create(
            { url: document.resourceServer, accessToken },
            {
              walletAddress: document.id,
              ...(step.incomingAmount ? { incomingAmount: step.incomingAmount } : {}),
            },
          ),
        )
        latest.incomingPayment = payment as unknown as Resource
        return created(latest.incomingPayment)
      }
      case 'get-incoming-payment':
        return read(latest.incomingPayment, 'incoming-payment')
      case 'get-outgoing-payment':
        return read(latest.outgoingPayment, 'outgoing-payment')
      case 'list-incoming-payments':
        return list(step.walletAddress, 'incoming-payment')
      case 'list-outgoing-payments':
        return list(step.walletAddress, 'outgoing-payment')
      case 'create-quote': {
        const receiver = latest.incomingPayment
        if (!receiver) throw new StepFailure({ message: 'no incoming payment to quote for' })
        const document = await walletAddress(step.walletAddress)
        const amount = step.debitAmount
          ? { debitAmount: step.debitAmount }
          : step.receiveAmount
            ? { receiveAmount: step.receiveAmount }
            : {}
        const quote = await authorized(document, 'quote', (accessToken) =>
          client.quote.create(
            { url: document.resourceServer, accessToken },
            { walletAddress: document.id, receiver: receiver.id, method: 'ilp', ...amount },
          ),
        )
        latest.quote = quote as unknown as Resource
        return created(latest.quote)
      }
      case 'create-outgoing-payment': {
        const quote = latest.quote
        if (!quote) throw new StepFailure({ message: 'no quote to pay' })
        const document = await walletAddress(step.walletAddress)
        if (!tokens.has(`${document.id} outgoing-payment`)) await interactiveGrant(document, step)
        const payment = await client.outgoingPayment.create(
          { url: document.resourceServer, accessToken: await token(document, 'outgoing-payment') },
          { walletAddress: document.id, quoteId: quote.id },
        )
        latest.outgoingPayment = payment as unknown as Resource
        return created(latest.outgoingPayment)
      }
      case 'wait':
        await sleep(step.seconds * 1000)
        return {}
    }
  }
  return async (step) => {
    try {
      return await run(step)
    } catch (error) {
      if (!(error instanceof OpenPaymentsClientError)) throw error
      // The SDK's own validation of the answer, passed through: the verdict names what it refused.
      const refused = error.validationErrors?.length ? ` (${error.validationErrors.join('; ')})` : ''
      throw new StepFailure({
        ...(error.status ? { status: error.status } : {}),
        ...(error.code ? { code: error.code } : {}),
        description: `${error.description}${refused}`,
        message: error.message,
      })
    }
  }
}, `@interledger/open-payments ${version}`)
