# Custom rules as most GTP engines play by default: no suicide, basic (simple) ko.
#> --ruleset custom --suicide forbidden --ko basic --scoring area-not-reaching-opponent
boardsize 5
#? []
# A ko: Black B3 C4 C2, White D3 C4? Set up with out-of-turn plays (each starts a new
# move-sequence, so no ko history exists before the capture).
play b B3
play b C4
play b C2
play w D4
play w D2
play w E3
play w C3
#? []
showboard
#? [(?s).* 4  \. \. # O \.  4 \n 3  \. # O \. O  3 \n 2  \. \. # O \.  2 .*]
# Black D3 captures C3 (a ko capture); White's immediate retake at C3 is the basic ko.
play b D3
#? []
captures b
#? [1]
is_legal w C3
#? [0]
play w C3
#! [illegal move \(basic-ko\)]
# After a threat and answer elsewhere, White may retake.
play w A1
#? []
play b A2
#? []
play w C3
#? []
captures w
#? [1]
# Suicide is forbidden: White A4 would not be suicide; Black corner at E5? E5's neighbours
# D5 and E4: both empty, legal. A white play surrounded: after Black A5 and B4... here
# simply: the point A3 for White is legal (neighbours A4, A2 black? A2 is black, A4 empty).
play w E1
#? []
play b pass
#? []
# White E2? legal (next to D2, E1). A real suicide: Black E2? neighbours E1 W, D2 W, E3 W:
# no liberty, captures nothing.
is_legal b E2
#? [0]
play b E2
#! [illegal move \(suicide\)]
play b B2
#? []
