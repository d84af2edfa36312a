#!/usr/bin/env bash
# Installs Debian's docker.io and debootstrap when missing and starts dockerd when no engine answers.
# Also installs what the test run needs to start its own private engines beside it
# (scripts/ci/start-test-engines.sh): openssl, unshare, an sshd; and libfaketime for local checks.
# The flags are the ones that work on machines without iptables or a bridge (see DESIGN.md).
# The dockerd started here writes its pid to /var/run/rpe-dockerd.pid: stop it with
#   kill "$(cat /var/run/rpe-dockerd.pid)"
set -euo pipefail

# Two runs started at once on one machine (two clones' CI) would both run apt-get, whose lock
# makes the second fail, and both start a dockerd: the second waits here for the first instead.
exec 9>"${TMPDIR:-/tmp}/rpe-setup-docker.lock"
if command -v flock >/dev/null 2>&1; then flock 9; fi

need=()
command -v dockerd >/dev/null 2>&1 || need+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] || need+=(debootstrap)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
command -v unshare >/dev/null 2>&1 || need+=(util-linux)
[ -x /usr/sbin/sshd ] || need+=(openssh-server)
command -v ssh >/dev/null 2>&1 || need+=(openssh-client)
# libfaketime: rpe check moves the clock of a seed's second run as the sandbox does.
compgen -G '/usr/lib/*/faketime/libfaketime.so.1' >/dev/null || need+=(libfaketime)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "missing ${need[*]}: run as root, or: sudo apt-get install ${need[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if ! docker info >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "no Docker engine answers and starting one needs root: sudo bash $0" >&2
    exit 1
  fi
  # A pid file left by a dockerd that died stops the next one from starting.
  for pidfile in /var/run/docker.pid /var/run/docker/containerd/containerd.pid; do
    if [ -f "$pidfile" ] && ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then rm -f "$pidfile"; fi
  done
  mkdir -p /var/log
  # 9>&-: the daemon must not inherit the lock, or it would hold it for its whole life and
  # every later run of this script would wait forever.
  nohup dockerd --iptables=false --ip6tables=false --bridge=none --storage-driver=overlay2 \
    >/var/log/rpe-dockerd.log 2>&1 9>&- &
  echo $! >/var/run/rpe-dockerd.pid
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    sleep 1
  done
  if ! docker info >/dev/null 2>&1; then
    echo "dockerd did not start; the end of /var/log/rpe-dockerd.log:" >&2
    tail -n 15 /var/log/rpe-dockerd.log >&2
    exit 1
  fi
fi
echo "docker engine: $(docker version --format '{{.Server.Version}}')"
