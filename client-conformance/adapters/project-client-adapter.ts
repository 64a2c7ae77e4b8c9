import { randomBytes } from 'node:crypto'
import { asUriOf, loadClientKey, OpenPaymentsClient, type RequestOptions } from '../../clients/src/index.ts'
import { verifyFinishHash } from '../../conformance/harness/gnap/finish-hash.ts'
import { parseFinishRedirect } from '../../conformance/harness/gnap/finish-redirect.ts'
import type { Amount, Step } from '../protocol/adapter-protocol.ts'
import { StepFailure, type StepResult, serveScenario, sleep } from './adapter-io.ts'
import { beforeReport, tamperedRequest } from './defect-tamper.ts'
import { type Defect, defectFromArgs } from './defects.ts'
import { answer, numberAmounts } from './project-client-answer.ts'

/**
 * An adapter for this project's own client (clients/): signing, content digests and the transport come from
 * there; grants, tokens and the payment flow are the application's part, written here. With `--defect NAME` it
 * is one of the broken clients of the catalogue (broken-clients/catalog.ts).
 */
const defect = defectFromArgs(process.argv.slice(2))

interface WalletAddressDocument {
  id: string
  authServer: string
  resourceServer: string
  assetCode: string
  assetScale: number
}

interface Token {
  value: string
  manage: string
  /** Epoch ms after which the token must not be used. */
  expiresAt: number
}

type Json = Record<string, unknown>

/** The defect `no-content-digest`: a body is signed without content-digest among the components. */
const SIGNED_WITHOUT_DIGEST = ['@method', '@target-uri', 'authorization']

/** Rotate a little before expiry, so that a request in flight never carries an expired token. */
const EXPIRY_MARGIN_MS = 1000

