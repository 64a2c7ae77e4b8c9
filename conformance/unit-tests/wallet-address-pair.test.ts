import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ExchangeResponse, Transport } from '../../clients/src/index.ts'
import { checkWalletAddresses } from '../harness/preflight/wallet-address-pair.ts'
import type { TargetFile } from '../harness/target/target-file.ts'

/** A target whose every URL answers: wallet addresses with the document of their own URL, in `assets`. */
function serving(assets: Record<string, string>): Transport {
  return async ({ url }) => {
    const asset = assets[url]
    const json = asset
      ? { id: url, assetCode: asset, assetScale: 2, authServer: 'http://as/', resourceServer: 'http://rs/' }
      : {}
    const text = JSON.stringify(json)
    return {
      status: 200,
      headers: {},
      body: new TextEncoder().encode(text),
      text,
      json,
    } satisfies ExchangeResponse
  }
}

function target(sender: string, receiver: string): TargetFile {
  return {
    name: 't',
    walletAddresses: { sender, receiver },
    client: { serveLocally: true },
  } as unknown as TargetFile
}

test('a receiver that is the sender is refused, whatever its trailing slash, as validate --live refuses it', async () => {
  const check = await checkWalletAddresses(
    target('http://w/alice', 'http://w/alice/'),
    serving({ 'http://w/alice': 'USD', 'http://w/alice/': 'USD' }),
  )
  assert.equal(check.problems.length, 1, check.problems.join('\n'))
  assert.match(check.problems.join('\n'), /walletAddresses\.receiver: the sender itself/)
})

test('two wallet addresses in one asset, each named as its id, pass; another asset is named', async () => {
  const good = await checkWalletAddresses(
    target('http://w/alice', 'http://w/bob'),
    serving({ 'http://w/alice': 'USD', 'http://w/bob': 'USD' }),
  )
  assert.deepEqual(good.problems, [])
  const euro = await checkWalletAddresses(
    target('http://w/alice', 'http://w/bob'),
    serving({ 'http://w/alice': 'USD', 'http://w/bob': 'EUR' }),
  )
  assert.match(euro.problems.join('\n'), /walletAddresses\.receiver: holds EUR/)
})
