# Tromp-Taylor 1995 (spec tromp-taylor.md TT-4 ... TT-7): suicide allowed, situational
# superko, area scoring counting empty points that do not reach the opponent.
#> --ruleset tromp-taylor --komi 0.5
rectangular_boardsize 3 1
# A 1x3 board: A1 B1 C1.
play b B1
#? []
# White A1 has no liberty and captures nothing: a one-stone suicide, allowed (TT-5).
is_legal w A1
#? [1]
play w A1
#? []
list_stones w
#? []
captures b
#? [1]
play b C1
#? []
# White A1 now takes Black's last liberty: Black's B1-C1 is removed first (TT-5), so A1
# stays: two stones captured.
play w A1
#? []
list_stones b
#? []
captures w
#? [2]
# Black B1 would capture A1 and give `. # .` with White to move, the position Black left
# by his play C1: situational superko (TT-4).
is_legal b B1
#? [0]
play b B1
#! [illegal move \(situational-superko\)]
all_legal b
#? [C1]
showboard
#? [(?s).* 1  O \. \.  1 .*black to move, prisoners black 1 white 2, komi 0\.5]
undo
#? []
undo
#? []
undo
#? []
list_stones b
#? [B1]
# Two passes end the game (go-oracle-game_end names the move); a play after it would start
# a new move-sequence (tests/gtp/after-end.tst). Area: B1, and A1, C1 reach only Black.
play w pass
#? []
play b pass
#? []
go-oracle-game_end
#? [[0-9]+]
all_legal w
#? [A1 C1]
final_score
#? [B\+2\.5]
final_status_list alive
#? [B1]
final_status_list dead
#? []
final_status_list seki
#? []
final_status_list maybe
#! [syntax error \(final_status_list alive\|dead\|seki\)]
# A multi-stone suicide on 1x4: White A1-B1 without liberty, captures nothing.
rectangular_boardsize 4 1
play b C1
play w A1
play b pass
#? []
play w B1
#? []
captures b
#? [2]
list_stones w
#? []
