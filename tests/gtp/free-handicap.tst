# place_free_handicap N (GTP 6.3.2, 4.1.2): the referee chooses N stones on an empty board,
# GTP 4.1.1's fixed points first, then the remaining points in board order.
#> --ruleset tromp-taylor
boardsize 19
place_free_handicap 4
#? [D4 Q16 D16 Q4]
list_stones b
#? [D16 Q16 D4 Q4]
showboard
#? [(?s).*white to move.*]
place_free_handicap 2
#! [board not empty]
clear_board
place_free_handicap 11
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10 A19 B19]
clear_board
place_free_handicap 1
#! [invalid number of stones \(1; 2 to 360 on this board\)]
place_free_handicap 361
#! [invalid number of stones \(361; 2 to 360 on this board\)]
place_free_handicap two
#! [syntax error \(place_free_handicap NUMBER\)]
boardsize 3
place_free_handicap 3
#? [A3 B3 C3]
printsgf
#? [(?s).*HA\[3\].*]
