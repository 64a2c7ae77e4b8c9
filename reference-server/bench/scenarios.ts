import type { AccessItem } from '@interledger/open-payments'
import { approvedOutgoingGrant, issuedGrant } from '../test/support/gnap-helpers.ts'
import { send, type TestClient } from '../test/support/signing-client.ts'
import { runPaymentFlow } from './flow.ts'
import type { BenchClient, BenchRequest, Signer } from './load.ts'
import type { ServerUnderTest } from './server-under-test.ts'

/** What the operations use: the server, its wallet addresses, tokens and receivers made before the load. */
export interface Context {
  server: ServerUnderTest
  clientWalletAddress: string
  alice: string
  bob: string
  receiverToken: string
  outgoingToken: string
  /** Incoming payments to bob, without incomingAmount, made before the load. */
  incomingIds: string[]
}

export interface Scenario {
  name: string
  /** Compared with the trivial server's signed figure rather than its unsigned one. */
  signed: boolean
  /** One operation: undefined when it went as expected, else what went wrong. */
  run(ctx: Context, client: BenchClient, signer: Signer): Promise<string | undefined>
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T
const one = { value: '1', assetCode: 'USD', assetScale: 2 }

/** A scenario of one request, answered with `expectStatus`; signed when its name says so. */
function request(name: string, expectStatus: number, next: (ctx: Context) => BenchRequest): Scenario {
  const signed = name.startsWith('signed ')
  return {
    name,
    signed,
    run: async (ctx, client, signer) => {
      const reply = await client.send(next(ctx), signed ? signer : undefined)
      return reply.status === expectStatus ? undefined : `${reply.status} ${reply.text.slice(0, 300)}`
    },
  }
}

export const SCENARIOS: Scenario[] = [
  request('GET wallet address', 200, (c) => ({ method: 'GET', url: c.alice })),
  request('signed POST /incoming-payments', 201, (c) => ({
    method: 'POST',
    url: `${c.server.url}/incoming-payments`,
    token: c.receiverToken,
    json: { walletAddress: c.bob, metadata: { order: 'INV-1' } },
  })),
  request('signed GET /incoming-payments/{id}', 200, (c) => ({
    method: 'GET',
    url: pick(c.incomingIds),
    token: c.receiverToken,
  })),
  request('signed GET /incoming-payments (list 20)', 200, (c) => ({
    method: 'GET',
    url: `${c.server.url}/incoming-payments?wallet-address=${encodeURIComponent(c.bob)}&first=20`,
    token: c.receiverToken,
  })),
  request('signed POST /quotes', 201, (c) => ({
    method: 'POST',
    url: `${c.server.url}/quotes`,
    token: c.receiverToken,
    json: { walletAddress: c.alice, receiver: pick(c.incomingIds), method: 'ilp', debitAmount: one },
  })),
  request('signed POST /outgoing-payments', 201, (c) => ({
    method: 'POST',
    url: `${c.server.url}/outgoing-payments`,
    token: c.outgoingToken,
    json: { walletAddress: c.alice, incomingPayment: pick(c.incomingIds), debitAmount: one },
  })),
  {
    name: 'signed whole flow (incoming payment, quote, grant, outgoing payment, settled)',
    signed: true,
    run: (ctx, client, signer) =>
      runPaymentFlow(client, signer, {
        url: ctx.server.url,
        authUrl: ctx.server.authUrl,
        alice: ctx.alice,
        bob: ctx.bob,
        receiverToken: ctx.receiverToken,
        clientWalletAddress: ctx.clientWalletAddress,
      }),
  },
]

/** The grants and receivers the scenarios use, made once per server. */
export async function prepare(server: ServerUnderTest, client: TestClient): Promise<Context> {
  const [alice, bob] = [`${server.url}/alice`, `${server.url}/bob`]
  const receiver = await issuedGrant(server.authUrl, client, [
    { type: 'incoming-payment', actions: ['create', 'read', 'list'], identifier: bob } as AccessItem,
    { type: 'quote', actions: ['create', 'read'] } as AccessItem,
  ])
  const outgoing = await approvedOutgoingGrant(server.authUrl, client, [
    { type: 'outgoing-payment', actions: ['create', 'read'], identifier: alice } as AccessItem,
  ])
  const receiverToken = receiver.access_token?.value ?? ''
  const incomingIds: string[] = []
  for (let i = 0; i < 50; i++) {
    const reply = await send(client, {
      method: 'POST',
      url: `${server.url}/incoming-payments`,
      token: receiverToken,
      json: { walletAddress: bob },
    })
    incomingIds.push((reply.body as { id: string }).id)
  }
  return {
    server,
    clientWalletAddress: client.walletAddress,
    alice,
    bob,
    receiverToken,
    outgoingToken: outgoing.access_token?.value ?? '',
    incomingIds,
  }
}
