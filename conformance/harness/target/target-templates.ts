import type { TargetFile } from './target-file.ts'

/**
 * What `op-conformance init` cannot discover from a wallet address: how consent is given, the ledger's amounts,
 * routes, and how the client's key gets registered. A template gives these for a kind of server; the wallet
 * addresses it names are candidates, used when they differ from the address `init` started from.
 */
export interface TargetTemplate {
  description: string
  /** The suite serves its own client (no key to register), or a client registered at the target. */
  client: 'serveLocally' | 'registered'
  /** Wallet addresses in the sender's asset, first the likeliest; `init` takes the first that is not the sender. */
  receivers: (origin: string) => string[]
  otherAsset?: (origin: string) => string
  /** Candidates for a second registered client (two-client checks); `init` takes the first that is not the client. */
  secondClients?: (origin: string) => string[]
  /** Where the target's TLS terminates, the routes the suite takes to reach it. */
  routes?: (origin: string) => TargetFile['routes']
  consent?: TargetFile['consent']
  amounts?: TargetFile['amounts']
  capabilities?: TargetFile['capabilities']
  /** How to register the printed JWK at this kind of server. */
  registration: string
}

export const TEMPLATE_NAMES = ['generic', 'rafiki', 'reference'] as const
export type TemplateName = (typeof TEMPLATE_NAMES)[number]

const RAFIKI_CONSENT_SCRIPT = new URL('./rafiki/rafiki-consent.mjs', import.meta.url).pathname

export const TARGET_TEMPLATES: Record<TemplateName, TargetTemplate> = {
  generic: {
    description: 'any Open Payments server: a registered client, the browser consent driver',
    client: 'registered',
    receivers: () => [],
    registration:
      "Register this public key on the client's wallet address at the ASE (it must appear in " +
      '<client wallet address>/jwks.json), then run `op-conformance validate --live` on the target file.',
  },
  rafiki: {
    description: 'Rafiki with its mock ASE seed; https://127.0.0.1 routed to :80 (no TLS terminator)',
    client: 'registered',
    receivers: (origin) => [`${origin}/accounts/gfranklin`, `${origin}/accounts/bhamchest`],
    otherAsset: (origin) => `${origin}/accounts/lrossi`,
    secondClients: (origin) => [`${origin}/accounts/broke`, `${origin}/accounts/wbdc`],
    // Only the https://127.0.0.1 identities of a Rafiki on loopback need a route; one served as http:// does not.
    routes: (origin) =>
      origin === 'https://127.0.0.1'
        ? [
            {
              identity: origin,
              transport: 'http://127.0.0.1:80',
              headers: { 'X-Forwarded-Proto': 'https' },
            },
          ]
        : undefined,
    consent: { driver: 'browser', script: RAFIKI_CONSENT_SCRIPT },
    // Rafiki fails an outgoing payment its sender cannot cover instead of holding it (as the shipped target says).
    capabilities: { unfundedPaymentsFail: true },
    amounts: { minimum: '200' },
    registration:
      "Register this public key on each client wallet address with Rafiki's admin API (backend GraphQL, port " +
      '3001: createWalletAddressKey), or let init do it: --admin-tenant ID with the secret in RAFIKI_ADMIN_SECRET ' +
      "(and --admin-url off loopback). The seeded keys need no registration: pass --key with Rafiki's " +
      'localenv/cloud-nine-wallet/private-key.pem (a checkout of this suite has a copy, ' +
      'conformance/harness/target/rafiki/cloud-nine-wallet-private-key.pem; the package ships no key), init finds ' +
      'their kids.',
  },
  reference: {
    description: "the suite's reference server (npm run server): the suite serves its own client",
    client: 'serveLocally',
    receivers: (origin) => [`${origin}/bob`, `${origin}/alice`],
    otherAsset: (origin) => `${origin}/carol`,
    consent: { driver: 'http' },
    capabilities: { tokenExpiryWaitable: true },
    registration:
      'Nothing to register: the reference server fetches the JWKS of the client wallet address the suite ' +
      'serves on this machine.',
  },
}
