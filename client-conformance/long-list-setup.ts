import { type Exchange, loadClientKey, OpenPaymentsClient } from '../clients/src/index.ts'
import type { SimulatedAse } from './simulated-ase.ts'

/**
 * Creates `count` incoming payments on `walletAddress` as the client under test (same wallet address and key),
 * so that its list shows them; returns their ids. These requests are the suite's, recorded under the setup.
 */
export async function createIncomingPayments(
  ase: SimulatedAse,
  walletAddress: string,
  count: number,
): Promise<string[]> {
  const key = loadClientKey({ keyId: ase.client.keyId, privateKey: ase.client.privateKeyPem })
  const client = new OpenPaymentsClient({ key, walletAddress: ase.client.walletAddress })
  const document = ok(await client.send({ method: 'GET', url: walletAddress, sign: false })) as {
    id: string
    authServer: string
    resourceServer: string
  }
  const grant = ok(
    await client.send({
      method: 'POST',
      url: document.authServer,
      json: {
        access_token: {
          access: [{ type: 'incoming-payment', actions: ['create'], identifier: document.id }],
        },
        client: ase.client.walletAddress,
      },
    }),
  ) as { access_token: { value: string } }
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const created = ok(
      await client.send({
        method: 'POST',
        url: `${document.resourceServer}/incoming-payments`,
        token: grant.access_token.value,
        json: { walletAddress: document.id },
      }),
    ) as { id: string }
    ids.push(created.id)
  }
  return ids
}

function ok(exchange: Exchange): unknown {
  const { request, response } = exchange
  if (response.status >= 300)
    throw new Error(`setup: ${request.method} ${request.url} answered ${response.status}: ${response.text}`)
  return response.json
}
