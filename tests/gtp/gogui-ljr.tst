# GoGui's gfx display under ljr (tests/gtp/gogui.tst for the list and J2003): 4x1, Black B1,
# White D1.
#> --ruleset ljr
rectangular_boardsize 4 1
play b B1
play w D1
go-oracle-gfx_control
#? [BLACK A1 B1 C1 D1\nTEXT ljr: control by the two-eye test: black 4, white 0, both 0; agreed]
go-oracle-gfx_status
#! [not available under ljr]
