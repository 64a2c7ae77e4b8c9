/** `op-conformance --help`: everything a user needs without reading the code. */
export const HELP = `op-conformance: the Open Payments conformance suite

Usage: (from this checkout)
  npx --no-install op-conformance init WALLET_ADDRESS [--template NAME] [--output FILE] [--key FILE [--key-id KID]]
  npx --no-install op-conformance run [--target FILE] [options] [Playwright options]
  npx --no-install op-conformance rules [RULE-ID] [--json]
  npx --no-install op-conformance validate [--live] FILE
  npx --no-install op-conformance merge --output DIR [--target FILE] [--baseline FILE] SHARD_DIR...
  npx --no-install op-conformance bench [--target FILE] [--concurrency N] [--duration S] [--operations LIST] [options]
  npx --no-install op-conformance client --adapter COMMAND [options]   (client --help for the rest)
  npx --no-install op-conformance verify ARCHIVE
  npx --no-install op-conformance --help | --version      (and COMMAND --help for each command)
  npm run conformance -- ARGS                          (the same as npx --no-install op-conformance run ARGS)
  (npx --no-install, like npm exec --no --, runs this checkout's CLI: never a package of that name from the
  public registry, which npx without --no-install may fetch)

Commands:
  init       Start a target file from a wallet address: discover its servers, make the client's key, print
             the JWK to register at the ASE, write the file and check it live (op-conformance init --help).
  run        Run the suite against a target and write the reports. Without --target it starts the
             suite's own reference server (embedded Postgres) and tests that.
  rules      List every rule, one line each: ID, level (MUST/SHOULD/MAY), tier, number of tests, statement.
             rules RULE-ID shows one rule with its spec section, its clauses with their proof that
             they can fail (the mutants caught, the variants tolerated), and its tests; --json for JSON.
  validate   Check a target file against conformance/harness/target/target-file.schema.json and the suite's own
             checks (files exist, routes do not collide, ...); print each problem with its field; run nothing.
             --live also asks the target: its wallet addresses answer, the clients' keys are published.
  client     Client mode: play the ASE (the reference server behind recording proxies) and grade an Open
             Payments client, driven through an adapter command, rule by rule (docs/client-conformance.md).
  merge      Merge the blob reports of shard runs (run --shard i/n --output SHARD_DIR) into one set of
             reports, the verdict computed from all shards' results.
  bench      Load a target with signed requests, as the suite sends them, every answer still checked; print
             throughput and latency per operation (op-conformance bench --help).
  verify     Check a published evidence archive: its files against their digests, its verdict computed again
             from the records it holds; print its summary, the suite and how the run was made. Exit 0 genuine,
             1 a mismatch (named), 2 unreadable (op-conformance verify --help, docs/certification.md).

Options of run:
  --target FILE      The target file describing the server under test (format: conformance/harness/target/README.md,
                     schema: conformance/harness/target/target-file.schema.json). Checked before anything runs.
  --output DIR       Where the reports go (default reports/output, or $REPORT_DIR). The run first clears what it
                     writes there: html/, allure-results/, allure-report/, verdict/, test-results/, blob/ and
                     conformance-evidence.tar.gz; nothing else in DIR is touched. Two runs never share a folder:
                     while another run writes the default one, this run writes reports/output-2 (-3, ...) and
                     says so on its first line; a DIR (or REPORT_DIR) another run holds stops the run, naming it.
  --baseline FILE    Expected failures and expected untested rules of this target (docs/baseline.md; schema
                     reports/schemas/baseline.schema.json): a listed failure does not fail the run, a listed gap
                     does not make it INCOMPLETE; a listed failure or gap that now passes fails it as stale.
  --shard I/N        Run the I-th of N parts of the suite; writes a Playwright blob report to DIR/blob/ and no
                     verdict. Merge the N output folders with op-conformance merge.
  --quick            Do not wait for tokens or quotes to expire: those checks are skipped, saying why (the
                     verdict is then INCOMPLETE at best).
  --no-stop          Run every test even when a foundation step fails. A run first proves, once, the steps
                     nearly every test needs (the wallet address documents, a non-interactive grant, an
                     interactive grant with consent, creating and reading an incoming payment, a quote, an
                     outgoing payment); by default a step that fails stops the tests that need it, whose rules
                     are then NOT TESTED ("not reached: <step> fails: ..."), and the run ends in minutes with that
                     step first on the console and the verdict page. With --no-stop they all run and fail on
                     their own (a server that fails most tests then takes far longer).
  --grep REGEXP      Only the tests whose title matches, e.g. --grep @WA-DOC for one rule's tests (a filtered run
                     gives NO VERDICT and reports only the rules its tests declare; no match: exit status 2).
  --reporter NAMES   Console reporter(s), e.g. list, line, dot (the report writers always run).
  --help             This text.
  --workers N        Tests run at once (default 4 whatever the cores, since the run mostly waits for the target;
                     6 for a target that answers in 50 ms or more, 16 from 150 ms, from three GETs at the start;
                     6 for the reference server with the HTTP consent driver).
  Any other option goes to Playwright unchanged (npx --no-install playwright test --help): --project,
  --retries, --timeout, --list, ...

Reports (under --output DIR):
  verdict/verdict.html        The verdict page: one self-contained file that opens from disk. Target, suite version
                              and commit, spec version, date, consent driver; the verdict line, under it a link to
                              each failed or inconclusive rule with its reason; counts per tier and level; a filter
                              by status and tier; every rule (those needing attention first) with its result,
                              reasons and tests, each failure with its requests, responses and a curl line; the
                              target's latency per operation (p50/p95/max). It requests nothing from anywhere.
  verdict/verdict.json        The same, machine-readable (schema: reports/schemas/verdict.schema.json).
  verdict/verdict.md          The same as Markdown.
  verdict/junit.xml           JUnit XML: one test suite per tier, one test case per rule.
  verdict/records.json        Every test's record the verdict was computed from (op-conformance verify reads it).
  html/index.html             Playwright's report: every test with its requests and responses
                              (npx --no-install playwright show-report DIR/html).
  allure-report/index.html    Allure site; it needs a web server: npx --no-install allure open DIR/allure-report
  conformance-evidence.tar.gz Everything to publish: summary.md (one page) and badge.svg, the verdict files and
                              records, how the run was made (run.json), the HTML report, the target file with private
                              keys removed, the baseline used, and SHA-256 digests of the suite, the spec documents,
                              every file and each rule's evidence; anyone checks it with op-conformance verify
                              (docs/certification.md).
  Only what the run wrote is printed; a run that never started (bad target, unreachable target, --list) prints
  no report path.

Target file:
  JSON naming the server's wallet addresses (sender, receiver, optionally otherAsset), the client the suite
  signs as (a registered wallet address with its key, or serveLocally), and optionally the consent driver,
  capabilities, waits, amounts, routes and a TLS CA. See conformance/harness/target/README.md and
  conformance/harness/target/example-target.json.

Exit status (the same for run and merge; docs/verdict.md):
  status  headline         when
  0       CONFORMANT       every spec rule checked passed, or every failure and gap is one the baseline expects
  1       NOT CONFORMANT   a spec rule failed or was inconclusive (beyond the baseline), a baseline entry is
                           stale, or (against the reference server) its ledger check failed
  2       (no verdict)     the run could not start: bad arguments, an unknown Playwright option, an invalid
                           target or baseline file, an unreachable target, a client identity the target does not
                           accept, a taken REFERENCE_PORT, or a --grep that matches no test; nothing is judged,
                           and the output folder is left as it was
  3       INCOMPLETE       a spec MUST rule was not tested (a capability off, --quick, a prerequisite that failed)
                           and the baseline does not list it under expectedUntested
  4       NO VERDICT       a filtered run (--grep, one spec file): only part of the spec was checked
  5       INTERRUPTED      stopped by Ctrl-C, SIGTERM or SIGHUP before its end: no verdict; the tests it stopped
                           charge no rule (stopped before any test ended: the output folder is left as it was)
  A shard (--shard I/N) writes no verdict: it exits 0, or 1 when a test failed; the merge decides.

Environment:
  REPORT_DIR          default for --output.
  CONFORMANCE_TARGET  default for --target.
  CHROMIUM_PATH       a Chromium for the browser consent driver when neither Playwright's nor /usr/bin/chromium is there.
  REFERENCE_PORT      the ports of the reference server a run without --target starts: N and N+1. Unset, free
                      ports, so two runs at once on one machine each have their own; a port there already taken
                      stops the run with one line naming REFERENCE_PORT (reference-run/README.md).
  OP_FAILURE_TRACES   1: record Playwright traces and keep the trace of every failed test (each failed test
                      then gets a fresh worker). By default no trace is recorded, which takes a sixth less
                      CPU, and a test that failed on the server's answers keeps its worker; every failure's
                      exchanges and curl lines are in the reports either way.

What the verdict means: docs/verdict.md. The decisions the suite relies on: docs/spec-decisions.md.
`

