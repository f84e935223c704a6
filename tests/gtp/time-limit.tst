# go-oracle-time_limit [SECONDS] and --time-limit: a wall-clock limit on each command's
# searches beside the budget (0: none; `gtp`'s default 5 s). Past it every search stops as
# one past its budget: undetermined, never a guess, and the answer says it was the time limit.
# The J2003 analysis of four stones on 19x19 takes minutes within the default budget.
#> --ruleset j2003 --time-limit 1
go-oracle-time_limit
#? [1]
boardsize 19
play b C3
play w R17
play b R3
play w C17
final_score
#! [undetermined: reference: the J2003 analysis \(J-52\) is undetermined within the time limit \(\d+ explored, budget 200000 per question\); optimized: .* within the time limit .*; raise the time limit]
go-oracle-time_limit 0.5
#? []
go-oracle-time_limit
#? [0.5]
final_status_list dead
#! [undetermined: .*within the time limit.*]
go-oracle-time_limit 0
#? []
go-oracle-time_limit
#? [0]
# A search the budget stops is still said to be stopped by the budget (no time limit here:
# under load the reference's 100 states per question can take longer than any fixed limit).
go-oracle-budget 100
#? []
final_score
#! [undetermined: .*within the budget \(\d+ explored, budget 100 per question\).*; raise the budget]
go-oracle-time_limit -1
#! [syntax error \(go-oracle-time_limit \[SECONDS\], 0 for none, at most 86400\)]
go-oracle-time_limit 86401
#! [syntax error \(go-oracle-time_limit .*\)]
go-oracle-time_limit soon
#! [syntax error \(go-oracle-time_limit .*\)]
