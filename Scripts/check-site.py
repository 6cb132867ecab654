#!/usr/bin/env python3
"""Open the DocC site's recipe pages in headless Chromium and list every code block that scrolls sideways.

    python3 Scripts/check-site.py [--site .build/site] [--widths 1000,1600] [--limit N] [ids...]

Serves the site built by Scripts/build-site.sh on a loopback port, loads each page in an iframe of
the given window width (DocC lays a page out by the width it is given), waits for DocC to render it,
and measures every code listing: one whose content is wider than its box is cut off or scrolls
sideways. It also checks that both the Legacy and the Modern block of every page are there, and that
the navigator's filter, given an API's name (`--find`, default DispatchSemaphore), finds its
"Find your code" page.
Exits 1 when anything is wrong. Needs Debian's `chromium`.
"""
import argparse
import functools
import html
import http.server
import json
import pathlib
import re
import subprocess
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent

HARNESS = """<!doctype html><meta charset=utf-8><body><pre id="report"></pre><script>
const pages = %(pages)s, widths = %(widths)s, query = %(query)s, results = [];
const sleep = ms => new Promise(r => setTimeout(r, ms));
async function check(page, width) {
  const frame = document.createElement('iframe');
  frame.style.width = width + 'px'; frame.style.height = '900px';
  frame.src = '/documentation/concurrencymigration/' + page;
  document.body.appendChild(frame);
  let doc = null;
  for (let i = 0; i < 200; i++) {
    await sleep(100);
    doc = frame.contentDocument;
    if (doc && doc.querySelector('.code-listing, pre')) break;
  }
  const found = { page, width, overflows: [], listings: 0, legacy: false, modern: false };
  if (doc) {
    const boxes = [...doc.querySelectorAll('pre')];
    found.listings = boxes.length;
    for (const box of boxes) {
      // The listing scrolls in whichever box clips it: the <pre> or one of its containers.
      let hidden = 0;
      for (let el = box; el && el !== doc.body; el = el.parentElement) {
        hidden = Math.max(hidden, el.scrollWidth - el.clientWidth);
        if (el.classList && el.classList.contains('code-listing')) break;
      }
      const code = box.querySelector('code') || box;
      const cut = code.getBoundingClientRect().right - doc.documentElement.clientWidth;
      hidden = Math.max(hidden, Math.round(cut));
      if (hidden > 1) found.overflows.push(hidden);
    }
    const text = doc.body.innerText;
    found.legacy = /(^|\\n)Legacy/.test(text);
    found.modern = /(^|\\n)Modern/.test(text);
  }
  frame.remove();
  return found;
}
async function filter(query) {
  // The navigator shows beside the page from 1,024 px; type into its filter like a reader.
  const frame = document.createElement('iframe');
  frame.style.width = '1600px'; frame.style.height = '900px';
  frame.src = '/documentation/concurrencymigration/';
  document.body.appendChild(frame);
  const field = () => frame.contentDocument && frame.contentDocument.querySelector('.navigator input.filter__input');
  for (let i = 0; i < 200 && !field(); i++) await sleep(100);
  // The navigator restores its saved state once its index has loaded, which clears a filter
  // typed before then: wait for it.
  await sleep(4000);
  const found = { query, titles: [] };
  const input = field();
  if (input) {
    input.value = query;
    input.dispatchEvent(new frame.contentWindow.Event('input', { bubbles: true }));
    await sleep(2000);
    // The list recycles its rows and parks the unused ones above the top: keep those in view.
    found.titles = [...frame.contentDocument.querySelectorAll('.navigator-card-item')]
      .filter(item => item.getBoundingClientRect().top >= 0)
      .map(item => item.innerText.trim());
  }
  frame.remove();
  return found;
}
(async () => {
  for (const width of widths) for (const page of pages) results.push(await check(page, width));
  const filtered = await filter(query);
  document.getElementById('report').textContent = JSON.stringify({ results, filtered });
})();
</script>"""


def recipe_ids():
    ids = []
    for page in sorted((ROOT / "Guide").glob("*/*.md")):
        if page.name != "README.md" and "**To copy this recipe:**" in page.read_text(encoding="utf-8"):
            ids.append(page.stem)
    return ids


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default=str(ROOT / ".build/site"), help="the built site (default .build/site)")
    parser.add_argument("--widths", default="1000,1600", help="window widths in px (default 1000,1600)")
    parser.add_argument("--find", default="DispatchSemaphore",
                        help="what to type into the navigator's filter (default DispatchSemaphore)")
    parser.add_argument("--limit", type=int, default=0, help="check only the first N recipe pages")
    parser.add_argument("ids", nargs="*", help="recipe ids (default: every recipe page)")
    arguments = parser.parse_args()
    site = pathlib.Path(arguments.site)
    if not (site / "index.html").exists():
        parser.error(f"no site at {site}: run Scripts/build-site.sh first")
    ids = arguments.ids or recipe_ids()
    if arguments.limit:
        ids = ids[: arguments.limit]
    widths = [int(w) for w in arguments.widths.split(",")]
    (site / "_check.html").write_text(
        HARNESS % {"pages": json.dumps(ids), "widths": json.dumps(widths), "query": json.dumps(arguments.find)}, encoding="utf-8")
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        budget = 60000 + 4000 * len(ids) * len(widths)
        dom = subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--window-size=1700,1000", f"--virtual-time-budget={budget}", "--dump-dom",
             f"http://127.0.0.1:{server.server_address[1]}/_check.html"],
            capture_output=True, text=True, check=True, timeout=1800).stdout
    finally:
        server.shutdown()
        (site / "_check.html").unlink(missing_ok=True)
    match = re.search(r'<pre id="report">(.*?)</pre>', dom, re.S)
    if not match or not match.group(1).strip():
        sys.exit("check-site: the pages did not finish loading")
    report = json.loads(html.unescape(match.group(1)))
    results, filtered = report["results"], report["filtered"]
    bad = 0
    for result in results:
        problems = []
        if result["listings"] == 0:
            problems.append("no code listing rendered")
        if not (result["legacy"] and result["modern"]):
            problems.append("the Legacy or the Modern block is missing")
        if result["overflows"]:
            problems.append(f"{len(result['overflows'])} code blocks scroll sideways "
                            f"(up to {max(result['overflows'])} px hidden)")
        if problems:
            bad += 1
            print(f"{result['page']} at {result['width']} px: " + "; ".join(problems))
    # The filter keeps the pages whose titles match and the chapters or groups they are in.
    exact = [title for title in filtered["titles"] if title == arguments.find]
    if not exact:
        bad += 1
        print(f"the navigator's filter for {arguments.find!r} does not find its page "
              f"(it shows {filtered['titles'][:8]})")
    else:
        print(f"the navigator's filter for {arguments.find!r} finds " + ", ".join(filtered["titles"]))
    listings = sum(result["listings"] for result in results)
    print(f"{len(results) - bad} of {len(results)} page views fine ({len(ids)} pages at {widths} px, "
          f"{listings} code listings measured)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
