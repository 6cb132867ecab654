#!/usr/bin/env bash
# Renders a Guide page the way a reader sees it and screenshots it, to look at before committing.
#
#   Scripts/screenshot-page.sh Guide/05-shared-state-and-synchronization/readers-writer-barrier.md [width] [height]
#
# Writes /tmp/<page>.html and /tmp/<page>.png. The HTML uses GitHub-like widths and fonts (a
# 1,012 px reading column, code at 85% of 16 px), so what overflows here overflows there. Needs
# Debian's chromium and python3-markdown: `apt-get install -y chromium python3-markdown`.
set -euo pipefail
page="$1"
width="${2:-1000}"
height="${3:-2400}"
name="$(basename "$page" .md)"
/usr/bin/python3 - "$page" "/tmp/$name.html" <<'PY'
import sys, markdown
source, target = sys.argv[1], sys.argv[2]
body = markdown.markdown(open(source, encoding="utf-8").read(), extensions=["fenced_code", "tables", "md_in_html"])
css = """
body { font-family: -apple-system, 'Segoe UI', 'Noto Sans', Helvetica, Arial, sans-serif; font-size: 16px;
       line-height: 1.5; max-width: 980px; margin: 0 auto; padding: 32px 16px; color: #1f2328; }
code, pre { font-family: ui-monospace, SFMono-Regular, 'DejaVu Sans Mono', Menlo, monospace; font-size: 85%; }
pre { background: #f6f8fa; padding: 16px; overflow: auto; border-radius: 6px; line-height: 1.45; }
pre code { font-size: 100%; }
table { border-collapse: collapse; display: block; width: max-content; max-width: 100%; overflow: auto; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; vertical-align: top; }
details { margin: 8px 0; }
"""
open(target, "w", encoding="utf-8").write(f"<!doctype html><meta charset=utf-8><style>{css}</style>{body}")
PY
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$width,$height" \
    --screenshot="/tmp/$name.png" "file:///tmp/$name.html" 2>/dev/null
echo "/tmp/$name.png"
