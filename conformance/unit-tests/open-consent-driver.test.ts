import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { APIRequestContext, Browser, BrowserType, LaunchOptions } from '@playwright/test'
import { openConsentDriver } from '../harness/consent/open-consent-driver.ts'
import { TargetConfigurationError } from '../harness/target/target-configuration-error.ts'
import type { TargetFile } from '../harness/target/target-file.ts'

const base: TargetFile = {
  name: 'target',
  walletAddresses: { sender: 'https://ase.example/a', receiver: 'https://ase.example/b' },
  client: { serveLocally: true },
}

function chromium(launch: () => Promise<Browser>): BrowserType {
  return { launch } as unknown as BrowserType
}

const starts = chromium(async () => ({ close: async () => {} }) as unknown as Browser)
const fails = chromium(async () => {
  throw new Error('Failed to launch: missing libnss3.so\nmore detail')
})
const found: LaunchOptions = { executablePath: '/usr/bin/chromium', args: [] }

function open(target: TargetFile, launchOptions: LaunchOptions, browserType: BrowserType) {
  return openConsentDriver({
    target,
    launchOptions,
    chromium: browserType,
    newRequestContext: async () => ({}) as APIRequestContext,
  })
}

describe('choosing the consent driver', () => {
  test('by default, the browser when Chromium starts', async () => {
    const opened = await open(base, found, starts)
    assert.equal(opened.driver.kind, 'browser')
    assert.equal(opened.fallback, undefined)
  })

  test('by default, HTTP with the reason when no Chromium is found or it does not start', async () => {
    const none = await open(base, {}, starts)
    assert.equal(none.driver.kind, 'http')
    assert.match(none.fallback ?? '', /no Chromium found/)
    const broken = await open(base, found, fails)
    assert.equal(broken.driver.kind, 'http')
    assert.equal(
      broken.fallback,
      'Chromium at /usr/bin/chromium did not start: Failed to launch: missing libnss3.so',
    )
  })

  test('consent.driver "http" never starts a browser', async () => {
    const opened = await open({ ...base, consent: { driver: 'http' } }, found, fails)
    assert.equal(opened.driver.kind, 'http')
  })

  test('consent.driver "browser" without a working Chromium is a configuration error, not a fallback', async () => {
    const browser = { ...base, consent: { driver: 'browser' as const } }
    await assert.rejects(open(browser, {}, starts), TargetConfigurationError)
    await assert.rejects(open(browser, found, fails), /consent.driver is "browser" but Chromium at/)
  })
})
