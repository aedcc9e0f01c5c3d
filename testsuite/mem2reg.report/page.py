#!/usr/bin/env python3
"""page.py - report.exp's helper for m2r-report --format=html.

  page.py odd IN OUT                 IN's records with odd names: every
                                     function and variable name and the
                                     file name get < > & # " ' and spaces
  page.py noline IN OUT              IN's records with every variable's
                                     line 0 (none recorded)
  page.py page PAGE NSVG [NAME...]   the page works offline (no http://,
                                     https://, src= or url( but data: or
                                     #), parses as HTML without an error,
                                     has NSVG <svg> each with a drawn
                                     element, every #anchor resolves, ids
                                     hold no space, quote or '#', and each
                                     NAME appears as text (escaped in the
                                     source, never raw)
                                     (relative links, to the explanations'
                                     files beside the page, are allowed
                                     when their target exists)
  page.py explained PAGE N SVG       the page's Explanations table has N
                                     rows, each linking its text and (SVG
                                     1) its picture, files that exist (an
                                     SVG parses, an <svg> root), and every
                                     differing function explained there is
                                     linked from the differences too
  page.py paged PAGE                 a page of a big build: the plots'
                                     caps hold and say what they leave
                                     out; the files and the differences
                                     go on in pages beside it, each of at
                                     most 1000 rows, that hold every row
                                     (as many as the headings count) and
                                     pass the checks of "page"
  page.py uncompared PAGE REC...     the page of the records REC...: the
                                     phi plot draws the functions compared
                                     with GCC only and says how many it
                                     leaves out and why, the time plot
                                     GCC's time of those only; a Groups
                                     table with a row per group
  page.py png FILE                   a screenshot that is not blank

Prints "ok ..." and exits 0, or prints what is wrong and exits 1.
"""
import html
import html.parser
import json
import os
import re
import subprocess
import sys
import urllib.parse
import xml.etree.ElementTree as ET
import zlib

ODD = "<t>&'#\" x"


def fail(msg):
    print(msg)
    sys.exit(1)


def odd(src, dst):
    with open(src) as f, open(dst, "w") as o:
        for line in f:
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            r["file"] = "odd dir/" + r["file"].replace("/", "_") + ODD + ".c"
            if "function" in r:
                r["function"] = "std::vector<int>::" + r["function"] + ODD
            for v in r.get("variables", []):
                v["name"] = v.get("name", "") + ODD
            o.write(json.dumps(r) + "\n")
    print("ok odd")


def noline(src, dst):
    with open(src) as f, open(dst, "w") as o:
        for line in f:
            if line.startswith("{"):
                r = json.loads(line)
                for v in r.get("variables", []):
                    v["line"] = 0
                o.write(json.dumps(r) + "\n")
    print("ok noline")


def relative(url):
    """A link to a file beside the page (maybe at an anchor of it): no
    scheme, no host, no root."""
    return not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", url) and not url.startswith("/") and not url.startswith("#")


