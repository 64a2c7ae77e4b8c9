import { randomUUID } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, relative, resolve } from 'node:path'
import {
  type ClientKey,
  newClientKey,
  readClientKey,
} from '../conformance/harness/client-identity/client-key-pem.ts'
import { targetUndiciTransport } from '../conformance/harness/http/target-transport.ts'
import { fetchWalletAddress } from '../conformance/harness/preflight/check-wallet-address.ts'
import { isHttpUrl, loadTargetFile, parseTarget } from '../conformance/harness/target/load-target.ts'
import { sameAddress } from '../conformance/harness/target/same-address.ts'
import type { TargetFile } from '../conformance/harness/target/target-file.ts'
import { TARGET_FILE_SCHEMA_PATH } from '../conformance/harness/target/target-file.ts'
import {
  TARGET_TEMPLATES,
  type TargetTemplate,
  TEMPLATE_NAMES,
  type TemplateName,
} from '../conformance/harness/target/target-templates.ts'
import { type Publication, publishClientKey } from './client-key-publication.ts'
import { chooseReceiver, noReceiverMessage } from './init-receiver.ts'
import { unreachableHint } from './init-unreachable-hint.ts'
import { unsafeKeyPlace } from './key-placement.ts'
import { checkLive, describeWalletAddress } from './live-check.ts'
import { ADMIN_ENV, type RafikiAdmin, rafikiAdmin, takeAdminFlags } from './rafiki-admin.ts'
import { CONFIGURATION_EXIT, takeFlag, takeOption, UsageError } from './run-options.ts'

/** Inside the suite's checkout, a folder it ignores: the key init writes beside the file is never committed. */
const DEFAULT_OUTPUT = 'local/target.json'

export const INIT_HELP = `Usage: npx --no-install op-conformance init WALLET_ADDRESS [options]

Starts a target file from one wallet address at the server under test: discovers its authorization and
resource servers, makes the client's Ed25519 key (or takes yours), prints the public JWK to register at the
ASE, writes the target file, then checks it live (as \`validate --live\` does).

WALLET_ADDRESS is the sender, and the registered client's wallet address, unless the options say otherwise.
The receiver must be another wallet address: --receiver, or one the template knows, or asked on a terminal;
init stops without writing a file when there is none.

A new key goes next to the target file, readable by you alone (0600), and never where git would commit it:
init refuses a folder inside a git work tree that the tree does not ignore (the suite's checkout ignores local/).

Options:
  --output FILE         the target file to write (default: ${DEFAULT_OUTPUT}); a new key goes next to it,
                        FILE-client.pem
  --template NAME       ${TEMPLATE_NAMES.join(' | ')} (default: generic):
${TEMPLATE_NAMES.map((name) => `                          ${name}: ${TARGET_TEMPLATES[name].description}`).join('\n')}
  --key FILE            the client's Ed25519 private key (PKCS#8 PEM) instead of a new one; without --key-id,
                          init looks its kid up in the client's jwks.json and prints it
  --key-id KID          the kid the key is registered under (default for a new key: conformance-<random>)
  --client URL          the registered client's wallet address (default: WALLET_ADDRESS)
  --second-client URL   a second registered client (the same key) for the checks between two clients
                          (default: the template's, e.g. rafiki's accounts/broke; none for generic)
  --receiver URL        a wallet address in the sender's asset that receives payments
  --other-asset URL     a wallet address in another asset (cross-currency quotes)
  --name TEXT           the target's name in the reports
  --ca FILE             PEM certificates the target's https:// addresses use (tls.caFile)
  --force               overwrite FILE and its key file
  --help                this text

Registering the key at a Rafiki (--template rafiki): init adds the public key to each client wallet address
through Rafiki's admin GraphQL API (createWalletAddressKey, signed with the tenant's API secret), then checks
that <wallet address>/jwks.json publishes it. Without these, it prints what to register by hand.
  --admin-url URL       the backend's admin endpoint (${ADMIN_ENV.url}; default on 127.0.0.1:
                          http://127.0.0.1:3001/graphql)
  --admin-tenant ID     the tenant the secret belongs to (${ADMIN_ENV.tenantId}; the operator tenant's id works)
  ${ADMIN_ENV.secret}   (environment only, never a flag) the tenant's API secret

Every field of the file is described in conformance/harness/target/target-file.schema.json (an editor shows the
descriptions through the file's "$schema") and in conformance/harness/target/README.md.
Exit status: 0 the file is written and the target answers as the file says, 2 otherwise: with a new key, 2
until the key is registered at the ASE (then \`npx --no-install op-conformance validate --live FILE\` says ok).
`

