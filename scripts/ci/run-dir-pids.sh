# Sourced, with RUN_DIR set, by scripts/ci/start-test-engines.sh and stop-test-engines.sh: which of
# the pids recorded in RUN_DIR are still the folder's processes. A process is RUN_DIR's while its
# command line names RUN_DIR; "alive" is not enough, as pids are reused (pid_max is 32768 on some
# machines, and a test run starts thousands of processes a minute).

# The pid in FILE, when it is still a process whose command line names RUN_DIR.
ours() {
  local pid
  [ -f "$1" ] || return 1
  pid=$(cat "$1")
  [ -n "$pid" ] && tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qF -- "$RUN_DIR/" &&
    echo "$pid"
}

# Removes each pid FILE whose process is not RUN_DIR's: a pid file left by a killed dockerd or
# containerd stops the next one from starting while its pid is any live process.
drop_stale_pid_files() {
  local pidfile
  for pidfile in "$@"; do
    if [ -f "$pidfile" ] && ! ours "$pidfile" >/dev/null; then rm -f "$pidfile"; fi
  done
}
