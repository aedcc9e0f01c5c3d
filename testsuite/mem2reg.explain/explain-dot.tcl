# explain-dot.tcl - --explain-format=dot renders with Graphviz (sourced
# by explain.exp, whose procs and variables it uses).

global ex_root ex_dir ex_tmp

set ex_dot [auto_execok dot]

# The functions and variables of a text explanation: a list of
# {FUNC {VAR promoted} ...}, FUNC and VAR as printed ("@f", "%x").
proc ex_names { text } {
    set fns {}
    set vars {}
    set fn ""
    set lines [split $text "\n"]
    for {set i 0} {$i < [llength $lines]} {incr i} {
	set l [lindex $lines $i]
	if {[regexp {^explain (@.*)$} $l -> f]} {
	    if {$fn ne ""} { lappend fns [list $fn $vars] }
	    set fn $f
	    set vars {}
	} elseif {[regexp {^variable (.+) \(alloca in .*\):$} $l -> v]} {
	    set promoted [expr {![string match "  not promoted:*" [lindex $lines [expr {$i + 1}]]]}]
	    lappend vars [list $v $promoted]
	}
    }
    if {$fn ne ""} { lappend fns [list $fn $vars] }
    return $fns
}

# The names of the digraphs of a DOT text, as written (quoted form).
proc ex_digraphs { dot } {
    return [lmap {m n} [regexp -all -line -inline {^digraph "((?:[^"\\]|\\.)*)" \{$} $dot] {set n}]
}

# Render the DOT of run R (its stdout, in BASE.out) with dot -Tsvg
# (into BASE.svg.out):
# "" when dot exits 0, says nothing and writes one SVG per digraph.
proc ex_render { r base } {
    global ex_dot
    if {[dict get $r status] != 0 || [dict get $r stderr] ne ""} {
	return "m2r-opt: [m2r_status_text $r]: [dict get $r stderr]"
    }
    set n [llength [ex_digraphs [dict get $r stdout]]]
    # (dot -o FILE would keep the last graph only: stdout has them all.)
    set d [m2r_exec [list {*}$ex_dot -Tsvg $base.out] $base.svg]
    if {[dict get $d status] != 0 || [dict get $d stderr] ne ""} {
	return "dot -Tsvg $base.out: [m2r_status_text $d]: [dict get $d stderr]"
    }
    set svgs [regexp -all {<svg } [dict get $d stdout]]
    if {$svgs != $n || $n == 0} {
	return "$base.svg.out holds $svgs SVGs for $n digraphs"
    }
    return ""
}

# Every DOT form of FILE (NAME in test names) renders.
proc ex_dot_file { file name } {
    global ex_dot ex_tmp
    set base [file join $ex_tmp dot-[regsub -all {[^A-Za-z0-9_.-]} $name _]]
    set r [ex_run [file tail $base] --explain $file]
    if {[dict get $r status] == 1 && [regexp {error: } [dict get $r stderr]]} {
	return 0 ;# the reader rejects it (a bad-input test): nothing to draw
    }
    if {![ex_ok $r]} {
	m2r_note "$name: --explain: [m2r_status_text $r]: [dict get $r stderr]"
	fail "explain: dot: $name"
	return 1
    }
    set fns [ex_names [dict get $r stdout]]
    if {$ex_dot eq ""} {
	unsupported "explain: dot: $name"
	unsupported "explain: dot: $name: each variable"
	return 1
    }
    # Whole functions: one digraph per function and per promotable
    # variable, all names distinct.
    set r [ex_run [file tail $base]-all --explain --explain-format=dot $file]
    set why [ex_render $r $base-all]
    set want 0
    foreach fv $fns {
	incr want
	foreach v [lindex $fv 1] { incr want [lindex $v 1] }
    }
    set names [ex_digraphs [dict get $r stdout]]
    if {$why eq "" && [llength $names] != $want} {
	set why "[llength $names] digraphs, expected $want"
    }
    if {$why eq "" && [llength [lsort -unique $names]] != [llength $names]} {
	set why "digraph names repeat: $names"
    }
    if {$why eq ""} {
	pass "explain: dot: $name"
    } else {
	m2r_note "$name: $why"
	fail "explain: dot: $name"
    }
    # Each variable alone, promoted or not: its function's and its own.
    set why ""
    set nvar 0
    foreach fv $fns {
	foreach v [lindex $fv 1] {
	    set arg "--explain=[lindex $fv 0]:[lindex $v 0]"
	    set b $base-v[incr nvar]
	    set r [ex_run [file tail $b] $arg --explain-format=dot $file]
	    set why [ex_render $r $b]
	    if {$why eq "" && [llength [ex_digraphs [dict get $r stdout]]] != 2} {
		set why "[llength [ex_digraphs [dict get $r stdout]]] digraphs, expected 2"
	    }
	    if {$why ne ""} {
		set why "$arg: $why"
		break
	    }
	}
	if {$why ne ""} { break }
    }
    if {$why eq ""} {
	pass "explain: dot: $name: each variable"
    } else {
	m2r_note "$name: $why"
	fail "explain: dot: $name: each variable"
    }
    return 1
}

set ex_inputs {}
foreach pat {examples/*.ll examples/*/*.ll testsuite/mem2reg.ir/*.ll testsuite/mem2reg.explain/*.ll} {
    foreach f [lsort [glob -nocomplain -directory $ex_root $pat]] {
	lappend ex_inputs $f
    }
}
set ex_drawn 0
foreach f $ex_inputs {
    set rel [string range $f [expr {[string length $ex_root] + 1}] end]
    incr ex_drawn [ex_dot_file $f $rel]
}
# The set of inputs is not empty, and the reader accepts most of it.
if {$ex_drawn >= 40} {
    pass "explain: dot: $ex_drawn inputs drawn"
} else {
    fail "explain: dot: $ex_drawn inputs drawn (of [llength $ex_inputs])"
}

# What the eight-block pictures show: n4 in its own frontier (a dashed
# loop in the dominator tree), n4 marked IDF but no phi under pruned
# placement, n7 the one phi placed (gold) with %a and %b on its edges.
set r [ex_run dot-eight-facts --explain --explain-format=dot [file join $ex_root examples explain eight.ll]]
set dot [dict get $r stdout]
set why ""
foreach re {
    {\n\t\td3 -> d3 \[style=dashed[^\n]*\];\n}
    {\n\t\td3 \[label="%n4\\nDF = \{%n4, %n7\}"\];\n}
    {\n\tb3 \[label="%n4\\ndef, IDF\\nphi \(semipruned, minimal\)[^\n]*", style=filled, fillcolor=palegreen, peripheries=2\];\n}
    {\n\tb6 \[label="%n7\\nuse, live-in, IDF\\nphi \(pruned, semipruned, minimal\)[^\n]*", style=striped, fillcolor="lightblue:gold", peripheries=2\];\n}
    {\n\tb2 -> b6 \[[^\n]*label="%x.0 gets %a"\];\n}
    {\n\tb4 -> b6 \[[^\n]*label="%x.0 gets %b"\];\n}
    {phis\(%x, pruned\) = \{%n7\}: IDF and live-in}
} {
    if {![regexp -- $re $dot]} {
	set why "no match for /$re/"
	break
    }
}
if {![ex_ok $r]} { set why [m2r_status_text $r] }
if {$why eq ""} {
    pass "explain: dot: eight's marks"
} else {
    m2r_note "dot eight: $why"
    fail "explain: dot: eight's marks"
}
