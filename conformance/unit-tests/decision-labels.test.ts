import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { type ConsentDecision, DECISION_LABELS } from '../harness/consent/consent-driver.ts'
import { findSubmit, parseForms } from '../harness/consent/html-forms.ts'

const ACCEPT = [
  'Accept',
  'Approve',
  'Allow',
  'Allow access',
  'Authorize',
  'Authorise',
  'Confirm',
  'Grant',
  'Yes',
  ' yes ',
  'YES',
]
const REJECT = ['Reject', 'Deny', 'Decline', 'Refuse', 'Cancel', 'No', 'No, thanks', 'Not now', 'deny']
const NEITHER = ["Don't allow", 'Nothing', 'Yesterday', 'Notes', 'Allowance', 'Log in', 'OK', 'Continue', '']

describe('labels of the consent decision', () => {
  const cases: [string, ConsentDecision | undefined][] = [
    ...ACCEPT.map((label) => [label, 'accept'] as [string, ConsentDecision]),
    ...REJECT.map((label) => [label, 'reject'] as [string, ConsentDecision]),
    ...NEITHER.map((label) => [label, undefined] as [string, undefined]),
  ]
  for (const [label, decision] of cases) {
    test(`${JSON.stringify(label)} gives ${decision ?? 'no decision'}`, () => {
      assert.deepEqual(
        { accept: DECISION_LABELS.accept.test(label), reject: DECISION_LABELS.reject.test(label) },
        { accept: decision === 'accept', reject: decision === 'reject' },
      )
    })
  }

  test('the HTTP driver picks the matching submit, not the first one', () => {
    const page = `<form action="/decide" method="post">
      <button name="d" value="no">Don't allow</button>
      <button name="d" value="yes">Yes</button>
      <button name="d" value="cancel">No</button>
    </form>`
    const forms = parseForms(page, 'https://auth.example/consent')
    assert.equal(findSubmit(forms, DECISION_LABELS.accept)?.submit.value, 'yes')
    assert.equal(findSubmit(forms, DECISION_LABELS.reject)?.submit.value, 'cancel')
  })
})
