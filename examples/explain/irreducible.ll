; An irreducible loop: two blocks that jump to each other, each entered
; from the entry, so that neither dominates the other and the cycle has
; no header.
;
;   entry -> a, b;  a -> b, exit;  b -> a
;
; Each of a and b is in the other's frontier, and the iterated frontier
; of a definition in either is both.  %y shows a fast path: its one
; store (in a) dominates its one load (in exit), so it takes the
; single-store path and gets no phi at all, although its IDF is {a, b}
; and semi-pruned and minimal placement would put phis there.
;
;   build/m2r-opt --explain examples/explain/irreducible.ll
;
; Derived by hand.  idom(a) = idom(b) = entry, idom(exit) = a.
;   a (idom entry):  b -> a: DF(b)
;   b (idom entry):  a -> b: DF(a)
; EXPECT: DF(%entry) = {}
; EXPECT: DF(%a) = {%b}
; EXPECT: DF(%b) = {%a}
; EXPECT: DF(%exit) = {}
;
; %x, defs {entry, a, b}, read in a, b (before their stores) and exit:
;   DF(a) and DF(b) = {a, b}; live in a, b and exit.
; %y, defs {a}, read in exit: DF(a) = {b}, DF(b) adds a; live only in
;   exit (its predecessor a writes it): pruned placement puts none.
; EXPECT: IDF(%x) = {%a, %b}
; EXPECT: live-in(%x) = {%a, %b, %exit}
; EXPECT: phis(%x, pruned) = {%a, %b}
; EXPECT: phis(%x, semipruned) = {%a, %b}
; EXPECT: phis(%x, minimal) = {%a, %b}
; EXPECT: IDF(%y) = {%a, %b}
; EXPECT: live-in(%y) = {%exit}
; EXPECT: phis(%y, pruned) = {}
; EXPECT: phis(%y, semipruned) = {%a, %b}
; EXPECT: phis(%y, minimal) = {%a, %b}
; EXPECT: path: single-store (one store that dominates the loads it reaches)
define i32 @irreducible(i1 %c, i1 %d) {
entry:
  %x = alloca i32
  %y = alloca i32
  store i32 1, ptr %x
  br i1 %c, label %a, label %b
a:
  %xa = load i32, ptr %x
  %xa2 = add i32 %xa, 1
  store i32 %xa2, ptr %x
  store i32 %xa, ptr %y
  br i1 %d, label %b, label %exit
b:
  %xb = load i32, ptr %x
  %xb2 = mul i32 %xb, 2
  store i32 %xb2, ptr %x
  br label %a
exit:
  %xe = load i32, ptr %x
  %ye = load i32, ptr %y
  %r = add i32 %xe, %ye
  ret i32 %r
}
