; LLVM 2007-08-27-VolatileLoadsStores: volatile accesses keep the alloca.
; ARGS: --stats
; CHECK: %v = alloca i32
; CHECK: store volatile i32 1, i32* %v
; CHECK: load volatile i32, i32* %v
; CHECK: 1 NumNotPromoted volatile
; CHECK: %v: not promoted: volatile
define i32 @test() {
entry:
  %v = alloca i32
  store volatile i32 1, i32* %v
  %r = load volatile i32, i32* %v
  ret i32 %r
}
