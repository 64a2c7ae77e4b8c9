#!/usr/bin/env node
// The `op-conformance` command. In a checkout the suite is TypeScript, run through tsx; the installed package runs
// the JavaScript its build wrote into dist/ (.ci/build-package.ts), since Node loads no TypeScript inside
// node_modules. The package ships no main.ts, so its presence tells a checkout; a checkout's own dist/, left by an
// `npm pack`, is never run in its place.
import { existsSync, readFileSync } from 'node:fs'

// Loading the TypeScript takes a second, several on a busy machine: the commands that run for long say they have
// started before it. Not for --help, --version or a listing, whose output is the answer and may be read by a program.
const [command, ...args] = process.argv.slice(2)
// The one answer that needs nothing of the suite, given before anything loads (a CI job asks it first).
if (command === '--version' && args.length === 0) {
  console.log(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version)
  process.exit(0)
}
const QUIET = ['--help', '-h', '--version', '--rules', '--json', '--list']
if (['run', 'client', 'bench', 'merge'].includes(command) && !args.some((arg) => QUIET.includes(arg)))
  console.log(`op-conformance ${command}: loading the suite`)
if (existsSync(new URL('./main.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api')
  register()
  await import('./main.ts')
} else {
  // A URL, not a literal: a checkout has no dist/ for the import checks to resolve.
  await import(new URL('../dist/cli/main.js', import.meta.url).href)
}
