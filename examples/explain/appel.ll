; The dominance-frontier example of Appel's "Modern Compiler
; Implementation" (chapter 19, the graph of nodes 1-13 whose node 5 has
; the frontier {4, 5, 12, 13}), often redrawn in course notes:
;
;   n1 -> n2, n5, n9;  n2 -> n3;  n3 -> n3, n4;  n4 -> n13;
;   n5 -> n6, n7;  n6 -> n4, n8;  n7 -> n8, n12;  n8 -> n5, n13;
;   n9 -> n10, n11;  n10 -> n12;  n11 -> n12;  n12 -> n13
;
; It shows a block in its own frontier twice (n3 by its self loop, n5
; by the back edge n8 -> n5), and a three-way join (n12).  The
; variable %a is written in n1, n6 and n10 and read in n13; %b is
; written in n1 and in the self loop n3 and read in n4.
;
;   build/m2r-opt --explain examples/explain/appel.ll
;
; Derived by hand.  Dominator tree: n1 -> n2, n4, n5, n9, n12, n13;
; n2 -> n3;  n5 -> n6, n7, n8;  n9 -> n10, n11.  Edges into joins,
; walked from the predecessor up to idom(join), idom excluded:
;   n3 (idom n2):  n3 -> n3: DF(n3) (n2 -> n3 adds nothing)
;   n4 (idom n1):  n3 -> n4: DF(n3), DF(n2);  n6 -> n4: DF(n6), DF(n5)
;   n5 (idom n1):  n8 -> n5: DF(n8), DF(n5)
;   n8 (idom n5):  n6 -> n8: DF(n6);  n7 -> n8: DF(n7)
;   n12 (idom n1): n7 -> n12: DF(n7), DF(n5);  n10 -> n12: DF(n10),
;                  DF(n9);  n11 -> n12: DF(n11), then n9 has it already
;   n13 (idom n1): n4 -> n13: DF(n4);  n8 -> n13: DF(n8), DF(n5);
;                  n12 -> n13: DF(n12)
; EXPECT: DF(%n1) = {}
; EXPECT: DF(%n2) = {%n4}
; EXPECT: DF(%n3) = {%n3, %n4}
; EXPECT: DF(%n4) = {%n13}
; EXPECT: DF(%n5) = {%n4, %n5, %n12, %n13}
; EXPECT: DF(%n6) = {%n4, %n8}
; EXPECT: DF(%n7) = {%n8, %n12}
; EXPECT: DF(%n8) = {%n5, %n13}
; EXPECT: DF(%n9) = {%n12}
; EXPECT: DF(%n10) = {%n12}
; EXPECT: DF(%n11) = {%n12}
; EXPECT: DF(%n12) = {%n13}
; EXPECT: DF(%n13) = {}
;
; %a, defs {n1, n6, n10}: DF = {n4, n8, n12}; then DF(n4), DF(n12) add
; n13, DF(n8) adds n5; DF(n5) adds nothing new.  Read only in n13, so
; live back from n13 through n4, n3, n2 (n1 writes it), n8, n7, n5
; (n6 writes it), n12, n11, n9 (n10 writes it): every IDF block is
; live, and all three placements agree.
; EXPECT: IDF(%a) = {%n4, %n5, %n8, %n12, %n13}
; EXPECT: live-in(%a) = {%n2, %n3, %n4, %n5, %n7, %n8, %n9, %n11, %n12, %n13}
; EXPECT: phis(%a, pruned) = {%n4, %n5, %n8, %n12, %n13}
; EXPECT: phis(%a, semipruned) = {%n4, %n5, %n8, %n12, %n13}
; EXPECT: phis(%a, minimal) = {%n4, %n5, %n8, %n12, %n13}
;
; %b, defs {n1, n3}: DF = {n3, n4}; DF(n4) adds n13.  Read only in n4,
; live back from n4 through n6, n5, n8, n7 (n3 and n1 write it): not
; at n3 (written there before any read) nor n13, so pruned placement
; keeps n4 alone.
; EXPECT: IDF(%b) = {%n3, %n4, %n13}
; EXPECT: live-in(%b) = {%n4, %n5, %n6, %n7, %n8}
; EXPECT: phis(%b, pruned) = {%n4}
; EXPECT: phis(%b, semipruned) = {%n3, %n4, %n13}
; EXPECT: phis(%b, minimal) = {%n3, %n4, %n13}
declare void @use(i32)

define i32 @appel(i32 %sel, i1 %c3, i1 %c5, i1 %c6, i1 %c7, i1 %c8, i1 %c9, i32 %v) {
n1:
  %a = alloca i32
  %b = alloca i32
  store i32 0, ptr %a
  store i32 0, ptr %b
  switch i32 %sel, label %n9 [ i32 0, label %n2
                               i32 1, label %n5 ]
n2:
  br label %n3
n3:
  store i32 %v, ptr %b
  br i1 %c3, label %n3, label %n4
n4:
  %b4 = load i32, ptr %b
  call void @use(i32 %b4)
  br label %n13
n5:
  br i1 %c5, label %n6, label %n7
n6:
  store i32 6, ptr %a
  br i1 %c6, label %n4, label %n8
n7:
  br i1 %c7, label %n8, label %n12
n8:
  br i1 %c8, label %n5, label %n13
n9:
  br i1 %c9, label %n10, label %n11
n10:
  store i32 10, ptr %a
  br label %n12
n11:
  br label %n12
n12:
  br label %n13
n13:
  %a13 = load i32, ptr %a
  ret i32 %a13
}
