import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The CPU time of a server's processes, read from Linux's /proc: bench samples it before and after each load
 * loop to report what the server spent, beside its own CPU. Every function takes the /proc root so a test can
 * point it at a fake tree.
 */
export const PROC_ROOT = '/proc'

// utime and stime are in clock ticks; USER_HZ is 100 on every Linux that exposes it to user space.
const MS_PER_TICK = 10

export interface ProcessStat {
  pid: number
  ppid: number
  /** Kernel start time in ticks: with the pid, names one process even if its pid is reused later. */
  startTicks: number
  /** utime + stime. */
  cpuTicks: number
}

/** Whether this system has a /proc to read processes from. */
export function hasProcfs(root: string): boolean {
  return existsSync(join(root, 'self', 'stat'))
}

export function processExists(root: string, pid: number): boolean {
  return existsSync(join(root, String(pid), 'stat'))
}

/**
 * One /proc/<pid>/stat line. The command name, in parentheses, may itself hold spaces and ") ", so the fields
 * are read after the last ") ": there field 3 (state) is the first.
 */
export function parseStat(pid: number, line: string): ProcessStat {
  const fields = line.slice(line.lastIndexOf(') ') + 2).split(' ')
  const field = (n: number) => Number(fields[n - 3])
  return { pid, ppid: field(4), startTicks: field(22), cpuTicks: field(14) + field(15) }
}

/** Every process on the system now; one that ends while the tree is read is left out. */
export function readProcesses(root: string): ProcessStat[] {
  const processes: ProcessStat[] = []
  for (const entry of readdirSync(root)) {
    if (!/^\d+$/.test(entry)) continue
    let line: string
    try {
      line = readFileSync(join(root, entry, 'stat'), 'utf8')
    } catch {
      continue
    }
    processes.push(parseStat(Number(entry), line))
  }
  return processes
}

/** The given processes that are running, and all their descendants, by the ppid tree; each once. */
export function withDescendants(processes: readonly ProcessStat[], pids: readonly number[]): ProcessStat[] {
  const children = new Map<number, ProcessStat[]>()
  for (const stat of processes) {
    const siblings = children.get(stat.ppid) ?? children.set(stat.ppid, []).get(stat.ppid)!
    siblings.push(stat)
  }
  // A pid listed and also below another listed one (a postmaster and one of its backends) is counted once.
  const found = new Map(processes.filter((stat) => pids.includes(stat.pid)).map((stat) => [stat.pid, stat]))
  // A Map's iteration also visits the entries set during it: this walks the tree breadth first.
  for (const stat of found.values())
    for (const child of children.get(stat.pid) ?? []) found.set(child.pid, child)
  return [...found.values()]
}

/**
 * The CPU of `pids` and their descendants, as a running total in ms. Each sample reads the tree anew and keeps,
 * per process, the last value seen: a process that has ended keeps what it had at the sample before, so it
 * loses its last stretch (from that sample to its end), and one that starts and ends between two samples is not
 * counted at all.
 */
export function processCpuMeter(root: string, pids: readonly number[]): { totalMs(): number } {
  const lastTicks = new Map<string, number>()
  return {
    totalMs() {
      for (const stat of withDescendants(readProcesses(root), pids))
        lastTicks.set(`${stat.pid}@${stat.startTicks}`, stat.cpuTicks)
      let ticks = 0
      for (const value of lastTicks.values()) ticks += value
      return ticks * MS_PER_TICK
    },
  }
}

export type CpuMeter = ReturnType<typeof processCpuMeter>

const SETTLE_SAMPLE_MS = 500
/** Over what the processes use at rest, this share of a core still counts as work left to do. */
const SETTLE_MARGIN = 0.05

/** The share of one core the processes use at rest (timers, pollers), over `ms`. */
export async function restingShare(meter: CpuMeter, ms = 1000): Promise<number> {
  const before = meter.totalMs()
  const started = performance.now()
  await sleep(ms)
  // Over the time that passed: on a busy machine a sleep of ms lasts longer (0.336 read for 0.3 at load 12).
  return (meter.totalMs() - before) / (performance.now() - started)
}

/**
 * Waits until the processes are back at rest (within SETTLE_MARGIN of `resting` over half a second), at most
 * `maxMs`: what a load left behind (payments still settling) then counts for the load that caused it.
 */
export async function untilSettled(meter: CpuMeter, resting: number, maxMs: number): Promise<void> {
  const started = performance.now()
  let last = meter.totalMs()
  while (performance.now() - started < maxMs) {
    await sleep(SETTLE_SAMPLE_MS)
    const now = meter.totalMs()
    if ((now - last) / SETTLE_SAMPLE_MS <= resting + SETTLE_MARGIN) return
    last = now
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
