import type { WalletAddress } from '@interledger/open-payments'
import { expect } from '../expect/conformance-expect.ts'
import type { ConformanceApi } from '../http/conformance-api.ts'
import { bodyOf } from '../openapi/body-of.ts'
import { OPERATIONS } from '../openapi/operations.ts'
import { TargetConfigurationError } from '../target/target-configuration-error.ts'
import type { TargetFile } from '../target/target-file.ts'
import { assetOf, sameAsset } from './asset-of.ts'

export type Role = keyof TargetFile['walletAddresses']

/**
 * The target's wallet address documents. They are the only source of the authorization server (the grant
 * endpoint) and of the resource server: the suite never guesses a URL.
 */
export interface Discovery {
  sender: WalletAddress
  receiver: WalletAddress
  otherAsset?: WalletAddress
  /**
   * The smallest amount the suite moves in one payment, in smallest units (target `amounts.minimum`, else 1).
   * Every amount a test sends or quotes is a multiple of it, so a ledger with fees or a minimum still pays.
   */
  unit: bigint
}

export async function discover(api: ConformanceApi, target: TargetFile): Promise<Discovery> {
  const { sender, receiver, otherAsset } = target.walletAddresses
  const discovery: Discovery = {
    sender: await fetchWalletAddress(api, sender),
    receiver: await fetchWalletAddress(api, receiver),
    otherAsset: otherAsset ? await fetchWalletAddress(api, otherAsset) : undefined,
    unit: BigInt(target.amounts?.minimum ?? 1),
  }
  if (!sameAsset(discovery.sender, discovery.receiver)) {
    throw new TargetConfigurationError(
      `walletAddresses.receiver (${receiver}) holds ${assetOf(discovery.receiver)} but ` +
        `walletAddresses.sender (${sender}) holds ${assetOf(discovery.sender)}; the receiver must be in ` +
        "the sender's asset (give a wallet address in another asset as walletAddresses.otherAsset)",
    )
  }
  return discovery
}

async function fetchWalletAddress(api: ConformanceApi, url: string): Promise<WalletAddress> {
  const exchange = await api.send({ operation: OPERATIONS.getWalletAddress, method: 'GET', url })
  expect(exchange).toAnswer(200, 'WA-DOC', `GET ${url} (the suite discovers the servers from it)`)
  return bodyOf(exchange, 'wallet-address')
}

/** Whether two wallet addresses hold the same asset at the same scale (a payment between them needs no quote's rate). */
/** A resource-server URL: `path` appended to the wallet address's `resourceServer`, whatever its own path. */
export function resourceUrl(walletAddress: WalletAddress, path: string): string {
  return `${walletAddress.resourceServer.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** The amount a test sends or expects, in the wallet address's own asset. */
export function amountIn(walletAddress: WalletAddress, value: bigint | string) {
  return { value: String(value), assetCode: walletAddress.assetCode, assetScale: walletAddress.assetScale }
}
