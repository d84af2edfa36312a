#!/usr/bin/env bash
# Removes each pid FILE whose process is not one of RUN_DIR's: the pid is gone, or it was reused
# by another process (pid_max is 32768 on some machines, and a test run starts thousands of
# processes a minute, so "alive" is not enough). A process is RUN_DIR's while its command line
# names RUN_DIR, the test that scripts/ci/stop-test-engines.sh applies before it stops one.
# Used by scripts/ci/start-test-engines.sh: a pid file left by a killed dockerd or containerd
# stops the next one from starting while its pid is a live process.
set -euo pipefail

RUN_DIR=${1:?usage: drop-stale-pid-files.sh RUN_DIR FILE...}
shift
for pidfile in "$@"; do
  [ -f "$pidfile" ] || continue
  pid=$(cat "$pidfile")
  if ! { [ -n "$pid" ] && tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qF -- "$RUN_DIR/"; }; then
    rm -f "$pidfile"
  fi
done
