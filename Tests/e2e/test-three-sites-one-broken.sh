#!/usr/bin/env bash
# A config file with three [[sites]], one of them broken (a misspelt key): the TUI opens the
# other two, each under its own name ([ and ] switch), and the status line names the broken
# one. Both good sites log in: one with password_command, one with its own environment variable.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" || finish
config="$E2E_STATE/config.toml"
cat > "$config" <<TOML
[[sites]]
name = "notes"
url = "http://127.0.0.1:$MOCK_PORT/site-1"
user = "editor"
password_command = "printf 'abcd efgh'"

[[sites]]
name = "broken"
url = "http://127.0.0.1:$MOCK_PORT/site-3"
pasword = "abcd efgh"

[[sites]]
name = "kitchen"
url = "http://127.0.0.1:$MOCK_PORT/site-2"
user = "editor"
TOML
E2E_ENV="PARLEY_APP_PASSWORD_KITCHEN='abcd efgh'" start 140 30 --config "$config"
wait_for "parley · Field Notes [1/2]" 15 || finish
wait_for "Not opened: broken" 10 || finish
check "the broken site's key is named" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF 'sites.pasword'"
wait_for "comment #" 15 || finish
keys ]
wait_for "parley · Kitchen Table [2/2]" 10 || finish
check "no login problem" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF 'Not logged in'"
keys q
wait_for "EXIT:0" 5
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null

# --site NAME opens that one site alone.
E2E_ENV="PARLEY_APP_PASSWORD_KITCHEN='abcd efgh'" start 140 30 --config "$config" --site kitchen
wait_for "parley · Kitchen Table" 15 || finish
check "one site only" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF '[1/2]'"
keys q
wait_for "EXIT:0" 5
finish
