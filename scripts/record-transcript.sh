#!/usr/bin/env bash
# Re-records a transcript from its "> " lines with the debug binary, keeping its "#" directives.
# Review the result with `git diff` before committing: the transcript is the expected output.
set -euo pipefail
cd "$(dirname "$0")/.."
file="$1"
now=$(sed -n 's/^# now: *//p' "$file" | head -1); now=${now:-2026-11-22T10:00:00Z}
briefing=$(sed -n 's/^# briefing: *//p' "$file" | head -1)
args=(--echo --now "$now")
[ -n "$briefing" ] && args+=(--briefing "$briefing")
tmp=$(mktemp)
awk 'BEGIN{d=1} d && /^#/ {print; next} {d=0}' "$file" > "$tmp.head"
sed -n 's/^> //p' "$file" > "$tmp.in"
XDG_DATA_HOME=$(mktemp -d) COLUMNS=100 FLYFUN_NOHISTORY=1 .build/debug/flyfun "${args[@]}" < "$tmp.in" > "$tmp.out" || true
cat "$tmp.head" "$tmp.out" > "$file"
rm -f "$tmp" "$tmp.head" "$tmp.in" "$tmp.out"
echo "recorded $file"
