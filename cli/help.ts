/** `op-conformance --help`: everything a user needs without reading the code. */
export const HELP = `op-conformance: the Open Payments conformance suite

Usage:
  npx op-conformance init WALLET_ADDRESS [--template NAME] [--output FILE] [--key FILE --key-id KID]
  npx op-conformance run [--target FILE] [options] [Playwright options]
  npx op-conformance rules [RULE-ID] [--json]
  npx op-conformance validate [--live] FILE
  npx op-conformance merge --output DIR [--target FILE] [--baseline FILE] SHARD_DIR...
  npx op-conformance client --adapter COMMAND [options]   (op-conformance client --help)
  npx op-conformance --help | --version      (and COMMAND --help for each command)
  (npm run conformance -- ARGS is the same as npx op-conformance run ARGS)

Commands:
  init       Start a target file from a wallet address: discover its servers, make the client's key, print
             the JWK to register at the ASE, write the file and check it live (op-conformance init --help).
  run        Run the suite against a target and write the reports. Without --target it starts the
             reference server of this repository (embedded Postgres) and tests that.
  rules      List every rule, one line each: ID, level (MUST/SHOULD/MAY), tier, number of tests, statement.
             rules RULE-ID shows one rule with its spec section and tests; --json for JSON.
  validate   Check a target file against conformance/targets/target-file.schema.json and the suite's own
             checks (files exist, routes do not collide, ...); print each problem with its field; run nothing.
             --live also asks the target: its wallet addresses answer, the clients' keys are published.
  client     Client mode: play the ASE (the reference server behind recording proxies) and grade an Open
             Payments client, driven through an adapter command, rule by rule (docs/client-conformance.md).
  merge      Merge the blob reports of shard runs (run --shard i/n --output SHARD_DIR) into one set of
             reports, the verdict computed from all shards' results.

Options of run:
  --target FILE      The target file describing the server under test (format: conformance/targets/README.md,
                     schema: conformance/targets/target-file.schema.json). Checked before anything runs.
  --output DIR       Where the reports go (default reports/output, or $REPORT_DIR). The run first clears what it
                     writes there: html/, allure-results/, allure-report/, verdict/, test-results/, blob/ and
                     conformance-evidence.tar.gz; nothing else in DIR is touched.
  --baseline FILE    Expected failures and expected untested rules of this target (docs/baseline.md; schema
                     reports/schemas/baseline.schema.json): a listed failure does not fail the run, a listed gap
                     does not make it INCOMPLETE; a listed failure or gap that now passes fails it as stale.
  --shard I/N        Run the I-th of N parts of the suite; writes a Playwright blob report to DIR/blob/ and no
                     verdict. Merge the N output folders with op-conformance merge.
  --quick            Do not wait for tokens or quotes to expire: those checks are skipped, saying why (the
                     verdict is then INCOMPLETE at best).
  --grep REGEXP      Only the tests whose title matches, e.g. --grep @WA-DOC for one rule's tests (a filtered run
                     gives NO VERDICT and reports only the rules its tests declare; no match: exit status 2).
  --reporter NAMES   Console reporter(s), e.g. list, line, dot (the report writers always run).
  --help             This text.
  Any other option goes to Playwright unchanged (npx playwright test --help): --workers, --project, --retries,
  --timeout, --list, ...

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
  html/index.html             Playwright's report: every test with its requests and responses
                              (npx playwright show-report DIR/html).
  allure-report/index.html    Allure site; it needs a web server: npx allure open DIR/allure-report
  conformance-evidence.tar.gz Everything to publish: the verdict files, the HTML report, the target file with private
                              keys removed, the baseline used, and SHA-256 digests of the suite and the spec documents.
  Only what the run wrote is printed; a run that never started (bad target, unreachable target, --list) prints
  no report path.

Target file:
  JSON naming the server's wallet addresses (sender, receiver, optionally otherAsset), the client the suite
  signs as (a registered wallet address with its key, or serveLocally), and optionally the consent driver,
  capabilities, waits, amounts, routes and a TLS CA. See conformance/targets/README.md and
  conformance/targets/example-target.json.

Exit status (the same for run and merge; docs/verdict.md):
  status  headline         when
  0       CONFORMANT       every spec rule checked passed, or every failure and gap is one the baseline expects
  1       NOT CONFORMANT   a spec rule failed or was inconclusive (beyond the baseline), a baseline entry is
                           stale, or (against the reference server) its ledger check failed
  2       (no verdict)     the run could not start: bad arguments, an unknown Playwright option, an invalid
                           target or baseline file, an unreachable target, a client identity the target does not
                           accept, or a --grep that matches no test; nothing is judged
  3       INCOMPLETE       a spec MUST rule was not tested (a capability off, --quick, a prerequisite that failed)
                           and the baseline does not list it under expectedUntested
  4       NO VERDICT       a filtered run (--grep, one spec file): only part of the spec was checked
  A shard (--shard I/N) writes no verdict: it exits 0, or 1 when a test failed; the merge decides.

Environment:
  REPORT_DIR          default for --output.
  CONFORMANCE_TARGET  default for --target.
  CHROMIUM_PATH       a Chromium for the browser consent driver when neither Playwright's nor /usr/bin/chromium is there.
  REFERENCE_PORT      port of the reference server a run without --target starts (reference-run/README.md).

What the verdict means: docs/verdict.md. The decisions the suite relies on: docs/spec-decisions.md.
`
