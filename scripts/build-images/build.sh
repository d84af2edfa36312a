#!/usr/bin/env bash
# Builds the sandbox runner images from a checkout: the toolkit first (bin/rpe.js runs dist/; the
# images carry no toolkit), then `rpe sandbox images build`, offline (debootstrap, cached under
# ~/.cache/reverse-poleval/images). Extra arguments go to the command, e.g. --force or --verbose.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f dist/framework/index.js ] || npm run build
exec node bin/rpe.js sandbox images build "$@"
