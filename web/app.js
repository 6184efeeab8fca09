/* app.js - the playground page: edit a des-file, see its level.
 *
 * The compiler and generator are the library itself, built to WebAssembly
 * (web/entry.c): the page hands it the text, shows its diagnostics at
 * their lines, and draws the level it generates for the chosen seed.  The
 * map and the downloads are the library's bytes, as levgen prints them.
 * No network: splev-wasm.js carries the module, so file:// works. */
'use strict';

(function () {
  const FORMAT = { text: 0, ansi: 1, json: 2, svg: 3, asciifarm: 4,
                   roguecloud: 5 };
  const EXT = { text: 'txt', json: 'json', svg: 'svg',
                asciifarm: 'asciifarm.json', roguecloud: 'rooms.txt' };
  const MIME = { text: 'text/plain', json: 'application/json',
                 svg: 'image/svg+xml', asciifarm: 'application/json',
                 roguecloud: 'text/plain' };
  const DEBOUNCE_MS = 250;
  const $ = (id) => document.getElementById(id);
  const el = {
    source: $('source'), gutter: $('gutter'), diags: $('diagnostics'),
    status: $('status'), level: $('level'), seed: $('seed'),
    next: $('next-seed'), view: $('view'), map: $('map'), svg: $('svg'),
    highlight: $('highlight'), runError: $('run-error'),
    dialect: $('dialect'), variant: $('variant'),
    examples: $('examples'), filename: $('filename'), share: $('share'),
  };
  const utf8 = new TextDecoder('utf-8');
  let M = null;              /* the module */
  let timer = 0;             /* the pending debounced compile */
  let busy = null;           /* resolves when no compile is pending */
  let release = null;
  let compiled = null;       /* web_compile's answer */
  let svgUrl = null;
  let lastLines = -1;

  /* ---- the module ---- */

  /* The bytes of a NUL-terminated string in the module's memory (a
   * copy: the next call frees it). */
  function cBytes(ptr) {
    if (!ptr) return null;
    const heap = M.HEAPU8;
    let end = ptr;
    while (heap[end] !== 0) end++;
    return heap.slice(ptr, end);
  }
  function cString(ptr) { return ptr ? utf8.decode(cBytes(ptr)) : ''; }

  function compile(text) {
    const p = M.ccall('web_compile', 'number',
                      ['string', 'string', 'number', 'number'],
                      [el.filename.value || 'untitled.des', text,
                       Number(el.dialect.value), Number(el.variant.value)]);
    return JSON.parse(cString(p));
  }

  /* The level in a format as raw bytes, or null (and why). */
  function run(format) {
    const p = M.ccall('web_run', 'number', ['string', 'string', 'number'],
                      [el.level.value, el.seed.value.trim(), FORMAT[format]]);
    const why = cString(M.ccall('web_error', 'number', [], []));
    return { bytes: cBytes(p), why: why };
  }

  /* ---- the editor ---- */

  /* The text again, coloured, under the transparent textarea: the
   * scanner's words (keywords.js, made from grammar/lev.l), strings,
   * numbers and comments; MAP ... ENDMAP rows are left as they are. */
  const KEYWORDS = new Set(typeof SPLEV_KEYWORDS === 'undefined'
                             ? [] : SPLEV_KEYWORDS);
  /* comment | "string" | 'c' | word | number */
  const TOKEN = new RegExp(['(#.*)', '("(?:[^"\\\\]|\\\\.)*"?)',
                            "('(?:[^'\\\\]|\\\\.)')",
                            '([A-Za-z_][A-Za-z0-9_]*)', '([0-9]+)'].join('|'),
                           'g');
  let highlightQueued = false;

  function highlightLine(line) {
    let out = '', at = 0, m;
    TOKEN.lastIndex = 0;
    while ((m = TOKEN.exec(line)) !== null) {
      out += escapeHtml(line.slice(at, m.index));
      const cls = m[1] ? 'com' : m[2] || m[3] ? 'str' : m[5] ? 'num'
                : !KEYWORDS.has(m[4]) ? ''
                : /^[A-Z_]+$/.test(m[4]) ? 'kw' : 'kw2';
      out += cls ? '<span class="' + cls + '">' + escapeHtml(m[0]) +
                   '</span>' : escapeHtml(m[0]);
      at = TOKEN.lastIndex;
    }
    return out + escapeHtml(line.slice(at));
  }

  function highlight() {
    highlightQueued = false;
    let inMap = false;
    const out = el.source.value.split('\n').map((line) => {
      if (inMap) {
        if (/^\s*ENDMAP\b/.test(line)) {
          inMap = false;
          return '<span class="kw">' + escapeHtml(line) + '</span>';
        }
        return escapeHtml(line);
      }
      if (/^\s*MAP\s*$/.test(line)) inMap = true;
      return highlightLine(line);
    });
    /* a last empty line shows in a textarea, not in a pre */
    el.highlight.innerHTML = out.join('\n') + '\n ';
    syncScroll();
  }

  function queueHighlight() {
    if (highlightQueued) return;
    highlightQueued = true;
    requestAnimationFrame(highlight);
  }

  function syncScroll() {
    el.highlight.scrollTop = el.source.scrollTop;
    el.highlight.scrollLeft = el.source.scrollLeft;
    el.gutter.scrollTop = el.source.scrollTop;
  }

  function drawGutter(marks) {
    const n = el.source.value.split('\n').length;
    if (n === lastLines && !marks) return;
    lastLines = n;
    const worst = {};
    for (const d of (compiled ? compiled.diagnostics : []))
      if (d.line > 0 && d.file === currentName() &&
          (!worst[d.line] || d.severity === 'error'))
        worst[d.line] = d;
    const out = [];
    for (let i = 1; i <= n; i++) {
      const d = worst[i];
      out.push(d ? '<span class="' + d.severity + '" title="' +
                   escapeHtml(d.message) + '">' + i + '</span>'
                 : '<span>' + i + '</span>');
    }
    el.gutter.innerHTML = out.join('');
    el.gutter.scrollTop = el.source.scrollTop;
  }

  function currentName() { return el.filename.value || 'untitled.des'; }

  function escapeHtml(s) {
    return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;',
                                          '>': '&gt;', '"': '&quot;' })[c]);
  }

  /* Put the caret at line:column of the source. */
  function goTo(line, column) {
    const lines = el.source.value.split('\n');
    let at = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++)
      at += lines[i].length + 1;
    at += Math.max(0, column - 1);
    el.source.focus();
    el.source.setSelectionRange(at, at);
    const lh = el.source.scrollHeight / Math.max(1, lines.length);
    el.source.scrollTop = Math.max(0, (line - 5) * lh);
  }

  /* Replace columns column..end_column of the line with the word a
   * "did you mean" suggests (columns count bytes of UTF-8). */
  function applyFix(d) {
    const lines = el.source.value.split('\n');
    const enc = new TextEncoder();
    const bytes = enc.encode(lines[d.line - 1] || '');
    const end = Math.max(d.end_column, d.column);
    lines[d.line - 1] = utf8.decode(bytes.slice(0, d.column - 1)) + d.fixit +
      utf8.decode(bytes.slice(end));
    el.source.value = lines.join('\n');
    schedule(0);
  }

  function showDiagnostics() {
    el.diags.textContent = '';
    for (const d of compiled.diagnostics) {
      const li = document.createElement('li');
      li.className = d.severity;
      li.dataset.line = d.line;
      li.dataset.column = d.column;
      const msg = document.createElement('span');
      msg.className = 'msg';
      msg.textContent = d.file + ':' + d.line + ':' + d.column + ': ' +
        d.severity + ': ' + d.message;
      li.appendChild(msg);
      const here = d.file === currentName() && d.line > 0;
      if (here)
        msg.addEventListener('click', () => goTo(d.line, d.column));
      if (here && d.fixit) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'fixit';
        b.textContent = 'use ' + d.fixit;
        b.addEventListener('click', () => applyFix(d));
        li.appendChild(b);
      }
      el.diags.appendChild(li);
    }
    if (compiled.failure) {
      const li = document.createElement('li');
      li.className = 'error';
      li.textContent = compiled.failure;
      el.diags.appendChild(li);
    }
  }

  function showLevels() {
    if (compiled.errors) return;   /* the last level's menu stays */
    const want = el.level.value;
    el.level.textContent = '';
    for (const name of compiled.levels) {
      const o = document.createElement('option');
      o.value = o.textContent = name;
      el.level.appendChild(o);
    }
    if (compiled.levels.includes(want)) el.level.value = want;
  }

  /* ---- the level ---- */

  /* The ANSI map as coloured spans: "ESC[0;3Nm" normal, "ESC[1;3Nm"
   * bright, "ESC[0m" plain.  The text content is the text map exactly. */
  function drawAnsi(text) {
    el.map.textContent = '';
    const re = /\x1b\[([0-9;]*)m/g;
    let cls = '', at = 0, m;
    const flush = (upto) => {
      if (upto <= at) return;
      const piece = text.slice(at, upto);
      if (cls) {
        const s = document.createElement('span');
        s.className = cls;
        s.textContent = piece;
        el.map.appendChild(s);
      } else {
        el.map.appendChild(document.createTextNode(piece));
      }
    };
    while ((m = re.exec(text)) !== null) {
      flush(m.index);
      at = re.lastIndex;
      const parts = m[1].split(';');
      const colour = parts.length === 2 ? Number(parts[1]) - 30 : -1;
      cls = colour >= 0 && colour < 8
              ? (parts[0] === '1' ? 'b' : 'a') + colour : '';
    }
    flush(text.length);
  }

  function redraw() {
    el.runError.textContent = '';
    /* while the text has errors the last level stays, dimmed */
    const stale = !compiled || compiled.errors > 0;
    el.map.classList.toggle('stale', stale);
    el.svg.classList.toggle('stale', stale);
    if (stale) return;
    if (compiled.levels.length === 0) {
      el.runError.textContent = 'no LEVEL in this file';
      el.map.textContent = '';
      el.svg.textContent = '';
      return;
    }
    const svg = el.view.value === 'svg';
    el.map.hidden = svg;
    el.svg.hidden = !svg;
    const r = run(svg ? 'svg' : 'ansi');
    if (!r.bytes) {
      el.runError.textContent = r.why;
      el.map.textContent = '';
      el.svg.textContent = '';
      return;
    }
    if (svg) {
      if (svgUrl) URL.revokeObjectURL(svgUrl);
      svgUrl = URL.createObjectURL(new Blob([r.bytes],
                                            { type: 'image/svg+xml' }));
      el.svg.innerHTML = '<img alt="the level as SVG">';
      el.svg.firstChild.src = svgUrl;
    } else {
      drawAnsi(utf8.decode(r.bytes));
    }
  }

  function recompile() {
    timer = 0;
    const t0 = performance.now();
    compiled = compile(el.source.value);
    const ms = Math.round(performance.now() - t0);
    showDiagnostics();
    showLevels();
    drawGutter(true);
    highlight();
    const e = compiled.errors, w = compiled.warnings;
    el.status.className = e ? 'bad' : '';
    el.status.textContent = e ? e + ' error' + (e > 1 ? 's' : '') +
      (w ? ', ' + w + ' warning' + (w > 1 ? 's' : '') : '') +
      ': not compiled'
      : compiled.levels.length + ' level' +
        (compiled.levels.length === 1 ? '' : 's') +
        (w ? ', ' + w + ' warning' + (w > 1 ? 's' : '') : '') +
        ', compiled in ' + ms + ' ms';
    redraw();
    saveFragment();
    if (release) { release(); release = null; busy = null; }
  }

  function schedule(delay) {
    if (!busy) busy = new Promise((r) => { release = r; });
    clearTimeout(timer);
    timer = setTimeout(recompile, delay);
  }

  /* ---- the seed ---- */

  function validSeed(s) {
    return /^[0-9]{1,20}$/.test(s) && BigInt(s) < (1n << 64n);
  }

  function nextSeed() {
    const s = el.seed.value.trim();
    el.seed.value = validSeed(s)
      ? ((BigInt(s) + 1n) % (1n << 64n)).toString() : '1';
    redraw();
    saveFragment();
  }

  /* ---- downloads ---- */

  function download(format) {
    const r = run(format);
    if (!r.bytes) { el.runError.textContent = r.why; return; }
    el.runError.textContent = r.why;      /* the exporters' warnings */
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([r.bytes], { type: MIME[format] }));
    a.download = (el.level.value || 'level') + '-' + el.seed.value.trim() +
      '.' + EXT[format];
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  /* ---- the URL fragment: #name=..&seed=..&level=..&dialect=..
   * &variant=..&src=<base64url of the UTF-8 text> (or example=NAME) ---- */

  function toBase64Url(bytes) {
    let bin = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_')
      .replace(/=+$/, '');
  }
  function fromBase64Url(s) {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  function fragment() {
    const p = new URLSearchParams();
    p.set('name', currentName());
    p.set('seed', el.seed.value.trim());
    if (el.level.value) p.set('level', el.level.value);
    if (el.dialect.value !== '0') p.set('dialect', el.dialect.value);
    if (el.variant.value !== '0') p.set('variant', el.variant.value);
    p.set('src', toBase64Url(new TextEncoder().encode(el.source.value)));
    return p.toString();
  }

  function saveFragment() {
    try {
      history.replaceState(null, '', '#' + fragment());
    } catch (e) {
      /* some file:// pages refuse replaceState: the link button still
       * copies the fragment */
    }
  }

  function readExample(name) {
    try {
      return utf8.decode(M.FS.readFile('/dat/' + name + '.des'));
    } catch (e) {
      return null;
    }
  }

  /* Fill the page from the fragment; false when it names nothing. */
  function loadFragment() {
    const p = new URLSearchParams(location.hash.slice(1));
    let text = null;
    if (p.has('src')) {
      try {
        text = utf8.decode(fromBase64Url(p.get('src')));
      } catch (e) {
        el.status.textContent = 'the link\'s source is damaged';
      }
    } else if (p.has('example')) {
      text = readExample(p.get('example'));
      if (text !== null) el.filename.value = p.get('example') + '.des';
    }
    if (text === null) return false;
    if (p.has('name')) el.filename.value = p.get('name');
    if (p.has('seed')) el.seed.value = p.get('seed');
    el.dialect.value = p.get('dialect') || '0';
    el.variant.value = p.get('variant') || '0';
    el.source.value = text;
    compiled = null;
    recompile();
    if (p.has('level') && compiled.levels.includes(p.get('level'))) {
      el.level.value = p.get('level');
      redraw();
      saveFragment();
    }
    return true;
  }

  function loadExample(name) {
    const text = readExample(name);
    if (text === null) return;
    el.filename.value = name + '.des';
    el.source.value = text;
    el.level.textContent = '';
    el.source.scrollTop = 0;
    recompile();
  }

  /* ---- start ---- */

  function wire() {
    el.source.addEventListener('input', () => {
      drawGutter(false);
      queueHighlight();
      schedule(DEBOUNCE_MS);
    });
    el.source.addEventListener('scroll', syncScroll);
    el.filename.addEventListener('change', () => schedule(0));
    el.dialect.addEventListener('change', () => schedule(0));
    el.variant.addEventListener('change', () => schedule(0));
    el.level.addEventListener('change', () => { redraw(); saveFragment(); });
    el.view.addEventListener('change', redraw);
    el.seed.addEventListener('input', () => {
      const ok = validSeed(el.seed.value.trim());
      el.seed.style.borderColor = ok ? '' : '#ff7b72';
      if (ok) { redraw(); saveFragment(); }
    });
    el.next.addEventListener('click', nextSeed);
    for (const b of document.querySelectorAll('#exports [data-format]'))
      b.addEventListener('click', () => download(b.dataset.format));
    el.share.addEventListener('click', () => {
      const url = location.href.split('#')[0] + '#' + fragment();
      if (navigator.clipboard)
        navigator.clipboard.writeText(url).catch(() => {});
      saveFragment();
      el.status.textContent = 'link copied (and in the address bar)';
    });
    window.addEventListener('hashchange', () => {
      if (location.hash.slice(1) !== fragment()) loadFragment();
    });
  }

  function fillMenus() {
    const list = cString(M.ccall('web_variants', 'number', [], []));
    list.split(',').forEach((entry, i) => {
      const [name, title] = entry.split(':');
      const o = document.createElement('option');
      o.value = String(i + 1);
      o.textContent = title;
      o.dataset.name = name;
      el.variant.appendChild(o);
    });
    const names = M.FS.readdir('/dat').filter((f) => f.endsWith('.des'))
      .map((f) => f.slice(0, -4)).sort();
    for (const name of names) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = name;
      b.title = 'open dat/' + name + '.des';
      b.addEventListener('click', () => loadExample(name));
      el.examples.appendChild(b);
    }
  }

  function wasmBinary() {
    if (typeof SPLEV_WASM_BASE64 !== 'string') return undefined;
    const bin = atob(SPLEV_WASM_BASE64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  /* For tests and the console: the page's state and a way to wait for
   * the debounced compile. */
  const api = {
    idle: () => busy || Promise.resolve(),
    compiled: () => compiled,
    output: (format) => run(format),
    toBase64: (bytes) => bytes ? btoa(Array.from(bytes,
      (b) => String.fromCharCode(b)).join('')) : null,
  };

  api.ready = SplevModule({ wasmBinary: wasmBinary() }).then((mod) => {
    M = mod;
    fillMenus();
    wire();
    if (!loadFragment()) loadExample('keep');
    el.status.textContent = el.status.textContent ||
      'splev ' + cString(M.ccall('web_version', 'number', [], []));
    return api;
  }, (err) => {
    el.status.className = 'bad';
    el.status.textContent = 'the compiler did not load: ' + err;
    throw err;
  });
  window.splevPlayground = api;
})();
