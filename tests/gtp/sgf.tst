# loadsgf and printsgf (GTP 6.3.5 and the printsgf extension), with the SGF fixtures of
# tests/fixtures/sgf/.
#> --ruleset tromp-taylor
loadsgf tests/fixtures/sgf/good/rect_7x5.sgf
#? [black]
showboard
#? [(?s)\n\s+A B C D E F G\n 5  \. # \. \. \. \. \.  5 \n 4  # \. # \. \. \. \.  4 \n.*black to move, prisoners black 1 white 0, komi 0\.5, game over]
captures b
#? [1]
printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[go-oracle:[0-9.]+\]SZ\[7:5\]KM\[0\.5\]RU\[tromp-taylor\]C\[[^\]]*\]\n;B\[ab\]\n;W\[bb\](?s).*\n;B\[\]\n;W\[\]C\[go-oracle\\: the game ends here under tromp-taylor[^\]]*\]\)]
# The position before move 3 (two moves played); Black to move.
loadsgf tests/fixtures/sgf/good/rect_7x5.sgf 3
#? [black]
list_stones b
#? [A4]
list_stones w
#? [B4]
# Handicap stones from AB with HA[2]: White moves first.
loadsgf tests/fixtures/sgf/good/goban_sgf_2_2ha.sgf 1
#? [white]
list_stones b
#? [Q16 D4]
loadsgf tests/fixtures/sgf/bad/truncated_tree.sgf
#! [cannot load file: tests/fixtures/sgf/bad/truncated_tree\.sgf:1:\d+: the file ends inside a game tree.*]
loadsgf tests/fixtures/sgf/bad/sz_too_large.sgf
#! [cannot load file: .*SZ\[60\]: a 60x60 board; expected sides 1 to 52]
loadsgf /no/such/file.sgf
#! [cannot load file: /no/such/file\.sgf: .*]
loadsgf tests/fixtures/sgf/good/rect_7x5.sgf 0
#! [syntax error \(loadsgf FILE \[MOVE_NUMBER\]\)]
