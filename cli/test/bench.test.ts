import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { OPERATION_NAMES } from '../../conformance/load/operations.ts'
import type { OperationResult } from '../../conformance/load/run-bench.ts'
import { BENCH_DEFAULTS, parseBenchOptions } from '../bench-options.ts'
import { formatBenchTable } from '../bench-table.ts'
import { UsageError } from '../run-options.ts'

describe('op-conformance bench options', () => {
  test('defaults: every operation, concurrency 8, 10 s each, loopback only', () => {
    assert.deepEqual(parseBenchOptions([]), {
      target: undefined,
      concurrency: BENCH_DEFAULTS.concurrency,
      durationS: BENCH_DEFAULTS.durationS,
      maxIterations: BENCH_DEFAULTS.maxIterations,
      operations: [...OPERATION_NAMES],
      output: undefined,
      allowRemote: false,
      serverPids: [],
      help: false,
      engine: 'loop',
      emit: undefined,
    })
  })

  test('--emit DIR writes an Artillery bundle for a target: it implies --engine artillery', () => {
    const options = parseBenchOptions(['--emit', 'bundle', '--target', 'ase.json', '--operations', 'flow'])
    assert.deepEqual([options.engine, options.emit, options.target], ['artillery', 'bundle', 'ase.json'])
  })

  test('every option, in both spellings', () => {
    const options = parseBenchOptions([
      '--target=ase.json',
      '--concurrency',
      '16',
      '--duration=5',
      '--max-iterations',
      '100',
      '--operations',
      'flow, wallet-address,flow',
      '--output',
      'b.json',
      '--allow-remote',
    ])
    assert.deepEqual(
      [options.target, options.concurrency, options.durationS, options.maxIterations, options.operations],
      ['ase.json', 16, 5, 100, ['flow', 'wallet-address']],
    )
    assert.deepEqual([options.output, options.allowRemote], ['b.json', true])
  })

  test('--server-pids: processes on this machine, each once', () => {
    const pids = `${process.pid}, ${process.ppid},${process.pid}`
    assert.deepEqual(parseBenchOptions(['--server-pids', pids]).serverPids, [process.pid, process.ppid])
  })

  const mistakes: [string[], RegExp][] = [
    [['--concurrency', '0'], /--concurrency: expected a whole number from 1 to 1000 \(got "0"\)/],
    [['--duration', '1.5'], /--duration: expected a whole number/],
    [['--duration', 'ten'], /--duration: expected a whole number/],
    [
      ['--operations', 'quote,flow'],
      /--operations: unknown "quote"; a comma-separated list of wallet-address/,
    ],
    [['--target'], /--target: a value is missing/],
    [['--workers', '2'], /bench: unknown argument "--workers"/],
    [
      ['--server-pids', '12,x'],
      /--server-pids: expected process ids, whole numbers separated by commas \(got "x"\)/,
    ],
    [['--server-pids', '0'], /--server-pids: expected process ids/],
    // Above Linux's highest pid (2^22), so no process has it.
    [['--server-pids', `${process.pid},99999999`], /^--server-pids: no process 99999999 on this machine$/],
    [['--engine', 'k6'], /^--engine: expected loop or artillery \(got "k6"\)$/],
    [['--emit', 'dir'], /^--emit needs --target/],
    [['--emit', 'dir', '--target', 'a.json', '--engine', 'loop'], /^--emit writes an Artillery bundle/],
    [['--engine', 'artillery', '--max-iterations', '5'], /^--max-iterations is the load loop's/],
    [['--engine=artillery', '--server-pids', `${process.pid}`], /^--server-pids is the load loop's/],
  ]
  for (const [argv, message] of mistakes) {
    test(`${argv.join(' ')} is a usage error naming the option`, () => {
      assert.throws(
        () => parseBenchOptions(argv),
        (error) => error instanceof UsageError && message.test(error.message),
      )
    })
  }
})

describe('op-conformance bench table', () => {
  const result = (overrides: Partial<OperationResult>): OperationResult => ({
    operation: 'create-quote',
    measures: 'signed POST /quotes',
    iterations: 1203,
    ok: 1200,
    elapsedS: 10,
    throughput: 120,
    benchCpuMsPerIteration: 0.456,
    benchCpuMsPerRequest: 0.228,
    latencyMs: { p50: 6.2, p90: 9, p99: 21.35, max: 104.1 },
    errors: { '500 QT-CREATE (create-quote)': 2, 'failed (socket hang up)': 1 },
    errorExamples: {},
    requests: {},
    findings: { 'OAS-STRICT': 3 },
    ...overrides,
  })

  test('one aligned row per operation, then what went wrong, most frequent first', () => {
    const table = formatBenchTable([
      result({}),
      result({
        operation: 'flow',
        iterations: 0,
        ok: 0,
        throughput: 0,
        latencyMs: undefined,
        benchCpuMsPerIteration: undefined,
        benchCpuMsPerRequest: undefined,
        errors: {},
        findings: {},
        setupError: '403 (post-grant): refused',
      }),
    ])
    assert.equal(
      table,
      [
        'operation       ok  errors   ok/s  p50 ms  p90 ms  p99 ms  max ms  bench CPU ms/it  bench CPU ms/req',
        '------------  ----  ------  -----  ------  ------  ------  ------  ---------------  ----------------',
        'create-quote  1200       3  120.0     6.2     9.0    21.4   104.1             0.46              0.23',
        'flow             0       0    0.0       -       -       -       -                -                 -',
        '',
        'create-quote errors: 500 QT-CREATE (create-quote) x2, failed (socket hang up) x1',
        'create-quote findings (not errors): OAS-STRICT x3',
        'flow: not measured, its set-up failed: 403 (post-grant): refused',
      ].join('\n'),
    )
  })

  test("the server's CPU columns appear once it was measured, with its resting share and each missing figure's reason", () => {
    const table = formatBenchTable([
      result({
        serverCpuMsPerIteration: 1.234,
        serverCpuMsPerRequest: 0.617,
        serverRestingCpuShare: 0.2,
        errors: {},
        findings: {},
      }),
      result({
        operation: 'flow',
        serverRestingCpuShare: 0.2,
        serverCpuNote: '900 ms in all, within what the server uses at rest',
        errors: {},
        findings: {},
      }),
    ])
    const lines = table.split('\n')
    assert.deepEqual(lines.slice(0, 1), [
      'operation       ok  errors   ok/s  p50 ms  p90 ms  p99 ms  max ms  bench CPU ms/it  bench CPU ms/req  server CPU ms/it  server CPU ms/req',
    ])
    assert.deepEqual(
      lines.slice(2, 4).map((row) => row.split(/ +/).slice(-2)),
      [
        ['1.23', '0.62'],
        ['-', '-'],
      ],
    )
    assert.deepEqual(lines.slice(4), [
      'server CPU less what it used at rest before the load: 20 % of a core',
      '',
      'flow server CPU: 900 ms in all, within what the server uses at rest',
    ])
  })
})
