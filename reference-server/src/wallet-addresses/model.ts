import type { WalletAddress as OpenPaymentsWalletAddress } from '@interledger/open-payments'
import type { PublicUrls } from '../config.ts'

// The OpenAPI asks for cache headers; a short lifetime still lets a restarted server's new seed show up.
export const CACHE_CONTROL = 'public, max-age=60'

export interface WalletAddress {
  id: string
  name: string
  publicName: string | undefined
  assetCode: string
  assetScale: number
  balance: bigint
  createdAt: Date
}

/** What the wallet address document shows of an address. */
export type WalletAddressProfile = Pick<WalletAddress, 'name' | 'publicName' | 'assetCode' | 'assetScale'>

export function walletAddressUrl(resourceServer: string, name: string): string {
  return `${resourceServer}/${name}`
}

export function toOpenPaymentsWalletAddress(
  walletAddress: WalletAddressProfile,
  urls: PublicUrls,
): OpenPaymentsWalletAddress {
  return {
    id: walletAddressUrl(urls.resourceServer, walletAddress.name),
    ...(walletAddress.publicName === undefined ? {} : { publicName: walletAddress.publicName }),
    assetCode: walletAddress.assetCode,
    assetScale: walletAddress.assetScale,
    authServer: urls.authServer,
    resourceServer: urls.resourceServer,
  }
}
