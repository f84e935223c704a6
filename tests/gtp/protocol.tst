# The administrative commands of GTP 6.3.1 and 6.3.2, ids, comments, errors.
#> --ruleset tromp-taylor
protocol_version
#? [2]
1 name
#? [go-oracle]
version
#? [\d+\.\d+\.\d+ \(rules referee, ruleset tromp-taylor\)]
known_command play
#? [true]
known_command reg_genmove
#? [false]
list_commands
#? [(?s)protocol_version\n.*\nplay\n.*\nkgs-rules\nkata-set-rules\ntime_settings\ntime_left\nkgs-time_settings\nkgs-genmove_cleanup\nplace_free_handicap\ngo-oracle-game_end\ngo-oracle-budget\ngo-oracle-time_limit\ngogui-analyze_commands\n.*go-oracle-gfx_control\ngo-oracle-gfx_area]
   # a comment line and blank lines are skipped

no_such_command
#! [unknown command]
boardsize 53
#! [unacceptable size]
boardsize 0
#! [unacceptable size]
boardsize nine
#! [syntax error \(boardsize SIZE\)]
boardsize 9
#? []
rectangular_boardsize 7 3
#? []
showboard
#? [(?s)\n\s+A B C D E F G\n 3 .*\n 1 .*ruleset tromp-taylor, black to move, prisoners black 0 white 0, komi 0]
komi 6.5
#? []
komi x
#! [syntax error \(komi NUMBER\)]
play black H1
#! [invalid coordinate `H1` \(a vertex of the 7x3 board, or pass\)]
play blue A1
#! [invalid color `blue` \(play COLOUR VERTEX\)]
play b
#! [syntax error \(play COLOUR VERTEX\)]
undo
#! [cannot undo]
quit
#? []
