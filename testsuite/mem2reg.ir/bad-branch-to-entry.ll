; LLVM forbids predecessors of the entry block.
; ERROR: 7:12: branch to the entry block '%entry'
define void @f() {
entry:
  br label %loop
loop:
  br label %entry
}
