; A switch with duplicate edges: cases 1 and 2 both go to %join, so
; the entry has two edges to it (LLVM keeps both, and a phi in %join
; has one entry per edge: two from %entry, with the same value).
;
;   entry -> other (default), join, join, three;  three -> join;
;   other -> join
;
;   build/m2r-opt --explain examples/explain/switch.ll
;
; Derived by hand.  Every block's idom is entry.  Into the join:
;   entry -> join (twice): entry is idom(join), nothing either time
;   three -> join: DF(three);  other -> join: DF(other)
; EXPECT: DF(%entry) = {}
; EXPECT: DF(%three) = {%join}
; EXPECT: DF(%other) = {%join}
; EXPECT: DF(%join) = {}
;
; %x, defs {entry, three, other}, read in join: IDF = {join}, live in
; join only; one phi in join whatever the placement.  Renaming fills
; the phi's two entries for %entry at once, on the first of the two
; edges, and skips the second.
; EXPECT: defs(%x) = {%entry, %three, %other}
; EXPECT: uses(%x) = {%join}
; EXPECT: IDF(%x) = {%join}
; EXPECT: live-in(%x) = {%join}
; EXPECT: phis(%x, pruned) = {%join}
; EXPECT: phis(%x, semipruned) = {%join}
; EXPECT: phis(%x, minimal) = {%join}
; EXPECT: edge %entry -> %join: %x: phi %x.0 gets 0
define i32 @sw(i32 %v) {
entry:
  %x = alloca i32
  store i32 0, ptr %x
  switch i32 %v, label %other [ i32 1, label %join
                                i32 2, label %join
                                i32 3, label %three ]
three:
  store i32 3, ptr %x
  br label %join
other:
  store i32 9, ptr %x
  br label %join
join:
  %r = load i32, ptr %x
  ret i32 %r
}
