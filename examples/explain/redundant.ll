; An irreducible loop that never changes %x: the example of Braun et
; al.'s Algorithm 5 (m2r-opt --algorithm=braun, doc/algorithms.md).
;
;   entry -> a, b;  a -> b, exit;  b -> a
;
; Braun fills entry, a, b, exit (reverse post-order).  a is not sealed
; when it is filled (b comes later), so its load makes an incomplete
; phi; b is sealed (entry and a are filled), so its load makes a phi
; with the value from entry and a's phi.  Sealing a completes a's phi
; with %v and b's phi.  Neither phi is trivial, each has two different
; operands, but together they refer only to each other and to %v: one
; strongly connected component with one value from outside, so both
; are replaced by %v and the result has no phi.
;
; LLVM's way gives the same without any phi: the one store (in entry)
; dominates both loads, the single-store fast path.
;
;   build/m2r-opt --explain examples/explain/redundant.ll
;   build/m2r-opt --algorithm=braun --explain examples/explain/redundant.ll
;
; Derived by hand.  idom(a) = idom(b) = entry, idom(exit) = a.
;   DF(a) = {b} (edge a -> b), DF(b) = {a} (edge b -> a).
; EXPECT: DF(%entry) = {}
; EXPECT: DF(%a) = {%b}
; EXPECT: DF(%b) = {%a}
; EXPECT: DF(%exit) = {}
; %x: defs {entry}, read in a and b before any store there; its IDF is
; empty (DF(entry) is), so no placement puts a phi.
; EXPECT: defs(%x) = {%entry}
; EXPECT: uses(%x) = {%a, %b}
; EXPECT: IDF(%x) = {}
; EXPECT: phis(%x, pruned) = {}
; EXPECT: phis(%x, semipruned) = {}
; EXPECT: phis(%x, minimal) = {}
; EXPECT: path: single-store (one store that dominates the loads it reaches)
define i32 @redundant(i1 %c, i1 %d, i32 %v) {
entry:
  %x = alloca i32
  store i32 %v, ptr %x
  br i1 %c, label %a, label %b

a:
  %xa = load i32, ptr %x
  br i1 %d, label %b, label %exit

b:
  %xb = load i32, ptr %x
  call void @use(i32 %xb)
  br label %a

exit:
  ret i32 %xa
}

declare void @use(i32)