await serveScenario(
  async (input, events) => {
    const keyId = defect === 'keyid-not-kid' ? 'not-the-kid' : input.client.keyId
    const key = loadClientKey({ keyId, privateKey: input.client.privateKeyPem })
    const client = new OpenPaymentsClient({ key, walletAddress: input.client.walletAddress })
    const sendRaw = (opts: RequestOptions) => client.send(tamperedRequest(defect, opts))
    await beforeReport(defect)
    const documents = new Map<string, WalletAddressDocument>()
    const tokens = new Map<string, Token>()
    const latest: { incomingPayment?: Json; quote?: Json; outgoingPayment?: Json } = {}

    const send = async (opts: Parameters<OpenPaymentsClient['send']>[0]): Promise<Json> => {
      const exchange = await sendRaw(opts)
      return answer(exchange, defect)
    }
    const walletAddress = async (url: string) => {
      const known = documents.get(url)
      if (known) return known
      const document = (await send({ method: 'GET', url, sign: false })) as unknown as WalletAddressDocument
      documents.set(url, document)
      return document
    }
    const tokenOf = (grant: Json, receivedAt: number): Token => {
      const token = grant.access_token as { value: string; manage: string; expires_in?: number }
      const lifetime = token.expires_in === undefined ? Number.POSITIVE_INFINITY : token.expires_in * 1000
      return { value: token.value, manage: token.manage, expiresAt: receivedAt + lifetime }
    }
    /**
     * A live token for `type` on the wallet address: the one held, rotated when it is about to expire, else a new
     * grant (at `grantEndpoint` when a 401 named one, else the wallet address's authServer).
     */
    const token = async (
      document: WalletAddressDocument,
      type: string,
      actions: string[],
      grantEndpoint = document.authServer,
    ) => {
      const name = `${document.id} ${type}`
      const held = tokens.get(name)
      if (held && (defect === 'token-after-expiry' || Date.now() < held.expiresAt - EXPIRY_MARGIN_MS))
        return held.value
      const receivedAt = Date.now()
      const grant = held
        ? await send({ method: 'POST', url: held.manage, token: held.value })
        : await send({
            method: 'POST',
            url: grantEndpoint,
            json: {
              // Quote access names no wallet address (the OpenAPI schema of access-quote has no identifier).
              access_token: {
                access: [{ type, actions, ...(type === 'quote' ? {} : { identifier: document.id }) }],
              },
              client: input.client.walletAddress,
            },
          })
      const fresh = tokenOf(grant, receivedAt)
      tokens.set(name, fresh)
      return defect === 'old-token-after-rotation' && held ? held.value : fresh.value
    }
    /**
     * A resource request under the held token. A 401 means the token is no longer good (revoked, say): it is
     * dropped, a new grant is asked for where WWW-Authenticate's as_uri says (RFC 9635 9.1), and the request is
     * sent once more. An outgoing-payment grant needs the user again, so that 401 goes to the caller.
     */
    const resource = async (
      document: WalletAddressDocument,
      type: string,
      actions: string[],
      request: Omit<RequestOptions, 'token'>,
    ): Promise<Json> => {
      const name = `${document.id} ${type}`
      // The defect token-of-other-grant: a quote is asked for under the incoming-payment grant's token.
      const other = defect === 'token-of-other-grant' && type === 'quote'
      const held = other ? [...tokens].find(([n]) => n.endsWith(' incoming-payment'))?.[1].value : undefined
      const first = await sendRaw({ ...request, token: held ?? (await token(document, type, actions)) })
      if (first.response.status !== 401 || type === 'outgoing-payment') return answer(first, defect)
      const refused = tokens.get(name)!
      tokens.delete(name)
      if (defect === 'revoked-token-reused') await sendRaw({ ...request, token: refused.value })
      const asUri = asUriOf(first.response.headers['www-authenticate'])
      const endpoint = defect === 'as-uri-ignored' ? undefined : asUri
      return send({ ...request, token: await token(document, type, actions, endpoint) })
    }
    const amount = (value: Amount): Amount =>
      defect === 'amounts-as-numbers'
        ? { ...value, value: String(Number(value.value)) }
        : defect === 'numeric-amounts'
          ? ({ ...value, value: Number(value.value) } as unknown as Amount)
          : value
    const shown = (resource: Json): Json =>
      defect === 'amounts-as-numbers' ? JSON.parse(JSON.stringify(resource), numberAmounts) : resource
    const signOptions = defect === 'no-content-digest' ? { components: SIGNED_WITHOUT_DIGEST } : undefined

    const interactiveGrant = async (document: WalletAddressDocument, debitAmount: Amount) => {
      const nonce = randomBytes(16).toString('base64url')
      const pending = await send({
        method: 'POST',
        url: document.authServer,
        json: {
          access_token: {
            access: [
              {
                type: 'outgoing-payment',
                actions: ['create', 'read', 'list'],
                identifier: document.id,
                limits: { debitAmount: amount(debitAmount) },
              },
            ],
          },
          client: input.client.walletAddress,
          interact: { start: ['redirect'], finish: { method: 'redirect', uri: input.finishUri, nonce } },
        },
      })
      // continue.wait counts from the response's arrival.
      const receivedAt = Date.now()
      const interact = pending.interact as { finish: string }
      const cont = pending.continue as { uri: string; wait?: number; access_token: { value: string } }
      const redirect = parseFinishRedirect(await events.nextRedirect())
      if (!redirect.interactRef || !redirect.hash)
        throw new StepFailure({
          message: `the interaction ended without interact_ref and hash: ${redirect.url}`,
        })
      if (defect !== 'finish-hash-ignored') {
        const verdict = verifyFinishHash({
          clientNonce: nonce,
          serverNonce: interact.finish,
          interactRef: redirect.interactRef,
          grantEndpoints: [document.authServer],
          hash: redirect.hash,
        })
        if (verdict.kind !== 'match')
          throw new StepFailure({ code: 'finish_hash_mismatch', message: 'the finish hash does not match' })
      }
      if (defect !== 'continue-before-wait') await sleep(receivedAt + (cont.wait ?? 0) * 1000 - Date.now())
      const continuedAt = Date.now()
      const grant = await send({
        method: 'POST',
        // The defect own-continuation-url: a continuation URL of its own making, not continue.uri.
        url: defect === 'own-continuation-url' ? new URL(`/continue/${nonce}`, cont.uri).href : cont.uri,
        token: cont.access_token.value,
        json: { interact_ref: redirect.interactRef },
      })
      tokens.set(`${document.id} outgoing-payment`, tokenOf(grant, continuedAt))
    }

    const list = async (document: WalletAddressDocument, type: string, path: string) => {
      const items: string[] = []
      let cursor: string | undefined
      for (;;) {
        const url = new URL(`${document.resourceServer}/${path}`)
        url.searchParams.set('wallet-address', document.id)
        url.searchParams.set('first', defect === 'first-101' ? '101' : '100')
        if (cursor && defect !== 'cursor-not-followed') url.searchParams.set('cursor', cursor)
        const page = await resource(document, type, ['create', 'read', 'list'], {
          method: 'GET',
          url: url.href,
          signOptions,
        })
        items.push(...(page.result as { id: string }[]).map((item) => item.id))
        const info = page.pagination as { hasNextPage: boolean; endCursor?: string }
        if (!info.hasNextPage || !info.endCursor) return { items }
        cursor = info.endCursor
      }
    }
    const read = async (known: Json | undefined, type: string): Promise<StepResult> => {
      if (!known) throw new StepFailure({ message: `no ${type} to read: none was created before` })
      const document = await walletAddress(known.walletAddress as string)
      const unsigned = defect === 'unsigned-resource-request' && type === 'outgoing-payment'
      const body = await resource(document, type, ['create', 'read', 'list'], {
        method: 'GET',
        url: known.id as string,
        sign: !unsigned,
        signOptions,
      })
      return { id: body.id as string, resource: shown(body) }
    }

    return async (step: Step): Promise<StepResult> => {
      // The defect `no-request`: a stub that says every step succeeded and sends nothing.
      if (defect === 'no-request') return {}
      switch (step.op) {
        case 'create-incoming-payment': {
          const document = await walletAddress(step.walletAddress)
          const body: Json = { walletAddress: document.id }
          if (step.incomingAmount) body.incomingAmount = amount(step.incomingAmount)
          const created = await resource(document, 'incoming-payment', ['create', 'read', 'list'], {
            method: 'POST',
            url: `${document.resourceServer}/incoming-payments`,
            json: body,
            signOptions,
          })
          latest.incomingPayment = created
          return { id: created.id as string, resource: shown(created) }
        }
        case 'get-incoming-payment':
          return read(latest.incomingPayment, 'incoming-payment')
        case 'get-outgoing-payment':
          return read(latest.outgoingPayment, 'outgoing-payment')
        case 'list-incoming-payments':
          return list(await walletAddress(step.walletAddress), 'incoming-payment', 'incoming-payments')
        case 'list-outgoing-payments':
          return list(await walletAddress(step.walletAddress), 'outgoing-payment', 'outgoing-payments')
        case 'create-quote': {
          if (!latest.incomingPayment) throw new StepFailure({ message: 'no incoming payment to quote for' })
          const document = await walletAddress(step.walletAddress)
          const body: Json = {
            walletAddress: document.id,
            receiver:
              defect === 'quote-to-wallet-address'
                ? latest.incomingPayment.walletAddress
                : latest.incomingPayment.id,
            method: 'ilp',
          }
          if (step.debitAmount) body.debitAmount = amount(step.debitAmount)
          if (step.receiveAmount) body.receiveAmount = amount(step.receiveAmount)
          if (defect === 'both-quote-amounts' && step.debitAmount)
            body.receiveAmount = amount({ ...step.debitAmount, value: '1' })
          const quote = await resource(document, 'quote', ['create', 'read'], {
            method: 'POST',
            url: `${document.resourceServer}/quotes`,
            json: body,
            signOptions,
          })
          latest.quote = quote
          return { id: quote.id as string, resource: shown(quote) }
        }
        case 'create-outgoing-payment': {
          if (!latest.quote) throw new StepFailure({ message: 'no quote to pay' })
          const document = await walletAddress(step.walletAddress)
          if (!tokens.has(`${document.id} outgoing-payment`))
            await interactiveGrant(document, step.debitAmount)
          const payment = await resource(document, 'outgoing-payment', ['create', 'read', 'list'], {
            method: 'POST',
            url: `${document.resourceServer}/outgoing-payments`,
            json: {
              walletAddress: document.id,
              quoteId: latest.quote.id,
              ...(defect === 'quote-and-debit-amount' ? { debitAmount: amount(step.debitAmount) } : {}),
            },
            signOptions,
          })
          latest.outgoingPayment = payment
          return { id: payment.id as string, resource: shown(payment) }
        }
        case 'wait':
          await sleep(step.seconds * 1000)
          return {}
      }
    }
  },
  `op-conformance clients/${defect ? ` (defect: ${defect as Defect})` : ''}`,
)
