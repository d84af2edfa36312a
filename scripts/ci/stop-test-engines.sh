#!/usr/bin/env bash
# Stops the private test engines that scripts/ci/start-test-engines.sh RUN_DIR started, by the pids
# it recorded in RUN_DIR, and only while each pid is still a process of that folder (its command
# line names RUN_DIR: a reused pid is left alone); removes the run's ssh alias, then RUN_DIR.
# No other engine, process or image is touched.
set -euo pipefail

RUN_DIR=${1:?usage: stop-test-engines.sh RUN_DIR}
[ -d "$RUN_DIR" ] || exit 0
RUN_DIR=$(cd "$RUN_DIR" && pwd)

# shellcheck source=run-dir-pids.sh
. "$(dirname "$0")/run-dir-pids.sh"

stop() {
  local pid
  pid=$(ours "$1") || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  # dockerd stops its containers and its containerd before it exits.
  for _ in $(seq 1 120); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.5
  done
  echo "test engines: $2 (pid $pid) did not stop within 60 s: killed" >&2
  kill -KILL "$pid" 2>/dev/null || true
}

stop "$RUN_DIR/sshd.pid" sshd
stop "$RUN_DIR/started.pid" dockerd
# A containerd left by a dockerd that was killed outright (a test does that).
stop "$RUN_DIR/exec/containerd/containerd.pid" containerd
# Anything else still running from the folder (a shim of a killed engine): by pid, named by RUN_DIR.
for cmdline in $(grep -lzF -- "$RUN_DIR/" /proc/[0-9]*/cmdline 2>/dev/null); do
  pid=${cmdline#/proc/}
  pid=${pid%/cmdline}
  [ "$pid" = "$$" ] || [ "$pid" = "$PPID" ] && continue
  echo "test engines: stopping pid $pid, left running from $RUN_DIR" >&2
  kill -TERM "$pid" 2>/dev/null || true
done
if [ -f "$RUN_DIR/engines.env" ]; then
  alias_file=$(sed -n 's/^SSH_ALIAS_FILE=//p' "$RUN_DIR/engines.env")
  case "$alias_file" in /etc/ssh/ssh_config.d/rpe-test-*.conf) rm -f "$alias_file" ;; esac
fi
# The alias is written before engines.env: find it by the run's name too.
rm -f "/etc/ssh/ssh_config.d/rpe-test-$(basename "$RUN_DIR").conf"
rm -rf "$RUN_DIR"
echo "test engines of $RUN_DIR: stopped and removed"
