import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { DECISION_LABELS } from '../harness/consent/consent-driver.ts'
import { decodeEntities, findSubmit, formSubmission, parseForms } from '../harness/consent/html-forms.ts'

const page = 'https://auth.example/interact/abc?x=1'

const referenceLike = `<!doctype html><html><body>
<h1>Approve payment access</h1>
<!-- <form action="/decoy"><button>Accept</button></form> -->
<form id="consent" method="post" action="/interact/abc/decision">
<input type="hidden" name="csrf" value="t&amp;k">
<button type="submit" id="accept" name="decision" value="accept">Accept</button>
<button type="submit" id="reject" name="decision" value="reject">Reject</button>
</form></body></html>`

describe('consent page forms', () => {
  test('the submit named after the decision, with the hidden fields, posted to the resolved action', () => {
    const forms = parseForms(referenceLike, page)
    assert.equal(forms.length, 1)
    const accept = findSubmit(forms, DECISION_LABELS.accept)
    assert.ok(accept)
    assert.deepEqual(formSubmission(accept.form, accept.submit), {
      method: 'POST',
      url: 'https://auth.example/interact/abc/decision',
      body: 'csrf=t%26k&decision=accept',
    })
    const reject = findSubmit(forms, DECISION_LABELS.reject)
    assert.equal(reject && formSubmission(reject.form, reject.submit).body, 'csrf=t%26k&decision=reject')
  })

  test('one form per decision, submit inputs, single quotes and unquoted attributes', () => {
    const html = `<FORM METHOD=POST action='/approve'><input type=hidden name=id value=7><INPUT type="submit" value="Approve"></FORM>
      <form method="post" action="/deny"><input type="hidden" name="id" value="7"/><input type=submit value='Deny access'></form>`
    const forms = parseForms(html, page)
    const accept = findSubmit(forms, DECISION_LABELS.accept)!
    assert.deepEqual(formSubmission(accept.form, accept.submit), {
      method: 'POST',
      url: 'https://auth.example/approve',
      body: 'id=7',
    })
    const reject = findSubmit(forms, DECISION_LABELS.reject)!
    assert.equal(reject.form.action, 'https://auth.example/deny')
  })

  test('a GET form puts its fields in the query of the action, replacing the old query', () => {
    const html = '<form action="?step=2"><input name="a" value="1 2"><button>Allow</button></form>'
    const found = findSubmit(parseForms(html, page), DECISION_LABELS.accept)!
    assert.deepEqual(formSubmission(found.form, found.submit), {
      method: 'GET',
      url: 'https://auth.example/interact/abc?a=1+2',
    })
  })

  test('labels inside markup, entities, and a button known only by its value', () => {
    const html = `<form method="post"><button name="d" value="yes"><span>Con&shy;firm</span></button>
      <button name="choice" value="reject"><img alt=""></button></form>`
    const forms = parseForms(html, page)
    assert.equal(forms[0]?.controls[0]?.label, 'Con&shy;firm')
    const reject = findSubmit(forms, DECISION_LABELS.reject)!
    assert.equal(formSubmission(reject.form, reject.submit).body, 'choice=reject')
  })

  test('"Don\'t allow" is not an accept button', () => {
    const html = '<form method="post"><button>Don&#39;t allow</button><button>No, thanks</button></form>'
    const forms = parseForms(html, page)
    assert.equal(findSubmit(forms, DECISION_LABELS.accept), undefined)
    assert.equal(findSubmit(forms, DECISION_LABELS.reject)?.submit.label, 'No, thanks')
  })

  test('unchecked boxes, disabled fields, other submits and plain buttons are left out; formaction wins', () => {
    const html = `<base href="https://other.example/base/"><form method="get" action="form">
      <input type="checkbox" name="remember"><input type="checkbox" name="terms" checked>
      <input name="off" value="x" disabled><select name="account"><option value="a">A</option><option value="b" selected>B</option></select>
      <textarea name="note">hi &amp; bye</textarea><button type="button" name="noise" value="1">Help</button>
      <button type="submit" name="go" value="reject">Reject</button>
      <button type="submit" name="go" value="accept" formaction="/decide" formmethod="post">Accept</button></form>`
    const forms = parseForms(html, page)
    assert.equal(forms[0]?.action, 'https://other.example/base/form')
    const accept = findSubmit(forms, DECISION_LABELS.accept)!
    assert.deepEqual(formSubmission(accept.form, accept.submit), {
      method: 'POST',
      url: 'https://other.example/decide',
      body: 'terms=on&account=b&note=hi+%26+bye&go=accept',
    })
  })

  test('script and style content is ignored; a page without forms has no submit', () => {
    const html = '<script>document.write("<form><button>Accept</button></form>")</script><p>Log in first</p>'
    assert.deepEqual(parseForms(html, page), [])
    assert.equal(findSubmit([], DECISION_LABELS.accept), undefined)
  })

  test('multipart forms are refused with a clear message', () => {
    const html = '<form method="post" enctype="multipart/form-data"><button>Accept</button></form>'
    const found = findSubmit(parseForms(html, page), DECISION_LABELS.accept)!
    assert.throws(() => formSubmission(found.form, found.submit), /multipart\/form-data/)
  })

  test('entities', () => {
    assert.equal(decodeEntities('&lt;a&gt; &amp;&quot;&#39;&#x41;&#66;&bogus;'), '<a> &"\'AB&bogus;')
  })
})
