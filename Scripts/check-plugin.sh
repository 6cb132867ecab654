#!/usr/bin/env bash
# Checks the `scan-concurrency` command plugin as a team meets it: a small package that depends
# on this repository by path runs `swift package scan-concurrency` on its own sources.
#
# Usage: Scripts/check-plugin.sh [SCRATCH]
#   SCRATCH: the fixture's build folder (default: a new one, so the dependency is built from
#   scratch as in a team's package; CI passes one it keeps between steps).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
scratch="${1:-$work/.build}"
mkdir -p "$work/Fixture/Sources/PhotoApp" "$work/Fixture/Sources/Helpers"

cat > "$work/Fixture/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Fixture",
    platforms: [.macOS(.v26), .iOS(.v26)],
    dependencies: [.package(name: "ConcurrencyMigration", path: "$root")],
    targets: [.target(name: "PhotoApp"), .target(name: "Helpers")]
)
MANIFEST

cat > "$work/Fixture/Sources/PhotoApp/PhotoStore.swift" <<'SWIFT'
import Foundation

final class PhotoStore: @unchecked Sendable {
    let queue = DispatchQueue(label: "photos")
    private var photos: [String] = []

    func add(_ name: String) {
        queue.async { self.photos.append(name) }
    }
}
SWIFT

cat > "$work/Fixture/Sources/PhotoApp/PhotoStore+Read.swift" <<'SWIFT'
import Foundation

extension PhotoStore {
    func count(completion: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        group.enter()
        self.queue.sync { group.leave() }
        group.notify(queue: .main) { completion(0) }
    }
}
SWIFT

cat > "$work/Fixture/Sources/Helpers/Wait.swift" <<'SWIFT'
import Foundation

public func pause() { Thread.sleep(forTimeInterval: 0.01) }
SWIFT

cd "$work/Fixture"
status=0
out="$(swift package --scratch-path "$scratch" scan-concurrency --target PhotoApp --format xcode 2>&1)" || status=$?
echo "$out" | grep -E ": (warning|note|error): " || true
fail() { echo "check-plugin: $1" >&2; echo "$out" >&2; exit 1; }
[ "$status" -eq 0 ] || fail "swift package scan-concurrency exited $status"
echo "$out" | grep -q "PhotoStore.swift:8:9: warning: DispatchQueue.async" || fail "no finding for queue.async"
# The queue is declared in PhotoStore.swift: the other file's `self.queue.sync` is typed by it.
echo "$out" | grep -q "PhotoStore+Read.swift:7:14: warning: DispatchQueue.sync" || fail "no cross-file finding"
echo "$out" | grep -q "Wait.swift" && fail "--target PhotoApp scanned Helpers"

# Every target, and the exit status of a failing scan passed through.
all="$(swift package --scratch-path "$scratch" scan-concurrency --format xcode 2>&1)" || fail "the scan of every target failed"
echo "$all" | grep -q "Wait.swift:3:23: warning: Thread.sleep" || { out="$all"; fail "no finding in Helpers"; }
if swift package --scratch-path "$scratch" scan-concurrency --format nonsense > /dev/null 2>&1; then
    fail "a usage error did not fail the command"
fi
echo "check-plugin: swift package scan-concurrency works in a package that depends on this one"
