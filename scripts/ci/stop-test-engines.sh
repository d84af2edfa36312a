#!/usr/bin/env bash
# Stops the test engine that scripts/ci/start-test-engines.sh started, by the pid it recorded, and
# only when that pid is still a dockerd of the test engine's data root (a reused pid is left alone).
# The main engine is never touched.
set -euo pipefail

RUN_DIR=/run/rpe-engine2
DATA_ROOT=/var/lib/rpe-engine2
PIDFILE="$RUN_DIR/started.pid"
SSH_DIR=/var/lib/rpe-engine2-ssh

# The test sshd, when its pid is still an sshd of the test engine's config.
if [ -f "$RUN_DIR/sshd.pid" ]; then
  pid=$(cat "$RUN_DIR/sshd.pid")
  if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "-f $SSH_DIR/sshd_config"; then
    kill -TERM "$pid"
    echo "test sshd: stopped (pid $pid)"
  fi
  rm -f "$RUN_DIR/sshd.pid"
fi

[ -f "$PIDFILE" ] || {
  echo "test engine: not started by start-test-engines.sh (no $PIDFILE)"
  exit 0
}
pid=$(cat "$PIDFILE")
if ! tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "--data-root $DATA_ROOT "; then
  echo "test engine: pid $pid is gone or is not its dockerd; nothing to stop"
  rm -f "$PIDFILE"
  exit 0
fi
kill -TERM "$pid"
# dockerd stops its containers and its containerd before it exits.
for _ in $(seq 1 60); do
  kill -0 "$pid" 2>/dev/null || break
  sleep 1
done
if kill -0 "$pid" 2>/dev/null; then
  echo "test engine: dockerd $pid did not stop within 60 s" >&2
  exit 1
fi
rm -f "$PIDFILE"
echo "test engine: stopped (pid $pid)"
