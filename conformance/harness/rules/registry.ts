import { clausesOf, type Rule } from './rule.ts'
import { splitRef } from './rules-named-in.ts'

/** What lets a run pay an incoming payment: payments that settle within the time the target declares. */
const SETTLING_COMPLETES = 'payments that settle within waits.settlementSeconds would bring it about'
/** What lets the interval checks run: an interval short enough to wait for, that the target's answers do not straddle. */
const GRANT_INTERVAL_COMPLETES =
  'a grants.minimumIntervalSeconds the server accepts, long enough for two payments and a reading and short enough for the suite to wait for, would bring it about'

const S = {
  general: 'What the service does: general rules',
  amount: 'Resources and their fields: Amount',
  incoming: 'Resources and their fields: Incoming Payment',
  outgoing: 'Resources and their fields: Outgoing Payment',
  quote: 'Resources and their fields: Quote',
  pagination: 'Resources and their fields: Pagination object',
  continuation: 'Resources and their fields: Grant continuation response',
  states: 'States and transitions',
  endpoints: 'Endpoints',
  auth: 'Authentication',
  errors: 'Errors',
  limits: 'Limits',
  walletAddress: 'spec-decisions.md: wallet address server (OpenAPI wallet-address-server 1.3.0)',
  gnap: 'spec-decisions.md: Grants (GNAP)',
  resources: 'spec-decisions.md: Resources',
} as const

