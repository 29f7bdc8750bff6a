// The one stylesheet: readable on a phone, high contrast, no web fonts, no framework.
export const SITE_CSS = `
:root { --ink: #1b1b1b; --muted: #4a4a4a; --line: #d0d0d0; --accent: #0b5cad; --bg: #ffffff; --soft: #f4f6f8; }
* { box-sizing: border-box; }
html { font-size: 100%; }
body { margin: 0; font: 1rem/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; z-index: 10; }
header.site { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem 1.5rem; padding: .75rem 1rem; border-bottom: 1px solid var(--line); }
header.site .brand { font-weight: 700; font-size: 1.2rem; text-decoration: none; color: var(--ink); }
header.site ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1rem; margin: 0; padding: 0; }
main { max-width: 52rem; margin: 0 auto; padding: 1rem; }
footer.site { max-width: 52rem; margin: 2rem auto 0; padding: 1rem; border-top: 1px solid var(--line); color: var(--muted); font-size: .9rem; }
h1 { font-size: 1.75rem; line-height: 1.25; margin: .5rem 0 1rem; }
h2 { font-size: 1.3rem; margin: 1.75rem 0 .5rem; }
h3 { font-size: 1.1rem; margin: 1.25rem 0 .25rem; }
.muted { color: var(--muted); }
.note { background: var(--soft); border-left: 4px solid var(--accent); padding: .75rem 1rem; margin: 1rem 0; }
dl.facts { display: grid; grid-template-columns: minmax(9rem, max-content) 1fr; gap: .35rem 1rem; margin: .5rem 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
ul.homes { list-style: none; padding: 0; margin: 0; }
ul.homes li { padding: .75rem 0; border-bottom: 1px solid var(--line); }
ul.not-on-map { list-style: none; padding: 0; margin: 0 0 .75rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
/* A checksum or file name is one long word: it breaks rather than push the page sideways. */
table.downloads th, table.downloads td { overflow-wrap: anywhere; }
@media (max-width: 40rem) { table.downloads { font-size: .9rem; } table.downloads th, table.downloads td { padding: .35rem .25rem; } }
code.hash { word-break: break-all; font-size: .85em; }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
input[type=text], input[type=search], input[type=tel], select, textarea { width: 100%; max-width: 32rem; padding: .5rem; font: inherit; border: 1px solid #767676; border-radius: 4px; }
button, .button { display: inline-block; padding: .55rem 1rem; font: inherit; font-weight: 600; color: #fff; background: var(--accent); border: 0; border-radius: 4px; cursor: pointer; text-decoration: none; }
details { margin: 1rem 0; }
summary { cursor: pointer; font-weight: 600; }
@media (max-width: 40rem) { dl.facts { grid-template-columns: 1fr; } dl.facts dd { margin-bottom: .5rem; } }
/* site: home page search, map and list; documentation pages */
.visually-hidden { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.lede { font-size: 1.1rem; }
.finder .combo { position: relative; display: flex; flex-wrap: wrap; gap: .5rem; max-width: 36rem; }
.finder .combo input { flex: 1 1 14rem; max-width: none; }
.finder .hint { margin: .35rem 0 0; font-size: .9rem; }
ul.suggestions { position: absolute; top: 100%; left: 0; right: 0; z-index: 1000; list-style: none; margin: .25rem 0 0; padding: 0; background: #fff; border: 1px solid #767676; border-radius: 4px; box-shadow: 0 4px 12px rgba(0,0,0,.15); max-height: 22rem; overflow-y: auto; }
ul.suggestions li { padding: .5rem .75rem; cursor: pointer; border-bottom: 1px solid var(--line); }
ul.suggestions li[aria-selected=true], ul.suggestions li:hover { background: #e8f0fa; outline: 2px solid var(--accent); outline-offset: -2px; }
.suggestion-label { display: block; font-weight: 600; }
.suggestion-detail { display: block; font-size: .9rem; color: var(--muted); }
ul.plain { padding-left: 1.1rem; }
ul.plain li { margin: .3rem 0; }
ul.columns { list-style: none; padding: 0; columns: 2 12rem; column-gap: 1.5rem; }
ul.columns li { break-inside: avoid; padding: .15rem 0; }
.map { height: 24rem; max-height: 70vh; border: 1px solid var(--line); border-radius: 4px; margin: .5rem 0; background: var(--soft); }
.map-list { margin: .5rem 0; }
/* No layout shift on /: the map, its hint and order choice keep their space while the script
   starts (hidden, yet laid out), and the list under the map scrolls inside a fixed height, so
   the note below never moves when the list fills. Without JavaScript .map-live is not shown. */
.map-live #map-hint[hidden], .map-live #map-order[hidden], .map-live .map[hidden] { display: block; visibility: hidden; }
.map-live .map-list { height: 22rem; overflow-y: auto; border: 1px solid var(--line); border-radius: 4px; padding: 0 .75rem; }
.map-popup p { margin: .25rem 0; }
.map-popup-name { font-weight: 700; }
fieldset.choice { border: 1px solid var(--line); border-radius: 4px; padding: .5rem .75rem; margin: .5rem 0; }
fieldset.choice label { display: inline-flex; gap: .4rem; align-items: center; font-weight: 400; margin: .25rem 1rem .25rem 0; }
.link-button { background: none; border: 0; padding: 0; color: var(--accent); text-decoration: underline; font: inherit; font-weight: 400; cursor: pointer; }
.docs pre { background: #f6f8fa; border: 1px solid var(--line); border-radius: 4px; padding: .75rem; overflow-x: auto; font-size: .875rem; line-height: 1.45; }
.docs code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
.docs :not(pre) > code { background: #f0f2f4; padding: .05rem .25rem; border-radius: 3px; overflow-wrap: anywhere; }
.docs blockquote { margin: 1rem 0; padding: .5rem 1rem; border-left: 4px solid var(--accent); background: var(--soft); }
.table-wrap { overflow-x: auto; margin: .75rem 0; }
.swagger-host { margin-top: 1rem; }
/* Swagger UI: colours with WCAG AA contrast; the one-entry server picker is not needed. */
#swagger-ui .swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1a5fa8; }
#swagger-ui .swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1b7048; }
#swagger-ui .swagger-ui .info .title small, #swagger-ui .swagger-ui .info .title small pre { background: #4a4f58; color: #fff; }
#swagger-ui .swagger-ui .info a, #swagger-ui .swagger-ui .info .url { color: #0b5cad; }
#swagger-ui .swagger-ui .scheme-container { display: none; }
#swagger-ui .swagger-ui .parameter__in, #swagger-ui .swagger-ui .parameter__type, #swagger-ui .swagger-ui .parameter__extension, #swagger-ui .swagger-ui .parameter__deprecated, #swagger-ui .swagger-ui .prop-format, #swagger-ui .swagger-ui .renderedMarkdown p { color: #3f3f3f; }
/* Examples wrap instead of scrolling sideways, so they need no keyboard scrolling. */
#swagger-ui .swagger-ui pre.microlight, #swagger-ui .swagger-ui .highlight-code > pre { white-space: pre-wrap !important; overflow-wrap: anywhere; overflow: visible !important; max-height: none !important; }
#swagger-ui .swagger-ui .highlight-code { max-height: none; overflow: visible; }
/* pages: home, lists, guides, corrections form, plan page */
.small { font-size: .9rem; }
.hint { margin: .25rem 0 0; font-size: .9rem; color: var(--muted); }
.note.error { border-left-color: #b00020; }
.crumbs ol { list-style: none; display: flex; flex-wrap: wrap; gap: .25rem .5rem; margin: .5rem 0 0; padding: 0; font-size: .95rem; }
.crumbs li + li::before { content: "›"; margin-right: .5rem; color: var(--muted); }
ul.approvals li, ul.reports li { margin: .35rem 0; }
dl.answers dt { font-weight: 600; margin-top: .75rem; }
dl.answers dd { margin: .15rem 0 0; }
ul.links { padding-left: 1.1rem; }
ul.links li { margin: .25rem 0; }
nav.pager ul { list-style: none; display: flex; gap: 1.5rem; padding: 0; }
fieldset { border: 1px solid var(--line); border-radius: 4px; padding: .75rem 1rem; margin: 1rem 0; }
legend { font-weight: 700; padding: 0 .25rem; }
ul.plan-homes { list-style: none; padding: 0; margin: 0; }
li.plan-home { padding: .75rem 0; border-bottom: 1px solid var(--line); }
li.plan-home h3 { margin-top: 0; }
.check { display: flex; gap: .6rem; align-items: flex-start; }
.check input[type=checkbox] { width: 1.35rem; height: 1.35rem; margin: .15rem 0 0; flex: none; }
.check label { margin: 0; }
q { font-style: italic; }
`;
