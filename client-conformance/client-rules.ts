import type { Rule } from '../conformance/harness/rules/rule.ts'

const S = {
  general: 'What the service does: general rules',
  amount: 'Resources and their fields: Amount',
  quote: 'Resources and their fields: Quote',
  outgoing: 'Resources and their fields: Outgoing Payment',
  continuation: 'Resources and their fields: Grant request (continue)',
  token: 'Resources and their fields: Grant request (access_token)',
  auth: 'Authentication',
  list: 'Resources and their fields: List query parameters',
  gnap: 'RFC 9635 (GNAP)',
  suite: 'Client mode: the adapter protocol (docs/client-conformance.md)',
} as const

/**
 * What a client owes the server, one stable ID each: the spec's client MUSTs, then (beyond the spec) what GNAP
 * asks of a client. Same shape as the server's registry (conformance/harness/rules/registry.ts), its own IDs (`CL-`).
 */
const CLIENT_RULE_LIST = [
  {
    id: 'CL-IP-BEFORE-PAY',
    level: 'MUST',
    section: S.general,
    statement:
      'The client creates an incoming payment before paying: every quote receiver and outgoing-payment incomingPayment is an incoming payment the client created earlier.',
  },
  {
    id: 'CL-CONTINUE-WAIT',
    level: 'MUST',
    section: S.continuation,
    statement: 'The client does not call continue.uri before continue.wait seconds after the grant response.',
  },
  {
    id: 'CL-CONTINUE-FORM',
    level: 'MUST',
    section: 'Grant continuation (at {auth_url})',
    statement:
      'A continuation request carries the interact_ref of the finish redirect and, in Authorization, the continuation access token.',
  },
  {
    id: 'CL-TOKEN-EXPIRY',
    level: 'MUST',
    section: S.token,
    statement: 'The client does not use an access token at the resource server after its expires_in.',
  },
  {
    id: 'CL-TOKEN-ACCESS',
    level: 'MUST',
    section: S.token,
    statement:
      "The client uses an access token only for what its grant's access gives: the resource type, an action it lists and, where the access names one, its wallet address.",
  },
  {
    id: 'CL-SIGNED',
    level: 'MUST',
    section: S.auth,
    statement:
      "Every signature verifies with the client's published key (RFC 9421), grant requests included; grant, continuation and rotation requests are signed; every resource request carrying a token (get-incoming-payment excepted) is signed over @method, @target-uri and authorization.",
  },
  {
    id: 'CL-CONTENT-DIGEST',
    level: 'MUST',
    section: S.auth,
    statement:
      'A signed request with a body (grant requests included) covers content-digest, and Content-Digest is the digest of the exact bytes sent.',
  },
  {
    id: 'CL-KEYID',
    level: 'MUST',
    section: S.auth,
    statement: "Every signature's keyid equals the kid of the client's JWK.",
  },
  {
    id: 'CL-AMOUNT-STRING',
    level: 'MUST',
    section: S.amount,
    statement: 'Every amount value the client sends is a JSON string holding an unsigned 64-bit integer.',
  },
  {
    id: 'CL-AMOUNT-EXACT',
    level: 'MUST',
    section: S.amount,
    statement:
      'Amounts stay exact beyond 2^53: the values sent are the ones the caller gave, the values reported are the ones the server returned.',
  },
  {
    id: 'CL-LIST-BOUNDS',
    level: 'MUST',
    section: S.list,
    statement: 'List requests give first and last only from 1 to 100.',
  },
  {
    id: 'CL-QUOTE-AMOUNT',
    level: 'MUST',
    section: S.quote,
    statement:
      'A quote request gives exactly one of debitAmount and receiveAmount, or neither when the receiver has an incomingAmount.',
  },
  {
    id: 'CL-OP-FORM',
    level: 'MUST',
    section: S.outgoing,
    statement: 'An outgoing-payment request gives quoteId, or incomingPayment with debitAmount, never both.',
  },
  {
    id: 'CL-FINISH-HASH',
    level: 'MUST',
    section: `${S.gnap} 4.2.3`,
    tier: 'beyond-spec',
    statement: 'The client verifies the finish hash and does not continue the grant when it does not match.',
  },
  {
    id: 'CL-GNAP-SCHEME',
    level: 'MUST',
    section: `${S.gnap} 7.2`,
    tier: 'beyond-spec',
    statement:
      'The client presents its access and continuation tokens as Authorization: GNAP <token> (the spec shows no scheme; GNAP requires this one).',
  },
  {
    id: 'CL-ROTATED-TOKEN',
    level: 'MUST',
    section: `${S.gnap} 6.1`,
    tier: 'beyond-spec',
    statement: 'After rotating a token the client uses the new value and never the old one.',
  },
  {
    id: 'CL-REVOKED-TOKEN',
    level: 'MUST',
    section: `${S.gnap} 6.2, 9.1`,
    tier: 'beyond-spec',
    statement:
      'Once the ASE has refused a revoked token, the client does not present it again (at most one rotation attempt, and nothing after the AS refused that).',
  },
  {
    id: 'CL-AS-URI',
    level: 'SHOULD',
    section: `${S.gnap} 9.1`,
    tier: 'beyond-spec',
    statement:
      'A 401 with WWW-Authenticate: GNAP as_uri=... leads the client, when it asks for a new grant, to ask at that as_uri.',
  },
  {
    id: 'CL-ERROR-SURFACED',
    level: 'MUST',
    section: 'Errors',
    tier: 'beyond-spec',
    statement:
      "The server's error envelope reaches the caller: the failed step reports the status and error.code, and the client goes no further.",
  },
  {
    id: 'CL-LIST-WALK',
    level: 'MUST',
    section: S.list,
    tier: 'beyond-spec',
    statement:
      "Listing everything walks the pages with the server's cursors and reports every item exactly once; no scenario takes the client more than its request budget (a looping client breaks this rule wherever it loops).",
  },
  {
    id: 'CL-COMPLETES',
    level: 'MUST',
    section: S.suite,
    tier: 'beyond-spec',
    statement:
      'The adapter runs each scenario to its end and writes a report that matches the report schema (otherwise the scenario decides nothing).',
  },
] as const satisfies readonly Rule[]

export type ClientRuleId = (typeof CLIENT_RULE_LIST)[number]['id']

export const CLIENT_RULES: readonly Rule[] = CLIENT_RULE_LIST
