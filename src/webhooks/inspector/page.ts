// The inspector page's HTML and CSS, served by server.ts (the script is page-script.ts). Strings in
// the bundle, not files beside it: nothing to find at run time, and the build needs no loader.
// Nothing is fetched from elsewhere: system fonts, no framework (a list, a detail pane and an
// event stream are a few hundred lines of DOM code; see src/README.md).
import { HISTORY_LIMIT } from './entries.js';

export function pageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>tripctl · webhook inspector</title>
<link rel="stylesheet" href="app.css">
<script src="app.js" defer></script>
</head>
<body>
<header>
  <h1>tripctl webhook inspector</h1>
  <span id="live" class="live" role="status">connecting…</span>
  <p id="source" class="muted"></p>
</header>
<div class="tools">
  <label>Event <select id="event-filter"><option value="">All events</option></select></label>
  <label class="search">Search <input id="search" type="search" placeholder="in bodies and ids" autocomplete="off"></label>
  <p class="muted note">Keeps the last ${HISTORY_LIMIT} deliveries; older ones are dropped. <span id="count"></span></p>
</div>
<main>
  <section class="list-pane" aria-label="Deliveries">
    <p id="empty" class="empty muted">No deliveries yet: they appear here as they arrive.</p>
    <ul id="list" role="listbox" aria-label="Deliveries" tabindex="0"></ul>
  </section>
  <section id="detail" class="detail" aria-label="Delivery" hidden></section>
</main>
<footer class="muted">Keys: ↑ ↓ move · Enter opens · r replays</footer>
</body>
</html>
`;
}

export const PAGE_CSS = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1f24; --muted: #5b6470; --line: #d8dde3; --panel: #f6f8fa; --sel: #dbe9ff;
  --ok: #116329; --bad: #b3261e; --warn: #8a5a00; --accent: #0b57d0;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans Arabic", sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #111418; --fg: #e6e9ed; --muted: #9aa4af; --line: #2c333b; --panel: #191d22; --sel: #1f3556;
    --ok: #5fd38a; --bad: #ff8a80; --warn: #f2c063; --accent: #8ab4f8; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
header, .tools { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem 1rem; padding: .6rem 1rem; border-bottom: 1px solid var(--line); }
h1 { font-size: 1.05rem; margin: 0; }
h2 { font-size: 1.05rem; margin: 0 0 .4rem; overflow-wrap: anywhere; }
h3 { font-size: .95rem; margin: 1rem 0 .3rem; }
p { margin: 0; }
.muted { color: var(--muted); }
.note { font-size: .85rem; }
.live { font-size: .8rem; padding: .05rem .5rem; border-radius: 1rem; border: 1px solid var(--line); }
.live.on { color: var(--ok); border-color: currentColor; }
.live.off { color: var(--bad); border-color: currentColor; }
label { display: inline-flex; gap: .35rem; align-items: center; }
input, select, button { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: .3rem .5rem; }
.search input { width: 14rem; max-width: 55vw; }
button { cursor: pointer; }
button:disabled { cursor: not-allowed; opacity: .55; }
button.primary { background: var(--accent); color: var(--bg); border-color: var(--accent); font-weight: 600; }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
main { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); }
.list-pane { border-right: 1px solid var(--line); overflow: auto; height: calc(100vh - 8.5rem); }
.detail { padding: .8rem 1rem 2rem; overflow: auto; height: calc(100vh - 8.5rem); }
.empty { padding: 1rem; }
#list { list-style: none; margin: 0; padding: 0; }
#list:focus { outline: none; }
#list li { display: grid; grid-template-columns: auto minmax(0, 1fr) auto; gap: .1rem .6rem; padding: .45rem 1rem; border-bottom: 1px solid var(--line); cursor: pointer; }
#list li[aria-selected="true"] { background: var(--sel); }
#list li.opened { box-shadow: inset 3px 0 var(--accent); }
.t { font-variant-numeric: tabular-nums; color: var(--muted); white-space: nowrap; }
.ev { font-weight: 600; overflow-wrap: anywhere; }
.p { grid-column: 1 / 3; color: var(--muted); overflow-wrap: anywhere; font-family: ui-monospace, monospace; font-size: .85rem; }
.a { grid-column: 3; text-align: end; white-space: nowrap; font-size: .85rem; }
.why { grid-column: 1 / -1; color: var(--bad); font-size: .85rem; overflow-wrap: anywhere; }
.tags { grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: .3rem; }
.tag { font-size: .75rem; padding: 0 .4rem; border-radius: 4px; border: 1px solid var(--line); color: var(--muted); }
.tag.replay { color: var(--accent); border-color: currentColor; }
.badge { align-self: start; justify-self: end; font-size: .8rem; font-weight: 600; padding: 0 .45rem; border-radius: 4px; white-space: nowrap; }
.valid { color: var(--ok); } .invalid { color: var(--bad); } .unchecked, .ignored { color: var(--warn); }
.badge.valid, .badge.invalid, .badge.unchecked, .badge.ignored { border: 1px solid currentColor; }
.good { color: var(--ok); } .poor { color: var(--bad); }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .5rem 0; }
.actions a { color: var(--accent); }
.status { min-height: 1.3rem; font-size: .9rem; }
.answers { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: .6rem; }
.answer { border: 1px solid var(--line); border-radius: 6px; padding: .5rem .7rem; background: var(--panel); min-width: 0; }
.answer h4 { margin: 0 0 .2rem; font-size: .85rem; }
pre, code, .mono { font-family: ui-monospace, "Cascadia Mono", "DejaVu Sans Mono", monospace; font-size: .85rem; }
pre { margin: .3rem 0; padding: .5rem .7rem; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 28rem; overflow: auto; }
.json .k { color: var(--accent); } .json .s { color: var(--ok); } .json .n { color: var(--warn); }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { text-align: start; vertical-align: top; padding: .2rem .4rem; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
th { width: 34%; font-weight: 600; }
details summary { cursor: pointer; margin: .4rem 0; }
footer { padding: .4rem 1rem; border-top: 1px solid var(--line); font-size: .8rem; }
@media (max-width: 900px) {
  main { grid-template-columns: minmax(0, 1fr); }
  .list-pane { border-right: 0; border-bottom: 1px solid var(--line); height: auto; max-height: 55vh; }
  .detail { height: auto; }
  th { width: 40%; }
}
@media (max-width: 600px) {
  #list li { grid-template-columns: minmax(0, 1fr) auto; }
  .t { grid-column: 1 / -1; }
  .p { grid-column: 1; }
  .a { grid-column: 2; }
}
`;
