import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  chromiumLaunchOptions,
  type DetectionEnvironment,
  detectChromium,
  requireChromiumIfAsked,
  SYSTEM_CHROMIUM,
} from '../harness/consent/chromium.ts'
import { TargetConfigurationError } from '../harness/target/target-configuration-error.ts'
import type { TargetFile } from '../harness/target/target-file.ts'

function environment(
  overrides: Partial<DetectionEnvironment> & { present?: string[] },
): DetectionEnvironment {
  const present = new Set(overrides.present ?? [])
  return {
    env: overrides.env ?? {},
    isRoot: overrides.isRoot ?? false,
    exists: (path) => present.has(path),
    playwrightExecutable: overrides.playwrightExecutable ?? (() => '/cache/ms-playwright/chromium/chrome'),
  }
}

describe('Chromium detection', () => {
  test("Playwright's own Chromium comes first when it is installed", () => {
    const detection = detectChromium(
      environment({
        present: ['/cache/ms-playwright/chromium/chrome', SYSTEM_CHROMIUM],
        env: { CHROMIUM_PATH: '/x' },
      }),
    )
    assert.equal(detection.launch?.source, 'playwright')
    assert.equal(detection.launch?.executablePath, '/cache/ms-playwright/chromium/chrome')
  })

  test("the distribution's chromium when Playwright's is not installed", () => {
    const detection = detectChromium(
      environment({ present: [SYSTEM_CHROMIUM, '/opt/chrome'], env: { CHROMIUM_PATH: '/opt/chrome' } }),
    )
    assert.equal(detection.launch?.executablePath, SYSTEM_CHROMIUM)
  })

  test('CHROMIUM_PATH when neither exists', () => {
    const detection = detectChromium(
      environment({ present: ['/opt/chrome'], env: { CHROMIUM_PATH: ' /opt/chrome ' } }),
    )
    assert.deepEqual(detection.launch?.executablePath, '/opt/chrome')
    assert.equal(detection.launch?.source, 'CHROMIUM_PATH')
  })

  test('nothing found: every place looked at is listed, and no launch options are given', () => {
    const detection = detectChromium(
      environment({ present: [], env: { CHROMIUM_PATH: '/missing' }, playwrightExecutable: () => undefined }),
    )
    assert.equal(detection.launch, undefined)
    assert.deepEqual(detection.tried, [`${SYSTEM_CHROMIUM} (system)`, '/missing (CHROMIUM_PATH)'])
    assert.deepEqual(chromiumLaunchOptions(detection), {})
  })

  test('headless flags always; --no-sandbox only as root', () => {
    const asUser = detectChromium(environment({ present: [SYSTEM_CHROMIUM] })).launch!
    assert.deepEqual(asUser.args, ['--headless', '--disable-gpu', '--disable-background-networking'])
    const asRoot = detectChromium(environment({ present: [SYSTEM_CHROMIUM], isRoot: true })).launch!
    assert.deepEqual(asRoot.args, [
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-sandbox',
    ])
    assert.deepEqual(chromiumLaunchOptions({ launch: asRoot, tried: [] }), {
      executablePath: SYSTEM_CHROMIUM,
      args: asRoot.args,
    })
  })
})

describe('a target that asks for the browser driver', () => {
  const none = detectChromium(environment({ present: [], playwrightExecutable: () => undefined }))
  const found = detectChromium(environment({ present: [SYSTEM_CHROMIUM] }))
  const target = (driver?: 'browser' | 'http') => ({ consent: driver && { driver } }) as unknown as TargetFile

  test('stops the run before any test when no Chromium is found, naming the field and where it looked', () => {
    assert.throws(
      () => requireChromiumIfAsked(target('browser'), none),
      (error: Error) =>
        error instanceof TargetConfigurationError &&
        /consent\.driver is "browser" but no Chromium found \(looked at \/usr\/bin\/chromium \(system\);/.test(
          error.message,
        ),
    )
  })

  test('goes on with a Chromium, with the HTTP driver, or with the default choice (which falls back)', () => {
    assert.doesNotThrow(() => requireChromiumIfAsked(target('browser'), found))
    assert.doesNotThrow(() => requireChromiumIfAsked(target('http'), none))
    assert.doesNotThrow(() => requireChromiumIfAsked(target(), none))
  })
})
