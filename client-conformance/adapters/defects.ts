/**
 * The defects a broken client of the catalogue may have, one at a time (broken-clients/catalog.ts says which rule
 * each must fail). The project client adapter takes one as `--defect NAME`.
 */
export const DEFECTS = [
  'no-content-digest',
  'continue-before-wait',
  'token-after-expiry',
  'amounts-as-numbers',
  'finish-hash-ignored',
  'both-quote-amounts',
  'first-101',
  'unsigned-resource-request',
  'revoked-token-reused',
  'as-uri-ignored',
  'signature-reused',
  'bearer-scheme',
  'pretty-digest',
  'token-of-other-grant',
  'cursor-not-followed',
  'own-continuation-url',
  'keyid-not-kid',
  'numeric-amounts',
  'quote-to-wallet-address',
  'quote-and-debit-amount',
  'old-token-after-rotation',
  'error-swallowed',
  'huge-output',
  'lingering-child',
  'no-request',
] as const

export type Defect = (typeof DEFECTS)[number]

export function defectFromArgs(args: readonly string[]): Defect | undefined {
  const at = args.indexOf('--defect')
  if (at === -1) return undefined
  const name = args[at + 1]
  const defect = DEFECTS.find((known) => known === name)
  if (!defect) throw new Error(`--defect: one of ${DEFECTS.join(', ')} (got ${JSON.stringify(name)})`)
  return defect
}
