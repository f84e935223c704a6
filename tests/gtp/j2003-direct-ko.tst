# J2003 J-19 (C-4) over GTP: a pass that would end the alternation is illegal while the
# position has a direct ko stone; the referee plays through the game the ruleset starts,
# so it refuses the pass as `check` does (oracle-cases/j2003-shapes/direct-ko-stone.yaml,
# check ending-pass-refused). The reference cannot decide this position's analysis within
# the budget (see the case's notes), so this transcript asks the optimized engine alone;
# j2003-direct-ko-undetermined.tst asks both.
#> --ruleset j2003 --engine optimized --budget 300000
rectangular_boardsize 7 1
# `. . # # # O .`, set up by plays (out of turn: each starts a new move-sequence).
play b C1
#? []
play b D1
#? []
play b E1
#? []
play w F1
#? []
list_stones b
#? [C1 D1 E1]
play b pass
#? []
is_legal w pass
#? [0]
play w pass
#! [illegal move \(direct-ko\)]
showboard
#? [(?s).*white to move.*]
# White plays; Black resolves the ko by taking F1; now both passes are legal.
play w A1
#? []
play b G1
#? []
captures b
#? [1]
is_legal w pass
#? [1]
play w pass
#? []
play b pass
#? []
showboard
#? [(?s).*game over.*]
# C-11: board score 0, prisoner difference 1.
final_score
#? [B\+1]
