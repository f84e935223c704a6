# docs/sgf.md "Rule names": kata-set-rules and kgs-rules through the rule-name table.
#> --ruleset tromp-taylor
rectangular_boardsize 3 1
# TT95 allows a one-stone suicide (TT-5).
play w B1
#? []
is_legal b A1
#? [1]
clear_board
# KataGo's tromp-taylor is koPOSITIONAL with sui1: multi-stone suicide only (RN-4).
kata-set-rules tromp-taylor
#? []
version
#? [.*ruleset custom\)]
play w B1
is_legal b A1
#? [0]
play b A1
#! [illegal move \(suicide\)]
clear_board
kata-set-rules aga-button
#! [rules `aga-button` not supported: kata-set-rules `aga-button`: go-oracle does not model the button.*]
kata-set-rules chinese
#! [.*KataGo's simple ko \(`koSIMPLE`\) also ends the game.*]
kata-set-rules koPOSITIONALscoreAREAtaxNONEsui0komi7.5
#! [rules `.*`: the komi is GTP `komi`'s, not the rules']
kata-set-rules koSITUATIONALscoreAREAtaxNONEsui1
#? []
kgs-rules chinese
#? []
kgs-rules spanish
#! [rules `spanish` not supported: kgs-rules `spanish` names no rules go-oracle maps.*]
kgs-rules tromp-logical
#? []
version
#? [.*ruleset tromp-logical\)]
boardsize 9
fixed_handicap 2
#? [.*]
kgs-rules aga
#! [.*White's handicap bonus.*this game has 2.*]
