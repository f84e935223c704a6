#!/bin/bash
# How far `go-oracle status` gets on the real game ends of oracle-cases/real-games/ (the
# target: every string of a 9x9 or 13x13 position decided in under 10 s, 19x19 in under 60 s,
# under J2003 and VJR). Per game: the strings of the final position, how many have a status,
# the wall time, and the score when every status is decided.
#
# usage: benches/real-games-status.sh RULESET BUDGET TIMEOUT [SIZE...]
#   e.g. benches/real-games-status.sh j2003 200000 60 9x9
#        benches/real-games-status.sh vjr 20000 60 9x9 13x13 19x19
# RULESET is j2003 or vjr; BUDGET is `status --budget` (per status check); TIMEOUT is the
# seconds a game may take: `status --time-limit`, so a game stopped by it still counts the
# strings decided before (the others are undetermined); a game that does not answer within
# twice the limit counts none ("?"). SIZEs default to all three.
# The binary is $GO_ORACLE, else target/release/go-oracle; the optimized engine answers.
# Needs yq and jq. Output: tab-separated lines `game size strings decided seconds score`, then
# a `total` line per size.
set -u
bin=${GO_ORACLE:-target/release/go-oracle}
ruleset=$1 budget=$2 timeout_s=$3
shift 3
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(9x9 13x13 19x19)
dir=$(dirname "$0")/../oracle-cases/real-games
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for size in "${sizes[@]}"; do
  games=0 strings_sum=0 decided_sum=0 whole=0
  for f in "$dir/$size"/*.yaml; do
    game=$(basename "$f" .yaml)
    yq -r '.positions.final' "$f" > "$tmp/final.txt"
    s=$(date +%s.%N)
    timeout $((2 * timeout_s + 5)) "$bin" status --ruleset "$ruleset" --engine optimized \
      --budget "$budget" --time-limit "$timeout_s" --json "$tmp/final.txt" > "$tmp/out.json" 2>/dev/null
    e=$(date +%s.%N)
    if [ -s "$tmp/out.json" ] && jq -e .engines.optimized "$tmp/out.json" > /dev/null 2>&1; then
      strings=$(jq '.engines.optimized.strings | length' "$tmp/out.json")
      decided=$(jq '[.engines.optimized.strings[] | select(.status != "undetermined")] | length' "$tmp/out.json")
      score=$(jq -r '.engines.optimized.score // "-"' "$tmp/out.json")
    else
      strings="?" decided=0 score="-"
    fi
    printf "%s\t%s\t%s\t%s\t%.1f\t%s\n" "$game" "$size" "$strings" "$decided" \
      "$(echo "$e - $s" | bc)" "$score"
    games=$((games + 1))
    [ "$strings" != "?" ] && strings_sum=$((strings_sum + strings))
    decided_sum=$((decided_sum + decided))
    [ "$score" != "-" ] && whole=$((whole + 1))
  done
  printf "total\t%s\t%s\t%s\t-\t%s of %s games scored\n" "$size" "$strings_sum" "$decided_sum" \
    "$whole" "$games"
done
