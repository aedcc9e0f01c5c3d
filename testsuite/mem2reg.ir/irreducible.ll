; An irreducible loop (two entries, %a and %b): phis at both entries of
; the cycle and at the exit.
; ARGS: --stats
; CHECK: a:
; CHECK-NEXT:   %x.0 = phi i32 [ 0, %entry ], [ %nb, %b ]
; CHECK: b:
; CHECK-NEXT:   %x.1 = phi i32 [ 0, %entry ], [ %na, %a ]
; CHECK: exit:
; CHECK-NEXT:   %x.2 = phi i32 [ %na, %a ], [ %nb, %b ]
; CHECK: %x: promoted (general), 3 phis in %a %b %exit, 3 kept
define i32 @irr(i1 %c, i1 %d) {
entry:
  %x = alloca i32
  store i32 0, i32* %x
  br i1 %c, label %a, label %b
a:
  %va = load i32, i32* %x
  %na = add i32 %va, 1
  store i32 %na, i32* %x
  br i1 %d, label %b, label %exit
b:
  %vb = load i32, i32* %x
  %nb = add i32 %vb, 2
  store i32 %nb, i32* %x
  br i1 %d, label %a, label %exit
exit:
  %r = load i32, i32* %x
  ret i32 %r
}
