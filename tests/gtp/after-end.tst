# Plays after the end (the session's rule): once the ruleset's consecutive passes have
# ended the game, a play or pass by either player starts a new move-sequence at the current
# position, prisoners kept, passes and ko history from 0 (GNU Go accepts such plays; GUIs
# sync records that go on after two passes). go-oracle-game_end names the moves that ended
# a move-sequence, printsgf comments them, undo goes back across them.
#> --ruleset tromp-taylor --seed 3
boardsize 5
play b C3
#? []
play w pass
#? []
play b pass
#? []
go-oracle-game_end
#? [3]
showboard
#? [(?s).*white to move.*game over]
# White plays on: a new move-sequence (no longer over), then Black, then two passes again.
play w D4
#? []
showboard
#? [(?s).*black to move, prisoners black 0 white 0, komi 0(?-s:[^,\n]*)$]
play b pass
#? []
play w pass
#? []
go-oracle-game_end
#? [3 6]
# The player not to move may also go on after the end (both rules start a move-sequence).
play w B2
#? []
list_stones w
#? [D4 B2]
printsgf
#? [(?s).*;B\[\]C\[go-oracle\\: the game ends here under tromp-taylor[^\]]*\]\n;W\[db\]\n;B\[\]\n;W\[\]C\[go-oracle\\: the game ends here[^\]]*\]\n;W\[bd\]\)]
# undo goes back across the end: the end at move 6 is forgotten, the one at 3 kept.
undo
#? []
undo
#? []
go-oracle-game_end
#? [3]
undo
#? []
undo
#? []
undo
#? []
go-oracle-game_end
#? []
showboard
#? [(?s).*black to move.*komi 0$]
go-oracle-game_end extra
#! [syntax error \(go-oracle-game_end\)]
# genmove after the end plays on as well (a pass recorded, or a point).
play b pass
play w pass
genmove b
#? [pass|[A-E][1-5]]
go-oracle-game_end
#? [3( 5)?]
