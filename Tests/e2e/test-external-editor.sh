#!/usr/bin/env bash
# E hands the reply to $EDITOR on a temporary file and takes its text back into the editor.
. "$(dirname "$0")/lib.sh"
editor="$E2E_STATE/fake-editor.sh"
cat > "$editor" <<'SCRIPT'
#!/bin/sh
printf 'Written in the external editor\n' >> "$1"
SCRIPT
chmod +x "$editor"
E2E_ENV="EDITOR='$editor' VISUAL=" start 132 40
wait_for "comment #" 15 || finish
keys E
wait_for "Written in the external editor" 10 || finish
wait_for "Reply to" 5 || finish
keys C-s
wait_for "Reply posted." 10 || finish
keys q
wait_for "EXIT:0" 5
finish