/** Every rule of the spec, one stable ID each. Tests name these IDs; the verdict is reported per rule. */
const RULE_LIST = [
  // Checked automatically on every response the suite receives.
  {
    id: 'GEN-JSON',
    level: 'MUST',
    section: S.general,
    statement: 'Every response body is JSON (application/json).',
    automatic: true,
  },
  {
    id: 'GEN-SCHEMA',
    level: 'MUST',
    section: S.endpoints,
    statement:
      "Every response body the spec describes (resource server, continuation response, a continuation error's error.code) has the members the spec requires, with their types (a quote: id and its amounts).",
    automatic: true,
  },
  {
    id: 'OAS-STRICT',
    level: 'MUST',
    section: 'OpenAPI 1.3.0: additionalProperties: false',
    tier: 'beyond-spec',
    statement:
      'Response bodies match the OpenAPI 1.3.0 schema where the spec does not decide: no members it leaves out, members only it requires, bodies only it describes (wallet address document and keys, grant request and rotation answers).',
    automatic: true,
  },
  {
    id: 'OAS-GRANT-ERROR',
    level: 'MUST',
    section: 'OpenAPI 1.3.0: auth-server error responses other than continuation',
    tier: 'beyond-spec',
    statement:
      "Error bodies of the authorization server match the OpenAPI 1.3.0 error schema, beyond the continuation error's error.code the spec shows.",
    automatic: true,
  },
  {
    id: 'ROB-INVALID-INPUT',
    level: 'MUST',
    section: 'Robustness: answers to invalid input',
    tier: 'robustness',
    statement:
      'Invalid input gets a client error: never a server error (5xx), a body that is not JSON, or no answer.',
    automatic: true,
  },
  {
    id: 'ERR-ENVELOPE',
    level: 'MUST',
    section: S.errors,
    statement: 'Error responses of resource endpoints carry {error: {code, description, details?}}.',
    automatic: true,
  },

  // Wallet address server.
  {
    id: 'WA-DOC',
    level: 'MUST',
    section: S.walletAddress,
    statement:
      'GET <walletAddress> returns 200 with id, assetCode, assetScale, authServer and resourceServer.',
  },
  {
    id: 'WA-DOC-ID',
    level: 'SHOULD',
    section: S.walletAddress,
    statement: 'The wallet address document id is the URL the document was fetched from.',
  },
  {
    id: 'WA-URLS',
    level: 'MUST',
    section: S.walletAddress,
    statement: 'authServer and resourceServer are absolute http(s) URLs.',
  },
  {
    id: 'WA-ASSET',
    level: 'MUST',
    section: S.walletAddress,
    statement: 'assetCode is a non-empty code and assetScale an integer from 0 to 255.',
  },
  {
    id: 'WA-JWKS',
    level: 'MUST',
    section: S.walletAddress,
    statement: 'GET <walletAddress>/jwks.json returns 200 with {keys: [...]} of well-formed JWKs.',
  },
  {
    id: 'WA-NOT-FOUND',
    level: 'MUST',
    section: S.walletAddress,
    statement: 'GET on a wallet address the service does not host returns 404 with a JSON body.',
  },

  // Authentication and signatures.
  {
    id: 'AUTH-REQUIRED',
    level: 'MUST',
    section: S.auth,
    statement: 'A resource request without a GNAP access token is rejected with 401.',
  },
  {
    id: 'AUTH-WWW-AUTHENTICATE',
    level: 'MUST',
    section: S.auth,
    statement: 'The 401 for a missing or non-GNAP Authorization carries WWW-Authenticate: GNAP as_uri=<URI>.',
  },
  {
    id: 'AUTH-TOKEN-INVALID',
    level: 'MUST',
    section: S.auth,
    statement: 'An unknown, revoked or expired access token is rejected (401 or 403).',
  },
  {
    id: 'AUTH-PERMISSION',
    level: 'MUST',
    section: S.auth,
    statement: 'A token without the right type, action or wallet address is rejected with 403.',
  },
  {
    id: 'SIG-REQUIRED',
    level: 'MUST',
    section: S.auth,
    statement: 'Resource requests without Signature and Signature-Input are rejected (400 or 401).',
  },
  {
    id: 'SIG-COMPONENTS',
    level: 'MUST',
    section: S.auth,
    statement: 'Signatures must cover @method, @target-uri, authorization, and content-digest with a body.',
  },
  {
    id: 'SIG-VERIFY',
    level: 'MUST',
    section: S.auth,
    statement: 'A signature that does not verify with the client key named by keyid is rejected with 401.',
  },
  {
    id: 'SIG-DIGEST',
    level: 'MUST',
    section: S.auth,
    statement: 'A body whose Content-Digest does not match the bytes received is rejected with 401.',
  },
  {
    id: 'SIG-MALFORMED',
    level: 'MUST',
    section: S.auth,
    statement: 'Malformed Signature or Signature-Input structured fields are rejected with 401.',
  },
  {
    id: 'SIG-FRESHNESS',
    level: 'SHOULD',
    section: 'spec-decisions.md: Signatures',
    statement:
      'A signature created far in the past or future is rejected (warning only: freshness is optional).',
  },

  // GNAP grants and continuation.
  {
    id: 'GNAP-GRANT-IMMEDIATE',
    level: 'MUST',
    section: S.gnap,
    statement: 'Incoming-payment and quote grants are issued at once with access_token and continue.',
  },
  {
    id: 'GNAP-GRANT-INTERACTIVE',
    level: 'MUST',
    section: S.gnap,
    statement:
      "Outgoing-payment grants answer with interact (redirect, finish) and continue (uri, token; wait optional, CONT-WAIT's).",
    clauses: [
      { id: 'interact', says: 'the answer carries interact.redirect (a URL) and interact.finish' },
      { id: 'continue', says: 'the answer carries continue.uri (a URL) and continue.access_token.value' },
      {
        id: 'no-token-before-consent',
        says: 'no access token before consent: none in the first answer, and a request without interact is refused',
      },
    ],
  },
  {
    id: 'GNAP-GRANT-SIGNED',
    level: 'MUST',
    section: S.gnap,
    statement:
      'A grant request that is unsigned, or signed with a key not in the client JWKS, gets invalid_client and no token.',
  },
  {
    id: 'GNAP-GRANT-INVALID',
    level: 'MUST',
    section: S.gnap,
    statement:
      'A grant request outside the auth-server schema (unknown type or action) gets 400 invalid_request.',
  },
  {
    id: 'GNAP-FINISH-HASH',
    level: 'MUST',
    section: S.gnap,
    statement:
      'The finish redirect carries interact_ref and a hash over both nonces, the ref and the grant URL.',
  },
  {
    id: 'CONT-SUCCESS',
    level: 'MUST',
    section: S.continuation,
    statement: 'A continuation after consent returns access_token {value, manage, access} with continue.',
    clauses: [
      {
        id: 'access-token',
        says: 'the continuation issues access_token with a value, a manage URL and the access approved',
      },
      {
        id: 'continue',
        says: 'the answer that issues the token carries continue, with a uri and its access_token',
      },
    ],
  },
  {
    id: 'CONT-SUBJECT',
    level: 'MUST',
    section: S.continuation,
    statement:
      'A continuation response that carries subject gives sub_ids: an array of objects with string id and format.',
  },
  {
    id: 'CONT-WAIT',
    level: 'MUST',
    section: S.continuation,
    statement: 'A continuation before continue.wait seconds is rejected with 400 too_fast.',
  },
  {
    id: 'CONT-INVALID-CLIENT',
    level: 'MUST',
    section: S.errors,
    statement: 'A continuation without or with a wrong continuation token gets 401 invalid_client.',
  },
  {
    id: 'CONT-NOT-FOUND',
    level: 'MUST',
    section: S.errors,
    statement: 'A continuation with an unknown id or interact_ref gets 404 invalid_continuation.',
  },
  {
    id: 'CONT-REJECTED',
    level: 'MUST',
    section: S.gnap,
    statement: 'A grant whose consent was rejected never yields an access token.',
  },
  {
    id: 'TOKEN-MANAGE',
    level: 'MUST',
    section: S.continuation,
    statement: 'access_token.manage does not contain the token value.',
  },
  {
    id: 'TOKEN-MANAGE-DISTINCT',
    level: 'SHOULD',
    section: S.continuation,
    statement: 'access_token.manage differs for each token issued (a SHOULD: the same URI is a warning).',
  },
  {
    id: 'TOKEN-ROTATE',
    level: 'MUST',
    section: S.gnap,
    statement: 'Rotating a token yields a new value and the old value stops working.',
    clauses: [
      {
        id: 'new-value',
        says: 'rotation answers with a new token value, and the resource server accepts it',
      },
      { id: 'old-refused', says: 'the token the rotation replaced is refused' },
    ],
  },
  {
    id: 'TOKEN-REVOKE',
    level: 'MUST',
    section: S.gnap,
    statement: 'A revoked token, or a token of a revoked grant, is no longer accepted.',
    clauses: [
      { id: 'token', says: 'a revoked token is refused' },
      { id: 'grant', says: 'the token of a revoked grant is refused' },
    ],
  },
  {
    id: 'TOKEN-EXPIRY',
    level: 'MUST',
    section: S.continuation,
    statement: 'A resource server does not accept a token after expires_in seconds.',
  },
  {
    id: 'TOKEN-LIFETIME',
    level: 'SHOULD',
    section: S.gnap,
    statement:
      'An access token keeps working while the client uses it, up to its expires_in: one refused sooner, where a fresh token of the same grant request is accepted, is a warning (GNAP lets a server end a token early; the suite takes a new grant and goes on).',
    automatic: true,
  },

  // Incoming payments.
  {
    id: 'IP-CREATE',
    level: 'MUST',
    section: S.endpoints,
    statement: 'Creating an incoming payment returns 201 with methods and the requested fields echoed.',
    clauses: [
      {
        id: 'created',
        says: 'create answers 201 with a new payment: an id URL, completed false, nothing received, a createdAt',
      },
      { id: 'wallet-address', says: 'the created payment is on the walletAddress the request named' },
      { id: 'methods', says: 'the created payment carries a non-empty methods array' },
      { id: 'echo-incoming-amount', says: 'an incomingAmount given on create is returned as sent' },
      { id: 'echo-expires-at', says: 'an expiresAt given on create is returned, never later than requested' },
    ],
  },
  {
    id: 'IP-ASSET',
    level: 'MUST',
    section: S.endpoints,
    statement: 'incomingAmount must use the wallet address asset code and scale.',
  },
  {
    id: 'IP-METHODS',
    level: 'MUST',
    section: S.incoming,
    statement: 'methods holds ilp methods with a valid ilpAddress and base64url sharedSecret.',
  },
  {
    id: 'IP-FRESH-DETAILS',
    level: 'MUST',
    section: S.incoming,
    statement:
      'Two incoming payments do not share one ilpAddress and sharedSecret pair: payments received with the details are associated with their incoming payment.',
  },
  {
    id: 'IP-GET',
    level: 'MUST',
    section: S.endpoints,
    statement: 'Get returns the incoming payment with methods; an unknown id gives 404.',
    clauses: [
      { id: 'found', says: 'get answers 200 with the payment: the fields create returned' },
      { id: 'unknown-404', says: 'get of an id the service never issued answers 404' },
    ],
  },
  {
    id: 'IP-LIST',
    level: 'MUST',
    section: S.endpoints,
    statement: 'List returns {pagination, result} of the wallet address incoming payments.',
  },
  {
    id: 'IP-METADATA',
    level: 'MUST',
    section: S.incoming,
    statement: 'metadata given on create is returned unchanged by create, get and list.',
    clauses: [
      { id: 'create', says: 'create returns the metadata as sent' },
      { id: 'get', says: 'get returns the metadata as sent on create' },
      { id: 'list', says: 'list items carry the metadata as sent on create' },
    ],
  },
  {
    id: 'IP-PUBLIC-VIEW',
    level: 'MUST',
    section: 'spec-decisions.md: Resources (incoming payment public view)',
    statement:
      'A GET of an incoming payment without Authorization is refused with 401 or answers a view without methods.',
  },
  {
    id: 'IP-COMPLETE',
    level: 'MUST',
    section: S.states,
    statement:
      'Complete sets completed true on a payment not expired; completing again, an expired payment or an unknown id changes nothing.',
    clauses: [
      {
        id: 'completes',
        says: 'complete answers 200 with completed: true, and a get then shows it completed',
      },
      {
        id: 'again-unchanged',
        says: 'completing a completed payment changes nothing (refused, or answered with the payment unchanged)',
      },
      {
        id: 'expired-refused',
        says: 'completing an expired payment is refused with a 4xx and leaves it not completed',
        situation: 'an incoming payment past its expiresAt',
        completedBy:
          'an expiresAt the server accepts a few seconds ahead (incomingPayments.minimumLifetimeSeconds) would bring it about',
      },
      { id: 'unknown-404', says: 'completing an id the service never issued answers 404' },
    ],
  },
  {
    id: 'IP-COMPLETE-ON-RECEIPT',
    level: 'MUST',
    section: S.states,
    statement:
      'An incoming payment completes once receivedAmount reaches incomingAmount; one without incomingAmount does not complete by receiving.',
    clauses: [
      {
        id: 'reaches-amount',
        says: 'an incoming payment whose receivedAmount reaches its incomingAmount becomes completed',
        situation: 'an incoming payment with incomingAmount paid in full',
        completedBy: SETTLING_COMPLETES,
      },
      {
        id: 'open-without-amount',
        says: 'an incoming payment without incomingAmount stays open however much it receives',
        situation: 'an incoming payment without incomingAmount that received a payment',
        completedBy: SETTLING_COMPLETES,
      },
    ],
  },
  {
    id: 'IP-REJECT-AFTER-COMPLETE',
    level: 'MUST',
    section: S.states,
    statement: 'A completed incoming payment rejects further payments.',
  },
  {
    id: 'IP-REJECT-AFTER-EXPIRY',
    level: 'MUST',
    section: S.states,
    statement: 'An incoming payment rejects payments after its expiresAt.',
  },

  // Quotes.
  {
    id: 'QT-CREATE',
    level: 'MUST',
    section: S.endpoints,
    statement:
      'Fixed-send and fixed-receive quotes return 201 keeping the fixed amount and giving the other in its asset; an expiresAt, when given, is after createdAt.',
    clauses: [
      {
        id: 'fixed-send',
        says: "a fixed-send quote answers 201 keeping its debitAmount, with a receiveAmount in the receiver's asset",
      },
      {
        id: 'fixed-receive',
        says: "a fixed-receive quote answers 201 keeping its receiveAmount, with a debitAmount in the sender's asset",
      },
    ],
  },
  {
    id: 'QT-ONE-AMOUNT',
    level: 'MUST',
    section: S.endpoints,
    statement: 'A quote with both debitAmount and receiveAmount is rejected with 400.',
  },
  {
    id: 'QT-INFER',
    level: 'MUST',
    section: S.endpoints,
    statement: 'Without amounts, the receive amount is inferred from the receiver incomingAmount.',
  },
  {
    id: 'QT-NO-AMOUNT',
    level: 'MUST',
    section: S.endpoints,
    statement: 'Without amounts and nothing to infer, the quote fails with 400 (no amount).',
  },
  {
    id: 'QT-GET',
    level: 'MUST',
    section: S.endpoints,
    statement: 'Get returns the quote; an unknown id gives 404.',
    clauses: [
      { id: 'found', says: 'get answers 200 with the quote as create returned it' },
      { id: 'unknown-404', says: 'get of an id the service never issued answers 404' },
    ],
  },
  {
    id: 'QT-CROSS-ASSET',
    level: 'MUST',
    section: S.quote,
    statement: "Across assets, debitAmount is in the sender's asset and receiveAmount in the receiver's.",
  },
  {
    id: 'QT-METHOD',
    level: 'MUST',
    section: S.quote,
    statement:
      'A quote created with method "ilp" says method "ilp", on create and get (the one value shown).',
  },

  // Outgoing payments and grant limits.
  {
    id: 'OP-CREATE-QUOTE',
    level: 'MUST',
    section: S.endpoints,
    statement: 'An outgoing payment created from a quote returns 201 with the quote amounts.',
  },
  {
    id: 'OP-CREATE-INCOMING',
    level: 'MUST',
    section: S.endpoints,
    statement: 'An outgoing payment created from an incoming payment and debitAmount returns 201.',
  },
  {
    id: 'OP-DEBIT-ASSET',
    level: 'MUST',
    section: S.endpoints,
    statement:
      "A form-2 debitAmount in another assetCode or assetScale than the sender's wallet address is refused with 400, and nothing is created.",
  },
  {
    id: 'OP-QUOTE-ONCE',
    level: 'MUST',
    section: S.resources,
    statement: 'A quote is used by at most one outgoing payment; a second use is rejected with 400.',
  },
  {
    id: 'OP-QUOTE-EXPIRY',
    level: 'MUST',
    section: S.quote,
    statement: 'An outgoing payment from a quote past its expiresAt is rejected with 400.',
  },
  {
    id: 'OP-SETTLE',
    level: 'MUST',
    section: S.states,
    statement:
      'Once processed, sentAmount reaches the payment amount and the receiver receives receiveAmount, once.',
    clauses: [
      {
        id: 'sent',
        says: "sentAmount reaches the payment's amount, never beyond debitAmount, and stays where it settled",
      },
      { id: 'received-once', says: 'the receiver receives the receiveAmount, once and not more' },
    ],
  },
  {
    id: 'OP-PROCESS',
    level: 'SHOULD',
    section: S.states,
    statement: 'A created outgoing payment is processed immediately (it settles or fails within seconds).',
  },
  {
    id: 'OP-FAILED',
    level: 'MUST',
    section: S.states,
    statement:
      'A payment that cannot be processed is refused, or marked failed: true without sending it all.',
    clauses: [
      {
        id: 'refused-or-failed',
        says: 'a payment that cannot be delivered is refused at creation, or ends marked failed: true',
        situation:
          'a payment that cannot be delivered (its sender cannot cover it, or its receiver takes nothing more)',
        completedBy:
          'capabilities.unfundedPaymentsFail in the target file (where the server fails a payment its sender cannot cover), or a server that creates a second payment into an incoming payment another payment completes, would bring it about',
      },
    ],
  },
  {
    id: 'OP-GET',
    level: 'MUST',
    section: S.endpoints,
    statement: 'Get and list return outgoing payments; an unknown id gives 404.',
    clauses: [
      { id: 'found', says: 'get answers 200 with the payment as create returned it' },
      { id: 'listed', says: 'the list of the wallet address shows the payment' },
      { id: 'unknown-404', says: 'get of an id the service never issued answers 404' },
    ],
  },
  {
    id: 'OP-RECEIVER',
    level: 'MUST',
    section: S.outgoing,
    statement:
      'An outgoing payment receiver is http(s)://<host and path>/incoming-payments/<non-empty rest>: the incoming payment paid.',
  },
  {
    id: 'OP-LIST-FIELDS',
    level: 'MUST',
    section: S.endpoints,
    statement:
      'Every item of GET /outgoing-payments carries the Outgoing Payment fields with their types, and the values the payment was created with.',
  },
  {
    id: 'LIM-AMOUNT',
    level: 'MUST',
    section: S.limits,
    statement: 'Payments beyond the grant debitAmount or receiveAmount limit are rejected with 403.',
  },
  {
    id: 'LIM-RECEIVER',
    level: 'MUST',
    section: S.continuation,
    statement: 'A grant limited to a receiver rejects payments to other receivers.',
  },
  {
    id: 'LIM-INTERVAL',
    level: 'MUST',
    section: S.limits,
    statement: 'With an interval, limits apply per interval and a new interval starts fresh.',
    clauses: [
      {
        id: 'per-interval',
        says: "within one interval, payments beyond the grant's limits are refused",
      },
      {
        id: 'fresh',
        says: 'a new interval starts fresh: the whole limit can be spent again',
        situation: 'a payment in the interval after one whose limit was used up',
        completedBy: GRANT_INTERVAL_COMPLETES,
      },
    ],
  },
  {
    id: 'GSA-GET',
    level: 'MUST',
    section: S.endpoints,
    statement: 'GET /outgoing-payment-grant returns the spent amounts of the current interval.',
    clauses: [
      {
        id: 'totals',
        says: "the spent amounts are the totals of the grant's own payments: nothing before any, never another grant's",
      },
      {
        id: 'interval',
        says: 'with an interval, the spent amounts are those of the current interval only',
        situation: 'a reading in an interval after one in which the grant paid',
        completedBy: GRANT_INTERVAL_COMPLETES,
      },
    ],
  },
  {
    id: 'GSA-CREATE',
    level: 'MUST',
    section: S.outgoing,
    statement:
      "grantSpentDebitAmount and grantSpentReceiveAmount on a created outgoing payment, when present, are the grant's totals in the current interval before that payment.",
    clauses: [
      {
        id: 'before-payment',
        says: "a created payment's grantSpent amounts, when given, are the grant's totals before it",
      },
      {
        id: 'interval',
        says: "with an interval, a created payment's grantSpent amounts count the current interval only",
        situation: 'a payment in an interval after one in which the grant paid',
        completedBy: GRANT_INTERVAL_COMPLETES,
      },
    ],
  },

  // Lists and amounts.
  {
    id: 'PAG-RANGE',
    level: 'MUST',
    section: S.limits,
    statement: 'first and last outside 1..100, or an empty cursor, are rejected with 400.',
  },
  {
    id: 'PAG-WALK',
    level: 'MUST',
    section: S.pagination,
    statement: 'Paging with endCursor visits every item once; hasNextPage/hasPreviousPage are correct.',
    clauses: [
      {
        id: 'every-once',
        says: 'paging with the cursors visits every item once, each page its share and no more',
      },
      { id: 'has-next', says: 'hasNextPage is true while items follow the page, false on the last' },
      {
        id: 'has-previous',
        says: 'hasPreviousPage is true while items precede the page, false on the first',
      },
    ],
  },
  {
    id: 'AMT-UINT64',
    level: 'MUST',
    section: S.amount,
    statement: 'Amount values outside unsigned 64-bit decimal strings are rejected with 400.',
  },
  {
    id: 'AMT-SCALE',
    level: 'MUST',
    section: S.amount,
    statement: 'An assetScale above 255 is rejected with 400.',
  },
  // Added by issue 8 (signatures and permissions on every operation).
  {
    id: 'GNAP-KEY-PROOF',
    level: 'MUST',
    section: S.gnap,
    statement:
      'Continue, rotate and revoke requests not signed with the key of the grant client are refused and change nothing (RFC 9635 section 7.3).',
  },
  {
    id: 'AUTH-READ-ALL',
    level: 'MUST',
    section: S.gnap,
    statement:
      "A token with read-all or list-all reads or lists other clients' resources of its wallet address, where the server grants those actions.",
  },
  {
    id: 'GEN-RECEIVER-EXISTS',
    level: 'MUST',
    section: S.general,
    statement:
      'A quote or outgoing payment to an incoming-payment URL the service never issued is refused (general rule 3).',
  },
  {
    id: 'AMT-FIELDS',
    level: 'MUST',
    section: S.amount,
    statement:
      'An Amount without value, assetCode or assetScale, or with a negative or fractional assetScale, is refused with 400.',
  },
  {
    id: 'OP-ONE-FORM',
    level: 'MUST',
    section: S.outgoing,
    statement:
      'An outgoing payment body gives quoteId, or incomingPayment with debitAmount: one that mixes them or has neither is refused with 400.',
  },
  {
    id: 'LIST-WALLET-ADDRESS',
    level: 'MUST',
    section: 'Resources and their fields: List query parameters',
    statement:
      'A list of incoming or outgoing payments without the required wallet-address is refused with 400.',
  },
  {
    id: 'REQ-UNKNOWN-MEMBER',
    level: 'MUST',
    section: 'OpenAPI 1.3.0: additionalProperties: false (request bodies)',
    tier: 'beyond-spec',
    statement:
      'A create body with a member its OpenAPI 1.3.0 schema does not list is refused with 400 and creates nothing (the spec is silent; ignoring the member is a warning).',
  },
  {
    id: 'IP-UNSIGNED-READ',
    level: 'MUST',
    section: 'spec-decisions.md: Resources (incoming payment read without a signature)',
    statement:
      'A get-incoming-payment with a valid token and no signature is refused with 401 or answered with the public view; the full payment is a warning (the spec does not mark the signature required there).',
  },
  {
    id: 'AUTH-CLIENT-SCOPE',
    level: 'MUST',
    section: S.gnap,
    statement:
      "A token with read or list, not read-all or list-all, does not see another client's resources of its wallet address (upstream Open Payments; the spec names no actions).",
  },
] as const satisfies readonly Rule[]

