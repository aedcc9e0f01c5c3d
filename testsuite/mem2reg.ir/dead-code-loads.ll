; LLVM 2005-11-28-Crash: loads and stores in many unreachable blocks,
; one reading its own store in a self-loop: no crash, all removed, the
; unreachable loads become poison.
; CHECK-COUNT: 0 alloca
; CHECK-COUNT: 0 load
; CHECK: ret i32 1
; CHECK: call void @use(i32 poison)
declare void @use(i32)
define i32 @test() {
entry:
  %x = alloca i32
  store i32 1, i32* %x
  %r = load i32, i32* %x
  ret i32 %r
d1:
  %a = load i32, i32* %x
  call void @use(i32 %a)
  br label %d2
d2:
  %b = load i32, i32* %x
  store i32 %b, i32* %x
  br label %d2
d3:
  br label %d1
}
