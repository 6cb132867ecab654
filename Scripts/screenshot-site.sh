#!/usr/bin/env bash
# Screenshots a page of the DocC site the way a reader sees it, to look at before committing.
#
#   Scripts/screenshot-site.sh <page name> [width] [height]     e.g. semaphore-throttle 1000
#
# Serves the site Scripts/build-site.sh built (.build/site) on a loopback port and writes
# /tmp/site-<page>-<width>.png. The landing page is ConcurrencyMigration; a "Find your code" page
# is find-<api>, e.g. find-dispatchsemaphore. Needs Debian's chromium (`apt-get install -y chromium`).
set -euo pipefail
cd "$(dirname "$0")/.."
page="$1"
width="${2:-1000}"
height="${3:-2400}"
[ -f .build/site/index.html ] || { echo "no site in .build/site: run Scripts/build-site.sh first" >&2; exit 1; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 --directory .build/site "$port" > /dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
path="documentation/concurrencymigration/"
[ "$page" = ConcurrencyMigration ] || path+="$page"
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
out="/tmp/site-$page-$width.png"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$width,$height" \
    --virtual-time-budget=8000 --screenshot="$out" "http://127.0.0.1:$port/$path" 2>/dev/null
echo "$out"
