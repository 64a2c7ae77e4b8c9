/**
 * Exit status of a run that could not start: the target file or the target itself is not usable. A file of its own
 * so that the command line reads it without loading the pre-flight (the whole client and harness, seconds on a busy
 * machine before the command's first line).
 */
export const UNUSABLE_TARGET_EXIT = 2
