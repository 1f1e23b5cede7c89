#!/usr/bin/env bash
# Two moderators (issue 27): two parley instances, each with its own write log, moderate the
# same 50 comments (and the seed's 2 pings) of one parley-mock-server in a seeded random order — approve, unapprove,
# spam, trash, restore and undo, each instance often acting on a comment the other has just
# changed, and answering yes or no to the questions that raises. At the end:
#   - the site holds what the last confirmed decision said: per comment, the latest "done"
#     record of both instances' `parley log --format json` (by time), read against the site
#     with curl (a comment no one changed keeps the status it had);
#   - after a poll, without R, each instance's screen equals the site: every row's status
#     letter, the header's pending count, the filter panel's Status counts.
# TWO_MODERATORS_SEED picks another order (the default is the one `make test` runs);
# E2E_VERBOSE=1 prints each step (instance, row, status shown, key, what parley said).
. "$(dirname "$0")/lib.sh"
seed=${TWO_MODERATORS_SEED:-27}
RANDOM=$seed
began=$(date +%s%N)

start_mock_server --user editor --password "abcd efgh" --mock-size 50 --seed 7 || finish
notes_config
# Polls every 5 s, the refresh at 10 requests a second: what the other instance did shows
# within a poll, so a test of 50 comments does not wait a default minute.
{ printf 'poll_interval = 5\nsweep_budget = 600\n\n'; cat "$config"; } > "$config.new" && mv "$config.new" "$config"
api="http://127.0.0.1:$MOCK_PORT/site-1/wp-json/wp/v2/comments"

# site_statuses: "id status" per line for every comment and ping of the site (parley lists
# both, as wp-admin does; the seed's notes are neither), read with curl.
site_statuses() {
  for status in approve hold spam trash; do
    for type in comment pings; do
      curl -s -u "editor:abcd efgh" "$api?status=$status&type=$type&context=edit&per_page=100&_fields=id,status" \
        | python3 -c 'import json,sys; [print(c["id"], c["status"]) for c in json.load(sys.stdin)]'
    done
  done | sort -n
}
# site_total STATUS: the site's comments and pings in STATUS (X-WP-Total of each type).
site_total() {
  local sum=0 type n
  for type in comment pings; do
    n=$(curl -s -o /dev/null -D - -u "editor:abcd efgh" "$api?status=$1&type=$type&context=edit&per_page=1" | tr -d '\r' | grep -i '^x-wp-total:' | grep -oE '[0-9]+')
    sum=$((sum + ${n:-0}))
  done
  echo "$sum"
}

base_session=$E2E_SESSION
# on N: the helpers of lib.sh (screen, keys, wait_for…) act on instance N.
on() { E2E_SESSION="$base_session-$1"; }
home() { echo "$E2E_STATE/moderator-$1"; }

site_statuses > "$E2E_STATE/before.txt"
# 50 comments, and the seed's 2 pings: every row of the list.
rows=$(wc -l < "$E2E_STATE/before.txt")
[ "$rows" = "52" ] || { fail "the site has 52 comments and pings: $rows"; finish; }

for n in 1 2; do
  mkdir -p "$(home $n)"
  on $n
  E2E_ENV="XDG_STATE_HOME='$(home $n)' XDG_CACHE_HOME='$(home $n)/cache'" start 132 60 --config "$config"
done
for n in 1 2; do
  on $n
  wait_for " shown of $rows" 20 || finish
  # Every status shown, so that a row stays where it is whatever happens to it.
  keys f
  wait_for "[ ] Trash" 5 || finish
  keys Space j Space j Space j Space
  wait_for "Status (4 on)" 5 || finish
  keys f
  wait_for "$rows shown of $rows" 5 || finish
  wait_gone " Filters " 5 || finish
done

# detail_id: the comment the detail pane shows.
detail_id() { screen | grep -oE 'comment #[0-9]+' | head -n 1 | grep -oE '[0-9]+'; }
# The rows' comments, top to bottom, read once in instance 1 (instance 2 lists them alike:
# each move below waits for the comment it expects).
on 1
keys g
ids=()
for index in $(seq 0 $((rows - 1))); do
  [ "$index" -gt 0 ] && keys j
  deadline=$(( $(date +%s%N) + 5000000000 ))
  while :; do
    id=$(detail_id)
    if [ -n "$id" ] && { [ "$index" = 0 ] || [ "$id" != "${ids[$((index - 1))]}" ]; }; then break; fi
    [ "$(date +%s%N)" -lt "$deadline" ] || { fail "row $index did not show in the detail pane"; finish; }
    sleep 0.03
  done
  # The detail follows the cursor once it rests: the first id read just after g may be the
  # comment the cursor was on before.
  [ "$index" = 0 ] && sleep 0.3 && id=$(detail_id)
  ids+=("$id")
