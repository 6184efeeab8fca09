#!/usr/bin/env python3
"""tests/web/check.py BUILD - the playground in headless Chromium (make
check-web).

Drives the real page (BUILD/web/index.html) through Chromium's DevTools
protocol over a pipe (--remote-debugging-pipe: no extra packages, no
network).  For each case it types a des-file into the editor, picks the
level, dialect and seed in the page's controls, waits for the debounced
compile, and compares what the page shows (the map's text) and what it
downloads (text map, JSON) with levgen's output, byte for byte.  Then it
types an error and checks the diagnostic's line in the list and the
gutter, loads a level from a URL fragment, loads the page over
http://127.0.0.1 too, and keeps a screenshot in BUILD/web-check.png.
Prints 'N passed, N failed'; exits 1 on any failure.
"""
import base64
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

BUILD = sys.argv[1] if len(sys.argv) > 1 else "build"
ROOT = os.getcwd()
LEVGEN = os.path.join(ROOT, BUILD, "bin", "levgen")
PAGE = os.path.join(ROOT, BUILD, "web", "index.html")
CORPUS = os.path.join(ROOT, "..", "shared", "corpus", "unnethack")
DIALECTS = {"": "0", "unnethack": "1", "nethack36": "2", "nethack343": "3"}

# (file, level or None for the first, seeds, levgen's --dialect and
# --variant as the page's menus choose them)
CASES = [
    ("dat/keep.des", None, [1, 2, 77], {}),
    ("dat/keep.des", "library", [3, 4], {}),
    ("dat/keep.des", "archive", [5], {}),
    ("dat/caves.des", None, [1, 9], {}),
    ("dat/caves.des", None, [2], {"variant": "unnethack"}),
    ("dat/crypt.des", None, [2, 12345678901234567890], {}),
    ("dat/spire.des", None, [1, 6], {}),
    ("dat/arena.des", None, [3], {}),
    ("dat/ember.des", None, [4], {"dialect": "unnethack"}),
]
CORPUS_CASES = [
    ("oracle.des", None, [1, 2], {}),
    ("mines.des", "minefill", [1, 5], {}),
    ("mines.des", "minetn-1", [2], {}),
    ("sokoban.des", None, [1, 3], {}),
    ("bigroom.des", None, [4], {}),
    ("heck.des", None, [1], {}),
    ("castle.des", None, [7], {}),
]
# what the page downloads, as levgen --format names them
FORMATS = ["text", "json", "svg", "asciifarm", "roguecloud"]


