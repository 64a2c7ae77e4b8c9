import type { Request } from 'express'
import type { ClientWalletService } from '../client-wallets/service.ts'
import type { SignatureChecks } from './checks.ts'
import { type VerificationResult, verifySignature } from './verify-signature.ts'

/** Verifies that an incoming request was signed by a given client (its wallet address URL). */
export interface RequestVerifier {
  verify(req: Request, clientUrl: string): Promise<VerificationResult>
}

/** Builds the verifier of each app: the resource server's and the authorization server's. */
export interface SignatureService {
  /** `publicUrl` is the public base URL of the app the requests arrive at (PUBLIC_URL or AUTH_PUBLIC_URL). */
  verifierFor(publicUrl: string): RequestVerifier
}

export interface SignatureServiceDependencies {
  checks: SignatureChecks
  clientWallets: ClientWalletService
}

export function createSignatureService(deps: SignatureServiceDependencies): SignatureService {
  return {
    verifierFor: (publicUrl) => ({
      verify: (req, clientUrl) =>
        verifySignature(
          {
            method: req.method,
            targetUri: publicTargetUri(publicUrl, req.originalUrl),
            headers: req.headers,
            body: req.rawBody,
          },
          { checks: deps.checks, loadKeys: (keyid) => deps.clientWallets.getKeys(clientUrl, keyid) },
        ),
    }),
  }
}

/**
 * The URL the client addressed, rebuilt from configuration rather than from Host or X-Forwarded headers a
 * client controls. A base with a path (`https://example.com/auth`, a proxy stripping the prefix) is the
 * grant endpoint itself, so the request for its root is that URL, without an added slash.
 */
export function publicTargetUri(publicUrl: string, originalUrl: string): string {
  const base = new URL(publicUrl)
  const hasPath = base.pathname !== '/'
  const rest =
    hasPath && (originalUrl === '/' || originalUrl.startsWith('/?')) ? originalUrl.slice(1) : originalUrl
  return `${publicUrl}${rest}`
}
