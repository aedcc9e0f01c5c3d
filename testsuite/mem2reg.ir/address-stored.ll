; LLVM 2002-05-01-ShouldNotPromoteThisAlloca: an alloca whose address is
; stored to memory escapes and is not promoted.
; ARGS: --stats
; CHECK: %r = alloca i32
; CHECK: store i32* %r, i32** %g
; CHECK: NumNotPromoted address-stored
; CHECK: %r: not promoted: address-stored
define void @test(i32** %g) {
entry:
  %r = alloca i32
  store i32 1, i32* %r
  store i32* %r, i32** %g
  ret void
}
