/**
 * How the reason of every test skipped after the target stopped answering begins (http/target-liveness.ts): the
 * verdict finds the stop by it, and announces it (reports/src/target-stop.ts).
 */
export const TARGET_STOPPED = 'the target stopped answering after'
