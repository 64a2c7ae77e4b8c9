import type { WalletAddress } from '@interledger/open-payments'
import { resolveClientIdentity } from '../conformance/harness/client-identity/resolve-client-identity.ts'
import { assetOf } from '../conformance/harness/discovery/asset-of.ts'
import { targetUndiciTransport } from '../conformance/harness/http/target-transport.ts'
import { getJson } from '../conformance/harness/preflight/check-wallet-address.ts'
import { checkWalletAddresses } from '../conformance/harness/preflight/wallet-address-pair.ts'
import type { RegisteredClient, TargetFile } from '../conformance/harness/target/target-file.ts'
import { walletAddressesOf } from '../conformance/harness/target/wallet-addresses-of.ts'

export interface LiveCheck {
  /** What each wallet address says about itself, one line each. */
  found: string[]
  /** What keeps the suite from running against this target, each naming its field. */
  problems: string[]
}

/**
 * What `validate --live` and `init` ask the target, through its routes and trusting its tls.caFile, as a run
 * would: the wallet addresses as the run's pre-flight checks them (checkWalletAddresses), and each registered
 * client's JWKS publishes the key the target file holds. Reads only: nothing is created.
 */
export async function checkLive(target: TargetFile): Promise<LiveCheck> {
  const transport = targetUndiciTransport(target)
  const { documents, incomplete, problems } = await checkWalletAddresses(target, transport)
  const found: string[] = []
  for (const [field, document] of documents) {
    const url = walletAddressesOf(target).find(([named]) => named === field)?.[1]
    const defects = incomplete.get(field)
    found.push(
      defects === undefined
        ? `${field} ${url}: ${describeWalletAddress(document)}`
        : `${field} ${url}: a wallet address document without ${defects.join(', ')}: the server's fault, ` +
            "not the target file's, which a run fails under WA-DOC",
    )
  }
  for (const [field, client] of registeredClients(target)) {
    if (!documents.has(`${field}.walletAddress`)) continue
    const problem = await keyProblem(client, transport)
    if (problem) problems.push(`${field}.keyId: ${problem}`)
    else found.push(`${field}.keyId ${client.keyId}: published in ${jwksUrl(client.walletAddress)}`)
  }
  return { found, problems }
}

export function describeWalletAddress(document: WalletAddress): string {
  return `${assetOf(document)}, authServer ${document.authServer}, resourceServer ${document.resourceServer}`
}

function registeredClients(target: TargetFile): [string, RegisteredClient][] {
  const clients: [string, RegisteredClient][] = []
  if ('walletAddress' in target.client) clients.push(['client', target.client])
  if (target.secondClient) clients.push(['secondClient', target.secondClient])
  return clients
}

export function jwksUrl(walletAddress: string): string {
  return `${walletAddress.replace(/\/+$/, '')}/jwks.json`
}

async function keyProblem(
  client: RegisteredClient,
  transport: ReturnType<typeof targetUndiciTransport>,
): Promise<string | undefined> {
  const { identity } = await resolveClientIdentity(client)
  const url = jwksUrl(client.walletAddress)
  const response = await getJson(url, transport)
  if ('problem' in response) return `${url}: ${response.problem}`
  if (response.status !== 200) return `${url} answered HTTP ${response.status}, not 200`
  const keys = (response.json as { keys?: unknown })?.keys
  if (!Array.isArray(keys)) return `${url} holds no "keys" array`
  const published = keys.find((key) => (key as { kid?: unknown })?.kid === client.keyId)
  if (!published)
    return `${url} has no key with kid ${JSON.stringify(client.keyId)} (register the public key, or fix keyId)`
  if ((published as { x?: unknown }).x !== identity.key.publicJwk.x)
    return `${url} publishes kid ${JSON.stringify(client.keyId)} with another public key than the private key given`
  return undefined
}
