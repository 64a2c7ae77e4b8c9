import assert from 'node:assert/strict'
import { execFile, execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { loadTargetFile } from '../../conformance/harness/target/load-target.ts'

const ROOT = new URL('../..', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'op-conformance-init-'))

/** The CLI in a child process: the wallet addresses below are served by this one, which must keep answering. */
function opConformance(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('node', [join(ROOT, 'cli/op-conformance.mjs'), ...args], { cwd: dir }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
    )
  })
}

// A wallet address server: alice and bob in USD, and the keys registered on alice's JWKS.
const registered: object[] = []
const server = createServer((request, response) => {
  const origin = `http://${request.headers.host}`
  const name = request.url?.split('/')[1] ?? ''
  const document = {
    id: `${origin}/${name}`,
    assetCode: 'USD',
    assetScale: 2,
    authServer: `${origin}/auth`,
    resourceServer: origin,
  }
  // noscale: a server fault (no assetScale), which the run judges, not a configuration mistake.
  const { assetScale: _, ...withoutScale } = document
  const body = request.url?.endsWith('/jwks.json')
    ? { keys: registered }
    : ['alice', 'bob'].includes(name)
      ? document
      : name === 'noscale'
        ? withoutScale
        : undefined
  response.statusCode = body ? 200 : 404
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify(body ?? {}))
})
let origin = ''

describe('op-conformance init', () => {
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  after(() => server.close())

  test('discovers the servers, writes a valid file and a private key, prints the JWK, and checks it live', async () => {
    const init = await opConformance('init', `${origin}/alice`, '--receiver', `${origin}/bob`)
    assert.match(init.stdout, new RegExp(`authServer ${origin}/auth, resourceServer ${origin}`))
    const jwk = JSON.parse(/The client's public key \(JWK\):\n(\{[\s\S]+?\n\})/.exec(init.stdout)![1]!)
    assert.equal(jwk.crv, 'Ed25519')
    // Not registered yet: the live check says so, naming the field.
    assert.equal(init.status, 2)
    assert.match(init.stdout, /client\.keyId: .*\/alice\/jwks\.json has no key with kid "conformance-/)

    const target = loadTargetFile(join(dir, 'local/target.json'))
    assert.deepEqual(target.walletAddresses, { sender: `${origin}/alice`, receiver: `${origin}/bob` })
    assert.ok('keyId' in target.client && target.client.keyId === jwk.kid)
    assert.equal(statSync(join(dir, 'local/target-client.pem')).mode & 0o777, 0o600)
    assert.match(
      readFileSync(join(dir, 'local/target.json'), 'utf8'),
      /"\$schema": ".*target-file\.schema\.json"/,
    )

    registered.push(jwk)
    const validate = await opConformance('validate', '--live', 'local/target.json')
    assert.equal(validate.status, 0, validate.stdout + validate.stderr)
    assert.match(validate.stdout, /ok {2}client\.keyId conformance-\S+: published in/)
  })

  test('will not overwrite a file, and names an unreachable wallet address without writing one', async () => {
    const again = await opConformance('init', `${origin}/alice`, '--receiver', `${origin}/bob`)
    assert.equal(again.status, 2)
    assert.match(
      again.stderr,
      /target\.json exists \(--force overwrites it, keeping the key in .*target-client\.pem;/,
    )
    const unknown = await opConformance(
      'init',
      `${origin}/nobody`,
      '--output',
      'nobody.json',
      '--receiver',
      `${origin}/bob`,
    )
    assert.equal(unknown.status, 2)
    assert.match(unknown.stderr, /\/nobody: answered HTTP 404, not 200; no file written/)
  })

  test('run again with --force, keeps the key it wrote and registered: the file checks out live at once', async () => {
    const pem = readFileSync(join(dir, 'local/target-client.pem'), 'utf8')
    const kid = (loadTargetFile(join(dir, 'local/target.json')).client as { keyId: string }).keyId
    const again = await opConformance('init', `${origin}/alice`, '--receiver', `${origin}/bob`, '--force')
    assert.equal(again.status, 0, again.stdout + again.stderr)
    assert.match(
      again.stdout,
      /Kept the client's key in local\/target-client\.pem, written by an earlier init/,
    )
    assert.doesNotMatch(again.stdout, /public key \(JWK\)/)
    assert.equal(readFileSync(join(dir, 'local/target-client.pem'), 'utf8'), pem)
    assert.equal((loadTargetFile(join(dir, 'local/target.json')).client as { keyId: string }).keyId, kid)
  })

  test("a wallet address document without assetScale is written down, its defect named as the server's", async () => {
    const init = await opConformance(
      'init',
      `${origin}/noscale`,
      '--output',
      'noscale.json',
      '--receiver',
      `${origin}/bob`,
    )
    assert.match(init.stdout, /without assetScale: a run will fail the server under WA-DOC/)
    assert.ok(loadTargetFile(join(dir, 'noscale.json')).walletAddresses.sender.endsWith('/noscale'))
    const validate = await opConformance('validate', '--live', 'noscale.json')
    assert.match(validate.stdout, /a wallet address document without assetScale: the server's fault/)
    assert.doesNotMatch(validate.stdout + validate.stderr, /walletAddresses\.sender [^\n]*: answered 200 but/)
  })

  test('never makes the sender its own receiver: without another address it stops, writing nothing', async () => {
    const alone = await opConformance('init', `${origin}/alice`, '--output', 'alone.json')
    assert.equal(alone.status, 2)
    assert.match(
      alone.stderr,
      /walletAddresses\.receiver: no wallet address other than the sender .*give --receiver URL/,
    )
    assert.ok(!existsSync(join(dir, 'alone.json')) && !existsSync(join(dir, 'alone-client.pem')))
    const same = await opConformance(
      'init',
      `${origin}/alice`,
      '--output',
      'same.json',
      '--receiver',
      `${origin}/alice/`,
    )
    assert.equal(same.status, 2)
    assert.match(same.stderr, /--receiver must be another wallet address than the sender/)
  })

  test('writes no key where git would commit it', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'op-conformance-init-repo-'))
    execFileSync('git', ['init', '-q'], { cwd: repo })
    writeFileSync(join(repo, '.gitignore'), 'local/\n')
    const args = [`${origin}/alice`, '--receiver', `${origin}/bob`]
    const tracked = await opConformance('init', ...args, '--output', join(repo, 'ase.json'))
    assert.equal(tracked.status, 2)
    assert.match(tracked.stderr, /ase-client\.pem is in the git work tree .* and not ignored there/)
    assert.ok(!existsSync(join(repo, 'ase.json')) && !existsSync(join(repo, 'ase-client.pem')))
    await opConformance('init', ...args, '--output', join(repo, 'local/ase.json'))
    assert.equal(statSync(join(repo, 'local/ase-client.pem')).mode & 0o777, 0o600)
    // Init's key file, left readable by another tool, is narrowed when init runs again.
    chmodSync(join(repo, 'local/ase-client.pem'), 0o644)
    await opConformance('init', ...args, '--output', join(repo, 'local/ase.json'), '--force')
    assert.equal(statSync(join(repo, 'local/ase-client.pem')).mode & 0o777, 0o600)
  })

  test('answers --help', async () => {
    const help = await opConformance('init', '--help')
    assert.equal(help.status, 0)
    assert.match(help.stdout, /--template NAME {7}generic \| rafiki \| reference/)
  })
})
