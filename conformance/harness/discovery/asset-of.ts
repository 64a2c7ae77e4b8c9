import type { WalletAddress } from '@interledger/open-payments'

// Apart from discovery.ts, whose checks load Playwright's expect: `validate --live` and `init` compare assets too.

export function sameAsset(a: WalletAddress, b: WalletAddress): boolean {
  return a.assetCode === b.assetCode && a.assetScale === b.assetScale
}

export function assetOf(walletAddress: WalletAddress): string {
  return `${walletAddress.assetCode}/${walletAddress.assetScale}`
}
