import { HttpError } from '../http/errors.ts'

export enum WalletAddressError {
  UnknownWalletAddress = 'UnknownWalletAddress',
  InvalidName = 'InvalidName',
  AssetChanged = 'AssetChanged',
}

export function isWalletAddressError(value: unknown): value is WalletAddressError {
  return Object.values<unknown>(WalletAddressError).includes(value)
}

const DESCRIPTIONS: Readonly<Record<WalletAddressError, string>> = {
  [WalletAddressError.UnknownWalletAddress]: 'There is no wallet address with this name.',
  [WalletAddressError.InvalidName]: 'The wallet address name is not a valid, unreserved path segment.',
  [WalletAddressError.AssetChanged]:
    'The wallet address exists with another asset; its asset cannot change once money may have moved.',
}

export function describeWalletAddressError(error: WalletAddressError): string {
  return DESCRIPTIONS[error]
}

export function toHttpError(error: WalletAddressError): HttpError {
  const description = describeWalletAddressError(error)
  switch (error) {
    case WalletAddressError.UnknownWalletAddress:
      return new HttpError(404, 'not_found', description)
    case WalletAddressError.InvalidName:
      return new HttpError(400, 'invalid_request', description)
    case WalletAddressError.AssetChanged:
      return new HttpError(409, 'conflict', description)
  }
}
