import assert from 'node:assert/strict'
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import { answeringLate, MAX_LATE_ANSWER_MS, parseLateAnswers } from '../../src/http/late-answers.ts'

/** Serves `listener` on a free port for one request; resolves with the answer's body and when it arrived. */
async function askOnce(
  listener: RequestListener,
): Promise<{ body: string; sentAt: number; answeredAt: number }> {
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const sentAt = Date.now()
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`)
    const body = await response.text()
    return { body, sentAt, answeredAt: Date.now() }
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

describe('ANSWERS_LATE_MS: every answer late (test-only)', () => {
  it('is off unless set: the listener is the server’s own, so a normal server pays nothing', () => {
    const listener: RequestListener = (_req, res) => res.end()
    assert.equal(answeringLate(listener, undefined), listener)
  })

  it('reads MIN-MAX milliseconds up to the most it holds an answer', () => {
    assert.deepEqual(parseLateAnswers('1000-4000'), { minMs: 1000, maxMs: 4000 })
    assert.deepEqual(parseLateAnswers('0-0'), { minMs: 0, maxMs: 0 })
    assert.deepEqual(parseLateAnswers(`0-${MAX_LATE_ANSWER_MS}`), { minMs: 0, maxMs: MAX_LATE_ANSWER_MS })
    for (const raw of ['4000-1000', `0-${MAX_LATE_ANSWER_MS + 1}`, '1000', '', 'a-b', '1.5-2'])
      assert.ok('problem' in parseLateAnswers(raw), raw)
  })

  for (const [draw, floorMs] of [
    [0, 200],
    [0.999, 299],
  ] as const) {
    it(`handles the request at once and holds its whole answer from MIN to MAX (draw ${draw}: ${floorMs} ms)`, async () => {
      let handledAt = 0
      const draws: number[] = []
      const listener = answeringLate(
        (_req, res) => {
          handledAt = Date.now()
          res.writeHead(200, { 'content-type': 'text/plain' })
          res.end('answer')
        },
        { minMs: 200, maxMs: 300 },
        () => {
          draws.push(draw)
          return draw
        },
      )
      const { body, sentAt, answeredAt } = await askOnce(listener)
      assert.equal(body, 'answer')
      assert.equal(draws.length, 1, 'one draw per answer')
      assert.ok(handledAt - sentAt < 150, `handled ${handledAt - sentAt} ms after it was sent`)
      assert.ok(answeredAt - handledAt >= floorMs, `answered ${answeredAt - handledAt} ms after handling`)
      assert.ok(answeredAt - handledAt < 300 + 500, `answered ${answeredAt - handledAt} ms after handling`)
    })
  }
})