done
[ "$(printf '%s\n' "${ids[@]}" | sort -u | wc -l)" = "$rows" ] || { fail "$rows different comments listed: ${ids[*]}"; finish; }

# go N INDEX: instance N's cursor on row INDEX, its detail pane on that comment; prints the
# status the instance shows for it. (Run in $(…): the caller says `on N` itself.)
go() {
  local n=$1 index=$2 moves=()
  on "$n"
  for _ in $(seq 1 "$index"); do moves+=(j); done
  keys g "${moves[@]}"
  local deadline=$(( $(date +%s%N) + 5000000000 )) shown
  while [ "$(date +%s%N)" -lt "$deadline" ]; do
    shown=$(screen)
    if echo "$shown" | grep -qE "comment #${ids[$index]}([^0-9]|\$)"; then
      echo "$shown" | grep -oE 'UTC · (Approved|Pending|Spam|Trash)' | head -n 1 | awk '{print $3}'
      return 0
    fi
    sleep 0.03
  done
  fail "instance $n: row $index (comment #${ids[$index]}) did not show"
  return 1
}

questions=0 yes=0
# act N KEY ANSWERS: sends KEY to instance N and waits until what it started is over,
# answering each question the other instance's change raises with the next of ANSWERS
# (y/n). `?` follows the key: once the help it opens shows, the key was taken (keys are
# read in order); after the help is closed, the key is over when no row shows a write on
# its way (`~`) and no question is open. (A question held while the help shows opens as it
# closes.)
act() {
  local n=$1 key=$2 answers=$3 asked=0 taken=0 shown
  on "$n"
  keys "$key" "?"
  local deadline=$(( $(date +%s%N) + 15000000000 ))
  while [ "$(date +%s%N)" -lt "$deadline" ]; do
    shown=$(screen)
    if echo "$shown" | grep -qF "Keys: Comment list"; then
      taken=1
      keys "?"
      wait_gone "Keys: Comment list" 5 || return 1
      continue
    fi
    if echo "$shown" | grep -qF "anyway?"; then
      # A question open: the key was taken (the `?` after it is not the question's).
      taken=1
      local answer=${answers:$asked:1}
      asked=$((asked + 1)) questions=$((questions + 1))
      [ "$answer" = y ] && yes=$((yes + 1))
      keys "$answer"
      wait_gone "anyway?" 5 || return 1
      continue
    fi
    if [ "$taken" = 1 ] && ! echo "$shown" | sed -n '2,51p' | cut -c2 | grep -qF '~'; then return 0; fi
    sleep 0.03
  done
  fail "instance $n: $key did not end"
  return 1
}

# The plan, all drawn from the seed before anything runs: each row once, in a
# random order, and between them visits to a row the other instance acted on last (a
# decision this instance has not seen yet); per step the instance, the key's roll and the
# answers to give.
# Pings too: the refresh reads them as it reads comments (issue 28).
order=($(for index in $(seq 0 $((rows - 1))); do echo "$RANDOM $index"; done | sort -n | awk '{print $2}'))
last_acted=(-1 -1 -1)
next=0 steps=0
# key STATUS ROLL: the key for a comment shown with STATUS.
key_for() {
  local status=$1 roll=$2
  if [ "$roll" -lt 12 ]; then echo z; return; fi
  case "$status" in
    Trash) if [ "$roll" -lt 60 ]; then echo t; elif [ "$roll" -lt 75 ]; then echo a; elif [ "$roll" -lt 88 ]; then echo s; else echo d; fi ;;
    Spam) if [ "$roll" -lt 45 ]; then echo a; elif [ "$roll" -lt 60 ]; then echo t; elif [ "$roll" -lt 80 ]; then echo d; else echo u; fi ;;
    *) if [ "$roll" -lt 40 ]; then echo a; elif [ "$roll" -lt 52 ]; then echo u; elif [ "$roll" -lt 70 ]; then echo s; elif [ "$roll" -lt 93 ]; then echo d; else echo t; fi ;;
  esac
}
declare -A pressed=()
while [ "$next" -lt "${#order[@]}" ]; do
  n=$(( RANDOM % 2 + 1 ))
  other=$(( 3 - n ))
  if [ "${last_acted[$other]}" -ge 0 ] && [ $(( RANDOM % 100 )) -lt 40 ]; then
    index=${last_acted[$other]}
  else
    index=${order[$next]}
    next=$((next + 1))
  fi
  roll=$(( RANDOM % 100 ))
  answers=""
  for _ in 1 2 3; do answers+=$([ $(( RANDOM % 100 )) -lt 60 ] && echo y || echo n); done
  status=$(go "$n" "$index") || { E2E_FAILED=1; finish; }
  on "$n"
  key=$(key_for "$status" "$roll")
  pressed[$key]=$(( ${pressed[$key]:-0} + 1 ))
  act "$n" "$key" "$answers" || finish
  [ -n "${E2E_VERBOSE:-}" ] && echo "  step $steps: instance $n, row $index (#${ids[$index]}, shown $status): $key → $(screen | tail -n 1 | cut -c1-90)"
  last_acted[$n]=$index
  steps=$((steps + 1))
