; LLVM 2003-10-05-DeadPHIInsertion: pruned SSA places no phi at a join
; where the variable is dead.
; ARGS: --stats
; CHECK-COUNT: 0 = phi
; CHECK: 0 NumPHIInsert
define void @test(i1 %c, i32 %v) {
entry:
  %x = alloca i32
  br i1 %c, label %t, label %f
t:
  store i32 %v, i32* %x
  %a = load i32, i32* %x
  br label %join
f:
  store i32 2, i32* %x
  %b = load i32, i32* %x
  br label %join
join:
  store i32 3, i32* %x
  ret void
}
