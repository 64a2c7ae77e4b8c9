#!/usr/bin/env node
// The `op-conformance` command: the suite is TypeScript, run through tsx from wherever the command is called.
import { register } from 'tsx/esm/api'

// Loading the TypeScript takes a second, several on a busy machine: the commands that run for long say they have
// started before it. Not for --help, --version or a listing, whose output is the answer and may be read by a program.
const [command, ...args] = process.argv.slice(2)
const QUIET = ['--help', '-h', '--version', '--rules', '--json', '--list']
if (['run', 'client', 'bench', 'merge'].includes(command) && !args.some((arg) => QUIET.includes(arg)))
  console.log(`op-conformance ${command}: loading the suite`)
register()
await import('./main.ts')