interface InitOptions {
  walletAddress: string
  output: string
  template: TargetTemplate
  templateName: TemplateName
  keyFile?: string
  keyId?: string
  client?: string
  secondClient?: string
  admin?: RafikiAdmin
  receiver?: string
  otherAsset?: string
  name?: string
  caFile?: string
  force: boolean
}

/** `op-conformance init WALLET_ADDRESS`: a documented target file, its client key, and a live check of both. */
export async function initCommand(argv: readonly string[]): Promise<number> {
  const options = parseInitOptions(argv)
  if (!options) {
    process.stdout.write(INIT_HELP)
    return 0
  }
  const output = resolve(options.output)
  const keyPath = resolve(dirname(output), `${basename(output, '.json')}-client.pem`)
  const registered = options.template.client === 'registered'
  const writesKey = registered && !options.keyFile
  for (const path of writesKey ? [output, keyPath] : [output])
    if (existsSync(path) && !options.force)
      throw new UsageError(`init: ${path} exists (--force overwrites it, or give another --output)`)
  const unsafe = writesKey ? unsafeKeyPlace(keyPath) : undefined
  if (unsafe) throw new UsageError(`init: ${unsafe}; no file written`)
  const receiver = await chooseReceiver(
    options.walletAddress,
    options.receiver,
    options.template.receivers(new URL(options.walletAddress).origin),
  )
  if (!receiver) {
    console.error(noReceiverMessage(options.walletAddress))
    return CONFIGURATION_EXIT
  }

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
    const keyId = options.keyId ?? `conformance-${randomUUID().slice(0, 8)}`
    if (options.keyFile) key = readClientKey(keyId, readFileSync(options.keyFile, 'utf8'))
    else {
      const made = newClientKey(keyId)
      // The mode of writeFileSync applies only to a new file: one that --force overwrites is narrowed first.
      if (existsSync(keyPath)) chmodSync(keyPath, 0o600)
      writeFileSync(keyPath, made.pem, { mode: 0o600 })
      key = made.key
    }
  }
  const publications = key ? await publish(options, key, transport) : []
  const keyIdOf = (field: Publication['field']) => publications.find((p) => p.field === field)?.keyId
  const second = publications.find((p) => p.field === 'secondClient')
  const target = draftTarget(options, output, receiver, {
    keyId: keyIdOf('client') ?? key?.keyId ?? '',
    privateKeyFile: options.keyFile ? resolve(options.keyFile) : keyPath,
    ...(second ? { secondClient: { walletAddress: second.walletAddress, keyId: second.keyId } } : {}),
  })
  writeFileSync(output, `${JSON.stringify(target, null, 2)}\n`)
  console.log(`\nWrote ${relative(process.cwd(), output) || output} (template ${options.templateName})`)
  if (key && !options.keyFile)
    console.log(`Wrote the client's private key to ${relative(process.cwd(), keyPath)}`)
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
  return publishClientKey(key, Boolean(options.keyFile && !options.keyId), clients, options.admin, transport)
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

