#!/usr/bin/env bash
# Builds the sandbox runner images from a checkout: the toolkit first (bin/rpe.js runs dist/; the
# images carry no toolkit), then `rpe sandbox images build`, offline (debootstrap, cached under
# ~/.cache/reverse-poleval/images). Extra arguments go to the command, e.g. --force or --verbose.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Built unless dist/ is what the last build of these sources made (scripts/build/index.ts).
npx tsx scripts/build/index.ts --if-stale
# Two checkouts building at once (two clones' CI on one machine) would debootstrap into the same
# cache: the second waits for the first, then finds the images current.
cache="${RPE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/reverse-poleval}"
mkdir -p "$cache"
exec 9>"$cache/images-build.flock"
if command -v flock >/dev/null 2>&1; then flock 9; fi
exec node bin/rpe.js sandbox images build "$@"