class Chromium:
    """A headless Chromium spoken to over --remote-debugging-pipe: JSON
    messages ending in NUL on fds 3 (to it) and 4 (from it)."""

    def __init__(self, binary):
        self.profile = tempfile.mkdtemp(prefix="splev-web-")
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)

        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--mute-audio",
             "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
             "--window-size=1400,900", "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4, to_r, from_w),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.buf = b""
        self.next_id = 0
        targets = self.send("Target.getTargets")["targetInfos"]
        page = [t for t in targets if t["type"] == "page"][0]
        self.session = self.send("Target.attachToTarget",
                                 targetId=page["targetId"],
                                 flatten=True)["sessionId"]
        self.send("Page.enable", session=True)
        self.send("Runtime.enable", session=True)

    def read_message(self, deadline):
        while b"\0" not in self.buf:
            if time.time() > deadline:
                raise TimeoutError("no answer from chromium")
            chunk = os.read(self.from_r, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, session=False, timeout=60, **params):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if session:
            msg["sessionId"] = self.session
        os.write(self.to_w, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self.read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply["result"]

    def eval(self, expr, timeout=60):
        """Evaluate an async JS expression in the page; its value."""
        r = self.send("Runtime.evaluate", session=True, timeout=timeout,
                      expression="(async () => { %s })()" % expr,
                      awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError("page: " + json.dumps(r["exceptionDetails"])
                               [:600])
        return r["result"].get("value")

    def open(self, url):
        self.send("Page.navigate", session=True, url=url)
        for _ in range(600):
            try:
                if self.eval("return !!(window.splevPlayground && "
                             "await window.splevPlayground.ready);"):
                    return
            except RuntimeError:
                pass
            time.sleep(0.1)
        raise TimeoutError("the page did not load " + url)

    def screenshot(self, path):
        r = self.send("Page.captureScreenshot", session=True, format="png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


# What a person does: type the text, choose name, dialect, level and
# seed with the controls, wait for the page's debounced compile.
TYPE_JS = """
const P = window.splevPlayground, $ = (i) => document.getElementById(i);
const fire = (e, kind) => e.dispatchEvent(new Event(kind));
const a = %s;
$('filename').value = a.name;
$('dialect').value = a.dialect; fire($('dialect'), 'change');
const v = Array.from($('variant').options)
  .find((o) => (o.dataset.name || '') === a.variant);
$('variant').value = v.value; fire($('variant'), 'change');
const src = $('source');
src.value = a.text; fire(src, 'input');
await P.idle();
if (a.level !== null) {
  $('level').value = a.level; fire($('level'), 'change');
}
$('seed').value = a.seed; fire($('seed'), 'input');
return true;
"""

READ_JS = """
const P = window.splevPlayground, $ = (i) => document.getElementById(i);
const out = {}, why = {};
for (const f of %s) {
  const r = P.output(f);
  out[f] = P.toBase64(r.bytes);
  why[f] = r.why;
}
return { map: $('map').textContent, level: $('level').value, out: out,
         why: why, errors: P.compiled().errors,
         status: $('status').textContent };
""" % json.dumps(FORMATS)


def levgen(args, cwd=None):
    p = subprocess.run([LEVGEN] + args, capture_output=True, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


class Counter:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: " + what + (": " + detail if detail else ""))


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return "byte %d: page %r, levgen %r" % (i, a[i:i + 40],
                                                    b[i:i + 40])
    return "lengths %d (page) and %d (levgen)" % (len(a), len(b))


def run_case(ch, res, path, level, seed, opts):
    name = os.path.basename(path)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    args = {"name": name, "text": text, "level": level, "seed": str(seed),
            "dialect": DIALECTS[opts.get("dialect", "")],
            "variant": opts.get("variant", "")}
    ch.eval(TYPE_JS % json.dumps(args))
    got = ch.eval(READ_JS)
    flags = ["--seed", str(seed)] + (["--level", level] if level else [])
    for k in ("dialect", "variant"):
        if k in opts:
            flags += ["--" + k, opts[k]]
    what = "%s%s seed %s%s" % (path, ":" + level if level else "", seed,
                               "".join(" " + v for v in opts.values()))
    for fmt in FORMATS:
        rc, want, err = levgen(flags + ["--format", fmt, path])
        page = got["out"][fmt]
        if rc != 0 or page is None:
            res.check(False, what + ": " + fmt, "levgen %d %s; page %s" %
                      (rc, err.decode()[:200], got["why"][fmt]))
            continue
        page = base64.b64decode(page)
        res.check(page == want, what + ": " + fmt,
                  first_difference(page, want))
        if fmt == "text":
            res.check(got["map"].encode() == want, what + ": the map shown",
                      first_difference(got["map"].encode(), want))
    return got["status"]


ERROR_JS = """
const P = window.splevPlayground, $ = (i) => document.getElementById(i);
const src = $('source');
const lines = src.value.split('\\n');
lines.splice(%d, 0, 'MONSTR: ( \\'d\\', "jackal" ), (9,1)');
src.value = lines.join('\\n');
src.dispatchEvent(new Event('input'));
await P.idle();
const li = $('diagnostics').querySelector('li.error .msg');
const marked = Array.from($('gutter').children)
  .map((s, i) => s.className === 'error' ? i + 1 : 0).filter((n) => n);
return { first: li ? li.textContent : null, marked: marked,
         status: $('status').textContent, text: src.value };
"""


def check_error(ch, res, tmp):
    """Insert a bad line into keep.des and compare the page's first error
    with levgen's, as both name the file keep.des."""
    ch.open("file://" + PAGE + "#example=keep&seed=1")
    at = 24                       # the new line is line 25, in gatehall
    got = ch.eval(ERROR_JS % at)
    with open(os.path.join(tmp, "keep.des"), "w", encoding="utf-8") as f:
        f.write(got["text"])
    shutil.copy("dat/common.inc", tmp)
    rc, _, err = levgen(["keep.des"], cwd=tmp)
    want = err.decode().split("\n")[0]
    res.check(rc == 1 and want.startswith("keep.des:25:1: error:"),
              "levgen sees the error on line 25", want)
    res.check(got["first"] == want, "the page's first diagnostic",
              "page %r, levgen %r" % (got["first"], want))
    res.check(25 in got["marked"], "the gutter marks line 25",
              repr(got["marked"]))
    res.check("not compiled" in got["status"], "the status says so",
              got["status"])


def check_fixit(ch, res, tmp):
    """The "did you mean" button mends the line; the level is levgen's."""
    got = ch.eval("""const P = window.splevPlayground;
        document.querySelector('#diagnostics .fixit').click();
        await P.idle();
        return { errors: P.compiled().errors,
                 map: document.getElementById('map').textContent,
                 text: document.getElementById('source').value };""")
    line = got["text"].split("\n")[24]
    res.check(got["errors"] == 0 and line.startswith("MONSTER: "),
              "the fix-it button", line)
    with open(os.path.join(tmp, "keep.des"), "w", encoding="utf-8") as f:
        f.write(got["text"])
    _, want, _ = levgen(["keep.des"], cwd=tmp)
    res.check(got["map"].encode() == want, "the mended level",
              first_difference(got["map"].encode(), want))


def check_fragment(ch, res):
    """A link carries example, level and seed; an edited text travels in
    the fragment and comes back on a new load."""
    ch.open("file://" + PAGE + "#example=keep&level=library&seed=5")
    got = ch.eval(READ_JS)
    hl = ch.eval("""const h = document.getElementById('highlight');
        return { same: h.textContent ===
                   document.getElementById('source').value + '\\n ',
                 kw: h.querySelectorAll('.kw').length,
                 com: h.querySelectorAll('.com').length };""")
    res.check(hl["same"] and hl["kw"] > 50 and hl["com"] > 10,
              "the highlighted copy of the text", repr(hl))
    _, want, _ = levgen(["--seed", "5", "--level", "library",
                         "dat/keep.des"])
    res.check(got["level"] == "library" and got["map"].encode() == want,
              "#example=keep&level=library&seed=5",
              first_difference(got["map"].encode(), want))
    nxt = ch.eval("""document.getElementById('next-seed').click();
        return { seed: document.getElementById('seed').value,
                 map: document.getElementById('map').textContent };""")
    _, want6, _ = levgen(["--seed", "6", "--level", "library",
                          "dat/keep.des"])
    res.check(nxt["seed"] == "6" and nxt["map"].encode() == want6,
              "next seed: 6", first_difference(nxt["map"].encode(), want6))
    svg = ch.eval("""const v = document.getElementById('view');
        v.value = 'svg'; v.dispatchEvent(new Event('change'));
        const img = document.querySelector('#svg img');
        await new Promise((ok) => {
          if (img.complete) ok(); else img.onload = img.onerror = ok; });
        const w = img.naturalWidth;
        v.value = 'text'; v.dispatchEvent(new Event('change'));
        return w;""")
    res.check(svg > 500, "the SVG view draws the level", repr(svg))
    ch.eval("""const l = document.getElementById('level');
               l.value = 'gatehall'; l.dispatchEvent(new Event('change'));
               const s = document.getElementById('source');
               s.value = s.value.replace('Warden Ostry', 'Warden \u00c5sa');
               s.dispatchEvent(new Event('input'));
               await window.splevPlayground.idle(); return true;""")
    url = ch.eval("return location.href;")
    ch.send("Page.navigate", session=True, url="about:blank")
    ch.open(url)
    got2 = ch.eval(READ_JS)
    res.check("Warden \u00c5sa" in got2["map"] and
              got2["level"] == "gatehall",
              "an edited level survives the link", got2["map"][:200])


def check_http(ch, res):
    """The same page served by python3 -m http.server's handler."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=os.path.dirname(PAGE))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        port = srv.server_address[1]
        ch.open("http://127.0.0.1:%d/index.html#example=caves&seed=8" % port)
        got = ch.eval(READ_JS)
        _, want, _ = levgen(["--seed", "8", "dat/caves.des"])
        res.check(got["map"].encode() == want, "over http: caves seed 8",
                  first_difference(got["map"].encode(), want))
    finally:
        srv.shutdown()
        srv.server_close()


def main():
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    res = Counter()
    cases = list(CASES)
    if os.path.isdir(CORPUS):
        cases += [(os.path.join(CORPUS, f), lv, s, d)
                  for f, lv, s, d in CORPUS_CASES
                  if os.path.exists(os.path.join(CORPUS, f))]
    else:
        print("check-web: no ../shared/corpus: the corpus levels skipped")
    ch = Chromium(binary)
    tmp = tempfile.mkdtemp(prefix="splev-web-")
    try:
        ch.open("file://" + PAGE)
        pairs = 0
        for path, level, seeds, opts in cases:
            for seed in seeds:
                status = run_case(ch, res, path, level, seed, opts)
                pairs += 1
            print("check-web: %s: %s" % (os.path.basename(path), status))
        print("check-web: %d level x seed pairs compared with levgen" % pairs)
        check_fragment(ch, res)
        check_http(ch, res)
        check_error(ch, res, tmp)
        shot = os.path.join(ROOT, BUILD, "web-check.png")
        ch.eval("document.getElementById('diagnostics').scrollTop = 0; "
                "return true;")
        ch.screenshot(shot)
        res.check(os.path.getsize(shot) > 10000, "a screenshot", shot)
        print("check-web: screenshot " + shot)
        check_fixit(ch, res, tmp)
    finally:
        ch.close()
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (res.passed, res.failed))
    return 1 if res.failed else 0


if __name__ == "__main__":
    sys.exit(main())
