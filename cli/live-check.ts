import type { WalletAddress } from '@interledger/open-payments'
import { resolveClientIdentity } from '../conformance/harness/client-identity/resolve-client-identity.ts'
import { assetOf, sameAsset } from '../conformance/harness/discovery/asset-of.ts'
import { targetUndiciTransport } from '../conformance/harness/http/target-transport.ts'
import { fetchWalletAddress, getJson } from '../conformance/harness/preflight/check-wallet-address.ts'
import type { RegisteredClient, TargetFile } from '../conformance/harness/target/target-file.ts'
import { walletAddressesOf } from '../conformance/harness/target/wallet-addresses-of.ts'
import { sameAddress } from './same-address.ts'

export interface LiveCheck {
  /** What each wallet address says about itself, one line each. */
  found: string[]
  /** What keeps the suite from running against this target, each naming its field. */
  problems: string[]
}

/**
 * What `validate --live` and `init` ask the target, through its routes and trusting its tls.caFile, as a run
 * would: every wallet address is a wallet address document whose id is the address fetched, the authServer and
 * resourceServer each names answer, sender and receiver are two addresses in one asset, and each registered
 * client's JWKS publishes the key the target file holds. Reads only: nothing is created.
 */
export async function checkLive(target: TargetFile): Promise<LiveCheck> {
  const transport = targetUndiciTransport(target)
  const found: string[] = []
  const problems: string[] = []
  const documents = new Map<string, WalletAddress>()
  // Fields whose document lacks a required member: their asset cannot be compared.
  const incomplete = new Set<string>()
  for (const [field, url] of walletAddressesOf(target)) {
    const fetched = await fetchWalletAddress(url, transport)
    if ('problem' in fetched) {
      problems.push(`${field} ${url}: ${fetched.problem}`)
      continue
    }
    documents.set(field, fetched.document)
    if (!sameAddress(fetched.document.id, url))
      problems.push(
        `${field} ${url}: the document's id is ${fetched.document.id}; name the wallet address as its id does ` +
          '(a run compares them, and signs and grants for the id)',
      )
    found.push(
      fetched.defects.length === 0
        ? `${field} ${url}: ${describeWalletAddress(fetched.document)}`
        : `${field} ${url}: a wallet address document without ${fetched.defects.join(', ')}: the server's fault, ` +
            "not the target file's, which a run fails under WA-DOC",
    )
    if (fetched.defects.length > 0) incomplete.add(field)
  }
  problems.push(...(await unansweredServers(documents, transport)))
  const { sender: senderUrl, receiver: receiverUrl } = target.walletAddresses
  if (sameAddress(senderUrl, receiverUrl))
    problems.push(
      "walletAddresses.receiver: the sender itself; give another wallet address in the sender's asset (a payment to oneself proves nothing)",
    )
  const sender = documents.get('walletAddresses.sender')
  const receiver = documents.get('walletAddresses.receiver')
  const comparable = !incomplete.has('walletAddresses.sender') && !incomplete.has('walletAddresses.receiver')
  if (sender && receiver && comparable && !sameAsset(sender, receiver))
    problems.push(
      `walletAddresses.receiver: holds ${assetOf(receiver)}, the sender ${assetOf(sender)}; the receiver must be in the sender's asset`,
    )
  for (const [field, client] of registeredClients(target)) {
    if (!documents.has(`${field}.walletAddress`)) continue
    const problem = await keyProblem(client, transport)
    if (problem) problems.push(`${field}.keyId: ${problem}`)
    else found.push(`${field}.keyId ${client.keyId}: published in ${jwksUrl(client.walletAddress)}`)
  }
  return { found, problems }
}

/**
 * The authServer and resourceServer of each document, each asked once: any HTTP answer will do (a server's root
 * may well be 404); no answer at all (refused, unknown host, TLS, timeout) is named with the field whose document
 * names the server.
 */
async function unansweredServers(
  documents: Map<string, WalletAddress>,
  transport: ReturnType<typeof targetUndiciTransport>,
): Promise<string[]> {
  const asked = new Map<string, Promise<string | undefined>>()
  const problems: string[] = []
  for (const [field, document] of documents) {
    for (const role of ['authServer', 'resourceServer'] as const) {
      const url = document[role]
      if (typeof url !== 'string') continue
      if (!asked.has(url))
        asked.set(
          url,
          getJson(url, transport).then((answer) => ('problem' in answer ? answer.problem : undefined)),
        )
      const problem = await asked.get(url)
      if (problem) problems.push(`${field}: its ${role} ${url} does not answer: ${problem}`)
    }
  }
  return problems
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
