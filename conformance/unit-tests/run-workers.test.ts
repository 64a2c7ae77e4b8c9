import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, describe, test } from 'node:test'
import type { TargetFile } from '../harness/target/target-file.ts'
import { RUN_WORKERS } from '../harness/time/long-wait.ts'
import { workersFor, workersForAnswer } from '../harness/time/run-workers.ts'

const servers: Server[] = []
after(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))))

/** A wallet address server that answers every GET `delayMs` late. */
async function walletAddressServer(delayMs: number): Promise<string> {
  const server = createServer((_, response) =>
    setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'), delayMs),
  )
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/alice`
}

const targetAt = (sender: string) => ({ walletAddresses: { sender } }) as unknown as TargetFile

describe('the run workers', () => {
  test('follow how far away the target answers', () => {
    assert.equal(workersForAnswer(2), RUN_WORKERS)
    assert.equal(workersForAnswer(80), 6)
    assert.equal(workersForAnswer(200), 16)
  })

  test('a target 200 ms away gets the most, measured on its sender wallet address', async () => {
    const { workers, answerMs } = await workersFor(targetAt(await walletAddressServer(200)))
    assert.equal(workers, 16)
    assert.ok(answerMs! >= 200, `${answerMs} ms`)
  })

  test('a target near by, or one that does not answer, gets the default', async () => {
    assert.equal((await workersFor(targetAt(await walletAddressServer(0)))).workers, RUN_WORKERS)
    assert.deepEqual(await workersFor(targetAt('http://127.0.0.1:9/nobody')), { workers: RUN_WORKERS })
  })
})
