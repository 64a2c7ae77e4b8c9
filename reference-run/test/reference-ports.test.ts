import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { describe, test } from 'node:test'
import { freePorts } from '../free-ports.ts'
import { PortTakenError } from '../port-taken-error.ts'
import { referenceServerPlan } from '../reference-plan.ts'
import { claimReferencePorts, referencePort } from '../reference-ports.ts'
import { simulatedAsePlan } from '../simulated-ase-plan.ts'

describe('REFERENCE_PORT', () => {
  test('pins the plan', () => {
    assert.equal(referencePort({ REFERENCE_PORT: '5600' }, 2), 5600)
    assert.equal(referenceServerPlan({ REFERENCE_PORT: '5600' }).publicUrl, 'http://127.0.0.1:5600')
  })

  for (const [value, message] of [
    ['abc', /REFERENCE_PORT must be a port from 1 to 65534, the first of 2 it uses \(got "abc"\)/],
    ['0', /REFERENCE_PORT must be a port/],
    ['65535', /REFERENCE_PORT must be a port from 1 to 65534/],
    [
      '5999',
      /REFERENCE_PORT=5999 uses ports 5999 to 6000, and fetch .* refuses to connect to 6000; choose another/,
    ],
  ] as const)
    test(`refuses ${JSON.stringify(value)} in the reference plan, naming the variable`, () => {
      assert.throws(() => referenceServerPlan({ REFERENCE_PORT: value }), message)
    })

  // Port 6000 (X11) made the official SDK's adapter fail with 'fetch failed' behind the simulated ASE's proxy.
  test('the simulated ASE refuses a range whose proxies, server or finish URI fall on a port fetch refuses', () => {
    assert.throws(
      () => simulatedAsePlan({ REFERENCE_PORT: '5996' }),
      /5996 to 6000, .* refuses to connect to 6000/,
    )
    assert.throws(() => simulatedAsePlan({ REFERENCE_PORT: '6665' }), /6665, 6666, 6667, 6668, 6669/)
    assert.equal(simulatedAsePlan({ REFERENCE_PORT: '6400' }).resourceProxyPort, 6400)
  })

  test('a plan is never computed on ports nobody chose: each Playwright worker would choose others', () => {
    assert.throws(() => referenceServerPlan({}), /REFERENCE_PORT is unset: claimReferencePorts chooses/)
  })
})

describe('claimReferencePorts', () => {
  test('unset: two runs at once get free ports, each its own', async () => {
    const [first, second] = await Promise.all([claimReferencePorts({}, 2), claimReferencePorts({}, 5)])
    assert.ok(first > 0 && second > 0)
    const ranges = [
      [first, first + 1],
      [second, second + 4],
    ]
    assert.ok(
      ranges[0]![1]! < ranges[1]![0]! || ranges[1]![1]! < ranges[0]![0]!,
      `${first} and ${second} overlap`,
    )
  })

  test('set and free: those ports', async () => {
    const port = await freePorts(2)
    assert.equal(await claimReferencePorts({ REFERENCE_PORT: String(port) }, 2), port)
  })

  test('set and taken: one line naming REFERENCE_PORT and the port taken', async () => {
    const port = await freePorts(2)
    const holder = createServer()
    await new Promise<void>((resolve) => holder.listen(port + 1, '127.0.0.1', resolve))
    try {
      await assert.rejects(claimReferencePorts({ REFERENCE_PORT: String(port) }, 2), (error: Error) => {
        assert.ok(error instanceof PortTakenError)
        assert.equal(
          error.message,
          `REFERENCE_PORT=${port} asks for ports ${port} to ${port + 1}, and ${port + 1} is taken (another run of ` +
            'the suite, or another program, listens there): choose other ports, or unset REFERENCE_PORT to take free ones',
        )
        return true
      })
    } finally {
      await new Promise((resolve) => holder.close(resolve))
    }
  })
})

describe('freePorts', () => {
  // The kernel gives outgoing connections their local ports from its ephemeral range: a free port chosen there was
  // taken by a client socket before the server bound it (EADDRINUSE on a loaded CI runner).
  test('lie below the ephemeral range, where only listeners take ports', async () => {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number)
    const firsts = await Promise.all(Array.from({ length: 20 }, () => freePorts(4)))
    for (const first of firsts) assert.ok(first >= 20_000 && first + 3 < low!, `${first} to ${first + 3}`)
    const ports = firsts.flatMap((first) => [first, first + 1, first + 2, first + 3])
    assert.equal(new Set(ports).size, ports.length, 'one process never hands out a port twice')
  })
})
