import { test } from '@playwright/test'
import { covers, WARNING_ANNOTATION } from '../../../conformance/harness/rules/covers.ts'
import { RESPONSES_ANNOTATION } from '../../../conformance/harness/rules/findings.ts'

test('quotes', covers('QT-CREATE'), () => {
  test.info().annotations.push({ type: RESPONSES_ANNOTATION, description: '2' })
})

test('quotes across assets', covers('QT-GET'), () => {
  test.skip(true, 'the target has no wallet address in another asset')
})

test('settles', covers('OP-PROCESS'), () => {
  test
    .info()
    .annotations.push(
      { type: RESPONSES_ANNOTATION, description: '1' },
      { type: WARNING_ANNOTATION, description: '[OP-PROCESS] took 9 s' },
    )
})

test('reads a quote', covers('QT-GET'), () => {
  test.info().annotations.push({ type: RESPONSES_ANNOTATION, description: '1' })
})
