/** `op-conformance --help`: everything a user needs without reading the code. */
export const HELP = `op-conformance: the Open Payments conformance suite

Usage:
  npx op-conformance run [--target FILE] [options] [Playwright options]
  npx op-conformance rules [--json]
  npx op-conformance validate FILE
  npx op-conformance merge --output DIR [--target FILE] [--baseline FILE] SHARD_DIR...
  npx op-conformance --help | --version
  (npm run conformance -- ARGS is the same as npx op-conformance run ARGS)

Commands:
  run        Run the suite against a target and write the reports. Without --target it starts the
             reference server of this repository (embedded Postgres) and tests that.
  rules      List every rule: ID, level (MUST/SHOULD/MAY), tier, statement, spec section, and the tests that
             check it. --json for the same as JSON.
  validate   Check a target file against conformance/targets/target-file.schema.json and the suite's own
             checks (files exist, routes do not collide, ...); print each problem with its field; run nothing.
  merge      Merge the blob reports of shard runs (run --shard i/n --output SHARD_DIR) into one set of
             reports, the verdict computed from all shards' results.

Options of run:
  --target FILE      The target file describing the server under test (format: conformance/targets/README.md,
                     schema: conformance/targets/target-file.schema.json). Checked before anything runs.
  --output DIR       Where the reports go (default reports/output, or $REPORT_DIR). The run first clears what it
                     writes there: html/, allure-results/, allure-report/, verdict/, test-results/, blob/ and
                     conformance-evidence.tar.gz; nothing else in DIR is touched.
  --baseline FILE    Expected failures of this target (docs/baseline.md; schema reports/schemas/baseline.schema.json):
                     a listed failure does not fail the run; a listed failure that now passes fails it as stale.
  --shard I/N        Run the I-th of N parts of the suite; writes a Playwright blob report to DIR/blob/ and no
                     verdict. Merge the N output folders with op-conformance merge.
  --quick            Do not wait for tokens or quotes to expire: those checks are skipped, saying why (the
                     verdict is then INCOMPLETE at best).
  --grep REGEXP      Only the tests whose title matches, e.g. --grep @WA-DOC for one rule's tests (a filtered run
                     gives NO VERDICT: it checks only part of the spec).
  --reporter NAMES   Console reporter(s), e.g. list, line, dot (the report writers always run).
  --help             This text.
  --workers N        Tests run at once (default 4, whatever the cores: the run mostly waits for the target).
  Any other option goes to Playwright unchanged (npx playwright test --help): --project, --retries, --timeout,
  --list, ...

Reports (under --output DIR):
  verdict/verdict.html        The verdict page: one self-contained file that opens from disk. Target, suite version
                              and commit, spec version, date, consent driver; the verdict line; counts per tier and
                              level; every rule with its result, reasons and tests, each failure with its requests,
                              responses and a curl line; the target's latency per operation (p50/p95/max).
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

Exit status:
  0  conformant: no spec rule failed or was inconclusive (beyond those the baseline expects), and no baseline
     entry is stale. The headline still says whether every rule was checked (CONFORMANT, INCOMPLETE, NO VERDICT).
  1  not conformant: a spec rule failed or was inconclusive, a baseline entry is stale, or (against the reference
     server) its ledger check failed.
  2  configuration: bad arguments, an invalid target or baseline file, or a target that cannot be reached
     (the pre-flight); no test ran and no verdict was written.

Environment:
  REPORT_DIR          default for --output.
  CONFORMANCE_TARGET  default for --target.
  CHROMIUM_PATH       a Chromium for the browser consent driver when neither Playwright's nor /usr/bin/chromium is there.
  REFERENCE_PORT      port of the reference server a run without --target starts (reference-run/README.md).

What the verdict means: docs/verdict.md. The decisions the suite relies on: docs/spec-decisions.md.
`
