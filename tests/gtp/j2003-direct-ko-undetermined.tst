# An ending pass whose legality (J-19) rests on an analysis that an engine cannot finish
# within the budget is neither legal nor illegal: the referee answers `? undetermined`,
# naming the engine, what it spent and the budget, and the game does not go on.
#> --ruleset j2003 --budget 2000
rectangular_boardsize 7 1
play b C1
#? []
play b D1
#? []
play b E1
#? []
play w F1
#? []
play b pass
#? []
is_legal w pass
#! [undetermined: reference: the J2003 analysis that judges an ending pass \(J-19\) is undetermined within the budget \(\d+ explored, budget 2000 per question\).*raise the budget]
play w pass
#! [undetermined: .*J-19.*]
showboard
#? [(?s).*white to move, prisoners black 0 white 0, komi 0]
