#!/usr/bin/env bash
# Installs Debian's docker.io and debootstrap when missing and starts dockerd when no engine answers.
# The flags are the ones that work on machines without iptables or a bridge (see DESIGN.md).
set -euo pipefail

need=()
command -v dockerd >/dev/null 2>&1 || need+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if ! docker info >/dev/null 2>&1; then
  mkdir -p /var/log
  nohup dockerd --iptables=false --ip6tables=false --bridge=none --storage-driver=overlay2 \
    >/var/log/rpe-dockerd.log 2>&1 &
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    sleep 1
  done
  docker info >/dev/null 2>&1 || { echo "dockerd did not start; see /var/log/rpe-dockerd.log" >&2; exit 1; }
fi
echo "docker engine: $(docker version --format '{{.Server.Version}}')"
