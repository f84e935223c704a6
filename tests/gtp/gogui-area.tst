# GoGui's area display (go-oracle-gfx_area, PLAY-12): the empty points the area score
# counts for one player (BLACK/WHITE), for both (MARK: a region reaching no stone under
# area-not-reaching-opponent), and the score in the TEXT line; available wherever the rules
# have an area scoring, refused elsewhere.
#> --ruleset custom --suicide forbidden --ko basic --scoring area-not-reaching-opponent
rectangular_boardsize 3 1
go-oracle-gfx_area
#? [MARK A1 B1 C1\nTEXT custom: area black 3 white 3 komi 0: 0; agreed]
play b A1
go-oracle-gfx_area
#? [BLACK B1 C1\nTEXT custom: area black 3 white 0 komi 0: B\+3; agreed]
play w C1
komi 0.5
go-oracle-gfx_area
#? [TEXT custom: area black 1 white 1 komi 0.5: W\+0.5; agreed]
go-oracle-gfx_area extra
#! [syntax error \(go-oracle-gfx_area\)]
