# GoGui's gfx display under vjr (tests/gtp/gogui.tst for the list and J2003): 4x1, Black B1,
# White D1.
#> --ruleset vjr
rectangular_boardsize 4 1
play b B1
play w D1
go-oracle-gfx_status
#? [MARK D1\nLABEL B1 A D1 D\nBLACK A1 C1 D1\nTEXT vjr: 2 strings; territory shown; agreed]
go-oracle-gfx_immortal
#! [not available under vjr]
