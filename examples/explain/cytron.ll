; The running example of Cytron, Ferrante, Rosen, Wegman and Zadeck,
; "Efficiently Computing Static Single Assignment Form and the Control
; Dependence Graph" (TOPLAS 13(4), 1991): the program
;
;   i <- 1; j <- 1; k <- 1; l <- 1            (node 1)
;   repeat
;     if p then                                (node 2)
;       j <- i                                 (node 3)
;       if q then l <- 2 else l <- 3           (nodes 4, 5)
;       k <- k + 1                             (node 6)
;     else k <- k + 2                          (node 7)
;     print(i, j, k, l)                        (node 8)
;     repeat
;       if r then l <- l + 4                   (nodes 9, 10)
;     until s                                  (node 11)
;     i <- i + 6                               (node 12)
;   until t
;
; with its graph: entry -> n1, exit;  n1 -> n2;  n2 -> n3, n7;
; n3 -> n4, n5;  n4 -> n6;  n5 -> n6;  n6 -> n8;  n7 -> n8;  n8 -> n9;
; n9 -> n10, n11;  n10 -> n11;  n11 -> n12, n9;  n12 -> n2, exit.
; (The paper's Entry -> Exit edge is the branch of %entry on %go.)
;
;   build/m2r-opt --explain examples/explain/cytron.ll
;
; Derived by hand.  Dominator tree: entry -> n1, exit;  n1 -> n2;
; n2 -> n3, n7, n8;  n3 -> n4, n5, n6;  n8 -> n9;  n9 -> n10, n11;
; n11 -> n12.  The joins and their edges, each walked from the
; predecessor up the tree to idom(join), idom(join) excluded:
;   n2 (idom n1):  n12 -> n2 puts n2 in DF(n12), DF(n11), DF(n9), DF(n8)
;                  and DF(n2) itself (n2 dominates n12, not strictly n2)
;   n6 (idom n3):  n4 -> n6, n5 -> n6: DF(n4), DF(n5)
;   n8 (idom n2):  n6 -> n8: DF(n6), DF(n3);  n7 -> n8: DF(n7)
;   n9 (idom n8):  n11 -> n9: DF(n11), DF(n9) (n9 in its own frontier)
;   n11 (idom n9): n10 -> n11: DF(n10)
;   exit (idom entry): n12 -> exit: DF(n12), DF(n11), DF(n9), DF(n8),
;                  DF(n2), DF(n1)
; as the paper's table of frontiers has them:
; EXPECT: DF(%entry) = {}
; EXPECT: DF(%n1) = {%exit}
; EXPECT: DF(%n2) = {%n2, %exit}
; EXPECT: DF(%n3) = {%n8}
; EXPECT: DF(%n4) = {%n6}
; EXPECT: DF(%n5) = {%n6}
; EXPECT: DF(%n6) = {%n8}
; EXPECT: DF(%n7) = {%n8}
; EXPECT: DF(%n8) = {%n2, %exit}
; EXPECT: DF(%n9) = {%n2, %n9, %exit}
; EXPECT: DF(%n10) = {%n11}
; EXPECT: DF(%n11) = {%n2, %n9, %exit}
; EXPECT: DF(%n12) = {%n2, %exit}
; EXPECT: DF(%exit) = {}
;
; Iterated frontiers (add DF of each block added, until nothing new):
;   i, defs {n1, n12}: DF = {n2, exit}, closed.
;   j, defs {n1, n3}: {exit, n8}, then DF(n8) adds n2.
;   k, defs {n1, n6, n7}: {exit, n8}, then n2.
;   l, defs {n1, n4, n5, n10}: {exit, n6, n11}, then DF(n6) = {n8},
;      DF(n11) adds n2 and n9.
; EXPECT: IDF(%i) = {%n2, %exit}
; EXPECT: IDF(%j) = {%n2, %n8, %exit}
; EXPECT: IDF(%k) = {%n2, %n8, %exit}
; EXPECT: IDF(%l) = {%n2, %n6, %n8, %n9, %n11, %exit}
;
; Liveness: from each block that reads a variable before writing it,
; backwards through predecessors, not into a block that writes it.
; Nothing is read at exit, so no variable is live there: pruned
; placement drops exit from every IDF.
;   i read in n3, n8, n12: live-in everywhere but entry, n1, exit.
;   j read in n8: back through n6, n4, n5 (n3 writes j), n7, n2, n12,
;     n11, n9, n10.
;   k read in n6, n7, n8: as i.
;   l read in n8, n10: back through n6 (n4, n5 write l), n7, n2, n12,
;     n11, n9.
; EXPECT: live-in(%i) = {%n2, %n3, %n4, %n5, %n6, %n7, %n8, %n9, %n10, %n11, %n12}
; EXPECT: live-in(%j) = {%n2, %n4, %n5, %n6, %n7, %n8, %n9, %n10, %n11, %n12}
; EXPECT: live-in(%k) = {%n2, %n3, %n4, %n5, %n6, %n7, %n8, %n9, %n10, %n11, %n12}
; EXPECT: live-in(%l) = {%n2, %n6, %n7, %n8, %n9, %n10, %n11, %n12}
;
; Pruned = IDF and live-in; semi-pruned and minimal = IDF (every
; variable here is read in a block other than the one writing it).
; The paper's minimal SSA form has these phis, the ones at exit
; included.
; EXPECT: phis(%i, pruned) = {%n2}
; EXPECT: phis(%i, semipruned) = {%n2, %exit}
; EXPECT: phis(%i, minimal) = {%n2, %exit}
; EXPECT: phis(%j, pruned) = {%n2, %n8}
; EXPECT: phis(%j, semipruned) = {%n2, %n8, %exit}
; EXPECT: phis(%j, minimal) = {%n2, %n8, %exit}
; EXPECT: phis(%k, pruned) = {%n2, %n8}
; EXPECT: phis(%k, semipruned) = {%n2, %n8, %exit}
; EXPECT: phis(%k, minimal) = {%n2, %n8, %exit}
; EXPECT: phis(%l, pruned) = {%n2, %n6, %n8, %n9, %n11}
; EXPECT: phis(%l, semipruned) = {%n2, %n6, %n8, %n9, %n11, %exit}
; EXPECT: phis(%l, minimal) = {%n2, %n6, %n8, %n9, %n11, %exit}
declare void @print(i32, i32, i32, i32)

define void @cytron(i1 %go, i1 %p, i1 %q, i1 %r, i1 %s, i1 %t) {
entry:
  %i = alloca i32
  %j = alloca i32
  %k = alloca i32
  %l = alloca i32
  br i1 %go, label %n1, label %exit
n1:
  store i32 1, ptr %i
  store i32 1, ptr %j
  store i32 1, ptr %k
  store i32 1, ptr %l
  br label %n2
n2:
  br i1 %p, label %n3, label %n7
n3:
  %i3 = load i32, ptr %i
  store i32 %i3, ptr %j
  br i1 %q, label %n4, label %n5
n4:
  store i32 2, ptr %l
  br label %n6
n5:
  store i32 3, ptr %l
  br label %n6
n6:
  %k6 = load i32, ptr %k
  %k6n = add i32 %k6, 1
  store i32 %k6n, ptr %k
  br label %n8
n7:
  %k7 = load i32, ptr %k
  %k7n = add i32 %k7, 2
  store i32 %k7n, ptr %k
  br label %n8
n8:
  %i8 = load i32, ptr %i
  %j8 = load i32, ptr %j
  %k8 = load i32, ptr %k
  %l8 = load i32, ptr %l
  call void @print(i32 %i8, i32 %j8, i32 %k8, i32 %l8)
  br label %n9
n9:
  br i1 %r, label %n10, label %n11
n10:
  %l10 = load i32, ptr %l
  %l10n = add i32 %l10, 4
  store i32 %l10n, ptr %l
  br label %n11
n11:
  br i1 %s, label %n12, label %n9
n12:
  %i12 = load i32, ptr %i
  %i12n = add i32 %i12, 6
  store i32 %i12n, ptr %i
  br i1 %t, label %exit, label %n2
exit:
  ret void
}
