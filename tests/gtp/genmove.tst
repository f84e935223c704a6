# genmove and kgs-genmove_cleanup: uniformly random among the legal plays that are neither
# suicide (even where the rules allow it, as Tromp-Taylor does) nor a fill of the player's
# own eye; pass when none is left.
#> --ruleset tromp-taylor --seed 11
rectangular_boardsize 3 1
play b B1
#? []
# A1 and C1 are Black's own eyes; for White both are suicide (legal under TT-?).
all_legal w
#? [A1 C1]
genmove b
#? [pass]
genmove w
#? [pass]
kgs-genmove_cleanup w
#? [pass]
kgs-genmove_cleanup
#! [syntax error \(kgs-genmove_cleanup COLOUR\)]
# On 4x1 with Black B1: White's A1 is suicide, C1 and D1 are candidates; Black's A1 is
# its own eye.
rectangular_boardsize 4 1
play b B1
#? []
genmove w
#? [[CD]1]
kgs-genmove_cleanup b
#? [[CD]1]
