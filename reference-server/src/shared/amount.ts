import type { components } from '@interledger/open-payments/dist/openapi/generated/resource-server-types.js'
import { UINT64_MAX } from './uint64.ts'

export type OpenPaymentsAmount = components['schemas']['amount']

export interface Asset {
  assetCode: string
  assetScale: number
}

/** An amount in code: the value is a bigint, so no amount ever passes through a JS number. */
export interface Amount extends Asset {
  value: bigint
}

export function amountOf(value: bigint, asset: Asset): Amount {
  return { value, assetCode: asset.assetCode, assetScale: asset.assetScale }
}

export function toOpenPaymentsAmount(amount: Amount): OpenPaymentsAmount {
  return { value: amount.value.toString(), assetCode: amount.assetCode, assetScale: amount.assetScale }
}

export function sameAsset(a: Asset, b: Asset): boolean {
  return a.assetCode === b.assetCode && a.assetScale === b.assetScale
}

export function fitsUint64(value: bigint): boolean {
  return value >= 0n && value <= UINT64_MAX
}
