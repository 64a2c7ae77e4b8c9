import { existsSync } from 'node:fs'
import { chromium, type LaunchOptions } from '@playwright/test'
import { TargetConfigurationError } from '../target/target-configuration-error.ts'
import type { TargetFile } from '../target/target-file.ts'

/** A Chromium the suite can launch for the browser consent driver. */
export interface ChromiumLaunch {
  executablePath: string
  source: 'playwright' | 'system' | 'CHROMIUM_PATH'
  args: string[]
}

export interface ChromiumDetection {
  launch?: ChromiumLaunch
  /** Every place looked at, in order, for the message when none is found. */
  tried: string[]
}

export interface DetectionEnvironment {
  env: NodeJS.ProcessEnv
  isRoot: boolean
  exists(path: string): boolean
  /** Where Playwright's own Chromium would be; it may not be installed there. */
  playwrightExecutable(): string | undefined
}

export const SYSTEM_CHROMIUM = '/usr/bin/chromium'

/**
 * Playwright's own Chromium when `npx --no-install playwright install` put it there, else the distribution's package
 * (what CI installs), else the CHROMIUM_PATH the user gives.
 */
export function detectChromium(environment: DetectionEnvironment = systemEnvironment()): ChromiumDetection {
  const candidates: [ChromiumLaunch['source'], string | undefined][] = [
    ['playwright', environment.playwrightExecutable()],
    ['system', SYSTEM_CHROMIUM],
    ['CHROMIUM_PATH', environment.env.CHROMIUM_PATH?.trim() || undefined],
  ]
  const tried: string[] = []
  for (const [source, path] of candidates) {
    if (!path) continue
    tried.push(`${path} (${source})`)
    if (environment.exists(path))
      return { launch: { executablePath: path, source, args: chromiumArgs(environment) }, tried }
  }
  return { tried }
}

function chromiumArgs(environment: DetectionEnvironment): string[] {
  const args = ['--headless', '--disable-gpu', '--disable-background-networking']
  // Chromium refuses to start its sandbox as root (containers, CI); as any other user the sandbox stays on.
  return environment.isRoot ? [...args, '--no-sandbox'] : args
}

/** Why the browser consent driver cannot start: the places looked at, and how to give it a Chromium. */
export function noChromiumReason(detection: ChromiumDetection = detectChromium()): string {
  return `no Chromium found (looked at ${detection.tried.join(', ')}; set CHROMIUM_PATH or run npx --no-install playwright install chromium)`
}

/**
 * A target that asks for the browser driver where no Chromium is found stops before any test runs, with the
 * reason, rather than failing every test that needs a consent.
 */
export function requireChromiumIfAsked(
  target: TargetFile,
  detection: ChromiumDetection = detectChromium(),
): void {
  if (target.consent?.driver === 'browser' && !detection.launch) {
    throw new TargetConfigurationError(`consent.driver is "browser" but ${noChromiumReason(detection)}`)
  }
}

/** What playwright.config.ts passes as `use.launchOptions`; empty when no Chromium was found. */
export function chromiumLaunchOptions(detection: ChromiumDetection = detectChromium()): LaunchOptions {
  if (!detection.launch) return {}
  return { executablePath: detection.launch.executablePath, args: detection.launch.args }
}

function systemEnvironment(): DetectionEnvironment {
  return {
    env: process.env,
    isRoot: process.getuid?.() === 0,
    exists: existsSync,
    playwrightExecutable: () => {
      try {
        return chromium.executablePath()
      } catch {
        return undefined
      }
    },
  }
}
