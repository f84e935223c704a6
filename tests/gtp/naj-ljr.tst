# NAJ (N-23 from the two analyses) and LJR (L-5 with control by the two-eye test).
#> --ruleset naj --budget 100000
rectangular_boardsize 4 3
# oracle-cases/written/naj-optimal-analyses.yaml, capture-all: black-analysis 10,
# white-analysis 0, no prisoners.
play w A3
play w A2
play w D3
play w D2
play b B3
play b C2
play b A1
play b B1
play b C1
play b D1
#? []
showboard
#? [(?s).* 3  O # \. O  3 \n 2  O \. # O  2 \n 1  # # # #  1 .*]
final_score
#? [B\+10]
final_status_list dead
#! [naj: final_status_list is not available.*]
# oracle-cases/ljr/control-dead-stones.yaml, one-dead-stone: LJR B+4, Tromp-Taylor B+5.
clear_board
kgs-rules ljr
#? []
rectangular_boardsize 4 2
play w C2
play b B2
play b A1
play b B1
play b C1
play b D1
#? []
final_status_list dead
#? [C2]
final_status_list alive
#? [B2 A1 B1 C1 D1]
final_score
#? [B\+4]
komi 0.5
final_score
#! [ljr: komi is a non-negative integer \(L-2\)]
clear_board
kgs-rules tromp-taylor
#? []
komi 0
play w C2
play b B2
play b A1
play b B1
play b C1
play b D1
final_score
#? [B\+5]
