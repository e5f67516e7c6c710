// The inspector page's script, served as app.js by server.ts: plain DOM code, no framework and no
// build step of its own (src/README.md says why). Every text that came over the network is put in
// the page as text (textContent), never as HTML; strings of a body sit in their own `dir="auto"`
// spans, so Arabic reads right to left as written without reordering the JSON around it.
// A string because it runs in the browser, not in Node; it holds no backticks, so it sits whole.
export const PAGE_SCRIPT = String.raw`'use strict';
(function () {
  var entries = new Map();
  var order = [];
  var hello = { limit: 500 };
  var selected = null, opened = null, wanted = null;
  var events = new Set();
  var timeFormat = null, dayFormat = null;
  function $(id) { return document.getElementById(id); }
  function el(tag, props, children) {
    var node = document.createElement(tag);
    if (props) for (var key in props) {
      if (key === 'text') node.textContent = props[key];
      else if (key === 'class') node.className = props[key];
      else if (key === 'on') for (var name in props.on) node.addEventListener(name, props.on[name]);
      else if (props[key] !== undefined && props[key] !== null && props[key] !== false) node.setAttribute(key, props[key]);
    }
    (children || []).forEach(function (child) { if (child !== null && child !== undefined) node.append(child); });
    return node;
  }
  function formats(zone) {
    var base = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'short' };
    try {
      timeFormat = new Intl.DateTimeFormat('en-GB', Object.assign({ timeZone: zone }, base));
      dayFormat = new Intl.DateTimeFormat('en-GB', Object.assign({ timeZone: zone, year: 'numeric', month: 'short', day: 'numeric' }, base));
    } catch (e) {
      timeFormat = new Intl.DateTimeFormat('en-GB', base);
      dayFormat = new Intl.DateTimeFormat('en-GB', Object.assign({ year: 'numeric', month: 'short', day: 'numeric' }, base));
    }
  }
  formats(undefined);
  function verdictOf(e) { return e.ignored ? 'ignored' : e.verdict; }
  function verdictWord(e) { var v = verdictOf(e); return v === 'invalid' ? 'INVALID' : v; }
  function answerText(a, e) {
    if (!a) return e.answered ? '\u2190 ' + e.answered : '';
    if (a.status !== undefined) return '\u2192 ' + a.status + ' \u00b7 ' + a.latencyMs + ' ms';
    return a.error || '';
  }
  function good(a) { return a && a.status !== undefined && a.status >= 200 && a.status < 300; }
  function rootOf(e) { return e.replayOf !== undefined ? e.replayOf : e.seq; }
  function replaysOf(seq) { return order.map(function (s) { return entries.get(s); }).filter(function (e) { return e.replayOf === seq; }); }
  function visible(e) {
    var filter = $('event-filter').value;
    if (filter && e.event !== filter) return false;
    var q = $('search').value.trim().toLowerCase();
    if (!q) return true;
    return [e.body, e.deliveryId, e.event, e.path].some(function (t) { return typeof t === 'string' && t.toLowerCase().indexOf(q) >= 0; });
  }
  function shown() { return order.slice().reverse().map(function (s) { return entries.get(s); }).filter(visible); }

  function row(e) {
    var a = e.handler;
    var tags = [];
    if (e.replayOf !== undefined) tags.push(el('span', { class: 'tag replay', text: 'replay of #' + e.replayOf }));
    if (e.attempt > 1) tags.push(el('span', { class: 'tag', text: 'retry #' + (e.attempt - 1) }));
    if (e.savedTo) tags.push(el('span', { class: 'tag', text: 'saved' }));
    var li = el('li', {
      id: 'row-' + e.seq, role: 'option', 'aria-selected': String(selected === e.seq), 'data-seq': String(e.seq),
      class: opened === e.seq ? 'opened' : '',
      on: { click: function () { select(e.seq); open(e.seq); } },
    }, [
      el('span', { class: 't', text: '#' + e.seq + ' ' + timeFormat.format(new Date(e.time)) }),
      el('span', { class: 'ev', dir: 'auto', text: e.event || '(no event)' }),
      el('span', { class: 'badge ' + verdictOf(e), text: verdictWord(e) }),
      el('span', { class: 'p', dir: 'auto', text: e.method + ' ' + e.path }),
      el('span', { class: 'a ' + (a && a.status !== undefined ? (good(a) ? 'good' : 'poor') : ''), text: answerText(a, e) }),
      e.verdict === 'invalid' && e.reason ? el('span', { class: 'why', text: e.reason }) : null,
      tags.length ? el('span', { class: 'tags' }, tags) : null,
    ]);
    return li;
  }
  function renderList() {
    var list = $('list');
    var rows = shown().map(row);
    list.replaceChildren.apply(list, rows);
    $('empty').hidden = order.length > 0;
    $('count').textContent = order.length ? '(' + order.length + ' kept, ' + rows.length + ' shown)' : '';
  }
  function renderFilter() {
    var select = $('event-filter');
    var current = select.value;
    var names = Array.from(events).sort();
    select.replaceChildren.apply(select, [el('option', { value: '', text: 'All events' })].concat(names.map(function (n) { return el('option', { value: n, text: n }); })));
    select.value = current;
  }

  function add(e) {
    var known = entries.has(e.seq);
    entries.set(e.seq, e);
    if (!known) {
      order.push(e.seq);
      while (order.length > hello.limit) entries.delete(order.shift());
    }
    if (e.event && !events.has(e.event)) { events.add(e.event); renderFilter(); }
    renderList();
    if (wanted === e.seq) { wanted = null; select(e.seq); open(e.seq); }
    else if (opened !== null && (opened === e.seq || rootOf(e) === rootOf(entries.get(opened) || e))) renderDetail();
  }

  function select(seq) {
    selected = seq;
    document.querySelectorAll('#list li').forEach(function (li) { li.setAttribute('aria-selected', String(li.getAttribute('data-seq') === String(seq))); });
    var li = $('row-' + seq);
    if (li) li.scrollIntoView({ block: 'nearest' });
  }
  function open(seq) {
    if (!entries.has(seq)) return;
    opened = seq;
    document.querySelectorAll('#list li').forEach(function (li) { li.classList.toggle('opened', li.getAttribute('data-seq') === String(seq)); });
    if (location.hash !== '#d-' + seq) history.replaceState(null, '', '#d-' + seq);
    renderDetail();
    if (window.matchMedia('(max-width: 900px)').matches) $('detail').scrollIntoView({ block: 'start' });
  }
  function move(step) {
    var list = shown();
    if (!list.length) return;
    var at = list.findIndex(function (e) { return e.seq === selected; });
    var next = at < 0 ? 0 : Math.min(list.length - 1, Math.max(0, at + step));
    select(list[next].seq);
  }

  function jsonInto(node, value, indent) {
    var pad = '  ';
    if (value === null || typeof value !== 'object') {
      var cls = typeof value === 'string' ? 's' : 'n';
      node.append(el('span', { class: cls, dir: typeof value === 'string' ? 'auto' : null, text: JSON.stringify(value) }));
      return;
    }
    var array = Array.isArray(value);
    var keys = array ? value.map(function (_, i) { return i; }) : Object.keys(value);
    if (!keys.length) { node.append(array ? '[]' : '{}'); return; }
    node.append(array ? '[\n' : '{\n');
    keys.forEach(function (key, i) {
      node.append(indent + pad);
      if (!array) { node.append(el('span', { class: 'k', dir: 'auto', text: JSON.stringify(key) })); node.append(': '); }
      jsonInto(node, value[key], indent + pad);
      node.append(i < keys.length - 1 ? ',\n' : '\n');
    });
    node.append(indent + (array ? ']' : '}'));
  }
  function bodyView(e) {
    var parsed;
    try { parsed = JSON.parse(e.body); } catch (err) { parsed = undefined; }
    if (parsed === undefined) return el('pre', { dir: 'auto', text: e.body || '(empty body)' });
    var pre = el('pre', { class: 'json', 'aria-label': 'Body, JSON' });
    jsonInto(pre, parsed, '');
    return pre;
  }
  function hexDump(base64) {
    var bin = atob(base64);
    var lines = [];
    var max = Math.min(bin.length, 4096);
    for (var i = 0; i < max; i += 16) {
      var hex = '';
      var text = '';
      for (var j = i; j < i + 16; j++) {
        if (j < max) {
          var c = bin.charCodeAt(j);
          hex += (c < 16 ? '0' : '') + c.toString(16) + ' ';
          text += c >= 32 && c < 127 ? bin[j] : '.';
        } else hex += '   ';
      }
      lines.push(('0000' + i.toString(16)).slice(-5) + '  ' + hex + ' ' + text);
    }
    if (bin.length > max) lines.push('\u2026 ' + (bin.length - max) + ' more bytes');
    return lines.join('\n');
  }
  function answerCard(title, e) {
    var a = e.handler;
    var children = [el('h4', { text: title })];
    if (!a) children.push(el('p', { class: 'muted', text: 'answered the sender ' + e.answered + ' (no --forward-to)' }));
    else if (a.status !== undefined) {
      children.push(el('p', { class: good(a) ? 'good' : 'poor', text: a.status + ' in ' + a.latencyMs + ' ms' }));
      children.push(el('pre', { dir: 'auto', text: a.body ? a.body : '(empty body)' }));
    } else children.push(el('p', { class: 'poor', text: a.error }));
    return el('div', { class: 'answer' }, children);
  }
  function shq(s) { return "'" + String(s).replace(/'/g, "'\\''") + "'"; }
  function curl(e) {
    var skip = ['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive', 'expect'];
    var parts = ['curl -X ' + e.method + ' ' + shq(hello.forwardTo || hello.listenUrl || 'http://localhost:3000/webhooks')];
    for (var i = 0; i + 1 < e.headers.length; i += 2) {
      if (skip.indexOf(e.headers[i].toLowerCase()) < 0) parts.push('-H ' + shq(e.headers[i] + ': ' + e.headers[i + 1]));
    }
    parts.push('--data-binary ' + shq(e.body));
    return parts.join(' \\\n  ');
  }
  // Kept apart from the pane, which is drawn again whenever a replay of the open delivery arrives.
  var said = { seq: null, text: '' };
  function status(text) { said = { seq: opened, text: text }; var s = $('action-status'); if (s) s.textContent = text; }
  function copyCurl(e) {
    var text = curl(e);
    var fallback = function () {
      var area = el('textarea', { rows: '6', 'aria-label': 'curl command', class: 'mono' });
      area.value = text;
      $('action-status').replaceChildren(el('span', { text: 'Copy it from here: ' }), area);
      area.select();
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(function () { status('Copied as curl.'); }, fallback);
    else fallback();
  }
  function replay(seq) {
    var e = entries.get(seq);
    if (!e) return;
    if (!hello.forwardTo) { status('Replay needs a handler: start tripctl with --forward-to URL.'); return; }
    status('Replaying #' + seq + '\u2026');
    fetch('replay/' + seq, { method: 'POST' })
      .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
      .then(function (r) {
        if (!r.ok) { status('Not replayed: ' + r.body.error); return; }
        add(r.body);
        status('Replayed as #' + r.body.seq + ': ' + (r.body.handler.status !== undefined ? 'the handler answered ' + r.body.handler.status + ' in ' + r.body.handler.latencyMs + ' ms.' : r.body.handler.error));
      }, function (err) { status('Not replayed: ' + err.message); });
  }

  function renderDetail() {
    var e = entries.get(opened);
    var pane = $('detail');
    if (!e) { pane.hidden = true; return; }
    pane.hidden = false;
    var root = entries.get(rootOf(e));
    var answers = [answerCard(root ? 'Original #' + root.seq : 'Original (no longer kept)', root || e)];
    replaysOf(rootOf(e)).forEach(function (r) { answers.push(answerCard('Replay #' + r.seq + ' \u00b7 ' + timeFormat.format(new Date(r.time)), r)); });
    var headers = [];
    for (var i = 0; i + 1 < e.headers.length; i += 2) headers.push(el('tr', null, [el('th', { class: 'mono', text: e.headers[i] }), el('td', { class: 'mono', dir: 'auto', text: e.headers[i + 1] })]));
    var facts = [
      ['Received', dayFormat.format(new Date(e.time))],
      ['Request', e.method + ' ' + e.path],
      ['Delivery id', e.deliveryId || '(none)'],
      ['Attempt', String(e.attempt) + (e.attempt > 1 ? ' (a retry)' : '')],
      ['Size', e.size + ' bytes'],
    ];
    if (e.replayOf !== undefined) facts.push(['Replay of', '#' + e.replayOf + ', ' + e.signing]);
    if (e.savedTo) facts.push(['Saved to', e.savedTo]);
    var replayButton = el('button', {
      class: 'primary', type: 'button', disabled: !hello.forwardTo,
      title: hello.forwardTo ? 'Send again to ' + hello.forwardTo + ', signed anew (r)' : 'start tripctl with --forward-to URL to replay',
      on: { click: function () { replay(e.seq); } },
    }, ['Replay']);
    pane.replaceChildren.apply(pane, [
      el('h2', { dir: 'auto', text: (e.event || '(no event)') + ' \u00b7 #' + e.seq }),
      el('div', { class: 'actions' }, [
        replayButton,
        el('button', { type: 'button', on: { click: function () { copyCurl(e); } } }, ['Copy as curl']),
        el('a', { href: '#d-' + e.seq, text: 'Link to this delivery' }),
      ]),
      el('p', { id: 'action-status', class: 'status', role: 'status', text: said.seq === e.seq ? said.text : '' }),
      el('h3', { text: 'Signature' }),
      el('p', null, [el('span', { class: 'badge ' + verdictOf(e), text: verdictWord(e) }), ' ', e.reason || (e.verdict === 'valid' ? 'matches the body' : e.verdict === 'unchecked' ? 'not checked: no secret' : '')]),
      e.hint ? el('p', { class: 'muted', text: e.hint }) : null,
      el('h3', { text: "Handler's answer" }),
      el('div', { class: 'answers' }, answers),
      el('h3', { text: 'Request' }),
      el('table', null, [el('tbody', null, facts.map(function (f) { return el('tr', null, [el('th', { text: f[0] }), el('td', { dir: 'auto', text: f[1] })]); }))]),
      el('h3', { text: 'Headers' }),
      el('table', { class: 'headers' }, [el('tbody', null, headers)]),
      el('h3', { text: 'Body' }),
      bodyView(e),
      el('details', null, [el('summary', { text: 'Raw bytes (' + e.size + ')' }), el('pre', { text: e.body }), el('pre', { class: 'mono', text: hexDump(e.bodyBase64) })]),
    ].filter(Boolean));
  }

  function fromHash() {
    var m = /^#d-(\d+)$/.exec(location.hash);
    if (!m) return;
    var seq = Number(m[1]);
    if (entries.has(seq)) { select(seq); open(seq); } else wanted = seq;
  }

  document.addEventListener('DOMContentLoaded', function () {
    $('event-filter').addEventListener('change', renderList);
    $('search').addEventListener('input', renderList);
    window.addEventListener('hashchange', fromHash);
    fromHash();
    var live = $('live');
    var source = new EventSource('events');
    source.addEventListener('hello', function (m) {
      hello = JSON.parse(m.data);
      formats(hello.timeZone);
      $('source').textContent = hello.source + (hello.forwardTo ? ' \u00b7 Replay sends to ' + hello.forwardTo : ' \u00b7 no --forward-to: Replay is off') + ' \u00b7 times in ' + (hello.timeZone || 'this browser\u2019s zone');
      renderList();
    });
    source.addEventListener('delivery', function (m) { add(JSON.parse(m.data)); });
    source.onopen = function () { live.textContent = 'live'; live.className = 'live on'; };
    source.onerror = function () { live.textContent = 'disconnected: is tripctl still running?'; live.className = 'live off'; };
    document.addEventListener('keydown', function (ev) {
      var tag = ev.target && ev.target.tagName;
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') { ev.preventDefault(); move(ev.key === 'ArrowDown' ? 1 : -1); }
      else if (ev.key === 'Enter' && tag !== 'BUTTON' && tag !== 'A') { if (selected !== null) open(selected); }
      else if (ev.key === 'r') { var seq = opened !== null ? opened : selected; if (seq !== null) replay(seq); }
    });
  });
})();
`;
