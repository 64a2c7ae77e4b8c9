import { SIGNATURE_CHECKS, type SignatureCheck } from '../../reference-server/src/http-signatures/checks.ts'
import {
  SIGNED_ROUTES,
  type SignedRoute,
} from '../../reference-server/src/http-signatures/unchecked-route.ts'

/**
 * The signature matrix's mutants (npm run mutants:signatures) as the rule proof file names them: each check of the
 * reference server's verifier turned off, each signed route left unverified.
 */

export const SIGNATURE_CHECK_NAMES = Object.keys(SIGNATURE_CHECKS) as SignatureCheck[]

export const checkMutant = (check: SignatureCheck) => ({
  id: `${check} off`,
  description: `a server that does not check that ${SIGNATURE_CHECKS[check]}`,
})

export const routeMutant = (route: SignedRoute) => ({
  id: `${route} unverified`,
  description: `a server that verifies no signature on ${route}`,
})

/** Every entry. */
export const SIGNATURE_CATALOGUE: readonly { id: string; description: string }[] = [
  ...SIGNATURE_CHECK_NAMES.map(checkMutant),
  ...SIGNED_ROUTES.map(routeMutant),
]
