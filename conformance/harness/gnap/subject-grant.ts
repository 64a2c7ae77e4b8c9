import type { GrantRequest } from '@interledger/open-payments'
import { interactiveGrantRequest } from './grant-requests.ts'

/**
 * A request for subject information only (RFC 9635 section 2.2, as the Open Payments auth-server document has
 * it): the client asks the resource owner to confirm that they hold `walletAddress`, identified by its URL.
 */
export function subjectGrantRequest(
  client: string,
  walletAddress: string,
): { request: GrantRequest; clientNonce: string; finishUri: string } {
  const { request, clientNonce, finishUri } = interactiveGrantRequest(client, [])
  const { access_token: _noAccess, ...interactive } = request
  const subject = { sub_ids: [{ id: walletAddress, format: 'uri' }] }
  return { request: { ...interactive, subject } as unknown as GrantRequest, clientNonce, finishUri }
}

/** What is wrong with a `subject` member: `sub_ids`, a non-empty array of `{id, format}` strings. Pure. */
export function subjectProblems(subject: unknown): string[] {
  const subIds = (subject as { sub_ids?: unknown } | null | undefined)?.sub_ids
  if (!Array.isArray(subIds) || subIds.length === 0)
    return [`sub_ids is ${JSON.stringify(subIds)}, not a non-empty array`]
  return subIds.flatMap((item, index) => {
    const { id, format } = (item ?? {}) as Record<string, unknown>
    return [
      ...(typeof id === 'string' && id !== ''
        ? []
        : [`sub_ids[${index}].id ${JSON.stringify(id)} is not a string`]),
      ...(typeof format === 'string' && format !== ''
        ? []
        : [`sub_ids[${index}].format ${JSON.stringify(format)} is not a string`]),
    ]
  })
}
