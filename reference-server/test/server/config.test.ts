import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import { ConfigError, loadConfig, resolvePublicUrls } from '../../src/config.ts'
import { ALL_SIGNATURE_CHECKS } from '../../src/http-signatures/checks.ts'

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/repo')
  } catch (err) {
    assert.ok(err instanceof ConfigError)
    return err.problems.map((p) => p.variable)
  }
  assert.fail('expected a ConfigError')
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/repo')
    assert.deepEqual(config, {
      host: '127.0.0.1',
      port: 3400,
      publicUrl: undefined,
      authPort: 3401,
      authPublicUrl: undefined,
      databaseUrl: undefined,
      pgliteDataDir: undefined,
      databaseReset: false,
      seedFile: path.resolve('/repo', 'reference-server/seed/default.json'),
      accessTokenExpiresIn: 600,
      grantWaitSeconds: 5,
      interactionExpiresIn: 600,
      quoteLifetimeSeconds: 300,
      signatureChecks: ALL_SIGNATURE_CHECKS,
      signatureUncheckedRoute: undefined,
      answersLate: undefined,
      ratesFile: undefined,
      paymentPollIntervalMs: 100,
      paymentBatchSize: 20,
      requestTimeoutMs: 30_000,
      shutdownTimeoutMs: 10_000,
      ledgerEndpoint: false,
      logLevel: 'info',
    })
    assert.deepEqual(resolvePublicUrls(config, 3400), {
      resourceServer: 'http://127.0.0.1:3400',
      authServer: 'http://127.0.0.1:3401',
    })
  })

  it('reads every variable and treats empty ones as unset', () => {
    const config = loadConfig(
      {
        HOST: '::1',
        PORT: '8080',
        PUBLIC_URL: 'https://wallet.example/op/',
        AUTH_PORT: '8081',
        AUTH_PUBLIC_URL: 'https://auth.example',
        DATABASE_URL: 'postgres://u@db:5432/x',
        DATABASE_RESET: 'TRUE',
        SEED_FILE: 'seeds/mine.json',
        ACCESS_TOKEN_EXPIRES_IN: '60',
        GRANT_WAIT_SECONDS: '1',
        INTERACTION_EXPIRES_IN: '30',
        QUOTE_LIFETIME_SECONDS: '10',
        LEDGER_ENDPOINT: '1',
        LOG_LEVEL: 'silent',
        PGLITE_DATA_DIR: '',
      },
      '/repo',
    )
    assert.equal(config.publicUrl, 'https://wallet.example/op')
    assert.equal(config.authPublicUrl, 'https://auth.example')
    assert.equal(config.databaseReset, true)
    assert.equal(config.ledgerEndpoint, true)
    assert.equal(config.seedFile, path.resolve('/repo/seeds/mine.json'))
    assert.equal(config.grantWaitSeconds, 1)
    assert.equal(config.logLevel, 'silent')
    assert.equal(config.pgliteDataDir, undefined)
    assert.equal(
      resolvePublicUrls({ ...config, publicUrl: undefined }, 9000).resourceServer,
      'http://[::1]:9000',
    )
  })

  it('derives the default public URL from the bound port, so PORT=0 works', () => {
    const config = loadConfig({ PORT: '0' }, '/repo')
    assert.equal(resolvePublicUrls(config, 41234).resourceServer, 'http://127.0.0.1:41234')
  })

  it('derives the default auth URL from the bound auth port, so AUTH_PORT=0 works', () => {
    const config = loadConfig({ PORT: '0', AUTH_PORT: '0' }, '/repo')
    assert.equal(resolvePublicUrls(config, 41234, 41235).authServer, 'http://127.0.0.1:41235')
  })

  it('turns off the signature checks SIGNATURE_CHECKS_DISABLED names, and refuses unknown names', () => {
    const config = loadConfig({ SIGNATURE_CHECKS_DISABLED: 'digest, created' }, '/repo')
    assert.deepEqual(config.signatureChecks, { ...ALL_SIGNATURE_CHECKS, digest: false, created: false })
    assert.deepEqual(problemsOf({ SIGNATURE_CHECKS_DISABLED: 'digest,nonsense' }), [
      'SIGNATURE_CHECKS_DISABLED',
    ])
  })

  it('leaves the route SIGNATURE_UNCHECKED_ROUTE names unverified, and refuses a route that is not signed', () => {
    assert.equal(
      loadConfig({ SIGNATURE_UNCHECKED_ROUTE: 'POST /quotes' }, '/repo').signatureUncheckedRoute,
      'POST /quotes',
    )
    assert.deepEqual(problemsOf({ SIGNATURE_UNCHECKED_ROUTE: 'GET /healthz' }), ['SIGNATURE_UNCHECKED_ROUTE'])
  })

  it('holds every answer ANSWERS_LATE_MS names, MIN-MAX milliseconds, and refuses any other form', () => {
    assert.deepEqual(loadConfig({ ANSWERS_LATE_MS: '1000-4000' }, '/repo').answersLate, {
      minMs: 1000,
      maxMs: 4000,
    })
    for (const raw of ['4000-1000', '1000', '1-2-3', '-5-10', '0-60001', '1e3-4e3'])
      assert.deepEqual(problemsOf({ ANSWERS_LATE_MS: raw }), ['ANSWERS_LATE_MS'], raw)
  })

  it('names the variable in each error', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'abc' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ AUTH_PORT: '-1' }, 'AUTH_PORT'],
      [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
      [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL'],
      [{ AUTH_PUBLIC_URL: 'http://example.com/?q=1' }, 'AUTH_PUBLIC_URL'],
      [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL'],
      [{ DATABASE_URL: 'postgres://db', PGLITE_DATA_DIR: '/tmp/x' }, 'PGLITE_DATA_DIR'],
      [{ DATABASE_RESET: 'yes' }, 'DATABASE_RESET'],
      [{ LEDGER_ENDPOINT: 'on' }, 'LEDGER_ENDPOINT'],
      [{ ACCESS_TOKEN_EXPIRES_IN: '0' }, 'ACCESS_TOKEN_EXPIRES_IN'],
      [{ GRANT_WAIT_SECONDS: '1.5' }, 'GRANT_WAIT_SECONDS'],
      [{ INTERACTION_EXPIRES_IN: 'soon' }, 'INTERACTION_EXPIRES_IN'],
      [{ QUOTE_LIFETIME_SECONDS: '1e3' }, 'QUOTE_LIFETIME_SECONDS'],
      [{ PAYMENT_POLL_INTERVAL_MS: '0' }, 'PAYMENT_POLL_INTERVAL_MS'],
      [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    ]
    for (const [env, variable] of cases) {
      assert.deepEqual(problemsOf(env), [variable], JSON.stringify(env))
      assert.throws(() => loadConfig(env), new RegExp(`\\b${variable}\\b`))
    }
  })

  it('reports every problem at once', () => {
    assert.deepEqual(problemsOf({ PORT: 'x', LOG_LEVEL: 'loud', DATABASE_RESET: 'maybe' }), [
      'PORT',
      'DATABASE_RESET',
      'LOG_LEVEL',
    ])
  })
})
