# final_score and final_status_list under the rulesets that judge life and death.
# Position 1x4 `# . O .` (oracle-cases/j2003-shapes/dead-stone.yaml): Black A1 is dead,
# White C1 uncapturable; W+4 under J2003 (J-64) and VJR (V-27).
#> --ruleset j2003 --budget 100000
rectangular_boardsize 4 1
play b A1
play w C1
#? []
final_status_list dead
#? [A1]
final_status_list alive
#? [C1]
final_score
#? [W\+4]
# J2003 in-seki regions are not separated (J-59): seki is answered as an error.
final_status_list seki
#! [j2003: in-seki regions \(J-59\) are not computed over GTP.*]
kgs-rules vjr
#! [cannot change the rules during a game]
clear_board
kgs-rules vjr
#? []
version
#? [.*ruleset vjr\)]
rectangular_boardsize 4 1
play b A1
play w C1
final_status_list dead
#? [A1]
final_status_list alive
#? [C1]
final_score
#? [W\+4]
# 1x5 `. # . O .` (oracle-cases/j2003-shapes/seki.yaml): alive in seki under VJR, a tie.
rectangular_boardsize 5 1
play b B1
play w D1
final_status_list seki
#? [B1\nD1]
final_status_list alive
#? []
final_score
#? [0]
kgs-rules korean
#! [rules `korean` not supported.*names no rules go-oracle maps.*]
