; Single store: every load the store dominates takes the stored value,
; without any phi.  A constant may be taken even where the store does
; not dominate (an uninitialised read is undef, which may become it).
; ARGS: --stats
; CHECK-LABEL: define i32 @dom(i32 %a, i1 %c)
; CHECK: t:
; CHECK-NEXT:   call void @use(i32 %a)
; CHECK: ret i32 %a
; CHECK-LABEL: define i32 @constant(i1 %c)
; CHECK: ret i32 7
; CHECK-COUNT: 0 = phi
; CHECK: === @dom ===
; CHECK: 1 NumSingleStore
; CHECK: === @constant ===
; CHECK: 1 NumSingleStore
declare void @use(i32)
define i32 @dom(i32 %a, i1 %c) {
entry:
  %x = alloca i32
  store i32 %a, i32* %x
  br i1 %c, label %t, label %e
t:
  %v = load i32, i32* %x
  call void @use(i32 %v)
  br label %e
e:
  %r = load i32, i32* %x
  ret i32 %r
}
define i32 @constant(i1 %c) {
entry:
  %x = alloca i32
  br i1 %c, label %t, label %e
t:
  store i32 7, i32* %x
  br label %e
e:
  %r = load i32, i32* %x
  ret i32 %r
}
