; A loop nest: sum += j for i < n, j < m.
;
;   entry -> outer;  outer -> inner, exit;  inner -> body, latch;
;   body -> inner;  latch -> outer
;
; Each loop header is in its own frontier (its back edge), and the
; inner header's frontier also holds the outer header.  %j shows what
; pruning buys: it is reset (written) in the outer header before any
; read, so it is dead on entry there and pruned placement puts no phi
; in outer, where minimal and semi-pruned placement put one.
;
;   build/m2r-opt --explain examples/explain/loops.ll
;
; Derived by hand.  Dominator tree: entry -> outer;  outer -> inner,
; exit;  inner -> body, latch.  Edges into joins:
;   outer (idom entry):  latch -> outer: DF(latch), DF(inner), DF(outer)
;   inner (idom outer):  body -> inner: DF(body), DF(inner)
; EXPECT: DF(%entry) = {}
; EXPECT: DF(%outer) = {%outer}
; EXPECT: DF(%inner) = {%outer, %inner}
; EXPECT: DF(%body) = {%inner}
; EXPECT: DF(%latch) = {%outer}
; EXPECT: DF(%exit) = {}
;
; %i, defs {entry, latch}, read in outer and latch: IDF = DF(latch) =
;   {outer}, closed; live in outer, inner, body, latch.
; %j, defs {outer, body}, read in inner and body: DF(outer) and
;   DF(body) = {outer, inner}; live only in inner and body (outer
;   writes it, and nothing else reaches the reads).
; %sum, defs {entry, body}, read in body and exit: DF(body) = {inner},
;   DF(inner) adds outer; live in outer, inner, body, latch, exit.
; EXPECT: IDF(%i) = {%outer}
; EXPECT: live-in(%i) = {%outer, %inner, %body, %latch}
; EXPECT: phis(%i, pruned) = {%outer}
; EXPECT: phis(%i, semipruned) = {%outer}
; EXPECT: phis(%i, minimal) = {%outer}
; EXPECT: IDF(%j) = {%outer, %inner}
; EXPECT: live-in(%j) = {%inner, %body}
; EXPECT: phis(%j, pruned) = {%inner}
; EXPECT: phis(%j, semipruned) = {%outer, %inner}
; EXPECT: phis(%j, minimal) = {%outer, %inner}
; EXPECT: IDF(%sum) = {%outer, %inner}
; EXPECT: live-in(%sum) = {%outer, %inner, %body, %latch, %exit}
; EXPECT: phis(%sum, pruned) = {%outer, %inner}
; EXPECT: phis(%sum, semipruned) = {%outer, %inner}
; EXPECT: phis(%sum, minimal) = {%outer, %inner}
define i32 @nest(i32 %n, i32 %m) {
entry:
  %i = alloca i32
  %j = alloca i32
  %sum = alloca i32
  store i32 0, ptr %i
  store i32 0, ptr %sum
  br label %outer
outer:
  store i32 0, ptr %j
  %iv = load i32, ptr %i
  %more = icmp slt i32 %iv, %n
  br i1 %more, label %inner, label %exit
inner:
  %jv = load i32, ptr %j
  %morej = icmp slt i32 %jv, %m
  br i1 %morej, label %body, label %latch
body:
  %s = load i32, ptr %sum
  %jb = load i32, ptr %j
  %s2 = add i32 %s, %jb
  store i32 %s2, ptr %sum
  %j2 = add i32 %jb, 1
  store i32 %j2, ptr %j
  br label %inner
latch:
  %il = load i32, ptr %i
  %i2 = add i32 %il, 1
  store i32 %i2, ptr %i
  br label %outer
exit:
  %r = load i32, ptr %sum
  ret i32 %r
}
