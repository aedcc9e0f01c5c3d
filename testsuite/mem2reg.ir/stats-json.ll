; --stats=json: one record (schema 6, doc/statistics.md) per function on
; a line, LLVM's counter names as keys, every reason in not_promoted, per
; variable its reason, path and phi blocks' labels; then the unit record.
; ARGS: --stats=json
; CHECK: {"type":"function","file":"{{[^"]*}}stats-json.ll","function":"foo","schema":6,"tool":"m2r-opt","host":"{{[^"]*}}","cwd":"{{[^"]*}}","dumpbase":"{{[^"]*}}stats-json.ll","pid":{{[0-9]+}},"clock":"{{wall|cpu}}","placement":"pruned","algorithm":"llvm","blocks":4,"vars":2,"promotable":1,"promoted":1,"phis":1,"phis_kept":1,"NumAlloca":2,"NumPromoted":1,"NumDeadAlloca":0,"NumSingleStore":0,"NumLocalPromoted":0,"NumPHIInsert":1,"NumPHISimplified":0,"NumLoadsRemoved":1,"NumStoresRemoved":2,"NumRounds":1,"not_promoted":{"address-stored":0,"address-passed":1,"address-escaped":0,"partial-access":0,"volatile":0,"type-mismatch":0,"non-entry-alloca":0,"array-alloca":0,"pinned":0},"paths":{"dead":0,"single-store":0,"single-block":0,"general":1},"lower_ns":{{[0-9]+}},"core_ns":{{[0-9]+}},"variables":[{"name":"r","line":10,"ours":true,"reason":"none","path":"general","phi_blocks":["if.end"],"phis_kept":1},{"name":"t","line":11,"ours":false,"reason":"address-passed","path":"not-promoted","phi_blocks":[],"phis_kept":0}]}
; CHECK-NEXT: {"type":"unit","file":"{{[^"]*}}stats-json.ll","functions":1,"schema":6,"tool":"m2r-opt","host":"{{[^"]*}}","cwd":"{{[^"]*}}","dumpbase":"{{[^"]*}}stats-json.ll","pid":{{[0-9]+}},
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
