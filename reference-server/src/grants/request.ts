import type { AccessEntry } from '../authorization/access-context.ts'
import type { PublicUrls } from '../config.ts'
import { HttpError } from '../http/errors.ts'
import { walletAddressNameFromUrl } from '../shared/request-input.ts'
import { parseUint64 } from '../shared/uint64.ts'
import { isWalletAddressError } from '../wallet-addresses/errors.ts'
import type { WalletAddressService } from '../wallet-addresses/service.ts'
import { parseRepeatingInterval } from './interval.ts'
import { needsInteraction, type SubjectId } from './model.ts'

/** A grant request once it is known to be one this server can decide on. */
export interface GrantRequestInput {
  /** The client's wallet address URL. */
  client: string
  access: AccessEntry[]
  /** The subject identifiers to confirm once the resource owner consents; absent when none were asked. */
  subject?: SubjectId[]
  /** Present when the grant needs the resource owner's consent. */
  interact: { finishUri: string; clientNonce: string } | undefined
}

export interface GrantRequestDependencies {
  walletAddressService: WalletAddressService
  urls: PublicUrls
}

type Body = {
  client: string | { walletAddress?: string; jwk?: unknown }
  subject?: { sub_ids: SubjectId[] }
  access_token?: { access: AccessEntry[] }
  interact?: { start: string[]; finish?: { method: string; uri: string; nonce: string } }
}

/**
 * Reads a grant request at the HTTP edge, once request validation has checked it against the auth-server
 * document, and refuses what this server cannot decide on; every problem is a 400 `invalid_request`.
 */
export async function readGrantRequest(
  body: unknown,
  deps: GrantRequestDependencies,
): Promise<GrantRequestInput> {
  const request = body as Body
  const client = clientUrl(request.client)
  const access = request.access_token?.access ?? []
  const subject = request.subject?.sub_ids
  if (access.length === 0 && subject === undefined)
    throw invalid('"access_token.access" must list at least one access entry.')
  for (const [index, entry] of access.entries())
    await checkEntry(entry, `access_token.access[${index}]`, deps)
  for (const [index, subjectId] of (subject ?? []).entries())
    await checkSubjectId(subjectId, `subject.sub_ids[${index}]`, deps)
  const asked = { client, access, ...(subject === undefined ? {} : { subject }) }
  if (!needsInteraction(access, subject)) return { ...asked, interact: undefined }

  const finish = request.interact?.finish
  if (!request.interact?.start.includes('redirect') || finish === undefined) {
    throw invalid(
      'Outgoing-payment access and subject information need the resource owner\'s consent: send "interact" with start ["redirect"] and a "finish" redirect.',
    )
  }
  if (!isHttpUrl(finish.uri)) throw invalid('"interact.finish.uri" must be an absolute http or https URL.')
  if (finish.nonce === '') throw invalid('"interact.finish.nonce" must not be empty.')
  return { ...asked, interact: { finishUri: finish.uri, clientNonce: finish.nonce } }
}

function clientUrl(client: Body['client']): string {
  if (typeof client === 'object' && client.walletAddress === undefined) {
    throw invalid(
      'This server identifies clients by wallet address only ("client" as a URL or {"walletAddress"}); a "jwk" client is not supported.',
    )
  }
  const url = typeof client === 'string' ? client : (client.walletAddress ?? '')
  if (!isHttpUrl(url)) throw invalid('The client wallet address must be an absolute http or https URL.')
  return url
}

async function checkEntry(entry: AccessEntry, field: string, deps: GrantRequestDependencies): Promise<void> {
  if (entry.actions.length === 0) throw invalid(`"${field}.actions" must list at least one action.`)
  const identifier = 'identifier' in entry ? entry.identifier : undefined
  if (identifier === undefined) return
  const name = walletAddressNameFromUrl(identifier, deps.urls.resourceServer)
  const walletAddress = name === undefined ? undefined : await deps.walletAddressService.getByName(name)
  if (walletAddress === undefined || isWalletAddressError(walletAddress)) {
    throw invalid(`"${field}.identifier" must be the URL of a wallet address of this server (${identifier}).`)
  }
  if (entry.type !== 'outgoing-payment' || entry.limits === undefined) return
  const { limits } = entry
  // The schema's anyOf lets any object through its first branch (receiver and interval only), so the
  // amounts and unknown members are checked here: a limit the server ignored would be a limit not enforced.
  const unknown = Object.keys(limits).filter((key) => !LIMIT_KEYS.includes(key))
  if (unknown.length > 0) {
    throw invalid(
      `"${field}.limits" has unknown members (${unknown.join(', ')}); known: ${LIMIT_KEYS.join(', ')}.`,
    )
  }
  for (const key of ['debitAmount', 'receiveAmount'] as const) {
    const amount = (limits as Record<string, unknown>)[key]
    if (amount !== undefined && !isAmount(amount)) {
      throw invalid(
        `"${field}.limits.${key}" must be an amount: value an unsigned 64-bit integer string, assetCode a non-empty string, assetScale an integer from 0 to 255.`,
      )
    }
  }
  if ('debitAmount' in limits && 'receiveAmount' in limits) {
    throw invalid(`"${field}.limits" may set debitAmount or receiveAmount, not both.`)
  }
  if (
    'debitAmount' in limits &&
    (limits.debitAmount.assetCode !== walletAddress.assetCode ||
      limits.debitAmount.assetScale !== walletAddress.assetScale)
  ) {
    throw invalid(
      `"${field}.limits.debitAmount" must be in the asset of ${identifier} (${walletAddress.assetCode}, scale ${walletAddress.assetScale}).`,
    )
  }
  if (limits.interval !== undefined) {
    const interval = parseRepeatingInterval(limits.interval)
    if (!interval.ok) throw invalid(`"${field}.limits.interval" is invalid: ${interval.reason}.`)
  }
}

/** A subject this server can confirm: one of its wallet addresses, by URL (the only format the schema allows). */
async function checkSubjectId(
  subjectId: SubjectId,
  field: string,
  deps: GrantRequestDependencies,
): Promise<void> {
  const name = walletAddressNameFromUrl(subjectId.id, deps.urls.resourceServer)
  const walletAddress = name === undefined ? undefined : await deps.walletAddressService.getByName(name)
  if (walletAddress === undefined || isWalletAddressError(walletAddress)) {
    throw invalid(`"${field}.id" must be the URL of a wallet address of this server (${subjectId.id}).`)
  }
}

const LIMIT_KEYS = ['receiver', 'interval', 'debitAmount', 'receiveAmount']

function isAmount(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { value: amount, assetCode, assetScale } = value as Record<string, unknown>
  return (
    parseUint64(amount) !== undefined &&
    typeof assetCode === 'string' &&
    assetCode !== '' &&
    typeof assetScale === 'number' &&
    Number.isInteger(assetScale) &&
    assetScale >= 0 &&
    assetScale <= 255
  )
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

function invalid(description: string, details?: Record<string, unknown>): HttpError {
  return new HttpError(400, 'invalid_request', description, details)
}
