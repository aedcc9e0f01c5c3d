; Variables read before any store.  Each of %x and %z is stored on one
; side of a branch only: on the other path the load in %join reads an
; uninitialised variable, so its phi in %join gets undef from %entry.
; Phi simplification then replaces phi [undef, %v] by %v, because %v
; (computed in %entry) dominates the phi: undef may be any value, %v
; among them (LLVM does the same).  The phi of %z stays: %w is computed
; in %then, which does not dominate %join, so %w is not available on the
; path from %entry.  %y is never stored: its load gets undef, no phi.
; (A constant stored once would take the single-store fast path
; instead: a constant is available everywhere.)
;
;   entry -> then, join;  then -> join
;
;   build/m2r-opt --explain examples/explain/undef.ll
;
; Derived by hand.  idom(then) = idom(join) = entry.
;   entry -> join: nothing;  then -> join: DF(then)
; EXPECT: DF(%entry) = {}
; EXPECT: DF(%then) = {%join}
; EXPECT: DF(%join) = {}
;
; %x and %z, defs {then}, read in join: IDF = {join}; live back from
; join into entry (which does not write them), not into then: so they
; are live on entry to the function, the sign of a read before any
; store.  %y, no defs: nothing to iterate, no phi anywhere; live back
; from join through then and entry.
; EXPECT: defs(%x) = {%then}
; EXPECT: uses(%x) = {%join}
; EXPECT: IDF(%x) = {%join}
; EXPECT: live-in(%x) = {%entry, %join}
; EXPECT: phis(%x, pruned) = {%join}
; EXPECT: phis(%x, semipruned) = {%join}
; EXPECT: phis(%x, minimal) = {%join}
; EXPECT: defs(%y) = {}
; EXPECT: uses(%y) = {%join}
; EXPECT: IDF(%y) = {}
; EXPECT: live-in(%y) = {%entry, %then, %join}
; EXPECT: phis(%y, pruned) = {}
; EXPECT: phis(%y, semipruned) = {}
; EXPECT: phis(%y, minimal) = {}
; EXPECT: defs(%z) = {%then}
; EXPECT: uses(%z) = {%join}
; EXPECT: IDF(%z) = {%join}
; EXPECT: live-in(%z) = {%entry, %join}
; EXPECT: phis(%z, pruned) = {%join}
; EXPECT: phis(%z, semipruned) = {%join}
; EXPECT: phis(%z, minimal) = {%join}
; EXPECT: edge %entry -> %join: %x: phi %x.0 gets undef
; EXPECT: %x: phi %x.0 in %join goes, replaced by %v: every entry is that value, undef or the phi itself, and the value dominates the phi
; EXPECT: path: single-block (every access in one block)
define i32 @maybe(i1 %c, i32 %a) {
entry:
  %x = alloca i32
  %y = alloca i32
  %z = alloca i32
  %v = add i32 %a, 1
  br i1 %c, label %then, label %join
then:
  store i32 %v, ptr %x
  %w = mul i32 %a, 2
  store i32 %w, ptr %z
  br label %join
join:
  %r = load i32, ptr %x
  %u = load i32, ptr %y
  %t = load i32, ptr %z
  %s = add i32 %r, %u
  %s2 = add i32 %s, %t
  ret i32 %s2
}
