import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import {
  hasProcfs,
  parseStat,
  processCpuMeter,
  processExists,
  readProcesses,
  restingShare,
  untilSettled,
  withDescendants,
} from '../load/process-cpu.ts'

/** A /proc/<pid>/stat line as Linux writes it: utime and stime are fields 14 and 15, starttime 22. */
function statLine(
  pid: number,
  name: string,
  ppid: number,
  utime: number,
  stime: number,
  start = 1000,
): string {
  const fields = ['S', ppid, pid, pid, 0, -1, 4194304, 100, 0, 0, 0, utime, stime, 0, 0, 20, 0, 1, 0, start]
  return `${pid} (${name}) ${fields.join(' ')} 3133440 393\n`
}

/** A fake /proc: one folder per process with its stat, as many as the test writes. */
function fakeProc() {
  const root = mkdtempSync(join(tmpdir(), 'proc-'))
  mkdirSync(join(root, 'self'))
  writeFileSync(join(root, 'self', 'stat'), statLine(1, 'self', 0, 0, 0))
  // Not processes: read past, as /proc's other entries are.
  mkdirSync(join(root, 'sys'))
  writeFileSync(join(root, 'uptime'), '1.0 1.0\n')
  return {
    root,
    write(pid: number, name: string, ppid: number, utime: number, stime: number, start?: number) {
      mkdirSync(join(root, String(pid)), { recursive: true })
      writeFileSync(join(root, String(pid), 'stat'), statLine(pid, name, ppid, utime, stime, start))
    },
    end(pid: number) {
      rmSync(join(root, String(pid)), { recursive: true })
    },
  }
}

describe('process CPU from /proc', () => {
  test('a command name with spaces and ") " in it is read past', () => {
    assert.deepEqual(parseStat(42, statLine(42, 'node ) (x) 9 9 9', 7, 30, 12, 555)), {
      pid: 42,
      ppid: 7,
      startTicks: 555,
      cpuTicks: 42,
    })
  })

  test('descendants are found through every generation, each once, other trees left out', () => {
    const proc = fakeProc()
    proc.write(100, 'postgres', 1, 1, 0)
    proc.write(101, 'postgres: checkpointer', 100, 1, 0)
    proc.write(102, 'postgres: op_bench', 100, 1, 0)
    proc.write(200, 'sh', 1, 1, 0)
    proc.write(201, 'node', 200, 1, 0)
    proc.write(202, 'node', 201, 1, 0)
    proc.write(300, 'unrelated', 1, 1, 0)
    const pids = (roots: number[]) =>
      withDescendants(readProcesses(proc.root), roots)
        .map((stat) => stat.pid)
        .sort((a, b) => a - b)
    assert.deepEqual(pids([100]), [100, 101, 102])
    assert.deepEqual(pids([200, 102]), [102, 200, 201, 202])
    assert.deepEqual(pids([100, 102]), [100, 101, 102])
    assert.deepEqual(pids([999]), [])
  })

  test('the meter sums utime and stime in 10 ms ticks, a process that ended keeping its last value', () => {
    const proc = fakeProc()
    proc.write(100, 'postgres', 1, 10, 5)
    proc.write(101, 'postgres: op_bench', 100, 3, 1)
    const meter = processCpuMeter(proc.root, [100])
    const before = meter.totalMs()
    assert.equal(before, 190)
    proc.write(100, 'postgres', 1, 12, 5)
    proc.end(101)
    proc.write(102, 'postgres: op_bench', 100, 2, 2)
    // 100 spent 2 ticks, 102 is new with 4, 101 is gone: it keeps its 4 ticks (its last stretch is lost).
    assert.equal(meter.totalMs() - before, 60)
  })

  test('a pid reused by another process is a new process, not a drop in CPU', () => {
    const proc = fakeProc()
    proc.write(100, 'node', 1, 0, 0)
    proc.write(101, 'worker', 100, 50, 0, 1000)
    const meter = processCpuMeter(proc.root, [100])
    const before = meter.totalMs()
    proc.write(101, 'worker', 100, 3, 0, 2000)
    assert.equal(meter.totalMs() - before, 30)
  })

  test('whether /proc is there, and a process in it', () => {
    const proc = fakeProc()
    proc.write(100, 'node', 1, 0, 0)
    assert.equal(hasProcfs(proc.root), true)
    assert.equal(hasProcfs(join(proc.root, 'sys')), false)
    assert.equal(processExists(proc.root, 100), true)
    assert.equal(processExists(proc.root, 101), false)
  })

  // A meter whose processes use `share` of a core until `busyMs` have passed, `restShare` after.
  const clockMeter = (share: number, busyMs: number, restShare: number) => {
    const started = performance.now()
    return {
      totalMs: () => {
        const t = performance.now() - started
        return Math.min(t, busyMs) * share + Math.max(0, t - busyMs) * restShare
      },
    }
  }

  test('waits until the processes are back at rest after a load, and stops waiting at the limit', async () => {
    const settling = clockMeter(0.9, 800, 0.02)
    let started = performance.now()
    await untilSettled(settling, 0.02, 10_000)
    const waited = performance.now() - started
    assert.ok(waited >= 800 && waited < 2500, `waited ${waited} ms`)
    started = performance.now()
    await untilSettled(clockMeter(0.9, 60_000, 0), 0, 1200)
    assert.ok(performance.now() - started < 2500)
  })

  test('what the processes use at rest, as a share of a core', async () => {
    const share = await restingShare(clockMeter(0.3, 0, 0.3), 300)
    assert.ok(Math.abs(share - 0.3) < 0.02, String(share))
  })
})
