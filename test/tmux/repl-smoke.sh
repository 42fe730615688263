#!/usr/bin/env bash
# Drives the REPL in a real terminal (tmux): opens `seller-ai` with no
# arguments, asks two questions of one conversation, uses up-arrow history,
# /format, /explain, /help and /quit, and prints what the screen showed at
# each step. Run by hand after `npx tsc -p tsconfig.json`:
#   test/tmux/repl-smoke.sh [MIRROR_DB]
# Without MIRROR_DB it uses a new temporary mirror (the demo seller is
# generated on first use, which takes a while).
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
db="${1:-$(mktemp -d)/mirror.db}"
session="seller-ai-smoke-$$"
shot() { sleep "${2:-1}"; echo "----- $1"; tmux capture-pane -p -t "$session" | sed -e 's/[[:space:]]*$//' | awk 'NF || p {print; p=NF}'; }
wait_for() { # text, timeout seconds
  for _ in $(seq 1 "$2"); do tmux capture-pane -p -t "$session" | grep -q -- "$1" && return 0; sleep 1; done
  echo "timed out waiting for: $1" >&2; tmux capture-pane -p -t "$session" >&2; return 1
}
cleanup() { tmux kill-session -t "$session" 2>/dev/null || true; }
trap cleanup EXIT

tmux new-session -d -s "$session" -x 120 -y 50 "cd '$here' && node bin/seller-ai --db '$db' --today 2026-11-21; echo EXITED \$?; sleep 30"
wait_for "/help for commands" 300
shot "start"

tmux send-keys -t "$session" "top 5 products by revenue last 30 days" Enter
sleep 0.3; echo "----- while answering"; tmux capture-pane -p -t "$session" | grep -E "Answering|›" | tail -2 || true
wait_for "Recommendation:" 60
shot "first answer"

tmux send-keys -t "$session" "what about the UK?" Enter
wait_for "in the UK\|UK," 60
sleep 1
shot "follow-up keeps the conversation"

tmux send-keys -t "$session" "/format csv" Enter
tmux send-keys -t "$session" Up Up Up
shot "up-arrow recalls the first question" 0.5
tmux send-keys -t "$session" Enter
wait_for "^asin," 60
shot "csv format"

# Four lines in one burst, as a paste: handled one after the other.
tmux send-keys -t "$session" "/clear" Enter "/format chart" Enter "/explain on" Enter "daily revenue for the last 60 days" Enter
wait_for "Daily\|daily" 60
wait_for "Recommendation:" 60
sleep 1
shot "chart with explain"

tmux send-keys -t "$session" "/help" Enter
shot "help"

tmux send-keys -t "$session" "what is the meaning of life" Enter
wait_for "Sorry" 30
shot "not understood"

tmux send-keys -t "$session" "/quit" Enter
wait_for "EXITED" 10
shot "after /quit" 0.5