/** `op-conformance bench --help`. */
export const BENCH_HELP = `op-conformance bench: load an Open Payments server the way the suite tests it

Usage:
  npx --no-install op-conformance bench [--target FILE] [--concurrency N] [--duration S] [--operations LIST]
                           [--max-iterations N] [--output FILE] [--allow-remote]
                           [--server-pids PID[,PID...]] [--engine loop|artillery] [--emit DIR]

Each operation in turn: its set-up (grants, with consent where the operation needs one, and what it reads), then
N loops each running one iteration after another for S seconds. Requests are signed live with the target file's
client identity, sent through its routes and TLS settings, consent given by its consent driver: the same modules
as the suite. Every answer is checked by the suite's automatic rules (no server error, JSON, the OpenAPI schema of
the operation and status, the error envelope) and by the status the operation expects: a fast wrong answer counts
as an error, not as a result.

Operations (--operations, comma-separated; default all, in this order):
  wallet-address           GET the sender wallet address (unsigned, as clients do).
  create-incoming-payment  Signed POST /incoming-payments.
  get-incoming-payment     Signed GET /incoming-payments/{id}.
  create-quote             Signed POST /quotes with a debitAmount.
  create-outgoing-payment  Signed POST /outgoing-payments from a quote; the quote, made first, is not timed.
  flow                     The whole payment, timed as one: incoming payment, quote, outgoing-payment grant
                           with consent, outgoing payment, then reading it until it has sent it all.

Options:
  --target FILE         The target file (as for run). Without it, the suite's own reference server is
                        started as run starts it (free ports, or REFERENCE_PORT; DATABASE_URL for PostgreSQL, else
                        embedded).
  --concurrency N       Iterations in flight at once (default 8).
  --duration S          Seconds per operation (default 10); iterations in flight then finish.
  --max-iterations N    At most N iterations per operation (default 100000).
  --output FILE         The JSON written (default reports/output/bench/bench.json).
  --allow-remote        Also load servers that are not on this machine (by default only loopback: a load run
                        is a burst of traffic; load only servers that are yours).
  --server-pids LIST    Processes on this machine (Linux /proc) whose CPU counts as the server's, each with all
                        its descendants: a Postgres postmaster's pid counts every backend, a script's the
                        processes it started. Without --target, the reference server is counted anyway.
  --engine E            loop (default): this project's own load loop, in this process. artillery: the same
                        operations on Artillery's HTTP engine (installed into load-artillery/ on first use):
                        the suite's hooks sign each request and judge each answer, the same table and JSON.
                        Artillery's percentiles are its sketches' (within 1 %); --max-iterations and
                        --server-pids are the load loop's.
  --emit DIR            Write the Artillery bundle for --target into DIR (a script per operation, the bundled
                        processor, the target file without its private key, a package.json) and run nothing:
                        for artillery run-fargate from your own cloud account (docs/load.md).
  --help                This text.

Output: a table per operation (right iterations, wrong ones, right iterations per second, latency p50/p90/p99/max
of the right ones, in ms), what went wrong by status (and the rule, when the status was right), findings of the
automatic checks that are not errors; the JSON adds every request of the load loop by OpenAPI operation, an
iteration's own set-up included. The bench's CPU per iteration and per request is the generator's (signing,
checking; on Artillery, its process while it loads). When the
server's processes are measured (--server-pids, or the reference server bench starts), two columns add their CPU
(user + system, in 10 ms ticks, from before each operation's loop until the server is back at rest after it, so
payments it settles later count, less what it uses at rest, measured for 3 s before any load; a load that barely
shows above the rest has no figure, and the JSON says why) per iteration
and per Open Payments request of the loop (consent pages not counted): all the CPU of the listed processes and
their descendants, whatever else they served meanwhile. The database counts only if its processes are listed, or runs inside the
server (the reference server's embedded one); a process that ends during a loop loses its last stretch.
Grants are obtained just before each operation, so S must stay below the target's token lifetime.

Exit status: 0 every answer was right; 1 some were wrong, an operation's set-up failed, or an operation ran no
iteration (the last line says which and why); 2 bad arguments or
target file, or a reference server that did not start (a DATABASE_URL it cannot reach, a port taken); 5
stopped by SIGINT, SIGTERM or SIGHUP (the reference server it started is stopped with it).
`
