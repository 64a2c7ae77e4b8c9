import { type Mutant, SRC, TESTS } from './mutant.ts'

/** The resource guard: authentication, rights per action, identifier, cross-client visibility. */
export const PERMISSION_MUTANTS: readonly Mutant[] = [
  {
    id: 'no-www-authenticate',
    description: 'a 401 from the resource server carries no WWW-Authenticate header',
    edits: [
      {
        file: `${SRC}/authorization/resource-guard.ts`,
        find: "  res.set('WWW-Authenticate', wwwAuthenticate(urls))\n",
        replace: '',
      },
    ],
    specs: [`${TESTS}/authentication.spec.ts`],
    rules: ['AUTH-WWW-AUTHENTICATE'],
  },
  {
    id: 'unknown-token-crashes',
    description: 'a token the server never issued is looked up without a not-found case: a 500, not a 401',
    edits: [
      {
        file: `${SRC}/access-tokens/service.ts`,
        find: '  if (found === undefined) return AccessTokenError.UnknownToken\n',
        replace: '',
      },
    ],
    specs: [`${TESTS}/authentication.spec.ts`],
    rules: ['AUTH-TOKEN-INVALID'],
  },
  {
    id: 'complete-without-complete-right',
    description: 'completing an incoming payment takes any incoming-payment right, not only complete',
    edits: [
      {
        file: `${SRC}/app.ts`,
        find: "guard.require('incoming-payment', 'complete'),",
        replace: "guard.require('incoming-payment'),",
      },
    ],
    specs: [`${TESTS}/authorization.spec.ts`],
    rules: ['AUTH-PERMISSION'],
  },
  {
    id: 'create-incoming-without-create-right',
    description: 'creating an incoming payment takes any incoming-payment right, not only create',
    edits: [
      {
        file: `${SRC}/app.ts`,
        find: "guard.require('incoming-payment', 'create')",
        replace: "guard.require('incoming-payment')",
      },
    ],
    specs: [`${TESTS}/permissions.spec.ts`],
    rules: ['AUTH-PERMISSION'],
  },
  {
    id: 'list-incoming-without-list-right',
    description: 'listing incoming payments takes any incoming-payment right, not only list',
    edits: [
      {
        file: `${SRC}/app.ts`,
        find: "guard.require('incoming-payment', 'list')",
        replace: "guard.require('incoming-payment')",
      },
    ],
    specs: [`${TESTS}/permissions.spec.ts`],
    rules: ['AUTH-PERMISSION'],
  },
  {
    id: 'get-incoming-without-read-right',
    description: 'reading an incoming payment (full view) takes any incoming-payment right, not only read',
    edits: [
      {
        file: `${SRC}/app.ts`,
        find: "guard.optional('incoming-payment', 'read')",
        replace: "guard.optional('incoming-payment', 'create')",
      },
    ],
    specs: [`${TESTS}/permissions.spec.ts`],
    rules: ['AUTH-PERMISSION'],
  },
  {
    id: 'create-quote-without-create-right',
    description: 'creating a quote takes any quote right, not only create',
    edits: [
      { file: `${SRC}/app.ts`, find: "guard.require('quote', 'create')", replace: "guard.require('quote')" },
    ],
    specs: [`${TESTS}/permissions.spec.ts`],
    rules: ['AUTH-PERMISSION'],
  },
  {
    id: 'get-quote-without-read-right',
    description: 'reading a quote takes any quote right, not only read',
    edits: [
      { file: `${SRC}/app.ts`, find: "guard.require('quote', 'read')", replace: "guard.require('quote')" },
    ],
    specs: [`${TESTS}/permissions.spec.ts`],
    rules: ['AUTH-PERMISSION'],
  },
  {
    id: 'create-outgoing-without-create-right',
    description: 'creating an outgoing payment takes any outgoing-payment right, not only create',
    edits: [
      {
        file: `${SRC}/app.ts`,
        find: "guard.require('outgoing-payment', 'create')",
        replace: "guard.require('outgoing-payment')",
      },
    ],
    specs: [`${TESTS}/permissions.spec.ts`],
    rules: ['AUTH-PERMISSION'],
  },
  {
    id: 'list-outgoing-without-list-right',
    description: 'listing outgoing payments takes any outgoing-payment right, not only list',
    edits: [
      {
        file: `${SRC}/app.ts`,
        find: "guard.require('outgoing-payment', 'list')",
        replace: "guard.require('outgoing-payment')",
      },
    ],
    specs: [`${TESTS}/permissions.spec.ts`],
    rules: ['AUTH-PERMISSION'],
  },
  {
    id: 'get-outgoing-without-read-right',
    description: 'reading an outgoing payment takes any outgoing-payment right, not only read',
    edits: [
      {
        file: `${SRC}/app.ts`,
        find: "guard.require('outgoing-payment', 'read')",
        replace: "guard.require('outgoing-payment')",
      },
    ],
    specs: [`${TESTS}/permissions.spec.ts`],
    rules: ['AUTH-PERMISSION'],
  },
  {
    id: 'access-type-ignored',
    description: 'a token of any access type passes the resource guard, as long as it names the action',
    edits: [
      {
        file: `${SRC}/authorization/resource-guard.ts`,
        find: '  if (entry.type !== type) return false\n',
        replace: '',
      },
    ],
    specs: [`${TESTS}/permissions.spec.ts`],
    rules: ['AUTH-PERMISSION'],
  },
  {
    id: 'identifier-ignored',
    description: "a token's access entry covers every wallet address, not only the one its identifier names",
    edits: [
      {
        file: `${SRC}/authorization/access-context.ts`,
        find: 'return identifier === undefined || identifier === walletAddressUrl',
        replace: 'return true',
      },
    ],
    specs: [`${TESTS}/permissions.spec.ts`],
    rules: ['AUTH-PERMISSION'],
  },
  {
    id: 'read-shows-other-clients',
    description: "read (not read-all) shows another client's resources",
    edits: [
      {
        file: `${SRC}/authorization/resource-access.ts`,
        find: "  if (!coversAllClients(entry, 'read') && resource.client !== access.client) throw notFound()\n",
        replace: '',
      },
    ],
    specs: [`${TESTS}/authorization.spec.ts`],
    rules: ['AUTH-CLIENT-SCOPE'],
  },
  {
    id: 'list-shows-other-clients',
    description: "list (not list-all) shows another client's resources",
    edits: [
      {
        file: `${SRC}/authorization/resource-access.ts`,
        find: "return coversAllClients(requireEntry(access, walletAddressUrl), 'list') ? undefined : access.client",
        replace: 'return requireEntry(access, walletAddressUrl) ? undefined : access.client',
      },
    ],
    specs: [`${TESTS}/authorization.spec.ts`],
    rules: ['AUTH-CLIENT-SCOPE'],
  },
  {
    id: 'read-all-as-read',
    description:
      'read-all and list-all are granted but act as read and list: only the client’s own resources',
    edits: [
      {
        file: `${SRC}/authorization/access-context.ts`,
        find: '  return (entry.actions as string[]).includes(`${action}-all`)\n',
        replace: '  return false\n',
      },
    ],
    specs: [`${TESTS}/cross-client.spec.ts`],
    rules: ['AUTH-READ-ALL'],
  },
]
