/** The verdict page's style and its one script: inline, so the page opens from disk and fetches nothing. */
export const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
th, td { border: 1px solid #ddd; padding: .3rem .5rem; vertical-align: top; text-align: left; }
th { background: #f4f4f6; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
dl.subject { display: grid; grid-template-columns: max-content auto; gap: .15rem 1rem; }
dl.subject dt { font-weight: 600; } dl.subject dd { margin: 0; }
.verdict { font-size: 1.2rem; font-weight: 700; padding: .8rem 1rem; border-radius: 6px; margin: 1rem 0 .4rem; }
.verdict.ok { background: #e3f6e8; color: #0b5b23; } .verdict.no { background: #fde7e7; color: #8a1111; }
.verdict.partial { background: #fff4d6; color: #6b4b00; }
.foundations { background: #fde7e7; color: #8a1111; padding: .4rem 1rem; border-radius: 6px; margin: .4rem 0; }
#attention { margin: 0 0 1rem; padding-left: 1.2rem; } #attention li { margin: .15rem 0; }
.badge { font-weight: 600; white-space: nowrap; } .s-passed { color: #0b6b2b; } .s-warning { color: #8a6100; }
.s-failed, .s-inconclusive { color: #b00020; } .s-skipped, .s-not-applicable, .s-pending, .s-untested { color: #666; }
tbody.r-failed td, tbody.r-inconclusive td { background: #fff6f6; } tbody.r-warning td { background: #fffbea; }
tr.details > td { border-top: 0; padding: 0 .5rem .5rem 1.5rem; }
tbody.rule { scroll-margin-top: 3rem; } tbody.rule:target td { outline: 2px solid #b00020; }
pre { white-space: pre-wrap; word-break: break-word; background: #f7f7f9; padding: .5rem; border: 1px solid #e3e3e8; font-size: 12px; }
details > summary { cursor: pointer; } .muted { color: #666; }
#filter { position: sticky; top: 0; background: #fff; padding: .4rem 0; border-bottom: 1px solid #ddd; z-index: 1; }
#filter label { margin-right: .8rem; white-space: nowrap; }
`

/** Shows only the rules of the ticked statuses and the chosen tier; a tier left without rules is hidden too. */
export const FILTER_SCRIPT = `
const form = document.getElementById('filter');
function applyFilter() {
  const statuses = new Set([...form.querySelectorAll('input[name=status]:checked')].map((box) => box.value));
  const tier = form.querySelector('select[name=tier]').value;
  for (const section of document.querySelectorAll('section.tier')) {
    let shown = 0;
    for (const rule of section.querySelectorAll('tbody.rule')) {
      const visible = statuses.has(rule.dataset.status) && (tier === 'all' || tier === rule.dataset.tier);
      rule.hidden = !visible;
      if (visible) shown++;
    }
    section.hidden = shown === 0;
  }
}
form.addEventListener('change', applyFilter);
form.addEventListener('reset', () => setTimeout(applyFilter));
// A link to a rule the filter hides shows every rule again.
window.addEventListener('hashchange', () => {
  const target = document.getElementById(location.hash.slice(1));
  if (target && target.closest('[hidden]')) { form.reset(); }
});
`

/** Nothing but what the page itself holds: a report about a staging system must not call anywhere. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
