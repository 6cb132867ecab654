#!/usr/bin/env bash
# Renders a Guide page the way a reader sees it on GitHub and screenshots it, to look at before
# committing.
#
#   Scripts/screenshot-page.sh Guide/05-shared-state-and-synchronization/readers-writer-barrier.md [width] [height]
#
# Writes /tmp/<page>.html and /tmp/<page>.png. The page is rendered by Scripts/check-page-widths.py
# (GitHub's Markdown and the widths of its stylesheet: a column 114 px narrower than the window,
# code at 85% of 16 px, tables that scroll inside themselves), so what overflows here overflows
# there. Needs Debian's chromium and PyPI's cmarkgfm: `apt-get install -y chromium`,
# `pip install cmarkgfm`.
set -euo pipefail
page="$1"
width="${2:-1000}"
height="${3:-2400}"
name="$(basename "$page" .md)"
python3 "$(dirname "$0")/check-page-widths.py" --width "$width" --html "/tmp/$name.html" "$page"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$width,$height" \
    --screenshot="/tmp/$name.png" "file:///tmp/$name.html" 2>/dev/null
echo "/tmp/$name.png"
