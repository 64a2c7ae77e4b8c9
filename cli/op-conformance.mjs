#!/usr/bin/env node
// The `op-conformance` command: the suite is TypeScript, run through tsx from wherever the command is called.
import { register } from 'tsx/esm/api'

register()
await import('./main.ts')
