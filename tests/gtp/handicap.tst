# Handicap stones (GTP 4.1.1, 6.3.3) and genmove (a referee: a uniformly random legal move).
#> --ruleset tromp-taylor --seed 7
boardsize 19
fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
fixed_handicap 2
#! [board not empty]
list_stones black
#? [D16 K16 Q16 D10 K10 Q10 D4 K4 Q4]
showboard
#? [(?s).*white to move.*]
clear_board
fixed_handicap 1
#! [invalid number of stones \(1; 2 to 9 on this 19x19 board\)]
boardsize 8
fixed_handicap 5
#! [invalid number of stones \(5; 2 to 4 on this 8x8 board\)]
boardsize 9
fixed_handicap 4
#? [C3 G7 C7 G3]
clear_board
set_free_handicap A1 A1
#! [bad vertex list \(`A1`\)]
set_free_handicap A1
#! [bad vertex list \(at least 2 stones, not the whole board\)]
set_free_handicap A1 J9 E5
#? []
# genmove plays a uniformly random legal point (from --seed), for either colour.
genmove w
#? [[A-HJ][1-9]]
genmove w
#? [[A-HJ][1-9]]
undo
#? []
undo
#? []
list_stones w
#? []
