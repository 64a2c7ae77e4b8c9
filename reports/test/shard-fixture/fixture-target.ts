import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The target file the fixture suite runs with: nothing is reached, so nothing needs to answer. */
export function writeFixtureTarget(dir: string): string {
  const target = join(dir, 'target.json')
  writeFileSync(
    target,
    JSON.stringify({
      name: 'shard fixture',
      walletAddresses: { sender: 'http://127.0.0.1:9/alice', receiver: 'http://127.0.0.1:9/bob' },
      client: { serveLocally: true },
    }),
  )
  return target
}
