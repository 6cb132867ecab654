#!/usr/bin/env bash
# Screenshots each chart of Guide/performance/ at its own size, as GitHub shows it in a 1,000 px
# window (the charts are 800 px wide, inside the 886 px column), to look at before committing.
#
#   Scripts/screenshot-charts.sh
#
# Writes /tmp/chart-<name>.png and prints the paths. Needs Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
for chart in Guide/performance/*.svg; do
    name="$(basename "$chart" .svg)"
    size="$(grep -o 'width="[0-9.]*" height="[0-9.]*"' "$chart" | head -1 | tr -dc '0-9. ')"
    read -r width height <<< "$size"
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --window-size="${width%.*},${height%.*}" --screenshot="/tmp/chart-$name.png" "file://$PWD/$chart" 2> /dev/null
    echo "/tmp/chart-$name.png"
done
