import assert from 'node:assert/strict'
import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { targetUndiciTransport } from '../harness/http/target-transport.ts'
import type { TargetFile } from '../harness/target/target-file.ts'
import { certificateProblem, chromiumCaArgs, extraCaCertsFor } from '../harness/target/tls-ca.ts'

const dir = mkdtempSync(join(tmpdir(), 'tls-ca-'))

/** A self-signed certificate, as a test TLS terminator has (openssl is on every image the suite runs on). */
function selfSigned(name: string, ...extra: string[]): { cert: string; key: string } {
  const files = { cert: join(dir, `${name}.pem`), key: join(dir, `${name}-key.pem`) }
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
  execFileSync('openssl', ['req', '-x509', ...newKey, '-keyout', files.key, '-out', files.cert, ...extra], {
    stdio: 'ignore',
  })
  return files
}

const { cert, key } = selfSigned('cert', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1')

function targetWith(tls?: TargetFile['tls']): TargetFile {
  const url = 'https://127.0.0.1/'
  return { name: 't', walletAddresses: { sender: url, receiver: url }, client: { serveLocally: true }, tls }
}

describe('tls.caFile: the target test certificate is trusted without NODE_EXTRA_CA_CERTS', () => {
  let server: Server
  let origin: string
  before(async () => {
    server = createServer({ cert: readFileSync(cert), key: readFileSync(key) }, (_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  after(() => {
    server.closeAllConnections()
    server.close()
  })

  test('undici without the CA refuses the certificate (the negative control)', async () => {
    await assert.rejects(
      targetUndiciTransport(targetWith())({ method: 'GET', url: `${origin}/`, headers: {} }),
    )
  })

  test('undici with tls.caFile accepts it', async () => {
    const response = await targetUndiciTransport(targetWith({ caFile: cert }))({
      method: 'GET',
      url: `${origin}/`,
      headers: {},
    })
    assert.deepEqual(response.json, { ok: true })
  })

  test('a process started with the NODE_EXTRA_CA_CERTS the config sets (Playwright workers) trusts it', async () => {
    const fetchIt = `require('https').get(process.argv[1], (r) => process.stdout.write(String(r.statusCode))).on('error', (e) => process.stdout.write(e.code))`
    // Asynchronous: the server answering is in this very process.
    const run = async (extra: string | undefined) =>
      (
        await promisify(execFile)(process.execPath, ['-e', fetchIt, `${origin}/`], {
          env: { ...process.env, NODE_EXTRA_CA_CERTS: extra },
          encoding: 'utf8',
        })
      ).stdout
    assert.equal(await run(undefined), 'DEPTH_ZERO_SELF_SIGNED_CERT')
    assert.equal(await run(extraCaCertsFor(cert, undefined)), '200')
  })

  test('a NODE_EXTRA_CA_CERTS the user set is kept, joined with the CA file', () => {
    const other = selfSigned('other', '-subj', '/CN=other').cert
    const joined = readFileSync(extraCaCertsFor(cert, other), 'utf8')
    assert.ok(
      joined.includes(readFileSync(other, 'utf8').trim()) &&
        joined.includes(readFileSync(cert, 'utf8').trim()),
    )
    assert.equal(extraCaCertsFor(cert, cert), cert, 'a file that already holds the CA is used as it is')
  })

  test('Chromium gets the public key hash of each certificate, and a file without one is named', () => {
    assert.match(chromiumCaArgs(cert)[0]!, /^--ignore-certificate-errors-spki-list=[A-Za-z0-9+/]{43}=$/)
    assert.equal(
      certificateProblem(readFileSync(key, 'utf8')),
      'holds no PEM certificate (-----BEGIN CERTIFICATE-----)',
    )
    assert.equal(certificateProblem(readFileSync(cert, 'utf8')), undefined)
  })
})
