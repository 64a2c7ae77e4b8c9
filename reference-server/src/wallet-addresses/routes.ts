import type { JWKS } from '@interledger/open-payments'
import type { Request, RequestHandler, Response } from 'express'
import type { PublicUrls } from '../config.ts'
import { isWalletAddressError, toHttpError } from './errors.ts'
import { CACHE_CONTROL, toOpenPaymentsWalletAddress } from './model.ts'
import type { WalletAddressService } from './service.ts'

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
    get: (req, res) => getWalletAddress(deps, req, res),
    getKeys: (req, res) => getWalletAddressKeys(deps, req, res),
  }
}

async function getWalletAddress(
  deps: RouteDependencies,
  req: Request<NameParams>,
  res: Response,
): Promise<void> {
  const walletAddress = await deps.walletAddressService.getPublished(req.params.name)
  if (isWalletAddressError(walletAddress)) throw toHttpError(walletAddress)
  res.set('Cache-Control', CACHE_CONTROL).json(toOpenPaymentsWalletAddress(walletAddress, deps.urls))
}

async function getWalletAddressKeys(
  deps: RouteDependencies,
  req: Request<NameParams>,
  res: Response,
): Promise<void> {
  const keys = await deps.walletAddressService.getKeys(req.params.name)
  if (isWalletAddressError(keys)) throw toHttpError(keys)
  const body: JWKS = { keys }
  res.set('Cache-Control', CACHE_CONTROL).json(body)
}
