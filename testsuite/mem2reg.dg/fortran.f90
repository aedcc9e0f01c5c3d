! A Fortran loop: dummy arguments and locals.
! { dg-options "-fplugin-arg-mem2reg-remarks" }
function fsum (n) result (s)  ! { dg-note "'s' promoted \\(general\\), phis in bb \[0-9\]+, bb \[0-9\]+; gcc: agrees" }
  integer, intent (in) :: n  ! { dg-note "'n' promoted \\(\[a-z-\]+\\); gcc: agrees" "n" { target *-*-* } .-1 }
  integer :: s, i  ! { dg-note "'i' promoted \\(general\\), phis in bb \[0-9\]+; gcc: agrees" }
  s = 0
  do i = 1, n
     if (mod (i, 2) == 0) then
        s = s + i
     else
        s = s - 1
     end if
  end do
end function fsum
! { dg-final { mem2reg-no-unexplained } }
