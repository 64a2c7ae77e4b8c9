import { existsSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import { isHttpUrl } from '../conformance/harness/target/http-url.ts'
import { sameAddress } from '../conformance/harness/target/same-address.ts'
import {
  TARGET_TEMPLATES,
  TEMPLATE_NAMES,
  type TemplateName,
} from '../conformance/harness/target/target-templates.ts'
import { type InitOptions, writtenKeyId } from './init-draft.ts'
import { chooseReceiver, noReceiverMessage } from './init-receiver.ts'
import { unsafeKeyPlace } from './key-placement.ts'
import { ADMIN_ENV, rafikiAdmin, takeAdminFlags } from './rafiki-admin.ts'
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
Run again with the same --output (and --force, to overwrite the file), init uses the key it wrote there before,
under the kid the file names: a key registered at the ASE stays registered.

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
  --force               overwrite FILE; the key file an earlier init wrote beside it is kept and used again
                          (to make a new key, remove that file)
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
  // The key an earlier init wrote beside the file is used again, never replaced: once registered at the ASE, it
  // stays the file's, and running init again (a new receiver, a fixed address) needs no new registration.
  const reused = registered && !options.keyFile && existsSync(keyPath) ? keyPath : undefined
  const keyFile = options.keyFile ?? reused
  const keyId = options.keyId ?? (reused ? writtenKeyId(output, keyPath) : undefined)
  if (existsSync(output) && !options.force)
    throw new UsageError(
      `init: ${output} exists (--force overwrites it${reused ? `, keeping the key in ${reused}` : ''}; or give another --output)`,
    )
  const writesKey = registered && !keyFile
  const unsafe = writesKey || reused ? unsafeKeyPlace(keyPath) : undefined
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

  // Loaded only now: the network half (discovery, the transport, the key's publication, the live check) takes
  // its time to load, which the receiver's prompt above need not wait for.
  const { writeTarget } = await import('./init-write.ts')
  return writeTarget(options, { output, keyPath, receiver, keyFile, keyId, reused })
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
