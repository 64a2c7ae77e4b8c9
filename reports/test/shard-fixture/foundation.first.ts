import { test } from '@playwright/test'
import { covers } from '../../../conformance/harness/rules/covers.ts'
import { RESPONSES_ANNOTATION } from '../../../conformance/harness/rules/findings.ts'

// Run by every shard, as the suite's foundation steps are: the merge must count it once.
test('a foundation step', covers('IP-CREATE'), () => {
  test.info().annotations.push({ type: RESPONSES_ANNOTATION, description: '1' })
})
