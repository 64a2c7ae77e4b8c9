/** The reference server exited before it served: its own message (a database it cannot reach, a port taken) is above. */
export class ReferenceStartError extends Error {}
