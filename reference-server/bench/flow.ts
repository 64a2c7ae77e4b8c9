import { setTimeout as sleep } from 'node:timers/promises'
import type { BenchClient, BenchReply, Signer } from './load.ts'

/** What a flow needs: the two servers, the wallet addresses, the receiver's token and the client. */
export interface FlowContext {
  url: string
  authUrl: string
  alice: string
  bob: string
  receiverToken: string
  clientWalletAddress: string
}

const SETTLE_POLL_MS = 20
const SETTLE_TIMEOUT_MS = 60_000
const FINISH_URI = 'https://client.example/finish'

class FlowError extends Error {}

/**
 * The whole payment, as an Open Payments client makes it (Rafiki's performance test measures the same): an
 * incoming payment to bob, a quote from alice for it, an outgoing-payment grant limited to the quote's debit
 * amount (consent given on the page, as a browser would), the outgoing payment, then its state read until
 * settled. Resolves to undefined, or to the step that went wrong.
 */
export async function runPaymentFlow(
  client: BenchClient,
  signer: Signer,
  ctx: FlowContext,
): Promise<string | undefined> {
  try {
    await paymentFlow(client, signer, ctx)
    return undefined
  } catch (err) {
    if (err instanceof FlowError) return err.message
    throw err
  }
}

async function paymentFlow(client: BenchClient, signer: Signer, ctx: FlowContext): Promise<void> {
  const receiver = await json<{ id: string }>(
    'incoming payment',
    201,
    client.send(
      {
        method: 'POST',
        url: `${ctx.url}/incoming-payments`,
        token: ctx.receiverToken,
        json: { walletAddress: ctx.bob, incomingAmount: { value: '500', assetCode: 'USD', assetScale: 2 } },
      },
      signer,
    ),
  )
  const quote = await json<{ id: string; debitAmount: unknown }>(
    'quote',
    201,
    client.send(
      {
        method: 'POST',
        url: `${ctx.url}/quotes`,
        token: ctx.receiverToken,
        json: { walletAddress: ctx.alice, receiver: receiver.id, method: 'ilp' },
      },
      signer,
    ),
  )
  const token = await outgoingPaymentGrant(client, signer, ctx, quote.debitAmount)
  const payment = await json<{ id: string }>(
    'outgoing payment',
    201,
    client.send(
      {
        method: 'POST',
        url: `${ctx.url}/outgoing-payments`,
        token,
        json: { walletAddress: ctx.alice, quoteId: quote.id },
      },
      signer,
    ),
  )
  // Settled once sentAmount reaches debitAmount; `failed` ends the flow as an error.
  const deadline = performance.now() + SETTLE_TIMEOUT_MS
  for (;;) {
    const read = await json<{
      failed?: boolean
      sentAmount: { value: string }
      debitAmount: { value: string }
    }>('outgoing payment read', 200, client.send({ method: 'GET', url: payment.id, token }, signer))
    if (read.failed === true) throw new FlowError('outgoing payment failed')
    if (read.sentAmount.value === read.debitAmount.value) return
    if (performance.now() > deadline) throw new FlowError('outgoing payment not settled within 60 s')
    await sleep(SETTLE_POLL_MS)
  }
}

/** Request, consent on the page, continuation: the access token. */
async function outgoingPaymentGrant(
  client: BenchClient,
  signer: Signer,
  ctx: FlowContext,
  debitAmount: unknown,
): Promise<string> {
  const nonce = crypto.randomUUID()
  const pending = await json<{
    interact: { redirect: string }
    continue: { uri: string; access_token: { value: string } }
  }>(
    'grant request',
    200,
    client.send(
      {
        method: 'POST',
        url: ctx.authUrl,
        json: {
          access_token: {
            access: [
              {
                type: 'outgoing-payment',
                actions: ['create', 'read'],
                identifier: ctx.alice,
                limits: { debitAmount },
              },
            ],
          },
          client: ctx.clientWalletAddress,
          interact: { start: ['redirect'], finish: { method: 'redirect', uri: FINISH_URI, nonce } },
        },
      },
      signer,
    ),
  )
  const page = await expect(
    'consent page',
    200,
    client.send({ method: 'GET', url: pending.interact.redirect }, undefined),
  )
  const action = /<form id="consent" method="post" action="([^"]+)"/
    .exec(page.text)?.[1]
    ?.replaceAll('&amp;', '&')
  if (action === undefined) throw new FlowError('consent page without its form')
  const decided = await expect(
    'consent',
    303,
    client.send({ method: 'POST', url: action, form: 'decision=accept' }, undefined),
  )
  const interactRef = new URL(String(decided.headers.location)).searchParams.get('interact_ref')
  const granted = await json<{ access_token: { value: string } }>(
    'grant continuation',
    200,
    client.send(
      {
        method: 'POST',
        url: pending.continue.uri,
        token: pending.continue.access_token.value,
        json: { interact_ref: interactRef },
      },
      signer,
    ),
  )
  return granted.access_token.value
}

async function expect(step: string, status: number, reply: Promise<BenchReply>): Promise<BenchReply> {
  const answer = await reply
  if (answer.status !== status) throw new FlowError(`${step}: ${answer.status} ${answer.text.slice(0, 300)}`)
  return answer
}

async function json<T>(step: string, status: number, reply: Promise<BenchReply>): Promise<T> {
  return JSON.parse((await expect(step, status, reply)).text) as T
}
