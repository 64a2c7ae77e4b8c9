import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { inputProblems, PROTOCOL, parseReport } from '../protocol/adapter-protocol.ts'
import { Recorder } from '../recording-proxy.ts'
import { runAdapter } from '../run-adapter.ts'
import { SCENARIOS } from '../scenarios.ts'
import { fakeAse } from './fake-run.ts'
import { hasSetsid, processesRunning } from './processes.ts'

const input = (scenario: string) => ({
  protocol: PROTOCOL,
  scenario,
  description: 'test',
  client: { walletAddress: 'http://client.test/client', keyId: 'k', privateKeyPem: 'pem' },
  walletAddresses: { sender: 'http://rs.test/alice', receiver: 'http://rs.test/bob' },
  finishUri: 'http://127.0.0.1:5/finish',
  steps: [],
})

describe('adapter protocol', () => {
  test('every scenario the suite sends fits adapter-input.schema.json', () => {
    for (const scenario of SCENARIOS)
      assert.deepEqual(
        inputProblems({ ...input(scenario.name), steps: scenario.steps(fakeAse) }),
        [],
        scenario.name,
      )
  })

  test('a report is read, a malformed one is described by its field', () => {
    const good = parseReport('{"scenario":"s","steps":[{"op":"wait","ok":true}]}', 's')
    assert.ok('report' in good)
    assert.deepEqual(parseReport('{"scenario":"s","steps":[{"op":"wait"}]}', 's'), {
      problems: ['steps.0: ok is missing'],
    })
    assert.match((parseReport('hello', 's') as { problems: string[] }).problems[0]!, /not one JSON document/)
    assert.deepEqual(parseReport('{"scenario":"t","steps":[]}', 's'), {
      problems: ['scenario: the report is for "t"'],
    })
  })
})

describe('running an adapter', () => {
  const run = (command: string, timeoutMs = 20_000) =>
    runAdapter({
      command,
      cwd: process.cwd(),
      input: input('s') as never,
      recorder: new Recorder(),
      timeoutMs,
    })
  const echo = `node -e "process.stdin.once('data', () => { console.log(JSON.stringify({scenario:'s',steps:[]})); process.exit(0) })"`

  test('an adapter that reads the input and reports is read', async () => {
    const result = await run(echo)
    assert.equal(result.problem, undefined)
    assert.deepEqual(result.report, { scenario: 's', steps: [] })
  })

  test('a non-zero exit, a missing command, a malformed report and a timeout are problems naming the scenario', async () => {
    const failures = await Promise.all([
      run(`node -e "console.error('boom'); process.exit(3)"`),
      run('no-such-adapter-command-here'),
      run(`node -e "console.log('not json')"`),
      run(`node -e "setTimeout(() => {}, 60000)"`, 500),
    ])
    const problems = failures.map((f) => f.problem ?? '')
    assert.match(problems[0]!, /^scenario s: the adapter exited with 3: boom/)
    assert.match(problems[1]!, /^scenario s: the adapter exited with 127/)
    assert.match(problems[2]!, /^scenario s: the adapter's report does not match/)
    assert.match(problems[3]!, /^scenario s: the adapter did not finish within 0.5 s/)
  })

  test('an adapter printing past the 10 MB cap is stopped with a clear problem, not a crash', async () => {
    const flood = `node -e "const x = 'x'.repeat(1 << 20); const w = () => process.stdout.write(x, w); w()"`
    const result = await run(flood)
    assert.match(result.problem ?? '', /^scenario s: the adapter wrote more than 10 MB to standard output/)
  })

  test('an adapter that reports and exits is judged then, whatever a child it left holds open', async () => {
    const lingering = `node -e "require('child_process').spawn('sleep', ['60'], { stdio: ['ignore', 'inherit', 'ignore'] }).unref(); process.stdin.once('data', () => { console.log(JSON.stringify({scenario:'s',steps:[]})); process.exit(0) })"`
    const result = await run(lingering)
    assert.equal(result.problem, undefined)
    assert.ok(result.durationMs < 10_000, `judged after ${result.durationMs} ms`)
  })

  test('an adapter that leaves a process of its own session (setsid) holding standard output: judged at its exit, the process stopped', {
    skip: hasSetsid() ? false : 'no setsid here',
  }, async (t) => {
    // A duration of its own, to find this test's process and no other.
    const seconds = `600.${process.pid}`
    t.after(() => {
      for (const pid of processesRunning(`sleep ${seconds}`)) process.kill(pid, 'SIGKILL')
    })
    const report = `echo '{"scenario":"s","steps":[]}'`
    const result = await run(`setsid sh -c 'sleep ${seconds}' & ${report}`)
    assert.equal(result.problem, undefined)
    assert.deepEqual(result.report, { scenario: 's', steps: [] })
    assert.ok(result.durationMs < 10_000, `judged after ${result.durationMs} ms`)
    assert.deepEqual(processesRunning(`sleep ${seconds}`), [], 'the detached sleep outlived its adapter')
  })
})
