# go-oracle-budget [STATES]: the budget of every search (states or nodes per question) at
# run time; with no argument, the current one. Here J-19's ending pass (4x1, Black B1,
# White D1 dead) is undetermined within 50 and decided within 200,000.
#> --ruleset j2003 --budget 50
go-oracle-budget
#? [50]
rectangular_boardsize 4 1
play b B1
play w D1
play w pass
is_legal b pass
#! [undetermined: .*J-19.*budget 50 per question.*]
go-oracle-budget 200000
#? []
go-oracle-budget
#? [200000]
is_legal b pass
#? [1]
go-oracle-budget 0
#! [syntax error \(go-oracle-budget \[STATES\], STATES at least 1\)]
go-oracle-budget many
#! [syntax error \(go-oracle-budget .*\)]
go-oracle-budget
#? [200000]
