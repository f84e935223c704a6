# The clock commands GUIs and kgsGtp send: checked for syntax, then ignored (a referee has
# no clock).
#> --ruleset tromp-taylor
time_settings 300 30 5
#? []
time_settings 0 0 0
#? []
time_settings 300 30
#! [syntax error \(time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES\)]
time_settings 300 thirty 5
#! [syntax error \(time_settings .*\)]
time_left white 120 0
#? []
time_left b 30 5
#? []
time_left red 30 5
#! [syntax error \(time_left COLOUR TIME STONES\)]
time_left b 30
#! [syntax error \(time_left COLOUR TIME STONES\)]
kgs-time_settings none
#? []
kgs-time_settings absolute 600
#? []
kgs-time_settings byoyomi 600 30 5
#? []
kgs-time_settings canadian 600 300 25
#? []
kgs-time_settings canadian 600 300
#! [syntax error \(kgs-time_settings none \| absolute .*\)]
kgs-time_settings none 5
#! [syntax error \(kgs-time_settings .*\)]
kgs-time_settings fischer 600 10
#! [syntax error \(kgs-time_settings .*\)]
kgs-time_settings
#! [syntax error \(kgs-time_settings .*\)]
