# An LJR score that one engine decides and the other cannot within the budget is
# undetermined, not a disagreement: `? undetermined`, naming the engine that decided with its
# answer (the optimized engine alone gives W+7), and the engine that ran out, what it spent and
# the budget.
#> --ruleset ljr --budget 100000
boardsize 3
play b C3
#? []
play w B2
#? []
play b pass
#? []
play w B1
#? []
play b pass
#? []
play w A3
#? []
play b B3
#? []
play w A1
#? []
play b pass
#? []
play w pass
#? []
showboard
#? [(?s).*game over]
final_score
#! [undetermined: optimized: Ok\(-7\.0\); reference: LJR control by the two-eye test \(L-14\) is undetermined within the budget \(\d+ explored, budget 100000 per question\); raise the budget]
