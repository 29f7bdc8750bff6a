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
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
input[type=text], input[type=search], input[type=tel], select, textarea { width: 100%; max-width: 32rem; padding: .5rem; font: inherit; border: 1px solid #767676; border-radius: 4px; }
button, .button { display: inline-block; padding: .55rem 1rem; font: inherit; font-weight: 600; color: #fff; background: var(--accent); border: 0; border-radius: 4px; cursor: pointer; text-decoration: none; }
details { margin: 1rem 0; }
summary { cursor: pointer; font-weight: 600; }
@media (max-width: 40rem) { dl.facts { grid-template-columns: 1fr; } dl.facts dd { margin-bottom: .5rem; } }
`;
