# GoGui's analyze commands: gogui-analyze_commands lists them (type/label/command); each
# gfx command answers GoGui's display lines under its rulesets, `? not available` otherwise;
# an item the engines do not agree on is left unmarked and named in the TEXT line.
#> --ruleset j2003 --budget 50
gogui-analyze_commands
#? [gfx/go-oracle: statuses \(j2003, vjr\)/go-oracle-gfx_status\ngfx/go-oracle: immortal stones \(naj, najn\)/go-oracle-gfx_immortal\ngfx/go-oracle: control \(ljr\)/go-oracle-gfx_control\ngfx/go-oracle: area \(area scoring\)/go-oracle-gfx_area\nstring/go-oracle: where the game ended/go-oracle-game_end\nstring/go-oracle: budget per question/go-oracle-budget %o\nstring/go-oracle: time limit per command/go-oracle-time_limit %o]
# 4x1: Black B1 uncapturable, White D1 dead (J-52), decided within 200,000, not within 50.
rectangular_boardsize 4 1
play b B1
play w D1
go-oracle-gfx_status
#? [LABEL B1 U\nTEXT j2003: 2 strings: 1 uncapturable, 0 capturable-1, 0 capturable-2, 0 dead; not marked: D1 undetermined; undetermined]
go-oracle-budget 200000
go-oracle-gfx_status
#? [MARK D1\nLABEL B1 U D1 D\nTEXT j2003: 2 strings: 1 uncapturable, 0 capturable-1, 0 capturable-2, 1 dead; agreed]
go-oracle-gfx_immortal
#! [not available under j2003]
go-oracle-gfx_control
#! [not available under j2003]
go-oracle-gfx_area
#! [not available under j2003]
go-oracle-gfx_status extra
#! [syntax error \(go-oracle-gfx_status\)]
go-oracle-gfx_nothing
#! [unknown command]
