import assert from 'node:assert/strict'
import type { AccessItem } from '@interledger/open-payments'
import { type RunningServer, startServer } from '../../src/server.ts'
import { approvedOutgoingGrant, issuedGrant } from './gnap-helpers.ts'
import { type DatabaseVariant, testConfig, withDeadline } from './helpers.ts'
import { type Reply, send, startTestClient, type TestClient } from './signing-client.ts'

export type Json = Record<string, unknown>
export type Amount = { value: string; assetCode: string; assetScale: number }

export const U64_MAX = '18446744073709551615'
/** Longer than the server's own shutdown limit (SHUTDOWN_TIMEOUT_MS, 10 s) and a loaded machine's start. */
const STEP_DEADLINE_MS = 60_000
export const usd = (value: string): Amount => ({ value, assetCode: 'USD', assetScale: 2 })
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const later = (ms: number) => new Date(Date.now() + ms).toISOString()

export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await sleep(25)
  }
}

export const incomingAccess = (identifier: string, actions: string[]): AccessItem =>
  ({ type: 'incoming-payment', actions, identifier }) as AccessItem
export const quoteAccess: AccessItem = { type: 'quote', actions: ['create', 'read'] }

/** A client identity (its own wallet address, served on a local port) that signs what it sends. */
export interface ClientHandle {
  send(method: string, url: string, options?: { token?: string; json?: unknown }): Promise<Reply>
  /** A token for `access`: issued at once, or (outgoing payments) after accepting on the consent page. */
  token(access: AccessItem[]): Promise<string>
}

/**
 * The whole server (resource and auth ports, payment engine polling every 20 ms, quotes living 2 s) on the
 * fixture seed: alice and bob in USD, carol in EUR. `client` pays from alice; `otherClient` is another
 * client, to check that `read` without `read-all` hides the first one's resources.
 */
export interface PaymentServer {
  server: RunningServer
  /** The environment the server started with, to open its database from a test. */
  env: Record<string, string>
  alice: string
  bob: string
  carol: string
  client: ClientHandle
  otherClient: ClientHandle
  /** `client`: every incoming-payment action on bob, and quotes. Requested once. */
  receiverToken(): Promise<string>
  /** `client`: create, read and list outgoing payments of alice, under `limits`. */
  outgoingToken(limits?: Json): Promise<string>
  /** An incoming payment to bob, asserted created. */
  createIncoming(body?: Json): Promise<Json>
  createQuote(body: Json): Promise<Reply>
  pay(token: string, body: Json): Promise<Reply>
  /** Polls the payment until its sentAmount reaches its debitAmount (or 5 s pass). */
  settled(token: string, id: string): Promise<Json>
  close(): Promise<void>
}

export async function startPaymentServer(variant: DatabaseVariant): Promise<PaymentServer> {
  const env = {
    ...(await variant.setUp()),
    AUTH_PORT: '0',
    GRANT_WAIT_SECONDS: '0',
    QUOTE_LIFETIME_SECONDS: '2',
    PAYMENT_POLL_INTERVAL_MS: '20',
  }
  const server = await withDeadline(STEP_DEADLINE_MS, 'starting the server', startServer(testConfig(env)))
  const [alice = '', bob = '', carol = ''] = server.walletAddresses
  const authServer = server.publicUrls.authServer
  const wallets = [await startTestClient(), await startTestClient()]
  const handle = (wallet: TestClient): ClientHandle => ({
    send: (method, url, options = {}) => send(wallet, { method, url, ...options }),
    token: async (access) => {
      const interactive = access.some((entry) => entry.type === 'outgoing-payment')
      const grant = interactive
        ? await approvedOutgoingGrant(authServer, wallet, access)
        : await issuedGrant(authServer, wallet, access)
      assert.ok(grant.access_token, JSON.stringify(grant))
      return grant.access_token.value
    },
  })
  const [client, otherClient] = wallets.map(handle) as [ClientHandle, ClientHandle]

  let receiverToken: Promise<string> | undefined
  const fixture: PaymentServer = {
    server,
    env,
    alice,
    bob,
    carol,
    client,
    otherClient,
    receiverToken: () => {
      receiverToken ??= client.token([
        incomingAccess(bob, ['create', 'read', 'list', 'complete']),
        quoteAccess,
      ])
      return receiverToken
    },
    outgoingToken: (limits) =>
      client.token([
        {
          type: 'outgoing-payment',
          actions: ['create', 'read', 'list'],
          identifier: alice,
          ...(limits === undefined ? {} : { limits }),
        } as AccessItem,
      ]),
    createIncoming: async (body = {}) => {
      const { status, body: created } = await client.send('POST', `${server.url}/incoming-payments`, {
        token: await fixture.receiverToken(),
        json: { walletAddress: bob, ...body },
      })
      assert.equal(status, 201, JSON.stringify(created))
      return created as Json
    },
    createQuote: async (body) =>
      client.send('POST', `${server.url}/quotes`, {
        token: await fixture.receiverToken(),
        json: { walletAddress: alice, method: 'ilp', ...body },
      }),
    pay: (token, body) =>
      client.send('POST', `${server.url}/outgoing-payments`, {
        token,
        json: { walletAddress: alice, ...body },
      }),
    settled: (token, id) =>
      poll(
        async () => (await client.send('GET', id, { token })).body as Json,
        (payment) => (payment.sentAmount as Amount).value === (payment.debitAmount as Amount).value,
      ),
    close: async () => {
      await withDeadline(STEP_DEADLINE_MS, 'closing the server', server.close())
      await withDeadline(
        STEP_DEADLINE_MS,
        'closing the client wallets',
        Promise.all(wallets.map((w) => w.close())),
      )
      await withDeadline(STEP_DEADLINE_MS, 'removing the database', variant.tearDown())
    },
  }
  return fixture
}
