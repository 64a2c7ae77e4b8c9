import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { removeAtExit } from '../conformance/harness/run/remove-at-exit.ts'
import { TargetConfigurationError } from '../conformance/harness/target/target-configuration-error.ts'
import type { TargetFile } from '../conformance/harness/target/target-file.ts'
import { RUN_WORKERS } from '../conformance/harness/time/long-wait.ts'
import { ANSWERS_LATE_ENV, answersLateFor, withAnswersLate, workersAnswering } from './late-answers.ts'
import { referencePort } from './reference-ports.ts'

/** How `npm run conformance` without a target starts the reference server, and the target file it tests. */
export interface ReferenceServerPlan {
  publicUrl: string
  authUrl: string
  env: Record<string, string>
  /**
   * REFERENCE_CONSENT_DRIVER, else `http`. The consent page is this project's own plain HTML form, and driving it
   * in Chromium for every one of the run's hundred-odd consents takes about half the run's CPU (a 2-core machine:
   * about 75 s of wall time with `http`, 130 s with `browser`). CI pins `browser` for one of its runs, so the
   * page is still proved in a browser.
   */
  consentDriver: 'browser' | 'http'
  /** Each test's timeout (Playwright's `timeout`). */
  testTimeoutMs: number
  /**
   * Playwright workers: more than for other targets (RUN_WORKERS) with the HTTP consent driver, since the run
   * mostly waits; quiet, its verdict came in 85 to 94 s with 6 workers, 94 to 106 s with 4. With the browser, every
   * worker starts a Chromium of its own, and a worker is replaced each time it passes to the run's next project:
   * `npm test` took 388 s twice with 6 workers (the load reached 12), 272 to 341 s with 4.
   */
  workers: number
}

const HTTP_CONSENT_WORKERS = 6

/** TOKEN-EXPIRY waits for a token to expire once; that wait bounds the run's wall time. */
const REFERENCE_TOKEN_LIFETIME_SECONDS = 60
/**
 * A shared token is renewed when it would not outlive the test asking for it (conformance/harness/gnap/grant-cache.ts),
 * so tokens must live well beyond a test's timeout: at half their lifetime, each is reused for 30 s. The reference
 * server answers in milliseconds; a test that needs longer (a wait, a property) sets its own timeout.
 */
const REFERENCE_TEST_TIMEOUT_MS = 30_000

export function referenceServerPlan(env: NodeJS.ProcessEnv): ReferenceServerPlan {
  const host = '127.0.0.1'
  const port = referencePort(env, 2)
  const authPort = port + 1
  const publicUrl = `http://${host}:${port}`
  const authUrl = `http://${host}:${authPort}`
  const answersLate = answersLateFor(env)
  const consentDriver = env.REFERENCE_CONSENT_DRIVER || 'http'
  if (consentDriver !== 'browser' && consentDriver !== 'http') {
    throw new TargetConfigurationError(
      `REFERENCE_CONSENT_DRIVER must be "browser" or "http" (got ${JSON.stringify(consentDriver)})`,
    )
  }
  return {
    publicUrl,
    authUrl,
    // Late answers (test-only, a checkout's alone: late-answers.ts) are always set, so an inherited variable never
    // applies; with them, a continue.wait long enough to check.
    env: withAnswersLate(
      {
        HOST: host,
        PORT: String(port),
        AUTH_PORT: String(authPort),
        // A shared Postgres keeps rows between runs; every suite run starts from the seed.
        DATABASE_RESET: 'true',
        GRANT_WAIT_SECONDS: '1',
        // Short enough for the suite to wait for a quote to expire (OP-QUOTE-EXPIRY), long enough for any test
        // to pay a quote it has just made.
        QUOTE_LIFETIME_SECONDS: '25',
        ACCESS_TOKEN_EXPIRES_IN: String(REFERENCE_TOKEN_LIFETIME_SECONDS),
        // Read by the reference-ledger project once the suite has run.
        LEDGER_ENDPOINT: 'true',
        LOG_LEVEL: env.REFERENCE_LOG_LEVEL ?? 'warn',
      },
      answersLate,
    ),
    consentDriver,
    testTimeoutMs: REFERENCE_TEST_TIMEOUT_MS,
    workers: workersAnswering(answersLate, consentDriver === 'http' ? HTTP_CONSENT_WORKERS : RUN_WORKERS),
  }
}

/**
 * Writes the reference server's target file into `dir` and returns its path: the suite then knows the reference
 * server the way it knows any server, through a target file (which the reports and the archive also keep).
 */
export function writeReferenceTarget(plan: ReferenceServerPlan, dir: string): string {
  mkdirSync(dir, { recursive: true })
  const path = join(dir, 'reference-target.json')
  writeFileSync(path, `${JSON.stringify(referenceTarget(plan), null, 2)}\n`)
  return path
}

/**
 * The run's own copy of the reference target file, in a folder of its own (removed when the process exits), and
 * its path: the run's workers read the target file again when they start, and the one in the output folder can be
 * overwritten meanwhile by any process that loads the configuration with the same folder (`op-conformance rules`
 * lists the tests that way; a CI ran it beside a run, and every worker started after it asked for a reference
 * server that was not there). The output folder's copy is for the reports, the archive and whoever reads the run's
 * folder; a listing, which starts no server, does not write it.
 */
export function writeRunReferenceTarget(
  plan: ReferenceServerPlan,
  reportDir: string,
  listing: boolean,
): string {
  const own = mkdtempSync(join(tmpdir(), 'op-reference-target-'))
  removeAtExit(own)
  if (!listing) writeReferenceTarget(plan, reportDir)
  return writeReferenceTarget(plan, own)
}

/** The default seed's wallet addresses, served on the plan's ports. */
function referenceTarget(plan: ReferenceServerPlan): TargetFile {
  return {
    // Every report shows the name: a run with late answers says so.
    name: `reference-server (started by the suite${plan.env[ANSWERS_LATE_ENV] ? `, every answer ${plan.env[ANSWERS_LATE_ENV]} ms late` : ''})`,
    walletAddresses: {
      sender: `${plan.publicUrl}/alice`,
      receiver: `${plan.publicUrl}/bob`,
      otherAsset: `${plan.publicUrl}/carol`,
    },
    client: { serveLocally: true },
    consent: { driver: plan.consentDriver },
    capabilities: { tokenExpiryWaitable: true, unfundedPaymentsFail: true },
  }
}
