#!/usr/bin/env bash
# Builds the guide as a static DocC site from the same sources as Guide/.
#
#   Scripts/build-site.sh [output folder]     (default .build/site)
#
# `swift run guide --docc` writes the DocC catalog (ConcurrencyMigration.docc); the toolchain's
# `docc convert --transform-for-static-hosting` turns it into a folder any static server can serve.
# Any DocC warning (a broken link, an unknown directive) fails the build. To read it locally:
#
#   python3 -m http.server --directory .build/site 8000
#   open http://localhost:8000/documentation/concurrencymigration/
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-.build/site}"
catalog="$(mktemp -d)"
trap 'rm -rf "$catalog"' EXIT

if command -v docc > /dev/null; then docc=(docc); else docc=(xcrun docc); fi

swift run guide --docc "$catalog"
rm -rf "$output"
"${docc[@]}" convert "$catalog/ConcurrencyMigration.docc" \
    --output-path "$output" \
    --transform-for-static-hosting \
    --fallback-display-name ConcurrencyMigration \
    --fallback-bundle-identifier org.swift.concurrency-migration \
    --warnings-as-errors

# Below a 1,251 px window DocC's content column is 660 px, and an 80-column listing at its 15 px
# code font is 750 px: every page would scroll sideways. DocC has no setting for the code font
# size (theme-settings.json sets colours, fonts and features; a custom header lives in a shadow
# root and can't style the page), so each page gets one rule: code at 12.6 px in that range.
# Wider windows keep DocC's size (the catalog's theme settings drop the "On this page" outline,
# which leaves them an 820 px column).
style='<style>@media only screen and (min-width:736px) and (max-width:1250px){.code-listing pre>code{font-size:.74rem!important}}</style>'
find "$output" -name index.html -exec sed -i.orig "s#</head>#${style}</head>#" {} +
find "$output" -name index.html.orig -delete
echo "site: $output (serve it: python3 -m http.server --directory $output 8000;" \
    "then open http://localhost:8000/documentation/concurrencymigration/)"
