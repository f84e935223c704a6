# J2003 J-19 (C-4) over GTP with the optimized engine: on a position where no stone is a ko
# stone (J-28) there is no direct ko stone (J-48), so the ending pass is legal without the
# analysis (spec j2003-solver.md, lemma J19-L1, switch `j19-ko-stone-screen`). Before the lemma
# this pass was `? undetermined` within the default budget on every board size.
# The reference runs the analysis at every ending pass (C-4 literally), so with
# `--engine both` the pass stays undetermined here (j2003-direct-ko-undetermined.tst).
#> --ruleset j2003 --engine optimized
boardsize 9
play b C3
#? []
play w G7
#? []
play b E5
#? []
play w pass
#? []
is_legal b pass
#? [1]
play b pass
#? []
showboard
#? [(?s).*game over.*]
# The ruleset ended the move-sequence after move 5 (Black's pass).
go-oracle-game_end
#? [5]
# A play after the end starts a new move-sequence (docs/gtp.md); its passes are screened alike.
play w D4
#? []
play b pass
#? []
play w pass
#? []
go-oracle-game_end
#? [5 8]
