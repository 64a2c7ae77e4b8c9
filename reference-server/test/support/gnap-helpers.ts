import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import type { AccessItem, Grant, PendingGrant } from '@interledger/open-payments'
import { type Reply, send, type TestClient } from './signing-client.ts'

export const FINISH_URI = 'https://client.example/finish?state=1'

export function incomingPaymentAccess(walletAddress: string, actions = ['create', 'read']): AccessItem[] {
  return [{ type: 'incoming-payment', actions, identifier: walletAddress } as AccessItem]
}

export function outgoingPaymentAccess(walletAddress: string, limits?: Record<string, unknown>): AccessItem[] {
  return [
    {
      type: 'outgoing-payment',
      actions: ['create', 'read'],
      identifier: walletAddress,
      ...(limits === undefined ? {} : { limits }),
    } as AccessItem,
  ]
}

export function interact(nonce: string) {
  return { start: ['redirect'], finish: { method: 'redirect', uri: FINISH_URI, nonce } }
}

export function requestGrant(
  authServer: string,
  client: TestClient,
  access: AccessItem[],
  extra: Record<string, unknown> = {},
): Promise<Reply> {
  return send(client, {
    method: 'POST',
    url: authServer,
    json: { access_token: { access }, client: client.walletAddress, ...extra },
  })
}

/** An immediate grant's response; fails the test unless the server issued it. */
export async function issuedGrant(
  authServer: string,
  client: TestClient,
  access: AccessItem[],
): Promise<Grant> {
  const reply = await requestGrant(authServer, client, access)
  assert.equal(reply.status, 200, JSON.stringify(reply.body))
  return reply.body as Grant
}

export async function pendingGrant(
  authServer: string,
  client: TestClient,
  access: AccessItem[],
  clientNonce: string,
): Promise<PendingGrant> {
  const reply = await requestGrant(authServer, client, access, { interact: interact(clientNonce) })
  assert.equal(reply.status, 200, JSON.stringify(reply.body))
  return reply.body as PendingGrant
}

/** The consent page's form action, read the way an HTTP driver reads it. */
export function formAction(html: string): string {
  const action = /<form id="consent" method="post" action="([^"]+)"/.exec(html)?.[1]
  assert.ok(action, 'the consent page has the consent form')
  return action.replaceAll('&amp;', '&')
}

/** Opens the consent page and submits one of its buttons, as a browser would; returns the redirect. */
export async function answerConsent(redirect: string, decision: 'accept' | 'reject'): Promise<URL> {
  const page = await fetch(redirect, { signal: AbortSignal.timeout(30_000) })
  assert.equal(page.status, 200)
  const response = await fetch(formAction(await page.text()), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decision=${decision}`,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  })
  assert.equal(response.status, 303)
  return new URL(response.headers.get('location') ?? '')
}

export function expectedHash(
  clientNonce: string,
  serverNonce: string,
  interactRef: string,
  grantEndpoint: string,
) {
  return createHash('sha256')
    .update(`${clientNonce}\n${serverNonce}\n${interactRef}\n${grantEndpoint}`)
    .digest('base64url')
}

/** An accepted outgoing-payment grant, continued after its wait: the token response. */
export async function approvedOutgoingGrant(
  authServer: string,
  client: TestClient,
  access: AccessItem[],
): Promise<Grant> {
  const pending = await pendingGrant(authServer, client, access, 'nonce-approved')
  const finish = await answerConsent(pending.interact.redirect, 'accept')
  await sleep((pending.continue.wait ?? 0) * 1000)
  const reply = await send(client, {
    method: 'POST',
    url: pending.continue.uri,
    token: pending.continue.access_token.value,
    json: { interact_ref: finish.searchParams.get('interact_ref') },
  })
  assert.equal(reply.status, 200, JSON.stringify(reply.body))
  return reply.body as Grant
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export function errorCode(reply: Reply): unknown {
  return (reply.body as { error?: { code?: unknown } } | undefined)?.error?.code
}