def target(page, url):
    return os.path.join(os.path.dirname(os.path.abspath(page)), urllib.parse.unquote(url.split("#")[0]))


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.svgs, self.ids, self.hrefs = [], [], set(), []
        self.text, self.errors = [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag not in ("meta", "br", "img", "input", "link", "hr", "circle", "rect", "path", "line"):
            self.stack.append(tag)
        if "id" in a:
            if a["id"] in self.ids:
                self.errors.append("duplicate id %r" % a["id"])
            self.ids.add(a["id"])
        if "href" in a:
            self.hrefs.append(a["href"])
        for k in ("src", "href", "xlink:href"):
            v = a.get(k)
            if v is not None and not (v.startswith("#") or v.startswith("data:") or
                                      (k == "href" and relative(v))):
                self.errors.append("%s=%r points outside the page" % (k, v))
        if tag == "svg":
            self.svgs.append(0)
        elif self.svgs and tag in ("circle", "rect", "path", "line", "polyline"):
            self.svgs[-1] += 1

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag in self.stack and self.stack[-1] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in ("circle", "rect", "path", "line"):
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("</%s> closes <%s> at line %d" % (tag, self.stack[-1] if self.stack else "nothing",
                                                              self.getpos()[0]))
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def page(path, nsvg, names, quiet=False):
    s = open(path, encoding="utf-8").read()
    for bad in ("http://", "https://", "url(", "@import", "<link", "<iframe"):
        if bad in s:
            fail("%s: contains %r" % (path, bad))
    p = Page()
    p.feed(s)
    p.close()
    if p.stack:
        p.errors.append("unclosed: %s" % p.stack)
    if p.errors:
        fail("%s: %s" % (path, "; ".join(p.errors[:5])))
    if len(p.svgs) != nsvg:
        fail("%s: %d <svg>, expected %d" % (path, len(p.svgs), nsvg))
    if p.svgs and min(p.svgs) < 1:
        fail("%s: an <svg> draws nothing: %s" % (path, p.svgs))
    for h in p.hrefs:
        if h.startswith("#") and h[1:] not in p.ids:
            fail("%s: anchor %s resolves to no id" % (path, h))
        if not h.startswith("#") and not os.path.isfile(target(path, h)):
            fail("%s: link %s: no file %s" % (path, h, target(path, h)))
    for i in p.ids:
        if re.search(r"[\s#\"'<>&]", i):
            fail("%s: id %r is not escaped" % (path, i))
    text = "".join(p.text)
    for n in names:
        if n not in text:
            fail("%s: name %r is not in the page's text" % (path, n))
    for raw in ("<t>", "'#\""):
        if raw in s:
            fail("%s: raw %r in the page: a name is not escaped" % (path, raw))
    if not quiet:
        print("ok page: %d svg (%s drawn elements), %d anchors" % (len(p.svgs), p.svgs, len(p.hrefs)))


def explained(path, n, svg):
    s = open(path, encoding="utf-8").read()
    m = re.search(r'<h2 id="explanations">Explanations: ([0-9]+) functions</h2>.*?(<table>.*?</table>|$)', s, re.S)
    if not m:
        fail("%s: no Explanations section" % path)
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(asked|differs)</td><td[^>]*>[^<]*</td>"
                      r"<td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", m.group(2))
    if int(m.group(1)) != n or len(rows) != n:
        fail("%s: %s explanations, %d rows, expected %d" % (path, m.group(1), len(rows), n))
    for file_, fn, why, pic, txt, note in rows:
        t = re.match(r'<a href="([^"]+)">text</a>$', txt)
        if not t or not os.path.getsize(target(path, html.unescape(t.group(1)))):
            fail("%s: %s: no text link to a file: %r" % (path, fn, txt))
        if not open(target(path, html.unescape(t.group(1))), encoding="utf-8").read().startswith(
                ("explain @", "(GCC's phis")):
            fail("%s: %s: the text file is not an explanation" % (path, fn))
        # the function's picture, then one per variable ("%x"): one per
        # digraph of the DOT beside it, each a file that parses as SVG
        p = re.match(r'<a href="([^"]+)">SVG</a>((?: <a href="[^"]+">[^<]+</a>)*)$', pic)
        if svg and not p:
            fail("%s: %s: no picture (%s)" % (path, fn, note))
        if not svg and pic != "-":
            fail("%s: %s: a picture without Graphviz: %r" % (path, fn, pic))
        if p:
            pics = [p.group(1)] + re.findall(r'<a href="([^"]+)">', p.group(2))
            first = target(path, html.unescape(p.group(1)))
            ngraph = len(re.findall(r"^digraph ", open(first[:-4] + ".dot", encoding="utf-8").read(), re.M))
            if len(pics) != ngraph:
                fail("%s: %s: %d pictures linked, the DOT has %d digraphs" % (path, fn, len(pics), ngraph))
            for h in pics:
                f = target(path, html.unescape(h))
                try:
                    root = ET.parse(f).getroot()
                except (OSError, ET.ParseError) as e:
                    fail("%s: %s: the picture %s does not parse: %s" % (path, fn, f, e))
                if root.tag != "{http://www.w3.org/2000/svg}svg":
                    fail("%s: %s: %s is not SVG: <%s>" % (path, fn, f, root.tag))
        # a differing function is linked from the differences table too
        link = (p or t).group(1)
        if why == "differs" and ('<a href="%s">%s</a></td>' % (link, fn)) not in s:
            fail("%s: %s differs but the differences do not link it to %s" % (path, fn, link))
    print("ok explained: %d rows%s" % (n, ", each with its picture" if svg else ", text only"))


def table_rows(s, name):
    """The rows of table NAME on a page: the files' sortable table, or
    the differences' (one row per variable, linked to its source line)."""
    if name == "files":
        return sum(t.split("</table>")[0].count("<tr>") - 1 for t in s.split('<table class="sort">')[1:])
    return len(re.findall(r'<tr><td><a href="#src-', s))


