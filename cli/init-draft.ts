import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import type { TargetFile } from '../conformance/harness/target/target-file.ts'
import { TARGET_FILE_SCHEMA_PATH } from '../conformance/harness/target/target-file.ts'
import type { TargetTemplate, TemplateName } from '../conformance/harness/target/target-templates.ts'
import type { RafikiAdmin } from './rafiki-admin.ts'

/** What `op-conformance init` was asked (cli/init-command.ts), and the target file it writes from it. */
export interface InitOptions {
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

/**
 * The kid an earlier init wrote for its key: the existing file's client.keyId, when that client signs with the key
 * file. Else none, and the kid is looked up in the client's jwks.json by the key itself.
 */
export function writtenKeyId(output: string, keyPath: string): string | undefined {
  try {
    const client = (JSON.parse(readFileSync(output, 'utf8')) as { client?: Record<string, unknown> }).client
    const file = client?.privateKeyFile
    return typeof file === 'string' &&
      resolve(dirname(output), file) === keyPath &&
      typeof client?.keyId === 'string'
      ? client.keyId
      : undefined
  } catch {
    return undefined
  }
}

export function draftTarget(
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