function draftTarget(
  options: InitOptions,
  output: string,
  receiver: string,
  key: { keyId: string; privateKeyFile: string; secondClient?: { walletAddress: string; keyId: string } },
): TargetFile & { $schema: string; $comment: string } {
  const fromFile = (path: string) => relative(dirname(output), path) || '.'
  const relativePath = (path: string) => {
    const r = fromFile(path)
    return r.startsWith('.') ? r : `./${r}`
  }
  const origin = new URL(options.walletAddress).origin
  const sender = options.walletAddress
  const otherAsset = options.otherAsset ?? options.template.otherAsset?.(origin)
  const template = options.template
  const target = {
    $schema: relativePath(TARGET_FILE_SCHEMA_PATH.pathname),
    $comment:
      'Written by op-conformance init. Each field is described in the $schema file (descriptions) and in ' +
      'conformance/harness/target/README.md of the suite.',
    name: options.name ?? `${origin} (op-conformance init)`,
    walletAddresses: { sender, receiver, ...(otherAsset ? { otherAsset } : {}) },
    client:
      template.client === 'serveLocally'
        ? { serveLocally: true as const }
        : {
            walletAddress: options.client ?? options.walletAddress,
            keyId: key.keyId,
            privateKeyFile: relativePath(key.privateKeyFile),
          },
    ...(key.secondClient
      ? { secondClient: { ...key.secondClient, privateKeyFile: relativePath(key.privateKeyFile) } }
      : {}),
    consent: template.consent
      ? {
          ...template.consent,
          ...(template.consent.script ? { script: relativePath(template.consent.script) } : {}),
        }
      : { driver: 'browser' as const },
    ...(template.capabilities ? { capabilities: template.capabilities } : {}),
    ...(template.amounts ? { amounts: template.amounts } : {}),
    ...(template.routes?.(origin) ? { routes: template.routes(origin) } : {}),
    ...(options.caFile ? { tls: { caFile: relativePath(resolve(options.caFile)) } } : {}),
  }
  return target
}

function parseInitOptions(argv: readonly string[]): InitOptions | undefined {
  const args = [...argv]
  if (takeFlag(args, '--help') || takeFlag(args, '-h')) return undefined
  const take = (name: string) => takeOption(args, name)
  const adminFlags = takeAdminFlags(args)
  const templateName = (take('--template') ?? 'generic') as TemplateName
  if (!TEMPLATE_NAMES.includes(templateName))
    throw new UsageError(`init: --template must be one of ${TEMPLATE_NAMES.join(', ')} (got ${templateName})`)
  const options = {
    output: take('--output') ?? DEFAULT_OUTPUT,
    template: TARGET_TEMPLATES[templateName],
    templateName,
    keyFile: take('--key'),
    keyId: take('--key-id'),
    client: take('--client'),
    secondClient: take('--second-client'),
    receiver: take('--receiver'),
    otherAsset: take('--other-asset'),
    name: take('--name'),
    caFile: take('--ca'),
    force: takeFlag(args, '--force'),
  }
  const [walletAddress, ...rest] = args
  if (!walletAddress || walletAddress.startsWith('-') || rest.length > 0)
    throw new UsageError(
      `init: give one wallet address URL and known options (got ${args.join(' ') || 'nothing'}); see op-conformance init --help`,
    )
  for (const [option, url] of [
    ['WALLET_ADDRESS', walletAddress],
    ['--client', options.client],
    ['--second-client', options.secondClient],
    ['--receiver', options.receiver],
    ['--other-asset', options.otherAsset],
  ] as const)
    if (url !== undefined && !isHttpUrl(url))
      throw new UsageError(`init: ${option} must be an absolute http(s) URL (got ${JSON.stringify(url)})`)
  if (options.receiver && sameAddress(options.receiver, walletAddress))
    throw new UsageError(
      'init: --receiver must be another wallet address than the sender (WALLET_ADDRESS): a payment to oneself proves nothing',
    )
  if (options.keyFile && !existsSync(options.keyFile))
    throw new UsageError(`init: --key ${options.keyFile}: file not found`)
  if (
    options.template.client === 'serveLocally' &&
    (options.keyFile || options.client || options.secondClient)
  )
    throw new UsageError(
      `init: the ${templateName} template has the suite serve its own client; --key, --client and --second-client are for registered clients`,
    )
  const admin = rafikiAdmin(adminFlags, process.env, walletAddress, templateName === 'rafiki')
  return { walletAddress, ...options, admin }
}