def paged(path):
    s = open(path, encoding="utf-8").read()
    circles = [len(re.findall(r"<circle", part)) for part in s.split("<svg")[1:]]
    if not circles or max(circles) > 2000:
        fail("%s: a plot draws %s points (cap 2000)" % (path, circles))
    if not re.search(r"[0-9]+ points left out", s):
        fail("%s: no line says how many points were left out" % path)
    said = []
    for name, heading in (("files", r'<h2 id="files">Files: ([0-9]+)</h2>'),
                          ("differences", r'<h2 id="differences">Differences from GCC, by reason: ([0-9]+) variables')):
        m = re.search(heading, s)
        if not m:
            fail("%s: no heading of the %s" % (path, name))
        want, rows = int(m.group(1)), table_rows(s, name)
        pages = sorted(set(re.findall(r'href="([^"#]*-pages/%s-[0-9]+\.html)"' % name, s)),
                       key=lambda h: int(re.search(r"-([0-9]+)\.html$", h).group(1)))
        for k, h in enumerate(pages, 2):
            if not h.endswith("/%s-%d.html" % (name, k)):
                fail("%s: the %s pages are not 2 to %d: %s" % (path, name, len(pages) + 1, pages))
        if rows > 1000 or (pages and rows != 1000):
            fail("%s: %d rows of the %s on the page (1000 when more follow)" % (path, rows, name))
        for h in pages:
            sub = target(path, h)
            page(sub, 0, [], quiet=True)
            t = open(sub, encoding="utf-8").read()
            n = table_rows(t, name)
            if n < 1 or n > 1000:
                fail("%s: %d rows of the %s (1 to 1000)" % (sub, n, name))
            back = re.findall(r'href="(\.\./[^"#]*)#', t)
            if not back or not all(os.path.isfile(target(sub, b)) for b in back):
                fail("%s: no link back to the page %s" % (sub, path))
            rows += n
        if rows != want:
            fail("%s: the %s pages hold %d rows, the heading counts %d" % (path, name, rows, want))
        said.append("%s %d rows on %d pages" % (name, rows, len(pages) + 1))
    print("ok paged: %s points, %s" % (circles, ", ".join(said)))


def uncompared(path, recs):
    fns = [json.loads(l) for f in recs for l in open(f) if l.startswith('{"type":"function"')]
    ncmp = sum(1 for r in fns if r["compared"])
    left = len(fns) - ncmp
    groups = {(r.get("mode"), r.get("placement"), r.get("algorithm", "llvm"), r.get("gcc_version"), r.get("target"))
              for r in fns}
    s = open(path, encoding="utf-8").read()
    svgs = s.split("<svg")[1:]
    phis, times = svgs[0].split("</figure>")[0], svgs[1].split("</figure>")[0]
    drawn = len(re.findall(r"<circle class=\"(p|off)\"", phis))
    gcc_times = len(re.findall(r'<circle class="gcc"', times))
    if not left or drawn != ncmp or gcc_times > ncmp:
        fail("%s: %d functions not compared, phi plot draws %d points (want the %d compared), %d GCC times"
             % (path, left, drawn, ncmp, gcc_times))
    for what in ("the points", "GCC's time"):
        say = "Left out: %s of the %d functions not compared with GCC (rewrite mode, compare=no or m2r-opt" % (what, left)
        if say not in s:
            fail("%s: no caption says %r" % (path, say))
    m = re.search(r'<h2 id="groups">Groups: ([0-9]+)</h2>.*?<table>(.*?)</table>', s, re.S)
    if not m or int(m.group(1)) != len(groups) or m.group(2).count("<tr>") != len(groups) + 1:
        fail("%s: no Groups table with a row per group (%d)" % (path, len(groups)))
    print("ok uncompared: %d points drawn, %d functions left out, %d groups" % (drawn, left, len(groups)))


