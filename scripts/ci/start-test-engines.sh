#!/usr/bin/env bash
# Starts the private test engines of one test run under RUN_DIR, a folder that run made for itself
# (tests/sandbox-docker/global-setup.ts makes one per `npm test`; by hand: mktemp -d):
#   a second dockerd with its own data root, exec root and cgroup parent, all in RUN_DIR, answering
#     unix://RUN_DIR/docker.sock                 (no TLS)
#     tcp://127.0.0.1:PORT                       (TLS, client certificates required; a free port)
#   in its own mount namespace with a private tmpfs on /tmp and on RUN_DIR/tmp (the run's TMPDIR),
#   so a bind mount of a client's temporary folder shows an empty folder in its containers: a test
#   can prove nothing is bind-mounted;
#   an sshd on 127.0.0.1:PORT (another free port) whose root login takes a key made here, and an
#   ssh alias for it (rpe-test-<run>, in /etc/ssh/ssh_config.d/rpe-test-<run>.conf) through which
#   ssh://rpe-test-<run> reaches the run's main engine (RPE_TEST_ENGINE or DOCKER_HOST, else the
#   default socket) the way the docker CLI reaches a remote one (ssh + `docker system dial-stdio`).
# What it started and where is written to RUN_DIR/engines.env (shell and dotenv syntax); the pids
# to RUN_DIR/dockerd.pid and RUN_DIR/sshd.pid. scripts/ci/stop-test-engines.sh RUN_DIR stops
# those processes and no other. Nothing of the machine's is touched but the alias file, which
# carries the run's name. Run again on the same RUN_DIR, it starts again what no longer answers
# (a test kills the second dockerd), on the same ports. Needs root (dockerd, unshare, sshd).
set -euo pipefail

