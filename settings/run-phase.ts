/**
 * What a run is doing before its tests start (the reference server starting, the pre-flight, the tests loading),
 * told by the part doing it to the progress reporter in the same process (Playwright's main process runs the global
 * set-up and the reporters), which prints it and keeps a line on screen at least every 10 s.
 * An event on `process`, not a shared module: Playwright may load a module once for the set-up and again for a
 * reporter.
 */
const RUN_PHASE_EVENT = 'op-conformance:run-phase'
// Node's types list only its own events on `process`; as an EventEmitter it carries any.
const events: NodeJS.EventEmitter = process

export function announceRunPhase(label: string): void {
  events.emit(RUN_PHASE_EVENT, label)
}

export function onRunPhase(listener: (label: string) => void): void {
  events.on(RUN_PHASE_EVENT, listener)
}
