#!/usr/bin/env bash
# Starts the second Docker engine the pool tests need, beside the main one (which this script never
# touches): one dockerd with its own data root, exec root and cgroup parent, answering
#   unix:///run/rpe-engine2/docker.sock            (no TLS)
#   tcp://127.0.0.1:2376                           (TLS, client certificates required)
# It runs in its own mount namespace with a private tmpfs on /tmp, so a bind mount of a client's
# /tmp path shows an empty folder in its containers: a test can prove nothing is bind-mounted.
# The certificates are made here with openssl (a CA, a server certificate for 127.0.0.1 and
# localhost, a client certificate); a client uses them with
#   DOCKER_HOST=tcp://127.0.0.1:2376 DOCKER_TLS_VERIFY=1 DOCKER_CERT_PATH=/var/lib/rpe-engine2-tls/client
# It also starts an sshd on 127.0.0.1:2222 (installing openssh-server when missing) whose root
# login takes a key made here, and adds the ssh alias `rpe-test-engine` for it in
# /etc/ssh/ssh_config.d/, so ssh://rpe-test-engine reaches this machine's main engine the way the
# docker CLI reaches a remote one (ssh + `docker system dial-stdio`, the user's ssh config applies).
# Idempotent: what already answers is left alone. The pids go to /run/rpe-engine2/started.pid and
# sshd.pid; scripts/ci/stop-test-engines.sh stops those processes and no other.
set -euo pipefail

RUN_DIR=/run/rpe-engine2
DATA_ROOT=/var/lib/rpe-engine2
TLS_DIR=/var/lib/rpe-engine2-tls
LOG=/var/log/rpe-engine2.log
SOCKET="unix://$RUN_DIR/docker.sock"
TLS_HOST=tcp://127.0.0.1:2376
SSH_DIR=/var/lib/rpe-engine2-ssh
SSH_ALIAS=rpe-test-engine

if [ "$(id -u)" -ne 0 ]; then
  echo "starting a second Docker engine needs root: sudo bash $0" >&2
  exit 1
fi
for tool in dockerd docker openssl unshare; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "$tool is missing: run scripts/ci/setup-docker.sh first (apt-get install docker.io openssl util-linux)" >&2
    exit 1
  }
done

tls_docker() {
  docker --tlsverify --tlscacert "$TLS_DIR/client/ca.pem" --tlscert "$TLS_DIR/client/cert.pem" \
    --tlskey "$TLS_DIR/client/key.pem" -H "$TLS_HOST" "$@"
}

answers() {
  docker -H "$SOCKET" version >/dev/null 2>&1 && tls_docker version >/dev/null 2>&1
}

make_certificates() {
  [ -f "$TLS_DIR/client/key.pem" ] && return 0
  local dir
  dir=$(mktemp -d)
  (
    cd "$dir"
    openssl genrsa -out ca-key.pem 2048 2>/dev/null
    openssl req -x509 -new -key ca-key.pem -days 3650 -subj "/CN=rpe test engines CA" -out ca.pem
    openssl genrsa -out server-key.pem 2048 2>/dev/null
    openssl req -new -key server-key.pem -subj "/CN=127.0.0.1" -out server.csr
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >server.ext
    openssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 3650 \
      -extfile server.ext -out server-cert.pem 2>/dev/null
    openssl genrsa -out key.pem 2048 2>/dev/null
    openssl req -new -key key.pem -subj "/CN=rpe test client" -out client.csr
    printf 'extendedKeyUsage=clientAuth\n' >client.ext
    openssl x509 -req -in client.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 3650 \
      -extfile client.ext -out cert.pem 2>/dev/null
  )
  mkdir -p "$TLS_DIR/client"
  chmod 700 "$TLS_DIR"
  install -m 600 "$dir/ca-key.pem" "$dir/server-key.pem" "$TLS_DIR/"
  install -m 644 "$dir/ca.pem" "$dir/server-cert.pem" "$TLS_DIR/"
  install -m 644 "$dir/ca.pem" "$dir/cert.pem" "$TLS_DIR/client/"
  install -m 600 "$dir/key.pem" "$TLS_DIR/client/"
  rm -rf "$dir"
}

