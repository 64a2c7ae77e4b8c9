import type { JWKS } from '@interledger/open-payments'
import type { RequestHandler } from 'express'
import type { PublicUrls } from '../config.ts'
import { isWalletAddressError, toHttpError } from './errors.ts'
import { toOpenPaymentsWalletAddress } from './model.ts'
import type { WalletAddressService } from './service.ts'

// The OpenAPI asks for cache headers; a short lifetime still lets a restarted server's new seed show up.
export const CACHE_CONTROL = 'public, max-age=60'

interface RouteDependencies {
  walletAddressService: WalletAddressService
  urls: PublicUrls
}

type NameParams = { name: string }

export interface WalletAddressRoutes {
  get: RequestHandler<NameParams>
  getKeys: RequestHandler<NameParams>
}

export function createWalletAddressRoutes(deps: RouteDependencies): WalletAddressRoutes {
  return {
    get: async (req, res) => {
      const walletAddress = await deps.walletAddressService.getPublished(req.params.name)
      if (isWalletAddressError(walletAddress)) throw toHttpError(walletAddress)
      res.set('Cache-Control', CACHE_CONTROL).json(toOpenPaymentsWalletAddress(walletAddress, deps.urls))
    },
    getKeys: async (req, res) => {
      const keys = await deps.walletAddressService.getKeys(req.params.name)
      if (isWalletAddressError(keys)) throw toHttpError(keys)
      const body: JWKS = { keys }
      res.set('Cache-Control', CACHE_CONTROL).json(body)
    },
  }
}
