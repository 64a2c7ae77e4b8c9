import type { Knex } from 'knex'
import * as initial from './0001-initial.ts'
import * as grants from './0002-grants.ts'
import * as payments from './0003-payments.ts'
import * as grantSubject from './0004-grant-subject.ts'
import * as grantSpentTotals from './0005-grant-spent-totals.ts'
import * as grantSpentCaps from './0006-grant-spent-caps.ts'

interface NamedMigration extends Knex.Migration {
  name: string
}

// Listed in code rather than discovered on disk, so migrations load the same way under tsx, in tests and
// on both database drivers, with no file-extension or loader configuration.
const migrations: readonly NamedMigration[] = [
  { name: '0001_initial', ...initial },
  { name: '0002_grants', ...grants },
  { name: '0003_payments', ...payments },
  { name: '0004_grant_subject', ...grantSubject },
  { name: '0005_grant_spent_totals', ...grantSpentTotals },
  { name: '0006_grant_spent_caps', ...grantSpentCaps },
]

export const migrationSource: Knex.MigrationSource<NamedMigration> = {
  getMigrations: async () => [...migrations],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
}
