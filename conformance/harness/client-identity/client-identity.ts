import type { ClientKey } from '../../../clients/src/index.ts'

/** Who the suite is to the target: a wallet address URL whose JWKS holds the suite's public key. */
export interface ClientIdentity {
  walletAddress: string
  key: ClientKey
}
