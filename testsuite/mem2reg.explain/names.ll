; Names that DOT must quote and escape: quotes, backslashes (a lone one
; is an escape in a DOT label: \G is the graph's name, \N the node's),
; <, & and > (HTML labels), a colon in a quoted function name (as
; --explain=@"...":%VAR must take it), a byte that is not UTF-8 (0xff)
; and a long name.  explain.exp renders the DOT of every explanation
; of it and checks the labels come out as the names.
define i32 @"we\\ird:<&>ÿ"(i1 %c) {
"en\\try\":
  %"x<&>\" = alloca i32
  %"yÃ©ÿ" = alloca i32
  br i1 %c, label %"a\", label %"\N"
"a\":
  store i32 1, ptr %"x<&>\"
  store i32 1, ptr %"yÃ©ÿ"
  br label %"j\G"
"\N":
  store i32 2, ptr %"x<&>\"
  br label %"j\G"
"j\G":
  %v = load i32, ptr %"x<&>\"
  %w = load i32, ptr %"yÃ©ÿ"
  %s = add i32 %v, %w
  ret i32 %s
}

define i32 @long(i1 %c) {
entry:
  %vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv = alloca i32
  store i32 1, ptr %vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv
  br i1 %c, label %a, label %b
a:
  store i32 2, ptr %vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv
  br label %b
b:
  %r = load i32, ptr %vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv
  ret i32 %r
}
