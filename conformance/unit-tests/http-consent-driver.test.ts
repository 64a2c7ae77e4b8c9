import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { request } from '@playwright/test'
import type { Evidence } from '../harness/consent/consent-driver.ts'
import { httpConsentDriver } from '../harness/consent/http-consent-driver.ts'
import type { InteractiveGrant } from '../harness/gnap/grant-types.ts'
import { Routing } from '../harness/http/routing.ts'

const FINISH = 'https://client.invalid/finish'
const IDENTITY = 'https://auth.example.test'

/** The consent page posts to a relative action; the answer redirects relatively, then to the finish URI. */
const PAGE = `<form method="post" action="decide">
  <button name="d" value="deny">No</button><button name="d" value="allow">Yes</button>
</form>`

function grantAt(redirect: string): InteractiveGrant {
  return { finishUri: FINISH, grant: { interact: { redirect } } } as unknown as InteractiveGrant
}

describe('the HTTP consent driver on a routed identity', () => {
  let server: Server
  let routing: Routing
  before(async () => {
    server = createServer(async (req, res) => {
      let body = ''
      for await (const chunk of req) body += chunk
      if (req.headers.host !== 'auth.example.test' || req.headers['x-forwarded-proto'] !== 'https') {
        return res.writeHead(421).end('not through the route')
      }
      if (req.url === '/interact/1') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)
      if (req.url === '/interact/decide')
        return res.writeHead(303, { location: `/interact/done?${body}` }).end()
      const allowed = req.url?.endsWith('d=allow')
      const finish = allowed ? `${FINISH}?hash=h&interact_ref=r` : `${FINISH}?result=grant_rejected`
      res.writeHead(302, { location: finish }).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const transport = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    routing = new Routing([{ identity: IDENTITY, transport, headers: { 'X-Forwarded-Proto': 'https' } }])
  })
  after(() => {
    server.closeAllConnections()
    server.close()
  })

  const evidence: Evidence = async () => {}
  for (const [decision, expected] of [
    ['accept', { interactRef: 'r', result: undefined }],
    ['reject', { interactRef: undefined, result: 'grant_rejected' }],
  ] as const) {
    test(`${decision}: the page, the form post and each relative redirect take the route`, async () => {
      const driver = httpConsentDriver(() => request.newContext(), routing)
      const finish = await driver.interact(grantAt(`${IDENTITY}/interact/1`), decision, evidence)
      assert.deepEqual({ interactRef: finish.interactRef, result: finish.result }, expected)
    })
  }

  test('without the route the identity is not reached (the negative control)', async () => {
    const driver = httpConsentDriver(() => request.newContext())
    await assert.rejects(driver.interact(grantAt(`${IDENTITY}/interact/1`), 'accept', evidence))
  })
})
