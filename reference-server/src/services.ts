import { createActiveTokenCache } from './access-tokens/active-token-cache.ts'
import { type AccessTokenService, createAccessTokenService } from './access-tokens/service.ts'
import { type ClientWalletService, createClientWalletService } from './client-wallets/service.ts'
import type { Database } from './db/database.ts'
import { createGrantService, type GrantService } from './grants/service.ts'
import { ALL_SIGNATURE_CHECKS, type SignatureChecks } from './http-signatures/checks.ts'
import { createSignatureService, type SignatureService } from './http-signatures/request-verifier.ts'
import { createReceiverTermsCache } from './incoming-payments/receiver-terms.ts'
import { createIncomingPaymentService, type IncomingPaymentService } from './incoming-payments/service.ts'
import { createInteractionService, type InteractionService } from './interaction/service.ts'
import { checkLedger, type LedgerCheck } from './ledger/invariant.ts'
import {
  createOutgoingPaymentGrantService,
  type OutgoingPaymentGrantService,
} from './outgoing-payment-grants/service.ts'
import { createOutgoingPaymentService, type OutgoingPaymentService } from './outgoing-payments/service.ts'
import { DEFAULT_RATE_TABLE, type RateTable } from './quotes/rates.ts'
import { createQuoteService, type QuoteService } from './quotes/service.ts'
import { createWalletAddressIdentities } from './wallet-addresses/identity-cache.ts'
import { createWalletAddressService, type WalletAddressService } from './wallet-addresses/service.ts'

export interface Services {
  walletAddresses: WalletAddressService
  incomingPayments: IncomingPaymentService
  quotes: QuoteService
  outgoingPayments: OutgoingPaymentService
  outgoingPaymentGrants: OutgoingPaymentGrantService
  grants: GrantService
  interactions: InteractionService
  accessTokens: AccessTokenService
  clientWallets: ClientWalletService
  signatures: SignatureService
  ledger: { check(): Promise<LedgerCheck> }
}

export interface AuthSettings {
  accessTokenExpiresIn: number
  grantWaitSeconds: number
  interactionExpiresIn: number
  signatureChecks: SignatureChecks
}

const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  accessTokenExpiresIn: 600,
  grantWaitSeconds: 5,
  interactionExpiresIn: 600,
  signatureChecks: ALL_SIGNATURE_CHECKS,
}

export interface PaymentSettings {
  rates: RateTable
  quoteLifetimeSeconds: number
}

// The configuration's defaults, for callers that only need the wallet addresses (seeding, tests).
const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = { rates: DEFAULT_RATE_TABLE, quoteLifetimeSeconds: 300 }

/** The one place where services are wired to each other and to the database. */
export function createServices(deps: {
  db: Database
  payments?: PaymentSettings
  auth?: AuthSettings
}): Services {
  const { rates, quoteLifetimeSeconds } = deps.payments ?? DEFAULT_PAYMENT_SETTINGS
  const auth = deps.auth ?? DEFAULT_AUTH_SETTINGS
  const clientWallets = createClientWalletService()
  const tokenCache = createActiveTokenCache()
  const walletAddresses = createWalletAddressIdentities(deps.db)
  const receivers = createReceiverTermsCache()
  return {
    walletAddresses: createWalletAddressService({ db: deps.db }),
    incomingPayments: createIncomingPaymentService({ db: deps.db, walletAddresses, receivers }),
    quotes: createQuoteService({ db: deps.db, rates, quoteLifetimeSeconds, walletAddresses, receivers }),
    outgoingPayments: createOutgoingPaymentService({ db: deps.db, rates, walletAddresses, receivers }),
    outgoingPaymentGrants: createOutgoingPaymentGrantService({ db: deps.db }),
    grants: createGrantService({
      db: deps.db,
      clientWallets,
      waitSeconds: auth.grantWaitSeconds,
      interactionExpiresIn: auth.interactionExpiresIn,
      accessTokenExpiresIn: auth.accessTokenExpiresIn,
      tokenCache,
    }),
    interactions: createInteractionService({ db: deps.db }),
    accessTokens: createAccessTokenService({
      db: deps.db,
      expiresIn: auth.accessTokenExpiresIn,
      cache: tokenCache,
    }),
    clientWallets,
    signatures: createSignatureService({ checks: auth.signatureChecks, clientWallets }),
    ledger: { check: () => checkLedger(deps.db) },
  }
}
