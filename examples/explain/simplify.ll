; Phis that simplification removes after renaming (LLVM's mem2reg does
; the same, with simplifyInstruction):
;  - @same: both arms store the same %a, so the phi in %join gets %a on
;    both edges and is replaced by %a;
;  - @copy: the loop stores back what it loaded, so the phi in %loop
;    gets %a from %entry and itself from the back edge: it is %a.
;
;   build/m2r-opt --explain examples/explain/simplify.ll
;
; Derived by hand.  @same: entry -> l, r;  l -> join;  r -> join;
; every idom is entry, and DF(l) = DF(r) = {join}.
; @copy: entry -> loop;  loop -> loop, exit;  idom(loop) = entry,
; idom(exit) = loop, and the self loop puts loop in its own frontier.
; EXPECT: DF(%entry) = {}
; EXPECT: DF(%l) = {%join}
; EXPECT: DF(%r) = {%join}
; EXPECT: DF(%join) = {}
; EXPECT: DF(%entry) = {}
; EXPECT: DF(%loop) = {%loop}
; EXPECT: DF(%exit) = {}
;
; @same's %x, defs {l, r}, read in join: IDF = {join}, live in join.
; @copy's %x, defs {entry, loop}, read in loop (before its store) and
; exit: IDF = DF(loop) = {loop}, live in loop and exit.
; EXPECT: IDF(%x) = {%join}
; EXPECT: live-in(%x) = {%join}
; EXPECT: phis(%x, pruned) = {%join}
; EXPECT: phis(%x, semipruned) = {%join}
; EXPECT: phis(%x, minimal) = {%join}
; EXPECT: IDF(%x) = {%loop}
; EXPECT: live-in(%x) = {%loop, %exit}
; EXPECT: phis(%x, pruned) = {%loop}
; EXPECT: phis(%x, semipruned) = {%loop}
; EXPECT: phis(%x, minimal) = {%loop}
; EXPECT: %x: phi %x.0 in %join goes, replaced by %a: every entry is that value or the phi itself
; EXPECT: %x: phi %x.0 in %loop goes, replaced by %a: every entry is that value or the phi itself
define i32 @same(i1 %c, i32 %a) {
entry:
  %x = alloca i32
  br i1 %c, label %l, label %r
l:
  store i32 %a, ptr %x
  br label %join
r:
  store i32 %a, ptr %x
  br label %join
join:
  %v = load i32, ptr %x
  ret i32 %v
}

define i32 @copy(i1 %c, i32 %a) {
entry:
  %x = alloca i32
  store i32 %a, ptr %x
  br label %loop
loop:
  %t = load i32, ptr %x
  store i32 %t, ptr %x
  br i1 %c, label %loop, label %exit
exit:
  %v = load i32, ptr %x
  ret i32 %v
}
