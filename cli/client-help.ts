/** `op-conformance client --help`. */
export const CLIENT_HELP = `op-conformance client: grade an Open Payments client

Usage:
  npx --no-install op-conformance client --adapter "COMMAND" [--output DIR] [--scenario NAME,...] [--timeout SECONDS]
  npx --no-install op-conformance client --target FILE [--baseline FILE] [options]
  npx --no-install op-conformance client --rules [--json]

The suite plays the account servicing entity: it starts this repository's reference server (embedded database)
behind recording proxies on loopback, serves the client's wallet address and keys (a fresh Ed25519 key per run),
and runs COMMAND once per scenario. The adapter reads the scenario as JSON on standard input and writes a JSON
report on standard output; the suite gives consent on the user's behalf and hands the finish redirect to the
adapter as a second line on standard input. The client is graded from what the server received (every request,
byte for byte, with its timing) and from the report. Protocol, rules and scenarios: docs/client-conformance.md.

Options:
  --adapter COMMAND   A shell command line, run from the current folder, e.g.
                      "node --import tsx client-conformance/adapters/sdk-adapter.ts"
  --target FILE       A client target file: the adapter, its folder, the timeout, and optionally the client's own
                      key (client-conformance/target/client-target.schema.json). --adapter and --timeout win.
  --baseline FILE     Expected failures (docs/baseline.md), with client rule IDs (CL-...).
  --output DIR        Where the reports go (default reports/output/client, see Output below): verdict/verdict.{json,md,html},
                      verdict/junit.xml, exchanges/<scenario>.txt (every request with its answer and a curl line),
                      conformance-evidence.tar.gz (what the verdict rests on, without private keys).
  --scenario NAMES    Only these scenarios (comma-separated): payment-flow, wrong-finish-hash, continue-wait,
                      short-lived-token, uint64-amounts, long-list, error-answer, revoked-token, as-uri.
                      A filtered run gives NO VERDICT.
  --timeout SECONDS   How long one scenario may take (default 60).
  --rules [--json]    List the client rules (ID, level, tier, statement, section, the scenarios that check them).
  --help              This text.

Exit status: 0 conformant, 1 not conformant (a spec rule failed or was inconclusive, or a baseline entry is
stale), 2 the run could not start or the suite itself failed (bad arguments, target or baseline file, the
reference server did not start, an error of the suite, named with its scenario), 3 incomplete (a spec MUST rule
was not reached: the client stopped early), 4 no verdict (--scenario left scenarios out), 5 interrupted (Ctrl-C,
SIGTERM or SIGHUP: the simulated ASE is stopped, no verdict).

Ports: five consecutive free ones on loopback, chosen at each run (two client runs at once each have their own).
Environment: REFERENCE_PORT=N pins them: the proxies listen on N and N+1, the reference server on the two after, the
finish URI is on N+4; a port there already taken, or one fetch refuses (6000, say), stops the run naming it.
Output: while another run writes the default folder, this one writes reports/output/client-2 (-3, ...) and says so;
an --output another run holds stops the run.
`