done
moderated=$(( ($(date +%s%N) - began) / 1000000 ))

site_statuses > "$E2E_STATE/after.txt"

# Each screen against the site, after a poll: rows, pending count, Status counts.
pending=$(site_total hold)
declare -A letter=([approved]=A [hold]=P [spam]=S [trash]=T)
expected_rows=$(for id in "${ids[@]}"; do grep -E "^$id " "$E2E_STATE/after.txt" | awk '{print $2}'; done \
  | while read -r status; do printf '%s' "${letter[$status]}"; done)
# shown_rows: the status letter of each row, top to bottom.
shown_rows() { screen | sed -n "2,$((rows + 1))p" | cut -c2 | tr -d '\n'; }
for n in 1 2; do
  on "$n"
  keys g
  polled=$(date +%s%N)
  deadline=$(( polled + 8000000000 ))
  while [ "$(date +%s%N)" -lt "$deadline" ]; do
    [ "$(shown_rows)" = "$expected_rows" ] && screen | head -n 1 | grep -qF " $pending pending " && break
    sleep 0.1
  done
  echo "  instance $n equals the site $(( ($(date +%s%N) - polled) / 1000000 )) ms after the last key (polls every 5 s)"
  check "instance $n's rows have the site's statuses (screen $(shown_rows), site $expected_rows)" [ "$(shown_rows)" = "$expected_rows" ]
  check "instance $n's header says the site's $pending pending" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | head -n 1 | grep -qF ' $pending pending '"
  keys f
  wait_for "Status (4 on)" 5 || finish
  for pair in Approved:approve Pending:hold Spam:spam Trash:trash; do
    total=$(site_total "${pair#*:}")
    shown=$(screen | grep -E "\[x\] ${pair%%:*} " | head -n 1 | grep -oE '[0-9]+ *│' | grep -oE '[0-9]+')
    check "instance $n's Status count ${pair%%:*} is the site's $total (shows $shown)" [ "$shown" = "$total" ]
  done
  keys f
  keys q
  wait_for "EXIT:0" 5
done
# The site against the last confirmed decisions (the instances have quit: their logs are whole).
for n in 1 2; do XDG_STATE_HOME="$(home $n)" "$PARLEY_BIN" log --format json > "$E2E_STATE/log-$n.json"; done
check "the site holds what the last confirmed decision said" python3 - "$E2E_STATE/before.txt" "$E2E_STATE/after.txt" \
  "$E2E_STATE/log-1.json" "$E2E_STATE/log-2.json" <<'PY'
import json, sys
def statuses(path):
    return {int(i): s for i, s in (line.split() for line in open(path) if line.strip())}
before, after = statuses(sys.argv[1]), statuses(sys.argv[2])
records = [r for path in sys.argv[3:] for r in json.load(open(path))]
ours = [r for r in records if r["by"] == "parley"]
failed = [r for r in ours if r["outcome"] != "done"]
decided = {}
for r in sorted(ours, key=lambda r: r["time"]):
    if r["outcome"] == "done" and r["change"] == "status":
        decided[r["comment"]] = r["after"]
wrong = [f"#{i}: the site has {after.get(i)}, the last decision said {decided.get(i, before[i])}"
         for i in sorted(before) if after.get(i) != decided.get(i, before[i])]
print(f"  {len(ours)} writes logged ({sum(1 for r in ours if r.get('overrode'))} confirmed over the other's change), "
      f"{len(decided)} comments decided, {len(failed)} failed; {len(wrong)} differ from the site")
for line in wrong + [json.dumps(r) for r in failed]:
    print("  " + line)
sys.exit(1 if wrong or failed or len(after) != len(before) else 0)
PY

echo "  seed $seed: $steps keys ($(for k in "${!pressed[@]}"; do printf '%s×%s ' "$k" "${pressed[$k]}"; done)), $questions questions ($yes answered yes); moderated in $moderated ms, $(( ($(date +%s%N) - began) / 1000000 )) ms in all"
finish
