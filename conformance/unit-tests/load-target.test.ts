import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { loadTargetFile, parseTarget } from '../harness/target/load-target.ts'
import { targetFileSchema } from '../harness/target/target-file.ts'
import { TargetFileError } from '../harness/target/target-file-error.ts'

const valid = {
  name: 'example ASE',
  walletAddresses: { sender: 'https://ase.example/alice', receiver: 'https://ase.example/bob' },
  client: { serveLocally: true },
}

// Relative files of the cases resolve here: key.pem is a private key, not a certificate.
const baseDir = mkdtempSync(join(tmpdir(), 'target-'))
writeFileSync(
  join(baseDir, 'key.pem'),
  '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n',
)

writeFileSync(join(baseDir, 'notes.txt'), 'my key is registered as keyid-1: ask ops for it\n')
const RSA_PEM = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString()

function problemsOf(value: unknown): string[] {
  try {
    parseTarget(value, 'target.json', baseDir)
  } catch (error) {
    assert.ok(error instanceof TargetFileError)
    return error.problems
  }
  assert.fail('expected the target to be rejected')
}

describe('target file validation', () => {
  test('a valid target is accepted', () => {
    assert.equal(parseTarget(valid, 'target.json', tmpdir()).name, 'example ASE')
  })

  const cases: [string, unknown, RegExp][] = [
    [
      'a missing receiver',
      { ...valid, walletAddresses: { sender: valid.walletAddresses.sender } },
      /^walletAddresses\.receiver: required/,
    ],
    [
      'a relative URL',
      { ...valid, walletAddresses: { ...valid.walletAddresses, sender: '/alice' } },
      /^walletAddresses\.sender: must be an absolute http\(s\) URL \(got "\/alice"\)/,
    ],
    [
      'an ftp URL',
      { ...valid, walletAddresses: { ...valid.walletAddresses, receiver: 'ftp://x/bob' } },
      /^walletAddresses\.receiver: must be an absolute/,
    ],
    ['an unknown field', { ...valid, baseUrl: 'https://x' }, /^baseUrl: unknown field/],
    [
      'an unknown consent driver',
      { ...valid, consent: { driver: 'selenium' } },
      /^consent\.driver: must be one of "browser", "http"/,
    ],
    [
      'a client without a key',
      { ...valid, client: { walletAddress: 'https://x/client', keyId: 'k' } },
      /exactly one of client\.privateKey and client\.privateKeyFile/,
    ],
    [
      'a missing key file',
      { ...valid, client: { walletAddress: 'https://x/c', keyId: 'k', privateKeyFile: 'nope.pem' } },
      /^client\.privateKeyFile: file not found/,
    ],
    [
      'a key file that holds no key (a certificate, a public key, a typo)',
      { ...valid, client: { walletAddress: 'https://x/c', keyId: 'k', privateKeyFile: 'notes.txt' } },
      /^client\.privateKeyFile: holds no Ed25519 private key: privateKey is neither a PEM nor base64/,
    ],
    [
      'an inline key that is not Ed25519',
      { ...valid, client: { walletAddress: 'https://x/c', keyId: 'k', privateKey: RSA_PEM } },
      /^client\.privateKey: holds no Ed25519 private key: Client keys must be Ed25519, got rsa key/,
    ],
    [
      'a local client with a key',
      { ...valid, client: { serveLocally: true, keyId: 'k' } },
      /^client\.keyId: not allowed with client\.serveLocally/,
    ],
    [
      'a second client without a key id',
      { ...valid, secondClient: { walletAddress: 'https://x/second', privateKey: 'k' } },
      /^secondClient\.keyId: required/,
    ],
    [
      'a second client that is the first',
      {
        ...valid,
        client: { walletAddress: 'https://x/client', keyId: 'k', privateKey: 'p' },
        secondClient: { walletAddress: 'https://x/client', keyId: 'k2', privateKey: 'p' },
      },
      /^secondClient\.walletAddress: must differ from client\.walletAddress/,
    ],
    [
      'a second client served locally',
      { ...valid, secondClient: { serveLocally: true } },
      /^secondClient\.serveLocally: unknown field/,
    ],
    [
      'a route without transport',
      { ...valid, routes: [{ identity: 'https://ase.example' }] },
      /^routes\[0\]\.transport: required field is missing/,
    ],
    [
      'a route to a relative address',
      { ...valid, routes: [{ identity: 'https://ase.example', transport: '127.0.0.1:80' }] },
      /^routes\[0\]\.transport: must be an absolute http\(s\) URL/,
    ],
    [
      'a route identity with a query',
      { ...valid, routes: [{ identity: 'https://ase.example/?a=1', transport: 'http://127.0.0.1' }] },
      /^routes\[0\]\.identity: must be an origin with an optional path/,
    ],
    [
      'two routes for one identity',
      {
        ...valid,
        routes: [
          { identity: 'https://ase.example', transport: 'http://127.0.0.1' },
          { identity: 'https://ase.example/', transport: 'http://127.0.0.2' },
        ],
      },
      /^routes\[1\]\.identity: the same identity as routes\[0\]/,
    ],
    [
      'a header name with a space',
      {
        ...valid,
        routes: [{ identity: 'https://a.example', transport: 'http://b', headers: { 'X Proto': 'https' } }],
      },
      /^routes\[0\]\.headers\.X Proto: not a valid header name/,
    ],
    [
      'a header value with a line break',
      {
        ...valid,
        routes: [{ identity: 'https://a.example', transport: 'http://b', headers: { 'X-P': 'a\r\nb: c' } }],
      },
      /^routes\[0\]\.headers\.X-P: must be a header value without line breaks/,
    ],
    [
      'an unknown signedTargetUri',
      {
        ...valid,
        routes: [{ identity: 'https://a.example', transport: 'http://b', signedTargetUri: 'proxy' }],
      },
      /^routes\[0\]\.signedTargetUri: must be one of "identity", "transport"/,
    ],
    ['a missing CA file', { ...valid, tls: { caFile: 'nope.pem' } }, /^tls\.caFile: file not found/],
    [
      'a CA file without a certificate',
      { ...valid, tls: { caFile: 'key.pem' } },
      /^tls\.caFile: holds no PEM certificate/,
    ],
    [
      'an expiry wait of zero',
      { ...valid, waits: { expirySeconds: 0 } },
      /^waits\.expirySeconds: must be >= 1/,
    ],
    [
      'an expiry wait in minutes',
      { ...valid, waits: { expirySeconds: '10m' } },
      /^waits\.expirySeconds: must be integer/,
    ],
    [
      'a minimum amount of zero',
      { ...valid, amounts: { minimum: '0' } },
      /^amounts\.minimum: must be a positive integer/,
    ],
    ['the fees flag, no longer read', { ...valid, amounts: { fees: true } }, /^amounts\.fees: unknown field/],
    [
      'a settlement wait of zero',
      { ...valid, waits: { settlementSeconds: 0 } },
      /^waits\.settlementSeconds: must be >= 1/,
    ],
    [
      'a minimum incoming-payment lifetime in minutes',
      { ...valid, incomingPayments: { minimumLifetimeSeconds: '1m' } },
      /^incomingPayments\.minimumLifetimeSeconds: must be integer/,
    ],
    [
      'a minimum grant interval of zero',
      { ...valid, grants: { minimumIntervalSeconds: 0 } },
      /^grants\.minimumIntervalSeconds: must be >= 1/,
    ],
  ]
  for (const [name, value, expected] of cases) {
    test(`${name} is named in the error`, () => {
      const problems = problemsOf(value)
      assert.ok(
        problems.some((p) => expected.test(p)),
        `no problem matches ${expected}: ${JSON.stringify(problems)}`,
      )
    })
  }

  test('every mistake of a file is named, each with its field', () => {
    const problems = problemsOf({
      ...valid,
      walletAddresses: { ...valid.walletAddresses, receiver: 'bob' },
      routes: [{ identity: 'https://ase.example', transport: 'http://127.0.0.1', signedTargetUri: 'both' }],
      waits: { expirySeconds: -5 },
    })
    assert.deepEqual(
      problems.map((problem) => problem.split(':')[0]),
      ['walletAddresses.receiver', 'waits.expirySeconds', 'routes[0].signedTargetUri'],
    )
  })

  test('example-target.json is valid as shipped, its example key and CA files included', () => {
    const target = loadTargetFile(join(import.meta.dirname, '..', 'harness', 'target', 'example-target.json'))
    assert.ok(target.tls?.caFile.endsWith('example-staging-ca.pem'))
  })

  test('every field of the schema is described (init writes files whose fields the schema documents)', () => {
    const undescribed: string[] = []
    const visit = (node: Record<string, unknown>, at: string) => {
      for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, object>)) {
        const field = at ? `${at}.${name}` : name
        const described = 'description' in child || '$ref' in child
        if (!described) undescribed.push(field)
        visit(child as Record<string, unknown>, field)
        if ('items' in child) visit((child as { items: Record<string, unknown> }).items, `${field}[]`)
      }
    }
    visit(targetFileSchema, '')
    const definitions = targetFileSchema.definitions as Record<string, Record<string, unknown>>
    visit(definitions.registeredClient!, 'secondClient')
    assert.deepEqual(undescribed, [])
  })

  test('the Rafiki target files of the repository are valid', () => {
    for (const file of ['rafiki-target.json', 'rafiki-target-local-client.json']) {
      const target = loadTargetFile(join(import.meta.dirname, '..', 'harness', 'target', 'rafiki', file))
      assert.equal(target.routes?.[0]?.transport, 'http://127.0.0.1:80')
    }
  })

  test('a file that is not JSON says so', () => {
    const dir = mkdtempSync(join(tmpdir(), 'target-'))
    writeFileSync(join(dir, 'target.json'), '{ "name": ')
    assert.throws(() => loadTargetFile(join(dir, 'target.json')), /not valid JSON/)
  })

  test('a missing file says where it looked', () => {
    assert.throws(
      () => loadTargetFile('/nonexistent/target.json'),
      /file not found \(resolved to \/nonexistent\/target\.json\)/,
    )
  })
})