# An sshd for ssh:// engines: its own host key, config and authorized key, on 127.0.0.1:2222.
start_sshd() {
  if ! [ -x /usr/sbin/sshd ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq --no-install-recommends openssh-server >/dev/null ||
      { apt-get update -qq && apt-get install -y -qq --no-install-recommends openssh-server >/dev/null; }
  fi
  mkdir -p "$SSH_DIR" /run/sshd "$RUN_DIR"
  chmod 700 "$SSH_DIR"
  [ -f "$SSH_DIR/host_key" ] || ssh-keygen -q -t ed25519 -N '' -f "$SSH_DIR/host_key"
  [ -f "$SSH_DIR/client_key" ] ||
    ssh-keygen -q -t ed25519 -N '' -C "$SSH_ALIAS" -f "$SSH_DIR/client_key"
  cp "$SSH_DIR/client_key.pub" "$SSH_DIR/authorized_keys"
  echo "[127.0.0.1]:2222 $(cut -d' ' -f1,2 "$SSH_DIR/host_key.pub")" >"$SSH_DIR/known_hosts"
  printf '%s\n' 'ListenAddress 127.0.0.1' 'Port 2222' "HostKey $SSH_DIR/host_key" \
    "AuthorizedKeysFile $SSH_DIR/authorized_keys" 'PermitRootLogin prohibit-password' \
    'PasswordAuthentication no' 'KbdInteractiveAuthentication no' 'UsePAM no' \
    "PidFile $RUN_DIR/sshd.pid" >"$SSH_DIR/sshd_config"
  printf '%s\n' \
    "# The test engine's sshd (scripts/ci/start-test-engines.sh): ssh://$SSH_ALIAS in the pool tests." \
    "Host $SSH_ALIAS" '  HostName 127.0.0.1' '  Port 2222' '  User root' \
    "  IdentityFile $SSH_DIR/client_key" '  IdentitiesOnly yes' \
    "  UserKnownHostsFile $SSH_DIR/known_hosts" '  StrictHostKeyChecking yes' \
    >"/etc/ssh/ssh_config.d/$SSH_ALIAS.conf"
  if ! ssh -o BatchMode=yes "$SSH_ALIAS" true 2>/dev/null; then
    if [ -f "$RUN_DIR/sshd.pid" ] && ! kill -0 "$(cat "$RUN_DIR/sshd.pid")" 2>/dev/null; then
      rm -f "$RUN_DIR/sshd.pid"
    fi
    /usr/sbin/sshd -f "$SSH_DIR/sshd_config" -E /var/log/rpe-engine2-sshd.log
    for _ in $(seq 1 20); do
      ssh -o BatchMode=yes "$SSH_ALIAS" true 2>/dev/null && break
      sleep 0.5
    done
  fi
  if ! ssh -o BatchMode=yes "$SSH_ALIAS" docker version >/dev/null; then
    echo "ssh://$SSH_ALIAS does not reach the engine; see /var/log/rpe-engine2-sshd.log" >&2
    exit 1
  fi
  echo "test engine: ssh://$SSH_ALIAS reaches this machine's main engine (sshd pid $(cat "$RUN_DIR/sshd.pid"))"
}

start_sshd
if answers; then
  echo "test engine: already answering at $SOCKET and $TLS_HOST"
  exit 0
fi

make_certificates
mkdir -p "$RUN_DIR" "$DATA_ROOT" "$(dirname "$LOG")"
# Pid files left by a dockerd or containerd that died stop the next one from starting.
for pidfile in "$RUN_DIR/dockerd.pid" "$RUN_DIR/exec/containerd/containerd.pid"; do
  if [ -f "$pidfile" ] && ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then rm -f "$pidfile"; fi
done
if [ -f "$RUN_DIR/dockerd.pid" ]; then
  echo "a dockerd (pid $(cat "$RUN_DIR/dockerd.pid")) holds $DATA_ROOT but does not answer; see $LOG" >&2
  exit 1
fi
# An empty configuration, so that /etc/docker/daemon.json (the main engine's) does not apply here.
echo '{}' >"$RUN_DIR/daemon.json"

# unshare and sh exec into dockerd, so $! is dockerd's pid.
nohup unshare --mount --propagation private sh -c '
  mount -t tmpfs -o size=64m,mode=1777 tmpfs /tmp && exec "$@"' sh \
  dockerd --config-file "$RUN_DIR/daemon.json" \
  --host "$SOCKET" --host "$TLS_HOST" \
  --tlsverify --tlscacert "$TLS_DIR/ca.pem" --tlscert "$TLS_DIR/server-cert.pem" \
  --tlskey "$TLS_DIR/server-key.pem" \
  --data-root "$DATA_ROOT" --exec-root "$RUN_DIR/exec" --pidfile "$RUN_DIR/dockerd.pid" \
  --cgroup-parent rpe-engine2 \
  --iptables=false --ip6tables=false --bridge=none --storage-driver=overlay2 \
  >>"$LOG" 2>&1 &
echo $! >"$RUN_DIR/started.pid"

for _ in $(seq 1 60); do
  answers && break
  kill -0 "$(cat "$RUN_DIR/started.pid")" 2>/dev/null || break
  sleep 1
done
if ! answers; then
  echo "the test engine did not start; the end of $LOG:" >&2
  tail -n 15 "$LOG" >&2
  exit 1
fi
echo "test engine: Docker $(docker -H "$SOCKET" version --format '{{.Server.Version}}') at $SOCKET and $TLS_HOST (pid $(cat "$RUN_DIR/started.pid"))"
