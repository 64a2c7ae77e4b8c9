import { expect, test } from '@playwright/test'
import { covers, rule } from '../../../conformance/harness/rules/covers.ts'
import { RESPONSES_ANNOTATION } from '../../../conformance/harness/rules/findings.ts'

const responded = () => test.info().annotations.push({ type: RESPONSES_ANNOTATION, description: '1' })

test('creates an incoming payment', covers('IP-CREATE'), () => {
  responded()
})

test('reads an unknown incoming payment', covers('IP-GET'), () => {
  responded()
  expect(401, rule('IP-GET', 'an unknown id is Not Found')).toBe(404)
})

test('completes', covers('IP-COMPLETE', 'IP-GET'), () => {
  responded()
  expect(500, rule('IP-COMPLETE', 'completing answers 200')).toBe(200)
})

test('lists', covers('IP-LIST'), () => {
  responded()
})
