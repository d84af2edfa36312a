#!/usr/bin/env bash
# Installs Debian's chromium (and the DejaVu fonts the trial report is drawn in) when missing,
# for the browser test of the `rpe trial` report. Nothing is downloaded by npm: playwright-core
# drives this system browser. Safe to run again: it does nothing when both are there.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "missing ${need[*]}: run as root, or: sudo apt-get install ${need[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
# `chromium --version` on Debian prints a shell warning on some machines: ask dpkg instead.
echo "chromium: $(dpkg-query -W -f='${Version}' chromium 2>/dev/null || echo present)"
