import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The file that keeps each rule's proof that it can fail (reports/rule-proof.jsonl): one JSON object a line, so
 * that runs recorded on two branches merge without a conflict. Its lines are of two sorts:
 *
 *   {"rule":"IP-CREATE"}   a rule of the registry the file was written with (a new rule has no line yet)
 *   {"mutant":"create-incoming-500","commit":…,"date":…,"description":…,"caught":[…],"tolerated":[…]}
 *                          one run of a catalogue: which rules and clauses (`RULE#clause`) it failed, and which it
 *                          was tolerated by (exercised, not failed); `signature` and `variant` lines are alike
 *
 * The maintainers' catalogue runners write it (reference-run/mutants/rule-proof-record.ts); rule-proof.ts reads it
 * per rule and clause. It sits beside reports/src, in the checkout and in the package's dist/ alike.
 */
export const RULE_PROOF_FILE = fileURLToPath(new URL('../rule-proof.jsonl', import.meta.url))

/** The catalogues a run comes from: the mutants, the signature matrix's mutants, the variants. */
export const RUN_KINDS = ['mutant', 'signature', 'variant'] as const
export type RunKind = (typeof RUN_KINDS)[number]

/** One run of one catalogue entry, as the file keeps it. */
export interface ProofRun {
  kind: RunKind
  id: string
  /** The suite's commit the run was made on (40 hex digits). */
  commit: string
  /** The day of the run, YYYY-MM-DD. */
  date: string
  /** The catalogue's one line for the entry. */
  description: string
  /** The rules and clauses its run failed: `RULE#clause`, or `RULE` for a rule failed on no named clause. */
  caught: string[]
  /** The clauses (`RULE#clause`) it is about that its run exercised and did not fail. */
  tolerated: string[]
}

export interface RuleProofFile {
  /** The rule IDs the file was written with. */
  rules: string[]
  runs: ProofRun[]
}

export interface ParsedRuleProof extends RuleProofFile {
  /** Lines that are not what the writer writes, each with its number. */
  problems: string[]
}

export const EMPTY_PROOF: RuleProofFile = { rules: [], runs: [] }

/** The file's text read back: its rules and runs, and each line that is neither. */
export function parseRuleProof(text: string): ParsedRuleProof {
  const parsed: ParsedRuleProof = { rules: [], runs: [], problems: [] }
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue
    const problem = (why: string) => parsed.problems.push(`line ${index + 1}: ${why}`)
    let value: Record<string, unknown>
    try {
      value = JSON.parse(line)
    } catch {
      problem('not JSON')
      continue
    }
    if (typeof value.rule === 'string') {
      parsed.rules.push(value.rule)
      continue
    }
    const kind = RUN_KINDS.find((k) => typeof value[k] === 'string')
    const strings = (name: string) =>
      Array.isArray(value[name]) && (value[name] as unknown[]).every((v) => typeof v === 'string')
    if (
      kind === undefined ||
      !['commit', 'date', 'description'].every((name) => typeof value[name] === 'string') ||
      !strings('caught') ||
      !strings('tolerated')
    ) {
      problem(`neither a rule nor a run: ${line.slice(0, 80)}`)
      continue
    }
    parsed.runs.push({
      kind,
      id: value[kind] as string,
      commit: value.commit as string,
      date: value.date as string,
      description: value.description as string,
      caught: value.caught as string[],
      tolerated: value.tolerated as string[],
    })
  }
  return parsed
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The file's text: the rules, then the runs by catalogue and ID, each with its members in one order, so that a
 * run recorded again changes its own line only.
 */
export function formatRuleProof({ rules, runs }: RuleProofFile): string {
  const lines = [
    ...[...new Set(rules)].sort(byText).map((rule) => JSON.stringify({ rule })),
    ...[...runs]
      .sort((a, b) => RUN_KINDS.indexOf(a.kind) - RUN_KINDS.indexOf(b.kind) || byText(a.id, b.id))
      .map((run) =>
        JSON.stringify({
          [run.kind]: run.id,
          commit: run.commit,
          date: run.date,
          description: run.description,
          caught: [...new Set(run.caught)].sort(byText),
          tolerated: [...new Set(run.tolerated)].sort(byText),
        }),
      ),
  ]
  return lines.map((line) => `${line}\n`).join('')
}

/** The proof the suite ships, or none when the file is missing (a checkout before any catalogue run). */
export function readRuleProof(file: string = RULE_PROOF_FILE): ParsedRuleProof {
  return existsSync(file) ? parseRuleProof(readFileSync(file, 'utf8')) : { ...EMPTY_PROOF, problems: [] }
}

/** Writes the file whole, through a temporary file, so that a reader never sees half of it. */
export function writeRuleProof(proof: RuleProofFile, file: string = RULE_PROOF_FILE): void {
  writeFileSync(`${file}.tmp`, formatRuleProof(proof))
  renameSync(`${file}.tmp`, file)
}
