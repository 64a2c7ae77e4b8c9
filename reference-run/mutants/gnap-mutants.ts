import { type Mutant, SRC, TESTS } from './mutant.ts'

/** The access token a continuation answers with (grants/routes.ts). */
const CONTINUATION_TOKEN =
  '    ...(token === undefined ? {} : { access_token: toAccessTokenBody(deps.urls, token, continued.access) }),\n'

/** The authorization server: tokens, rotation, revocation, continuation. */
export const GNAP_MUTANTS: readonly Mutant[] = [
  {
    id: 'token-expiry-ignored',
    description: 'an access token past its expires_in is still accepted',
    edits: [
      {
        file: `${SRC}/access-tokens/model.ts`,
        find: ' && token.expiresAt > now && ',
        replace: ' && ',
      },
    ],
    specs: [`${TESTS}/token-expiry.spec.ts`],
    rules: ['TOKEN-EXPIRY'],
  },
  {
    id: 'rotation-keeps-old-token',
    description: 'rotating a token issues a new one but leaves the old one working',
    edits: [
      {
        file: `${SRC}/access-tokens/service.ts`,
        find: '    await revokeAccessToken(trx, tokenId, new Date())\n',
        replace: '',
      },
    ],
    specs: [`${TESTS}/gnap-tokens.spec.ts`],
    rules: ['TOKEN-ROTATE'],
  },
  {
    id: 'token-revocation-no-op',
    description: "DELETE on a token's manage URL answers 204 but revokes nothing",
    edits: [
      {
        file: `${SRC}/access-tokens/service.ts`,
        find: '    revoke: (tokenId) => revokeAccessToken(deps.db, tokenId, new Date()),\n',
        replace: '    revoke: async () => {},\n',
      },
    ],
    specs: [`${TESTS}/gnap-tokens.spec.ts`],
    rules: ['TOKEN-REVOKE'],
  },
  {
    id: 'continuation-without-wait',
    description: 'a continuation before continue.wait has passed is not refused as too_fast',
    edits: [
      {
        file: `${SRC}/grants/service.ts`,
        find: '    if (grant.continueAfter !== undefined && new Date() < grant.continueAfter) return GrantError.TooFast\n',
        replace: '',
      },
    ],
    specs: [`${TESTS}/gnap-continuation.spec.ts`],
    rules: ['CONT-WAIT'],
  },
  {
    id: 'continue-token-not-compared',
    description: 'any GNAP token continues the grant at its URI: the continuation token is never compared',
    edits: [
      {
        file: `${SRC}/grants/service.ts`,
        find: '  return sameSecret(grant.continueToken, continueToken) ? grant : GrantError.WrongContinueToken\n',
        replace: '  return grant\n',
      },
    ],
    specs: [`${TESTS}/gnap-continuation.spec.ts`],
    rules: ['CONT-INVALID-CLIENT'],
  },
  {
    id: 'continuation-token-without-manage',
    description:
      'the continuation writes its access_token by hand, value, expires_in and access: no manage URL',
    edits: [
      {
        file: `${SRC}/grants/routes.ts`,
        find: CONTINUATION_TOKEN,
        replace:
          '    ...(token === undefined\n' +
          '      ? {}\n' +
          '      : { access_token: { value: token.value, expires_in: token.expiresIn, access: continued.access } }),\n',
      },
    ],
    specs: [`${TESTS}/gnap-continuation.spec.ts`],
    rules: ['CONT-SUCCESS#access-token'],
  },
  {
    id: 'continuation-token-without-limits',
    description: "the continuation's access_token.access leaves out the limits the account holder approved",
    edits: [
      {
        file: `${SRC}/grants/routes.ts`,
        find: CONTINUATION_TOKEN,
        replace:
          '    ...(token === undefined\n' +
          '      ? {}\n' +
          '      : {\n' +
          '          access_token: toAccessTokenBody(\n' +
          '            deps.urls,\n' +
          '            token,\n' +
          '            continued.access.map(({ limits: _, ...entry }) => entry),\n' +
          '          ),\n' +
          '        }),\n',
      },
    ],
    specs: [`${TESTS}/gnap-continuation.spec.ts`],
    rules: ['CONT-SUCCESS#access-token'],
  },
  {
    id: 'continuation-done-without-continue',
    description:
      'the continuation that issues the token leaves out continue, as if nothing were left to continue',
    edits: [
      {
        file: `${SRC}/grants/routes.ts`,
        find: '    continue: toContinueBody(deps.urls, continued),\n',
        replace: '    ...(token === undefined ? { continue: toContinueBody(deps.urls, continued) } : {}),\n',
      },
    ],
    specs: [`${TESTS}/gnap-continuation.spec.ts`],
    rules: ['CONT-SUCCESS#continue'],
  },
  {
    id: 'finish-hash-nonces-swapped',
    description: 'the finish hash takes the server nonce before the client nonce',
    edits: [
      {
        file: `${SRC}/interaction/finish-hash.ts`,
        find: '[input.clientNonce, input.serverNonce, input.interactRef, input.grantEndpoint]',
        replace: '[input.serverNonce, input.clientNonce, input.interactRef, input.grantEndpoint]',
      },
    ],
    specs: [`${TESTS}/gnap-continuation.spec.ts`],
    rules: ['GNAP-FINISH-HASH'],
  },
  {
    id: 'finish-nonce-echoed',
    description:
      "the server's finish nonce is the client's nonce handed back, so the hash binds no nonce of its own",
    edits: [
      {
        file: `${SRC}/grants/service.ts`,
        find: '      serverNonce: newNonce(),\n',
        replace: '      serverNonce: interact.clientNonce,\n',
      },
    ],
    specs: [`${TESTS}/gnap-continuation.spec.ts`],
    rules: ['GNAP-FINISH-HASH'],
  },
  {
    id: 'manage-url-shared',
    description: 'every token has the same manage URL; the token presented says which one is managed',
    // RFC 9635 lets the token value identify the token; the spec only says manage SHOULD differ per token.
    edits: [
      {
        file: `${SRC}/access-tokens/model.ts`,
        find: 'return `${urls.authServer}/token/${tokenId}`',
        replace: 'return `${urls.authServer}/token/00000000-0000-0000-0000-000000000000`',
      },
      {
        file: `${SRC}/access-tokens/service.ts`,
        find: '  const found = await findTokenById(deps.db, manageId)\n',
        replace: '  const found = await findTokenByHash(deps.db, hashTokenValue(value))\n',
      },
    ],
    specs: [`${TESTS}/gnap-tokens.spec.ts`],
    rules: ['TOKEN-MANAGE', 'TOKEN-ROTATE', 'TOKEN-REVOKE'],
    tolerated: { warns: ['TOKEN-MANAGE-DISTINCT'] },
  },
]
