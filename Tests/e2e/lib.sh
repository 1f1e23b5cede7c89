# Shared helpers for the end-to-end tests: start the real parley binary in a tmux pane of a
# fixed size, send keys, read the screen back with capture-pane.
#
# Waiting is by polling the screen for the text we expect (the binary is a separate
# process: there is no event to await), with a deadline so a broken build fails instead
# of hanging.

set -u
# Character counts and greps in these scripts are about text, not bytes.
export LC_ALL=C.UTF-8
: "${PARLEY_BIN:?PARLEY_BIN must point at the parley binary}"

E2E_SESSION="parley-e2e-$$-$RANDOM"
E2E_STATE=$(mktemp -d)
E2E_SOCKET="$E2E_STATE/tmux.sock"
# Real sites (parley-mock-server over HTTP) are kept in a local replica: never the user's.
export XDG_CACHE_HOME="$E2E_STATE/cache"
E2E_FAILED=0

tmuxc() { tmux -S "$E2E_SOCKET" "$@"; }

# start WIDTH HEIGHT [parley args…]: runs parley in a fresh pane (with the extra
# environment in $E2E_ENV, e.g. "PARLEY_APP_PASSWORD=x"); after it exits the pane prints its
# exit status and whether the terminal modes were restored, then waits.
start() {
  local width=$1 height=$2; shift 2
  local args=""
  for a in "$@"; do args="$args '$a'"; done
  local command="env XDG_STATE_HOME='$E2E_STATE' XDG_CACHE_HOME='$XDG_CACHE_HOME' TERM=xterm-256color LANG=C.UTF-8 ${E2E_ENV:-} '$PARLEY_BIN' $args; echo \"EXIT:\$?\"; stty -a | tr ' ' '\n' | grep -E '^-?(icanon|echo)\$' | tr '\n' ' '; echo; sleep 30"
  # A script that killed its last session may start the next one while that tmux server is
  # still exiting: the new session then dies with it ("no server running" on the next read,
  # seen once in a CI-like run). The pane outlives parley (sleep 30), so a session that is
  # gone 0.1 s later went with the old server: start it again.
  local attempt
  for attempt in 1 2 3 4 5; do
    if tmuxc new-session -d -s "$E2E_SESSION" -x "$width" -y "$height" "$command" 2>/dev/null \
       && sleep 0.1 && tmuxc has-session -t "$E2E_SESSION" 2>/dev/null; then
      return 0
    fi
    sleep 0.3
  done
  fail "tmux did not start a session for: $PARLEY_BIN $args"
}

screen() { tmuxc capture-pane -p -t "$E2E_SESSION"; }

keys() { tmuxc send-keys -t "$E2E_SESSION" "$@"; }

# type TEXT: sends literal text.
type_text() { tmuxc send-keys -t "$E2E_SESSION" -l "$1"; }

# wait_for TEXT [SECONDS]: until the screen contains TEXT.
wait_for() {
  local text=$1 limit=${2:-10}
  local deadline=$(( $(date +%s%N) + limit * 1000000000 ))
  while [ "$(date +%s%N)" -lt "$deadline" ]; do
    if screen | grep -qF -- "$text"; then return 0; fi
    sleep 0.05
  done
  fail "timed out waiting for: $text"
  return 1
}

# wait_gone TEXT [SECONDS]: until the screen no longer contains TEXT.
wait_gone() {
  local text=$1 limit=${2:-10}
  local deadline=$(( $(date +%s%N) + limit * 1000000000 ))
  while [ "$(date +%s%N)" -lt "$deadline" ]; do
    if ! screen | grep -qF -- "$text"; then return 0; fi
    sleep 0.05
  done
  fail "timed out waiting for this to go: $text"
  return 1
}

# shows_id "comment #N": whether the screen shows exactly that id (not #N0, #N1…).
shows_id() { screen | grep -qE -- "$1([^0-9]|\$)"; }

# wait_for_id "comment #N" [SECONDS] / wait_gone_id: wait_for and wait_gone for one exact id.
wait_for_id() {
  local limit=${2:-10}
  local deadline=$(( $(date +%s%N) + limit * 1000000000 ))
  while [ "$(date +%s%N)" -lt "$deadline" ]; do shows_id "$1" && return 0; sleep 0.05; done
  fail "timed out waiting for: $1"
  return 1
}
wait_gone_id() {
  local limit=${2:-10}
  local deadline=$(( $(date +%s%N) + limit * 1000000000 ))
  while [ "$(date +%s%N)" -lt "$deadline" ]; do shows_id "$1" || return 0; sleep 0.05; done
  fail "timed out waiting for this to go: $1"
  return 1
}

# parley_pid: the pid of the parley running in the pane (from /proc, so no procps needed).
parley_pid() {
  local shell_pid
  shell_pid=$(tmuxc display-message -p -t "$E2E_SESSION" '#{pane_pid}')
  for status in /proc/[0-9]*/status; do
    if grep -qx "Name:[[:space:]]*parley" "$status" 2>/dev/null && grep -qx "PPid:[[:space:]]*$shell_pid" "$status" 2>/dev/null; then
      basename "$(dirname "$status")"
      return 0
    fi
  done
  return 1
}

