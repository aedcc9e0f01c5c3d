; LLVM opaque-ptr.ll: accesses of one type are promoted; a store of i32
; with a load of i16 is a type mismatch and stays in memory.
; ARGS: --stats
; CHECK-LABEL: define i32 @same(i32 %a)
; CHECK-NEXT: entry:
; CHECK-NEXT:   ret i32 %a
; CHECK-LABEL: define i16 @mismatch(i32 %a)
; CHECK: %x = alloca i32
; CHECK: load i16, ptr %x
; CHECK: %x: not promoted: type-mismatch
define i32 @same(i32 %a) {
entry:
  %x = alloca i32
  store i32 %a, ptr %x
  %r = load i32, ptr %x
  ret i32 %r
}
define i16 @mismatch(i32 %a) {
entry:
  %x = alloca i32
  store i32 %a, ptr %x
  %r = load i16, ptr %x
  ret i16 %r
}
