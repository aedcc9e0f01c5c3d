; LLVM 2003-06-26-IterativePromote: %p holds &a; promoting %p turns the
; access through it into direct stores/loads of %a, which then promotes
; in a second round.  No alloca is left.
; ARGS: --stats
; CHECK-LABEL: define i32 @test()
; CHECK-NEXT: entry:
; CHECK-NEXT:   ret i32 5
; CHECK: 2 NumRounds
; CHECK-COUNT: 0 alloca
define i32 @test() {
entry:
  %a = alloca i32
  %p = alloca i32*
  store i32* %a, i32** %p
  %q = load i32*, i32** %p
  store i32 5, i32* %q
  %v = load i32, i32* %a
  ret i32 %v
}
