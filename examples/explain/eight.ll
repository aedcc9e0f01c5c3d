; The classic eight-block graph of the course notes on SSA construction:
;
;   n1 -> n2;  n2 -> n3, n4;  n3 -> n7;  n4 -> n5, n6;
;   n5 -> n7;  n6 -> n4 (a back edge);  n7 -> n8
;
; with a variable x declared in n2 (its lifetime starts there: the
; alloca itself must be in the entry block to be promoted), assigned in
; n3 and n4, and read in n7.
;
;   build/m2r-opt --explain examples/explain/eight.ll
;
; prints DF(n4) = {n4, n7}: the back edge n6 -> n4 puts n4 into its own
; frontier, since n4 dominates n6 but does not strictly dominate
; itself.  (A widely read course note forgets it and writes {n7}.)  So
; the iterated frontier of x's definitions {n3, n4} is {n4, n7}; x is
; dead on entry to n4 (n4 stores it before any read), so pruned
; placement puts its only phi in n7, where minimal and semi-pruned
; placement put two.  doc/explain.md walks through the output.
declare void @llvm.lifetime.start.p0(i64, ptr)

define i32 @eight(i1 %c1, i1 %c2, i32 %a, i32 %b) {
n1:
  %x = alloca i32
  br label %n2
n2:
  call void @llvm.lifetime.start.p0(i64 4, ptr %x)
  br i1 %c1, label %n3, label %n4
n3:
  store i32 %a, ptr %x
  br label %n7
n4:
  store i32 %b, ptr %x
  br i1 %c2, label %n5, label %n6
n5:
  br label %n7
n6:
  br label %n4
n7:
  %v = load i32, ptr %x
  br label %n8
n8:
  ret i32 %v
}
