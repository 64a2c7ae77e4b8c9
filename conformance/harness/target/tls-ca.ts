import { createHash, X509Certificate } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rootCertificates } from 'node:tls'

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g

/** The PEM certificates of a CA file (tls.caFile). */
export function readCertificates(caFile: string): string[] {
  return readFileSync(caFile, 'utf8').match(PEM_CERTIFICATE) ?? []
}

/** Why a CA file cannot be used, or undefined. */
export function certificateProblem(pem: string): string | undefined {
  const certificates = pem.match(PEM_CERTIFICATE) ?? []
  if (certificates.length === 0) return 'holds no PEM certificate (-----BEGIN CERTIFICATE-----)'
  for (const [index, certificate] of certificates.entries()) {
    try {
      new X509Certificate(certificate)
    } catch (error) {
      return `certificate ${index + 1} cannot be read: ${(error as Error).message}`
    }
  }
  return undefined
}

/** Node's own trust store plus the target's CA: what undici connections to the target trust. */
export function trustedCertificates(caFile: string): string[] {
  return [...rootCertificates, ...readCertificates(caFile)]
}

/**
 * NODE_EXTRA_CA_CERTS for the processes the suite starts (Playwright's workers read it when they start):
 * the target's CA file, joined with one the user set already. Node reads the variable only at start-up,
 * so playwright.config.ts sets it before any worker exists.
 */
export function extraCaCertsFor(caFile: string, existing: string | undefined): string {
  if (!existing || !existsSync(existing)) return caFile
  // The config is loaded again in every worker, whose variable already holds the CA.
  const trusted = readFileSync(existing, 'utf8')
  if (readCertificates(caFile).every((certificate) => trusted.includes(certificate))) return existing
  const joined = join(mkdtempSync(join(tmpdir(), 'conformance-ca-')), 'ca.pem')
  writeFileSync(joined, `${readFileSync(existing, 'utf8').trim()}\n${readFileSync(caFile, 'utf8').trim()}\n`)
  return joined
}

/**
 * Chromium's `--ignore-certificate-errors-spki-list`: it then accepts a chain holding one of these public keys,
 * and no other untrusted certificate (unlike ignoring every TLS error).
 */
export function chromiumCaArgs(caFile: string): string[] {
  const hashes = readCertificates(caFile).map((pem) =>
    createHash('sha256')
      .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
      .digest('base64'),
  )
  return [`--ignore-certificate-errors-spki-list=${hashes.join(',')}`]
}
