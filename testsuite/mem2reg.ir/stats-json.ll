; --stats=json: one JSON object per function on a line, LLVM's counter
; names as keys, and per variable its path and phi blocks.
; ARGS: --stats=json
; CHECK: {"function":"foo","NumAlloca":2,"NumPromoted":1,"NumDeadAlloca":0,"NumSingleStore":0,"NumLocalPromoted":0,"NumPHIInsert":1,"NumPHISimplified":0,"NumLoadsRemoved":1,"NumStoresRemoved":2,"NumRounds":1,"NumNotPromoted":{"address-passed":1},"variables":[{"name":"r","path":"general","phi_blocks":["if.end"],"phis_kept":1},{"name":"t","path":"not-promoted","reason":"address-passed","phi_blocks":[],"phis_kept":0}]}
declare void @f(i32*)
define i32 @foo(i1 %c) {
entry:
  %r = alloca i32
  %t = alloca i32
  call void @f(i32* %t)
  br i1 %c, label %if.then, label %if.else
if.then:
  store i32 1, i32* %r
  br label %if.end
if.else:
  store i32 -1, i32* %r
  br label %if.end
if.end:
  %v = load i32, i32* %r
  ret i32 %v
}