RUN_DIR=${1:?usage: start-test-engines.sh RUN_DIR (a folder of this test run)}
RUN_DIR=$(cd "$RUN_DIR" && pwd)
RUN=$(basename "$RUN_DIR")
ENV_FILE="$RUN_DIR/engines.env"
TLS_DIR="$RUN_DIR/tls"
SSH_DIR="$RUN_DIR/ssh"
LOG="$RUN_DIR/dockerd.log"
SOCKET="unix://$RUN_DIR/docker.sock"
SSH_ALIAS="rpe-test-$RUN"
SSH_ALIAS_FILE="/etc/ssh/ssh_config.d/$SSH_ALIAS.conf"
MAIN=${RPE_TEST_ENGINE:-${DOCKER_HOST:-unix:///var/run/docker.sock}}
# shellcheck source=run-dir-pids.sh
. "$(dirname "$0")/run-dir-pids.sh"

if [ "$(id -u)" -ne 0 ]; then
  echo "starting the test engines needs root (dockerd, unshare, sshd)" >&2
  exit 1
fi
for tool in dockerd docker openssl unshare ssh-keygen /usr/sbin/sshd python3; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "$tool is missing: run scripts/ci/setup-docker.sh first" >&2
    exit 1
  }
done
# A unix socket path is at most 107 bytes; containerd's lies deepest.
if [ ${#RUN_DIR} -gt 60 ]; then
  echo "$RUN_DIR is too long a path for the engine's sockets (at most 60 characters)" >&2
  exit 1
fi

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Ports and names are chosen once per run folder; a restart keeps them.
if [ -f "$ENV_FILE" ]; then
  # shellcheck source=/dev/null
  . "$ENV_FILE"
else
  TLS_PORT=$(free_port)
  SSH_PORT=$(free_port)
  while [ "$SSH_PORT" = "$TLS_PORT" ]; do SSH_PORT=$(free_port); done
fi
TLS_HOST="tcp://127.0.0.1:$TLS_PORT"

tls_docker() {
  docker --tlsverify --tlscacert "$TLS_DIR/client/ca.pem" --tlscert "$TLS_DIR/client/cert.pem" \
    --tlskey "$TLS_DIR/client/key.pem" -H "$TLS_HOST" "$@"
}

answers() {
  docker -H "$SOCKET" version >/dev/null 2>&1 && tls_docker version >/dev/null 2>&1
}

make_certificates() {
  [ -f "$TLS_DIR/client/key.pem" ] && return 0
  mkdir -p "$TLS_DIR/client"
  chmod 700 "$TLS_DIR"
  (
    cd "$TLS_DIR"
    openssl genrsa -out ca-key.pem 2048 2>/dev/null
    openssl req -x509 -new -key ca-key.pem -days 30 -subj "/CN=rpe test engines CA" -out ca.pem
    openssl genrsa -out server-key.pem 2048 2>/dev/null
    openssl req -new -key server-key.pem -subj "/CN=127.0.0.1" -out server.csr
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >server.ext
    openssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 30 \
      -extfile server.ext -out server-cert.pem 2>/dev/null
    openssl genrsa -out client/key.pem 2048 2>/dev/null
    openssl req -new -key client/key.pem -subj "/CN=rpe test client" -out client.csr
    printf 'extendedKeyUsage=clientAuth\n' >client.ext
    openssl x509 -req -in client.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 30 \
      -extfile client.ext -out client/cert.pem 2>/dev/null
    cp ca.pem client/ca.pem
    rm -f ./*.csr ./*.ext ./*.srl
  )
}

start_sshd() {
  mkdir -p "$SSH_DIR" /run/sshd
  chmod 700 "$SSH_DIR"
  [ -f "$SSH_DIR/host_key" ] || ssh-keygen -q -t ed25519 -N '' -f "$SSH_DIR/host_key"
  [ -f "$SSH_DIR/client_key" ] || ssh-keygen -q -t ed25519 -N '' -C "$SSH_ALIAS" -f "$SSH_DIR/client_key"
  cp "$SSH_DIR/client_key.pub" "$SSH_DIR/authorized_keys"
  echo "[127.0.0.1]:$SSH_PORT $(cut -d' ' -f1,2 "$SSH_DIR/host_key.pub")" >"$SSH_DIR/known_hosts"
  # dial-stdio on the far side reaches the run's main engine, as a remote machine's would its own.
  # StrictModes no: the run folder lies under /var/tmp, which is writable by all.
  printf '%s\n' 'ListenAddress 127.0.0.1' "Port $SSH_PORT" "HostKey $SSH_DIR/host_key" \
    "AuthorizedKeysFile $SSH_DIR/authorized_keys" 'PermitRootLogin prohibit-password' \
    'PasswordAuthentication no' 'KbdInteractiveAuthentication no' 'UsePAM no' 'StrictModes no' \
    'PidFile none' "SetEnv DOCKER_HOST=$MAIN" >"$SSH_DIR/sshd_config"
  printf '%s\n' \
    "# A test run's sshd (scripts/ci/start-test-engines.sh $RUN_DIR); removed when the run ends." \
    "Host $SSH_ALIAS" '  HostName 127.0.0.1' "  Port $SSH_PORT" '  User root' \
    "  IdentityFile $SSH_DIR/client_key" '  IdentitiesOnly yes' \
    "  UserKnownHostsFile $SSH_DIR/known_hosts" '  StrictHostKeyChecking yes' >"$SSH_ALIAS_FILE"
  if ! ssh -o BatchMode=yes "$SSH_ALIAS" true 2>/dev/null; then
    # -D keeps sshd in the foreground, so $! is its pid.
    nohup /usr/sbin/sshd -D -f "$SSH_DIR/sshd_config" -E "$RUN_DIR/sshd.log" >/dev/null 2>&1 &
    echo $! >"$RUN_DIR/sshd.pid"
    for _ in $(seq 1 40); do
      ssh -o BatchMode=yes "$SSH_ALIAS" true 2>/dev/null && break
      sleep 0.25
    done
  fi
  if ! ssh -o BatchMode=yes "$SSH_ALIAS" docker version >/dev/null; then
    echo "ssh://$SSH_ALIAS does not reach the engine $MAIN; see $RUN_DIR/sshd.log" >&2
    exit 1
  fi
}

start_dockerd() {
  answers && return 0
  make_certificates
  mkdir -p "$RUN_DIR/data"
  # Pid files left by a dockerd or containerd that died (or whose pid another process now has)
  # stop the next one from starting.
  drop_stale_pid_files "$RUN_DIR/dockerd.pid" "$RUN_DIR/exec/containerd/containerd.pid"
  # An empty configuration, so that /etc/docker/daemon.json (the main engine's) does not apply.
  echo '{}' >"$RUN_DIR/daemon.json"
  # unshare and sh exec into dockerd, so $! is dockerd's pid. The client's temporary folders are
  # hidden from it as a remote engine's would be: /tmp, and the run's own (RUN_DIR/tmp).
  RUN_TMP="$RUN_DIR/tmp" nohup unshare --mount --propagation private sh -c '
    for dir in /tmp "$RUN_TMP"; do
      [ -d "$dir" ] && { mount -t tmpfs -o size=64m,mode=1777 tmpfs "$dir" || exit 1; }
    done
    exec "$@"' sh \
    dockerd --config-file "$RUN_DIR/daemon.json" \
    --host "$SOCKET" --host "$TLS_HOST" \
    --tlsverify --tlscacert "$TLS_DIR/ca.pem" --tlscert "$TLS_DIR/server-cert.pem" \
    --tlskey "$TLS_DIR/server-key.pem" \
    --data-root "$RUN_DIR/data" --exec-root "$RUN_DIR/exec" --pidfile "$RUN_DIR/dockerd.pid" \
    --cgroup-parent "$SSH_ALIAS" \
    --iptables=false --ip6tables=false --bridge=none --storage-driver=overlay2 \
    >>"$LOG" 2>&1 &
  echo $! >"$RUN_DIR/started.pid"
  for _ in $(seq 1 120); do
    answers && return 0
    kill -0 "$(cat "$RUN_DIR/started.pid")" 2>/dev/null || break
    sleep 0.5
  done
  echo "the test engine did not start; the end of $LOG:" >&2
  tail -n 15 "$LOG" >&2
  exit 1
}

start_dockerd
start_sshd
cat >"$ENV_FILE" <<EOF
# The private engines of the test run in $RUN_DIR (scripts/ci/start-test-engines.sh).
RUN_DIR=$RUN_DIR
ENGINE2=$SOCKET
ENGINE2_PID=$RUN_DIR/dockerd.pid
TLS_PORT=$TLS_PORT
TLS_ENGINE=$TLS_HOST
TLS_DIR=$TLS_DIR
TLS_CLIENT_DIR=$TLS_DIR/client
SSH_PORT=$SSH_PORT
SSH_ENGINE=ssh://$SSH_ALIAS
SSH_ALIAS_FILE=$SSH_ALIAS_FILE
MAIN_ENGINE=$MAIN
EOF
echo "test engines of $RUN_DIR: $SOCKET and $TLS_HOST (dockerd $(cat "$RUN_DIR/started.pid")), ssh://$SSH_ALIAS (sshd $(cat "$RUN_DIR/sshd.pid"))"
