#!/bin/bash
# How long a GUI waits for `final_score` (docs/gtp.md "The time limit"): per board size
# (9, 13, 19), position (few: two 3-3 stones on 9x9, four on 13x13 and 19x19; end: a black
# wall left of the centre column, a white wall right of it, a dead stone in each area) and
# ruleset, the wall time of the whole GTP session and the answer.
#
# usage: benches/gtp-final-score.sh TIMEOUT [GTP OPTIONS...]
#   e.g. benches/gtp-final-score.sh 30                 (the defaults: budget 200,000, 5 s)
#        benches/gtp-final-score.sh 30 --time-limit 0 --budget 2000
# The binary is $GO_ORACLE, else target/release/go-oracle. Output: tab-separated lines
# `ruleset size position seconds answer`; an empty answer = none within TIMEOUT seconds.
set -u
bin=${GO_ORACLE:-target/release/go-oracle}
timeout_s=$1
shift
cols=(A B C D E F G H J K L M N O P Q R S T)
for size in 9 13 19; do
  few="play b ${cols[2]}3\nplay w ${cols[$((size-3))]}$((size-2))\n"
  [ "$size" -ge 13 ] && few="${few}play b ${cols[$((size-3))]}3\nplay w ${cols[2]}$((size-2))\n"
  m=$((size/2)); end=""
  for y in $(seq 1 "$size"); do end="${end}play b ${cols[$((m-1))]}$y\nplay w ${cols[$m]}$y\n"; done
  end="${end}play w ${cols[1]}2\nplay b ${cols[$((size-2))]}$((size-1))\n"
  for pos in few end; do
    if [ "$pos" = few ]; then moves=$few; else moves=$end; fi
    for r in tromp-taylor naj j2003 vjr ljr; do
      s=$(date +%s.%N)
      session="boardsize $size\n${moves}final_score\n"
      n=$(printf "$session" | wc -l)
      # The n-th response (responses end with a blank line) is final_score's.
      out=$(printf "$session" | timeout "$timeout_s" "$bin" gtp --ruleset "$r" "$@" 2>/dev/null \
        | awk -v n="$n" 'BEGIN { RS = "" } NR == n { print }')
      e=$(date +%s.%N)
      printf "%s\t%dx%d\t%s\t%.1f\t%s\n" "$r" "$size" "$size" "$pos" \
        "$(echo "$e - $s" | bc)" "${out:0:100}"
    done
  done
done
