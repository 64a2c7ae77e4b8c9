import { SRC, TESTS } from '../mutants/mutant.ts'
import type { Variant } from './variant.ts'

/** Allowed variants of requests, grants and access: what a server may accept, refuse or show. */
export const ACCESS_VARIANTS: readonly Variant[] = [
  {
    id: 'unknown-members-ignored',
    description: 'request bodies may carry members the OpenAPI schema does not list: they are ignored',
    allowedBy: 'the spec is silent on unknown members; only the OpenAPI schema forbids them',
    edits: [
      {
        file: `${SRC}/openapi/request-validation.ts`,
        find: "          throw schemaHttpError('The request body', body.errors ?? [])\n",
        replace:
          "          const errors = (body.errors ?? []).filter((e) => e.keyword !== 'additionalProperties')\n" +
          "          if (errors.length > 0) throw schemaHttpError('The request body', errors)\n",
      },
    ],
    // The create spec puts IP-METADATA in scope (a create with metadata): the reads show it back by get and list.
    specs: [`${TESTS}/incoming-payment-create.spec.ts`, `${TESTS}/incoming-payment-read-complete.spec.ts`],
    about: ['REQ-UNKNOWN-MEMBER'],
    expected: { verdict: 'CONFORMANT', warns: ['REQ-UNKNOWN-MEMBER'] },
  },
  {
    id: 'grant-interval-minimum-1h',
    description: 'outgoing-payment grants refuse an interval shorter than one hour with 400',
    allowedBy: 'the interval is the client’s request; what a server grants is the ASE’s business',
    edits: [
      {
        file: `${SRC}/grants/interval.ts`,
        find: '  return { ok: true, interval: { count: n + 1, start, duration } }\n',
        replace:
          "  if ((fixedLengthMs(duration) ?? Infinity) < 3_600_000) return fail('an interval lasts at least an hour')\n" +
          '  return { ok: true, interval: { count: n + 1, start, duration } }\n',
      },
    ],
    specs: [
      `${TESTS}/grant-limits.spec.ts`,
      `${TESTS}/grant-spent-amounts.spec.ts`,
      `${TESTS}/gnap-grants.spec.ts`,
    ],
    about: ['LIM-INTERVAL'],
    expected: { verdict: 'INCOMPLETE', setting: 'grants.minimumIntervalSeconds' },
  },
  {
    id: 'no-client-scoping',
    description: 'read and list act as read-all and list-all: every client sees every client’s resources',
    allowedBy: 'the spec names no actions; per-client scoping is upstream Open Payments only',
    edits: [
      {
        file: `${SRC}/authorization/resource-access.ts`,
        find: "  if (!coversAllClients(entry, 'read') && resource.client !== access.client) throw notFound()\n",
        replace: '',
      },
      {
        file: `${SRC}/authorization/resource-access.ts`,
        find: "return coversAllClients(requireEntry(access, walletAddressUrl), 'list') ? undefined : access.client",
        replace: 'return requireEntry(access, walletAddressUrl) ? undefined : access.client',
      },
    ],
    specs: [`${TESTS}/cross-client.spec.ts`, `${TESTS}/authorization.spec.ts`],
    about: ['AUTH-CLIENT-SCOPE'],
    expected: { verdict: 'CONFORMANT', warns: ['AUTH-CLIENT-SCOPE'] },
  },
  {
    id: 'unsigned-incoming-read-full',
    description: 'get-incoming-payment with a valid token and no signature answers the full payment',
    allowedBy: 'the signature headers are not marked required on get-incoming-payment',
    edits: [
      {
        file: `${SRC}/authorization/resource-guard.ts`,
        find: '      const verified = await deps.verifier.verify(req, found.grant.client)\n',
        replace:
          "      const unsigned = optional && req.get('signature') === undefined && req.get('signature-input') === undefined\n" +
          '      const verified = unsigned ? { ok: true as const } : await deps.verifier.verify(req, found.grant.client)\n',
      },
    ],
    specs: [`${TESTS}/signatures.spec.ts`],
    about: ['IP-UNSIGNED-READ', 'SIG-REQUIRED'],
    expected: { verdict: 'CONFORMANT', warns: ['IP-UNSIGNED-READ'] },
  },
]
