#!/usr/bin/env python3
"""Render every page of Guide/ as GitHub shows it and list each table or code block wider than the column.

    python3 Scripts/check-page-widths.py [--width 1000] [--first-screen 900] [pages...]

Each page is rendered with GitHub's Markdown (cmark-gfm) and the parts of GitHub's stylesheet that decide
widths: a content column 114 px narrower than the window (886 px at 1,000 px), code at 85 % of 16 px,
and tables that scroll inside themselves (`display: block; width: max-content; max-width: 100%;
overflow: auto`). A stylesheet that stretched tables to 100 % would hide exactly the overflow readers hit.
All pages go into one document, each in its own column, and headless Chromium measures them: a table
or a code block whose content is wider than its box is listed with its page and how many pixels are
hidden. For recipe pages it also checks that the opening block (the "Replace … with …" line and the
minimum OS) sits in the first screen.

Exits 1 when anything overflows or an opening block is below the first screen. Needs Debian's
`chromium` and PyPI's `cmarkgfm` (`apt-get install -y chromium`, `pip install cmarkgfm`).
"""
import argparse
import html
import json
import pathlib
import re
import subprocess
import sys
import tempfile

import cmarkgfm
from cmarkgfm.cmark import Options

ROOT = pathlib.Path(__file__).resolve().parent.parent
COLUMN_MARGIN = 114  # GitHub's page chrome around the Markdown column at 1,000 px: 1,000 − 886.

CSS = """
body { margin: 0; }
.markdown-body { box-sizing: border-box; width: %(column)dpx; margin: 0 0 64px 0; padding: 0;
  font-family: -apple-system, 'Segoe UI', 'Noto Sans', Helvetica, Arial, sans-serif; font-size: 16px;
  line-height: 1.5; color: #1f2328; word-wrap: break-word; position: relative; }
.markdown-body code, .markdown-body pre { font-family: ui-monospace, SFMono-Regular, 'SF Mono', Menlo,
  Consolas, 'Liberation Mono', 'DejaVu Sans Mono', monospace; font-size: 85%%; }
.markdown-body code { padding: .2em .4em; white-space: break-spaces; border-radius: 6px;
  background-color: rgba(129, 139, 152, .12); }
.markdown-body pre { padding: 16px; overflow: auto; line-height: 1.45; border-radius: 6px;
  background-color: #f6f8fa; }
.markdown-body pre code { font-size: 100%%; padding: 0; white-space: pre; background: transparent; }
.markdown-body table { border-spacing: 0; border-collapse: collapse; display: block; width: max-content;
  max-width: 100%%; overflow: auto; }
.markdown-body td, .markdown-body th { padding: 6px 13px; border: 1px solid #d1d9e0; }
"""

MEASURE = """
const report = [];
for (const body of document.querySelectorAll('.markdown-body')) {
  const page = body.dataset.page, top = body.getBoundingClientRect().top;
  const found = { page, overflows: [], opening: null };
  for (const box of body.querySelectorAll('table, pre')) {
    const hidden = box.scrollWidth - box.clientWidth;
    if (hidden > 1) {
      const heading = [...body.querySelectorAll('h1, h2, h3')]
        .filter(h => h.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).pop();
      found.overflows.push({ kind: box.tagName.toLowerCase(), hidden,
        under: heading ? heading.textContent.trim() : '' });
    }
  }
  const marks = [...body.querySelectorAll('p, li')];
  const replace = marks.find(e => e.textContent.startsWith('Replace '));
  const needs = marks.find(e => e.textContent.startsWith('Needs '));
  if (body.textContent.includes('To copy this recipe:')) {
    found.opening = { replace: replace ? replace.getBoundingClientRect().bottom - top : null,
                      needs: needs ? needs.getBoundingClientRect().bottom - top : null };
  }
  report.push(found);
}
const out = document.createElement('pre');
out.id = 'width-report';
out.textContent = JSON.stringify(report);
document.body.appendChild(out);
"""


def render(pages, column):
    parts = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        body = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
        name = html.escape(str(page.relative_to(ROOT)) if page.is_relative_to(ROOT) else str(page))
        parts.append(f'<article class="markdown-body" data-page="{name}">{body}</article>')
    return (
        "<!doctype html><meta charset=utf-8><style>" + CSS % {"column": column} + "</style>"
        + "".join(parts) + "<script>" + MEASURE + "</script>"
    )


def measure(document, width):
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "pages.html"
        path.write_text(document, encoding="utf-8")
        dom = subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--window-size={width},900", "--virtual-time-budget=10000", "--dump-dom", path.as_uri()],
            capture_output=True, text=True, check=True).stdout
    match = re.search(r'<pre id="width-report">(.*?)</pre>', dom, re.S)
    if not match:
        sys.exit("check-page-widths: Chromium returned no measurements")
    return json.loads(html.unescape(match.group(1)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=1000, help="window width in px (default 1000)")
    parser.add_argument("--first-screen", type=int, default=900,
                        help="how far down a recipe page's opening block may end, in px (default 900)")
    parser.add_argument("--html", metavar="FILE",
                        help="only write the rendered pages to FILE (for a screenshot) and measure nothing")
    parser.add_argument("pages", nargs="*", help="pages to check (default: every .md below Guide/)")
    arguments = parser.parse_args()
    if arguments.width <= COLUMN_MARGIN:
        parser.error(f"--width must be more than {COLUMN_MARGIN}")
    pages = [pathlib.Path(p).resolve() for p in arguments.pages] or sorted((ROOT / "Guide").rglob("*.md"))
    for page in pages:
        if not page.is_file():
            parser.error(f"no such page: {page}")
    column = arguments.width - COLUMN_MARGIN
    if arguments.html:
        document = render(pages, column).replace("<script>" + MEASURE + "</script>", "")
        pathlib.Path(arguments.html).write_text(
            document.replace("body { margin: 0; }", "body { margin: 0 57px; }"), encoding="utf-8")
        return 0
    report = measure(render(pages, column), arguments.width)
    overflowing = [page for page in report if page["overflows"]]
    late = []
    for page in report:
        for item in page["overflows"]:
            print(f"{page['page']}: {item['kind']} under \"{item['under']}\" hides {item['hidden']} px")
        opening = page["opening"]
        if opening is not None:
            for key in ("replace", "needs"):
                if opening[key] is None or opening[key] > arguments.first_screen:
                    late.append(page["page"])
                    where = "missing" if opening[key] is None else f"ends at {opening[key]:.0f} px"
                    print(f"{page['page']}: the opening block's \"{key}\" line {where}")
    print(f"{len(report) - len(overflowing)} of {len(report)} pages fit a {column} px column "
          f"(a {arguments.width} px window); {sum(len(p['overflows']) for p in report)} tables or code blocks overflow"
          + (f"; {len(set(late))} opening blocks below {arguments.first_screen} px" if late else ""))
    return 1 if overflowing or late else 0


if __name__ == "__main__":
    sys.exit(main())