# line_with TEXT: the first screen line containing TEXT.
line_with() { screen | grep -F -- "$1" | head -n 1; }

# A count as parley writes it on screen, thousands grouped: 2961 -> 2,961 (CountFormat).
grouped() {
  local digits=$1 out=""
  while [ ${#digits} -gt 3 ]; do out=",${digits: -3}$out"; digits=${digits:0:${#digits}-3}; done
  printf '%s%s' "$digits" "$out"
}

fail() {
  echo "  FAIL: $*" >&2
  echo "  --- screen ---" >&2
  screen >&2 || true
  echo "  --------------" >&2
  E2E_FAILED=1
}

check() {
  local description=$1; shift
  if ! "$@"; then fail "$description"; fi
}

# start_mock_server [args…]: the mock over real HTTP on 127.0.0.1; sets MOCK_PORT.
start_mock_server() {
  : "${PARLEY_MOCK_SERVER_BIN:?PARLEY_MOCK_SERVER_BIN must point at parley-mock-server}"
  "$PARLEY_MOCK_SERVER_BIN" "$@" > "$E2E_STATE/mock-server.out" 2>&1 &
  E2E_MOCK_PID=$!
  local deadline=$(( $(date +%s) + 10 ))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    MOCK_PORT=$(grep -oE '[0-9]+$' "$E2E_STATE/mock-server.out" 2>/dev/null | head -n 1)
    [ -n "$MOCK_PORT" ] && return 0
    sleep 0.05
  done
  fail "the mock server did not start: $(cat "$E2E_STATE/mock-server.out")"
  return 1
}

# notes_config: writes $E2E_STATE/config.toml with one site, "notes", the mock server's site-1
# as the editor (start_mock_server --user editor --password "abcd efgh"), and sets $config.
notes_config() {
  config="$E2E_STATE/config.toml"
  cat > "$config" <<TOML
[[sites]]
name = "notes"
url = "http://127.0.0.1:$MOCK_PORT/site-1"
user = "editor"
password_command = "printf 'abcd efgh'"
TOML
}

finish() {
  [ -n "${E2E_MOCK_PID:-}" ] && kill "$E2E_MOCK_PID" 2>/dev/null
  tmuxc kill-server 2>/dev/null || true
  rm -rf "$E2E_STATE"
  exit "$E2E_FAILED"
}
trap '[ -n "${E2E_MOCK_PID:-}" ] && kill "$E2E_MOCK_PID" 2>/dev/null; tmuxc kill-server 2>/dev/null || true; rm -rf "$E2E_STATE"' EXIT

# past_pings: moves the cursor down past the pingbacks and trackbacks at the top of the list
# (the mock's seed dates its fixed pings newest of all), onto the first comment, for a
# script that reads a commenter's detail pane.
past_pings() {
  local moves=0
  while [ "$moves" -lt 8 ] && screen | grep -qE '(Pingback|Trackback) from '; do
    keys j; moves=$((moves + 1)); sleep 0.3
  done
}

# until_stable SAMPLES SECONDS PATTERN COMMAND...: runs COMMAND every 0.1 s until what it
# prints matches PATTERN and has stayed the same for SAMPLES samples in a row; false when
# SECONDS pass first.
until_stable() {
  local samples=$1 limit=$2 pattern=$3; shift 3
  local last="" same=0 now
  local deadline=$(( $(date +%s) + limit ))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    now=$("$@")
    if [ "$now" = "$last" ] && printf '%s' "$now" | grep -qE "$pattern"; then
      same=$((same + 1)); [ "$same" -ge "$samples" ] && return 0
    else
      same=0; last=$now
    fi
    sleep 0.1
  done
  return 1
}

# The comment number the detail pane shows, and the header line.
detail_comment_number() { screen | grep -oE 'comment #[0-9]+' | head -n 1; }
header_line() { screen | head -n 1; }

# header_idle: prints "idle" while the header shows no spinner (nothing loading, no write on
# its way, no facts being read).
header_idle() { header_line | grep -q '[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]' || echo idle; }

# wait_idle [SECONDS]: until the header's spinner has been gone for half a second: every
# write sent has its answer (a key that depends on it, such as `z` after `d`, acts then).
wait_idle() {
  until_stable 5 "${1:-20}" idle header_idle && return 0
  fail "the header's spinner did not stop: $(header_line)"; return 1
}

# at_top: `g`, then waits until the detail pane shows the top row (it follows the cursor once
# the cursor rests, 50 ms): the comment number it shows unchanged for half a second.
at_top() {
  keys g
  until_stable 5 10 'comment #' detail_comment_number && return 0
  fail "the detail pane did not settle on the top row"; return 1
}

# wait_loaded [SECONDS]: until the header says "N shown of M" and has not changed for a
# second: every list of the site is in (comments and pings come as two lists, either first).
wait_loaded() {
  until_stable 10 "${1:-20}" '[0-9]+ shown of [0-9]+' header_line && return 0
  fail "the list did not finish loading: $(header_line)"; return 1
}
