; LLVM 2002-03-28-UninitializedVal: a load of a never-stored alloca reads undef.
; ARGS: --stats
; CHECK-LABEL: define i32 @test()
; CHECK-NEXT: entry:
; CHECK-NEXT:   ret i32 undef
; CHECK: NumLocalPromoted
; CHECK-COUNT: 0 alloca
define i32 @test() {
entry:
  %x = alloca i32
  %v = load i32, i32* %x
  ret i32 %v
}
