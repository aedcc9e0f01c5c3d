; An error on a token followed by a newline inside brackets: the position
; is the token's own line and column (it was once a negative column).
; ERROR: 5:6: expected 'label' or 'i1' after 'br'
define void @f() {
  br i2(
)
}
