# GoGui's gfx display under naj (tests/gtp/gogui.tst for the list and J2003): 4x1, Black B1,
# White D1.
#> --ruleset naj
rectangular_boardsize 4 1
play b B1
play w D1
go-oracle-gfx_immortal
#? [SQUARE B1\nTEXT naj: immortal stones: black 1, white 0; agreed]
go-oracle-gfx_status
#! [not available under naj]
go-oracle-gfx_control
#! [not available under naj]