def png(path):
    b = open(path, "rb").read()
    if b[:8] != b"\x89PNG\r\n\x1a\n":
        fail("%s: not a PNG" % path)
    pos, idat, w, h = 8, b"", 0, 0
    while pos < len(b):
        n = int.from_bytes(b[pos:pos + 4], "big")
        kind, data = b[pos + 4:pos + 8], b[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h = int.from_bytes(data[:4], "big"), int.from_bytes(data[4:8], "big")
        elif kind == b"IDAT":
            idat += data
        pos += 12 + n
    raw = zlib.decompress(idat)
    # distinct byte values over the image's rows: a blank page has 2 or 3
    colours = len(set(raw[::7]))
    if w < 100 or h < 100 or colours < 16:
        fail("%s: %dx%d, %d byte values: blank" % (path, w, h, colours))
    print("ok png %dx%d, %d byte values" % (w, h, colours))


PROBE_HEAD = ("<script>window.__errs=[];window.addEventListener('error',"
              "function(e){window.__errs.push(String(e.message));});</script>")
# Clicks the file table's first header twice, records the first column's
# order each time, resolves every #anchor, and writes it all into the DOM.
PROBE_TAIL = """<script>(function(){
var t=document.querySelector('table.sort'),th=t.tHead.rows[0].cells[0],res={};
function col(){return Array.from(t.tBodies[0].rows).map(function(r){return r.cells[0].textContent;});}
res.before=col();th.click();res.up=col();th.click();res.down=col();
res.missing=Array.from(document.querySelectorAll('a[href^="#"]')).map(function(a){
return decodeURIComponent(a.getAttribute('href').slice(1));}).filter(function(id){
return !document.getElementById(id);});
res.svgs=Array.from(document.querySelectorAll('svg')).map(function(s){
var b=s.getBBox();return s.querySelectorAll('circle,rect,path').length>0&&b.width>0&&b.height>0;});
res.errs=window.__errs;var p=document.createElement('pre');p.id='probe';
p.textContent=JSON.stringify(res);document.body.appendChild(p);})();</script>"""


def chrome(exe, url, *extra):
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--host-resolver-rules=MAP * ~NOTFOUND", "--window-size=1200,1600"] + list(extra) + [url]
    return subprocess.run(cmd, capture_output=True, timeout=60)


def browse(exe, path, out):
    s = open(path, encoding="utf-8").read()
    # beside the page, so that its relative links resolve as the page's
    probe = os.path.join(os.path.dirname(os.path.abspath(path)), "probe-" + os.path.basename(path))
    with open(probe, "w", encoding="utf-8") as f:
        f.write(s.replace("<head>", "<head>" + PROBE_HEAD, 1).replace("</body>", PROBE_TAIL + "</body>", 1))
    # Chromium's own records: its console (--enable-logging: every
    # console message of the page, errors included, is a CONSOLE line)
    # and its network log (every URL it asked for, whatever resolves).
    netlog = os.path.join(out, "net.json")
    if os.path.exists(netlog):
        os.remove(netlog)
    r = chrome(exe, "file://" + os.path.abspath(probe), "--dump-dom", "--enable-logging=stderr",
               "--v=0", "--log-net-log=" + netlog)
    os.remove(probe)
    m = re.search(r'<pre id="probe">(.*?)</pre>', r.stdout.decode("utf-8", "replace"), re.S)
    if not m:
        fail("no probe result from %s (status %d): %s" % (exe, r.returncode, r.stderr.decode()[-500:]))
    res = json.loads(html.unescape(m.group(1)))
    if res["errs"]:
        fail("script errors: %s" % res["errs"])
    console = [l for l in r.stderr.decode("utf-8", "replace").splitlines() if ":CONSOLE" in l]
    if console:
        fail("console messages: %s" % console[:3])
    if not os.path.exists(netlog):
        fail("no network log from %s" % exe)
    urls = sorted(set(re.findall(r'"url":"([^"]*)"', open(netlog, encoding="utf-8", errors="replace").read())))
    urls = [u for u in urls if not u.startswith(("file:", "data:"))]
    if urls:
        fail("network requests: %s" % urls[:5])
    if len(res["before"]) < 2 or res["up"] == res["down"] or res["up"] != sorted(res["up"]) \
            or res["down"] != sorted(res["down"], reverse=True):
        fail("sorting by file does not sort: %s" % res)
    if res["missing"]:
        fail("anchors with no target: %s" % res["missing"][:5])
    if not res["svgs"] or not all(res["svgs"]):
        fail("an empty plot: %s" % res["svgs"])
    # the pictures the page links (explanations): each opens offline
    for svg in sorted(set(re.findall(r'<a href="([^"#:]+\.svg)">', s)))[:3]:
        os.remove(netlog)
        r = chrome(exe, "file://" + target(path, html.unescape(svg)), "--dump-dom", "--log-net-log=" + netlog)
        if r.returncode != 0 or b"<svg" not in r.stdout:
            fail("the picture %s does not open (status %d)" % (svg, r.returncode))
        urls = [u for u in re.findall(r'"url":"([^"]*)"', open(netlog, encoding="utf-8", errors="replace").read())
                if not u.startswith(("file:", "data:"))]
        if urls:
            fail("the picture %s makes network requests: %s" % (svg, urls[:5]))
    shot = os.path.join(out, "page.png")
    if os.path.exists(shot):
        os.remove(shot)
    r = chrome(exe, "file://" + os.path.abspath(path), "--screenshot=" + shot)
    if not os.path.exists(shot):
        fail("no screenshot (status %d): %s" % (r.returncode, r.stderr.decode()[-500:]))
    png(shot)
    print("ok browse: %d rows sorted both ways, %d plots drawn" % (len(res["up"]), len(res["svgs"])))


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "odd":
        odd(*args)
    elif cmd == "noline":
        noline(*args)
    elif cmd == "page":
        page(args[0], int(args[1]), args[2:])
    elif cmd == "explained":
        explained(args[0], int(args[1]), args[2] == "1")
    elif cmd == "paged":
        paged(args[0])
    elif cmd == "uncompared":
        uncompared(args[0], args[1:])
    elif cmd == "browse":
        browse(*args)
    elif cmd == "png":
        png(args[0])
    else:
        fail("unknown command " + cmd)


if __name__ == "__main__":
    main()