/** A registered rule ID: `covers()`, `rule()` and `warn()` take only these, so a typo fails tsc. */
export type RuleId = (typeof RULE_LIST)[number]['id']

type Entry = (typeof RULE_LIST)[number]
type ClauseIdOf<E> = E extends { clauses: readonly { id: infer C }[] } ? C & string : never
/** `RULE-ID#clause` for each clause the registry lists: a check names the clause it observes. */
export type ClauseRef = { [E in Entry as E['id']]: `${E['id']}#${ClauseIdOf<E>}` }[RuleId]
/** What a check judges: a rule as a whole (a one-clause rule), or one clause of it. */
export type RuleRef = RuleId | ClauseRef

export const RULES: readonly Rule[] = RULE_LIST

const byId = new Map<string, Rule>(RULES.map((rule) => [rule.id, rule]))

export function findRule(id: string): Rule | undefined {
  return byId.get(id)
}

/**
 * Throws on a rule or clause the registry does not have, so a typo cannot leave a clause silently unobserved
 * (the types catch most of them; a reference built at run time is caught here).
 */
export function checkRef(ref: string): void {
  const { rule: id, clause } = splitRef(ref)
  const found = findRule(id)
  if (!found) throw new Error(`unknown rule ID "${id}" (see conformance/harness/rules/registry.ts)`)
  if (clause !== undefined && !clausesOf(found).some((c) => c.id === clause))
    throw new Error(`rule ${id} has no clause "${clause}" (see conformance/harness/rules/registry.ts)`)
}
