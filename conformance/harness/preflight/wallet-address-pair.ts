import type { WalletAddress } from '@interledger/open-payments'
import type { Transport } from '../../../clients/src/index.ts'
import { assetOf, sameAsset } from '../discovery/asset-of.ts'
import { sameAddress } from '../target/same-address.ts'
import type { TargetFile } from '../target/target-file.ts'
import { walletAddressesOf } from '../target/wallet-addresses-of.ts'
import { fetchWalletAddress, getJson } from './check-wallet-address.ts'

export interface WalletAddressCheck {
  /** Each wallet address fetched, by its target-file field. */
  documents: Map<string, WalletAddress>
  /** Fields whose document lacks a required member: the server's fault (WA-DOC), not the target file's. */
  incomplete: Map<string, string[]>
  /** What keeps the suite from running against this target, each naming its field. */
  problems: string[]
}

/**
 * What the wallet addresses of a target file must be for a run to mean anything, asked through `transport` (the
 * target's routes): each a wallet address document whose id is the address fetched, the authServer and
 * resourceServer each names answer, and sender and receiver two addresses in one asset. One check for both
 * `validate --live` and a run's pre-flight, so a file the one refuses the other does not run (a receiver that is
 * the sender made "a token for alice used on alice" fail AUTH-PERMISSION). Reads only: nothing is created.
 */
export async function checkWalletAddresses(
  target: TargetFile,
  transport: Transport,
): Promise<WalletAddressCheck> {
  const documents = new Map<string, WalletAddress>()
  const incomplete = new Map<string, string[]>()
  const problems: string[] = []
  for (const [field, url] of walletAddressesOf(target)) {
    const fetched = await fetchWalletAddress(url, transport)
    if ('problem' in fetched) {
      problems.push(`${field} ${url}: ${fetched.problem}`)
      continue
    }
    documents.set(field, fetched.document)
    if (fetched.defects.length > 0) incomplete.set(field, fetched.defects)
    const { id } = fetched.document
    if (typeof id === 'string' && !sameAddress(id, url))
      problems.push(
        `${field} ${url}: the document's id is ${id}; name the wallet address as its id does ` +
          '(a run compares them, and signs and grants for the id)',
      )
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
  return { documents, incomplete, problems }
}

/**
 * The authServer and resourceServer of each document, each asked once: any HTTP answer will do (a server's root
 * may well be 404); no answer at all (refused, unknown host, TLS, timeout) is named with the field whose document
 * names the server.
 */
async function unansweredServers(
  documents: Map<string, WalletAddress>,
  transport: Transport,
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
