import { randomUUID } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import {
  type ClientKey,
  newClientKey,
  readClientKey,
} from '../conformance/harness/client-identity/client-key-pem.ts'
import { targetUndiciTransport } from '../conformance/harness/http/target-transport.ts'
import { fetchWalletAddress } from '../conformance/harness/preflight/check-wallet-address.ts'
import { loadTargetFile, parseTarget } from '../conformance/harness/target/load-target.ts'
import { type Publication, publishClientKey } from './client-key-publication.ts'
import { draftTarget, type InitOptions } from './init-draft.ts'
import { unreachableHint } from './init-unreachable-hint.ts'
import { checkLive, describeWalletAddress } from './live-check.ts'
import { CONFIGURATION_EXIT } from './run-options.ts'

/** Where init writes, and the key it was given or wrote before (init-command.ts decides both). */
export interface InitPlace {
  output: string
  /** Where a new key goes, beside the file. */
  keyPath: string
  receiver: string
  /** The key to use: --key, or the one an earlier init wrote (reused); none makes a new one at keyPath. */
  keyFile?: string
  keyId?: string
  reused?: string
}

/**
 * The network half of `op-conformance init`: discovers the servers from the wallet address, makes or reads the
 * client's key and finds or registers where it is published, writes the target file, then checks it live.
 */
export async function writeTarget(options: InitOptions, place: InitPlace): Promise<number> {
  const { output, keyPath, receiver, keyFile, keyId, reused } = place
  const registered = options.template.client === 'registered'
  // The draft's routes and CA already apply to discovery: it goes where a run's requests would go.
  const draft = draftTarget(options, output, receiver, { keyId: 'draft', privateKeyFile: keyPath })
  // Only what the schema alone says (the key file may not exist yet), with paths resolved for the transport.
  const resolved = parseTarget(
    { ...draft, client: { serveLocally: true } },
    'the target file init would write',
    dirname(output),
  )
  const transport = targetUndiciTransport(resolved)
  const fetched = await fetchWalletAddress(options.walletAddress, transport)
  if ('problem' in fetched) {
    console.error(`init: ${options.walletAddress}: ${fetched.problem}; no file written`)
    const hint = unreachableHint(options.walletAddress, fetched.problem, options.templateName)
    if (hint) console.error(hint)
    return CONFIGURATION_EXIT
  }
  console.log(`Wallet address ${fetched.document.id}`)
  console.log(`  ${describeWalletAddress(fetched.document)}`)
  if (fetched.defects.length > 0)
    console.log(`  without ${fetched.defects.join(', ')}: a run will fail the server under WA-DOC`)

  mkdirSync(dirname(output), { recursive: true })
  let key: ClientKey | undefined
  if (registered) {
    // A key given without its kid gets a provisional one: publishClientKey finds the real one, or registers this.
    const kid = keyId ?? `conformance-${randomUUID().slice(0, 8)}`
    if (keyFile) {
      // Init's own key, left readable by another tool, is narrowed again.
      if (reused) chmodSync(reused, 0o600)
      key = readClientKey(kid, readFileSync(keyFile, 'utf8'))
    } else {
      const made = newClientKey(kid)
      // The mode of writeFileSync applies only to a new file: one that --force overwrites is narrowed first.
      if (existsSync(keyPath)) chmodSync(keyPath, 0o600)
      writeFileSync(keyPath, made.pem, { mode: 0o600 })
      key = made.key
    }
  }
  const publications = key ? await publish(options, key, !keyId && Boolean(keyFile), transport) : []
  const keyIdOf = (field: Publication['field']) => publications.find((p) => p.field === field)?.keyId
  const second = publications.find((p) => p.field === 'secondClient')
  const target = draftTarget(options, output, receiver, {
    keyId: keyIdOf('client') ?? key?.keyId ?? '',
    privateKeyFile: keyFile ? resolve(keyFile) : keyPath,
    ...(second ? { secondClient: { walletAddress: second.walletAddress, keyId: second.keyId } } : {}),
  })
  writeFileSync(output, `${JSON.stringify(target, null, 2)}\n`)
  console.log(`\nWrote ${relative(process.cwd(), output) || output} (template ${options.templateName})`)
  if (key && !keyFile) console.log(`Wrote the client's private key to ${relative(process.cwd(), keyPath)}`)
  if (reused)
    console.log(
      `Kept the client's key in ${relative(process.cwd(), reused)}, written by an earlier init (to make a new one, remove it and run init again)`,
    )
  // What is left to register by hand; a key published already needs nothing.
  if (key && publications.some((p) => p.state === 'pending')) {
    const jwk = { ...key.publicJwk, kid: keyIdOf('client') ?? key.keyId }
    console.log(`\nThe client's public key (JWK):\n${JSON.stringify(jwk, null, 2)}`)
    console.log(`\n${options.template.registration}`)
  } else if (!key) console.log(`\n${options.template.registration}`)
  return reportLive(output)
}

/** The hook of the key's registration: where it is published, registered through Rafiki's admin API if need be. */
async function publish(
  options: InitOptions,
  key: ClientKey,
  findKid: boolean,
  transport: ReturnType<typeof targetUndiciTransport>,
): Promise<Publication[]> {
  const client = options.client ?? options.walletAddress
  const origin = new URL(options.walletAddress).origin
  const secondClient =
    options.secondClient ?? options.template.secondClients?.(origin).find((url) => url !== client)
  const clients = [
    { field: 'client' as const, walletAddress: client },
    ...(secondClient ? [{ field: 'secondClient' as const, walletAddress: secondClient }] : []),
  ]
  return publishClientKey(key, findKid, clients, options.admin, transport)
}

/** The file as written, read back by the loader every command uses, then asked live. */
async function reportLive(output: string): Promise<number> {
  const { found, problems } = await checkLive(loadTargetFile(output))
  console.log(`\nLive check of ${relative(process.cwd(), output)}:`)
  for (const line of found) console.log(`  ok  ${line}`)
  for (const problem of problems) console.log(`  !!  ${problem}`)
  console.log(
    problems.length === 0
      ? `\nThe target answers as the file says: npx --no-install op-conformance run --target ${relative(process.cwd(), output)}`
      : `\n${problems.length === 1 ? '1 problem' : `${problems.length} problems`}; after fixing them (a new key: once registered): npx --no-install op-conformance validate --live ${relative(process.cwd(), output)}`,
  )
  return problems.length === 0 ? 0 : CONFIGURATION_EXIT
}
