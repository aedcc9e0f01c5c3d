/* hash-test.c - unit tests of core/hash.c, the tree's one hash table:
 * string keys (with and without the int part), pointer keys, growth,
 * look-ups that must not insert, and a table sized up front that must
 * not grow.  Every check compares against what was inserted, so each
 * can fail. */
#include "m2r.h"

#include <dejagnu.h> /* the only file including it */
#include <stdio.h>
#include <string.h>

enum { N = 20000 };

static void check(int ok, const char *what)
{
	if (ok)
		pass("hash: %s", what);
	else
		fail("hash: %s", what);
}

/* Strings "k0".."k(N-1)" into a table that starts empty and grows. */
static void t_strings(Arena *a)
{
	static char keys[N][12];
	Hash h;
	hash_init(&h, a, 0);
	int fresh = 1, again = 1, found;
	for (int i = 0; i < N; i++) {
		snprintf(keys[i], sizeof keys[i], "k%d", i);
		HEnt *e = hash_str(&h, keys[i], (int)strlen(keys[i]), 0, &found);
		fresh &= !found && e->val == 0 && e->kind == 0;
		e->val = i;
		e->kind = 7;
	}
	check(fresh, "new string keys are not found, entries start zeroed");
	check(h.n == N, "count after inserting distinct strings");
	for (int i = 0; i < N; i++) {
		char copy[12]; /* equal bytes at another address */
		memcpy(copy, keys[i], sizeof copy);
		HEnt *e = hash_str(&h, copy, (int)strlen(copy), 0, &found);
		again &= found && e->val == i && e->kind == 7;
	}
	check(again, "re-inserting finds every key by content, values kept through growth");
	check(h.n == N, "re-inserting adds nothing");
	int look = 1;
	for (int i = 0; i < N; i += 7) {
		const HEnt *e = hash_find_str(&h, keys[i], (int)strlen(keys[i]), 0);
		look &= e && e->val == i;
	}
	check(look, "hash_find_str finds inserted keys");
	check(!hash_find_str(&h, "k", 1, 0) && !hash_find_str(&h, "k00", 3, 0) &&
	      !hash_find_str(&h, "k1", 2, 1) && h.n == N,
	      "absent keys (prefix, leading zero, other aux) not found and not inserted");
	/* a length that cuts a key: "k12" as its first 2 bytes is "k1" */
	const HEnt *e = hash_find_str(&h, "k12", 2, 0);
	check(e && e->val == 1, "the length bounds the key");
}

/* The int part of a string key. */
static void t_aux(Arena *a)
{
	Hash h;
	hash_init(&h, a, 0);
	int f1, f2, f3;
	HEnt *x1 = hash_str(&h, "0", 1, 1, &f1);
	x1->val = 11;
	HEnt *x2 = hash_str(&h, "0", 1, 2, &f2);
	x2->val = 22;
	HEnt *x3 = hash_str(&h, "0", 1, 1, &f3);
	check(!f1 && !f2 && f3 && x3->val == 11 && h.n == 2, "aux is part of a string key");
	HEnt *empty = hash_str(&h, "", 0, 0, &f1);
	empty->val = 5;
	HEnt *again = hash_str(&h, "x", 0, 0, &f2);
	check(!f1 && f2 && again->val == 5, "the empty string is a key");
}

/* Pointer plus int keys, in a table sized up front. */
static void t_pointers(Arena *a)
{
	static int objs[1000];
	Hash h;
	hash_init(&h, a, 2000);
	HEnt *before = h.e;
	int fresh = 1, found;
	for (int i = 0; i < 1000; i++)
		for (int s = 0; s < 2; s++) {
			HEnt *e = hash_ptr(&h, &objs[i], s, &found);
			fresh &= !found;
			e->val = 2 * i + s;
		}
	check(fresh && h.n == 2000, "pointer keys with two slots each are distinct");
	check(h.e == before, "a table sized for n keys does not grow with n keys");
	int look = 1;
	for (int i = 0; i < 1000; i++)
		for (int s = 0; s < 2; s++) {
			const HEnt *e = hash_find_ptr(&h, &objs[i], s);
			look &= e && e->val == 2 * i + s;
		}
	check(look, "hash_find_ptr finds every (pointer, slot)");
	check(!hash_find_ptr(&h, &objs[0], 2) && !hash_find_ptr(&h, &objs[999] + 1, 0),
	      "absent (pointer, slot) keys not found");
	/* A string key at the same address is another key. */
	HEnt *str = hash_str(&h, (const char *)&objs[3], 0, 0, &found);
	check(!found && str->n == 0 && hash_find_ptr(&h, &objs[3], 0)->val == 6,
	      "a string key never equals a pointer key");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	Arena *a = arena_new();
	t_strings(a);
	t_aux(a);
	t_pointers(a);
	arena_free(a);
	totals();
	return failed ? 1 : 0;
}
