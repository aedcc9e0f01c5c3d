/* memprobe.cc - the memory GCC's "ssa" pass takes for each function,
 * whichever pass object is in its place (make bench-goals' memory goal;
 * doc/performance-method.md, "Peak memory of the pass").
 *
 *   LD_PRELOAD=build/m2r-memcount.so gcc -O2 -fplugin=build/m2r-memprobe.so \
 *       [-fplugin=build/mem2reg.so -fplugin-arg-mem2reg-mode=rewrite] -S f.c
 *
 * At the start of the unit (PLUGIN_START_UNIT: every plugin's passes are
 * in place by then, whatever order GCC initialised the plugins in) it
 * puts a wrapper in the place of the first pass named "ssa": GCC's own
 * pass_build_ssa, or rewrite mode's pass_rewrite, which replaced it.  The
 * wrapper calls that pass's execute and prints, for each function,
 *
 *   m2r-mem @NAME heap=B kept=B gc=B
 *
 * on stderr (and once, at the start of the unit, "m2r-mem-unit live=B":
 * the counted heap then, what cc1 and the plugins loaded so far hold): heap, the most the counted heap (bench/memcount.c: malloc'd
 * blocks and the plugins' own anonymous mappings) rose above its level
 * at the entry of execute while it ran; kept, where it ended against
 * that level; gc, the bytes of GCC's garbage-collected memory allocated
 * while it ran (timevar_ggc_mem_total, which GCC's allocator raises by
 * each object's rounded size and nothing lowers: nothing is collected
 * inside a pass, so it is what the pass holds of that memory at its end,
 * and more by what ggc_free gave back).  Only execute: not the gate, nor
 * the TODOs the pass manager runs after it (the same for both passes).
 */
#include "gcc-common.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

extern size_t timevar_ggc_mem_total;

int plugin_is_GPL_compatible __attribute__((visibility("default")));

static long long (*mc_live)(void), (*mc_peak)(void);
static void (*mc_mark)(void);

static pass_data probe_data;

class pass_probe : public gimple_opt_pass {
	opt_pass *inner;

public:
	pass_probe(gcc::context *c, opt_pass *in) : gimple_opt_pass(probe_data, c), inner(in) {}
	bool gate(function *fun) final override { return inner->gate(fun); }
	unsigned int execute(function *fun) final override
	{
		long long l0 = mc_live();
		size_t g0 = timevar_ggc_mem_total;
		mc_mark();
		unsigned int todo = inner->execute(fun);
		long long peak = mc_peak() - l0, kept = mc_live() - l0;
		size_t gc = timevar_ggc_mem_total - g0;
		const char *n = function_name(fun);
		fprintf(stderr, "m2r-mem @%s heap=%lld kept=%lld gc=%zu\n", n ? n : "?", peak, kept, gc);
		return todo;
	}
};

/* The link that points at the first pass named NAME in list *p (and its
 * sub-lists). */
static opt_pass **find_link(opt_pass **p, const char *name)
{
	for (; *p; p = &(*p)->next) {
		if ((*p)->name && !strcmp((*p)->name, name))
			return p;
		opt_pass **s = find_link(&(*p)->sub, name);
		if (s)
			return s;
	}
	return NULL;
}

static void start_unit(void *, void *)
{
	static bool done;
	if (done)
		return;
	done = true;
	fprintf(stderr, "m2r-mem-unit live=%lld\n", mc_live());
	opt_pass **link = find_link(&g->get_passes()->all_small_ipa_passes, "ssa");
	if (!link) {
		error("m2r-memprobe: no pass named %<ssa%>");
		return;
	}
	opt_pass *in = *link;
	probe_data = *static_cast<pass_data *>(in);
	probe_data.todo_flags_start &= ~TODO_mark_first_instance;
	pass_probe *w = new pass_probe(g, in);
	w->static_pass_number = in->static_pass_number; /* its dump file */
	w->next = in->next;
	*link = w;
}

__attribute__((visibility("default")))
int plugin_init(struct plugin_name_args *pi, struct plugin_gcc_version *version)
{
	if (!plugin_default_version_check(version, &gcc_version)) {
		fprintf(stderr, "m2r-memprobe: built for GCC %s, this is GCC %s\n", gcc_version.basever,
			version->basever);
		return 1;
	}
	mc_live = (long long (*)(void))dlsym(RTLD_DEFAULT, "m2r_memcount_live");
	mc_peak = (long long (*)(void))dlsym(RTLD_DEFAULT, "m2r_memcount_peak");
	mc_mark = (void (*)(void))dlsym(RTLD_DEFAULT, "m2r_memcount_mark");
	if (!mc_live || !mc_peak || !mc_mark) {
		fprintf(stderr, "m2r-memprobe: the heap is not counted: run cc1 with "
				"LD_PRELOAD=m2r-memcount.so (bench/memcount.c)\n");
		return 1;
	}
	register_callback(pi->base_name, PLUGIN_START_UNIT, start_unit, NULL);
	return 0;
}
