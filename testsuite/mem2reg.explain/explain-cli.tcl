# explain-cli.tcl - the options of m2r-opt --explain and their errors
# (sourced by explain.exp, whose procs and variables it uses).

global ex_root ex_dir ex_tmp

set simplify [file join $ex_root examples explain simplify.ll]
set undef [file join $ex_root examples explain undef.ll]
set eight [file join $ex_root examples explain eight.ll]

# Expect run R to have ended with exit STATUS, its stdout matching OUT
# (a regexp, "" for none) and its stderr ERR ("" for none).
proc ex_check { name r status out err } {
    set why ""
    if {[dict get $r status] != $status} {
	set why "[m2r_status_text $r], expected exit status $status"
    } elseif {$out eq "" ? [dict get $r stdout] ne "" : ![regexp -- $out [dict get $r stdout]]} {
	set why [expr {$out eq "" ? "wrote to stdout" : "stdout does not match /$out/"}]
    } elseif {$err eq "" ? [dict get $r stderr] ne "" : ![regexp -- $err [dict get $r stderr]]} {
	set why "stderr does not match /$err/: [dict get $r stderr]"
    }
    if {$why eq ""} {
	pass "explain: cli: $name"
    } else {
	m2r_note "cli $name: $why"
	fail "explain: cli: $name"
    }
    return $r
}

# m2r-opt ARGS, checked as ex_check does.
proc ex_cli { name status out err args } {
    return [ex_check $name [ex_run cli-$name {*}$args] $status $out $err]
}

# One function of two, with or without its sigil.
set r1 [ex_cli one-function 0 {^explain @copy\n} "" --explain=@copy $simplify]
if {[string first "explain @same" [dict get $r1 stdout]] < 0} {
    pass "explain: cli: one function only"
} else {
    fail "explain: cli: one function only"
}
set r2 [ex_cli no-sigil 0 {^explain @copy\n} "" --explain=copy $simplify]
if {[dict get $r1 stdout] eq [dict get $r2 stdout]} {
    pass "explain: cli: @ is optional"
} else {
    fail "explain: cli: @ is optional"
}

# One variable: its facts and its renaming lines only.
set r1 [ex_cli one-variable 0 {\nvariable %z \(alloca in %entry\):\n} "" --explain=@maybe:%z $undef]
set out [dict get $r1 stdout]
if {![regexp {%[xy]\M} $out]
    && [regexp -line {^    %z: load %t receives %z.0$} $out]} {
    pass "explain: cli: the variable only"
} else {
    fail "explain: cli: the variable only"
}
set r2 [ex_cli no-sigils 0 {variable %z } "" --explain=maybe:z $undef]
if {[dict get $r1 stdout] eq [dict get $r2 stdout]} {
    pass "explain: cli: @ and % are optional"
} else {
    fail "explain: cli: @ and % are optional"
}
# The last --explain counts: a later one names everything again.
set r [ex_cli last-counts 0 {variable %x .*variable %y .*variable %z } "" \
	   --explain=@maybe:%z --explain $undef]
ex_cli var-dot 0 {^digraph "@maybe" \{\n.*\ndigraph "@maybe:%z" \{\n} "" \
    --explain=@maybe:%z --explain-format=dot $undef
ex_cli dot-all 0 {digraph "@maybe:%x" \{.*digraph "@maybe:%z" \{} "" \
    --explain --explain-format=dot $undef
ex_cli text-format 0 {^explain @maybe\n} "" --explain --explain-format=text $undef
ex_check stdin [m2r_exec [list sh -c "exec '$M2R_OPT' --explain - < '$eight'"] \
		    [file join $ex_tmp cli-stdin]] 0 {^explain @eight\n} ""

# -o: the IR goes to the file, the explanation to stdout (without -o
# there is no IR at all: stdout is the explanation's).
set outf [file join $ex_tmp cli-o.ll]
file delete -force $outf
ex_cli o-file 0 {^explain @eight\n} "" --explain -o $outf $eight
if {[file exists $outf] && [regexp {define i32 @eight} [m2r_read_file $outf]]
    && ![regexp {cfg \(each block|DF\(%} [m2r_read_file $outf]]} {
    pass "explain: cli: -o gets the IR"
} else {
    fail "explain: cli: -o gets the IR"
}
set r [ex_run cli-no-ir --explain $eight]
if {[ex_ok $r] && ![regexp -line {^define |^ +%x = alloca} [dict get $r stdout]]} {
    pass "explain: cli: no IR on stdout"
} else {
    fail "explain: cli: no IR on stdout"
}

# Errors: a usage error exits 2, a name the input lacks 1; nothing on
# stdout either way.
ex_cli unknown-function 1 "" {m2r-opt: error: --explain: no function @nope in .*eight\.ll} \
    --explain=@nope $eight
ex_cli unknown-variable 1 "" {eight\.ll:[0-9]+: error: --explain: @eight has no alloca %nope} \
    --explain=@eight:%nope $eight
ex_cli not-an-alloca 1 "" {@eight has no alloca %v} --explain=@eight:%v $eight
ex_cli empty 2 "" {'--explain=' names no function: expected --explain=@FUNC\[:%VAR\]} \
    --explain= $eight
ex_cli empty-function 2 "" {'--explain=@' names no function} --explain=@ $eight
ex_cli empty-function-with-var 2 "" {'--explain=@:%x' names no function} --explain=@:%x $eight
ex_cli empty-variable 2 "" {'--explain=@eight:' names no variable: expected --explain=@FUNC:%VAR} \
    --explain=@eight: $eight
ex_cli empty-variable-sigil 2 "" {'--explain=@eight:%' names no variable} --explain=@eight:% $eight
ex_cli bad-format 2 "" {bad value in '--explain-format=svg': expected text or dot} \
    --explain --explain-format=svg $eight
ex_cli empty-format 2 "" {bad value in '--explain-format=': expected text or dot} \
    --explain --explain-format= $eight
ex_cli format-alone 2 "" {'--explain-format=dot' needs --explain} --explain-format=dot $eight
ex_cli text-format-alone 2 "" {'--explain-format=text' needs --explain} --explain-format=text $eight
ex_cli explain-o-disable 2 "" {-o and --disable-output contradict each other} \
    --explain --disable-output -o [file join $ex_tmp never.ll] $eight
ex_cli bad-input 1 "" {error: } --explain [file join $ex_root testsuite mem2reg.ir bad-unknown-label.ll]

# A quoted function name may hold a colon; every name is found whole.
set names [file join $ex_dir names.ll]
set fn "@\"we\\\\ird:<&>\xff\""
set r [ex_run cli-quoted-colon "--explain=$fn:%\"x<&>\\\"" $names]
set out [dict get $r stdout]
if {[ex_ok $r] && [string first "explain $fn\n" $out] == 0
    && [string first "\nvariable %\"x<&>\\\" (alloca in %\"en\\\\try\\\"):\n" $out] >= 0
    && [string first "variable %\"y" $out] < 0} {
    pass "explain: cli: a quoted function name with a colon"
} else {
    m2r_note "quoted-colon: [m2r_status_text $r]: [dict get $r stderr]"
    fail "explain: cli: a quoted function name with a colon"
}
set long [string repeat v 80]
ex_cli long-name 0 "\nvariable %$long \\(alloca in %entry\\):\n.*phi %$long.0 gets 2" "" \
    --explain=@long:%$long $names
