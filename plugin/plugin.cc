/* plugin.cc - mem2reg.so: the plugin entry (GCC 11 and 12), pass registration, timing.
 *
 * Analyze mode (the default): three passes per function, all at the
 * place of GCC's "ssa":
 *   mem2reg      before "ssa": (at -O1+) execute_update_addresses_taken,
 *                lower to the core IR (bridge), promote (core), time both;
 *   ssa          GCC's own pass object, wrapped to time it;
 *   mem2reg_gcc  after "ssa": read GCC's result, compare, report.
 * GIMPLE is never modified: the generated code is GCC's own.
 * Rewrite mode: one pass replaces "ssa" and builds SSA form from the
 * core's result (rewrite.cc).
 * What is reported (records, tables, the dump, remarks' text, the
 * M2R_BENCH line) is written by the report layer, report/; this file
 * only hands it the function and emits the remarks with GCC's inform().
 */
#include "gcc-common.h" /* GCC's headers: only there */

#include "plugin.h" /* also includes bridge.h */

#include <stdlib.h>
#include <string.h>
#include <time.h>

int plugin_is_GPL_compatible __attribute__((visibility("default")));

/* M2R_BENCH set in the environment (make bench only): the bench line
 * of report/bench.c per function. */
static int bench_mode;
int m2r_callgrind;

/* The function between "mem2reg" and "mem2reg_gcc". */
static struct {
	function *fun;
	Bridge *b;
	Stats st;
	long long core_ns;
	long long gcc_ns;  /* set by the "ssa" wrapper */
	function *gcc_fun;
} cur;

static opt_pass *orig_ssa;
/* -fdump-statistics names: "mem2reg NumPromoted", "mem2reg NumNotPromoted
 * volatile", ... (built once; GCC keeps the pointers it is given). */
static const char *cnt_names[NCOUNTER], *stat_names[NREASON];

static void drop_current(void)
{
	if (cur.b)
		bridge_free(cur.b);
	ex_drop();
	cur.b = NULL;
	cur.fun = NULL;
}

static const char *fn_name(function *fun)
{
	const char *n = function_name(fun);
	return n ? n : "?";
}

/* ---------- pass 1: lower and promote ---------- */

bool m2r_gate_before_ssa(function *fun)
{
	if (fun->curr_properties & PROP_ssa)
		return false;
	m2r_instr_start();
	return true;
}

static const pass_data m2r_pass_data = {
	GIMPLE_PASS, "mem2reg", OPTGROUP_NONE, TV_NONE, PROP_cfg, 0, 0, 0, 0,
};

class pass_m2r : public gimple_opt_pass {
public:
	pass_m2r(gcc::context *c) : gimple_opt_pass(m2r_pass_data, c) {}
	bool gate(function *fun) final override { return m2r_gate_before_ssa(fun); }
	unsigned int execute(function *fun) final override;
};

Bridge *m2r_lower_promote(function *fun, int rewrite, const BScan *scan, Stats *st,
			  long long *core_ns)
{
	/* Rewrite mode lowers only what the core reads, unless the IR is to
	 * be printed (dump=) or explained (explain=: its traced copy must
	 * be the same IR). */
	int mode = !rewrite ? LOWER_ANALYZE
	           : m2r_args.dump == DUMP_OFF && !m2r_args.nexplain && !m2r_args.explain_diff
	           ? LOWER_LEAN : LOWER_REWRITE;
	Bridge *b = bridge_lower(fun, mode, scan);
	if (!b)
		return NULL;
	FILE *d = out_dump_ir();
	if (d)
		dump_lowered(d, fn_name(fun), main_input_filename, b->err, b->fn);
	PromoteOpts o;
	memset(&o, 0, sizeof o);
	o.algorithm = m2r_args.algorithm;
	o.braun_limit = m2r_args.braun_limit;
	o.placement = m2r_args.placement;
	o.simplify = 1;
	o.prune = PM_AUTO;
	o.anon_phis = !d; /* phi names are only ever printed in the dump */
	/* Rewrite mode has GCC's dominators of the same CFG: the core takes
	 * them rather than computing its own. */
	o.idom = rewrite ? bridge_idoms(b, fun) : NULL;
	o.dom = rewrite ? &b->dom : NULL;
	/* The lean write-back reads the instructions through its operands
	 * and the phis through VarStat; verify= and M2R_BENCH read blocks. */
	o.no_compact = mode == LOWER_LEAN && !m2r_args.verify && !bench_mode;
	/* Rewrite mode: semi-pruned and minimal SSA as the textbooks build
	 * them, for every variable (doc/rewrite.md). */
	if (rewrite && o.placement != PL_PRUNED) {
		o.no_fast = 1;
		o.simplify = 0;
	}
	memset(st, 0, sizeof *st);
	Bench bn;
	if (bench_mode)
		bench_start(b->fn, &bn);
	long long t0 = m2r_now();
	m2r_promote(b->fn, &o, st);
	*core_ns = m2r_now() - t0;
	if (st->over_limit) {
		/* An error (GCC writes no output); analyze mode skips the
		 * function, rewrite mode builds it with algorithm=llvm so that
		 * what GCC goes on with until it stops is valid SSA. */
		char msg[512];
		error_at(DECL_SOURCE_LOCATION(fun->decl), "mem2reg: %qs: %s", fn_name(fun),
			 m2r_over_limit_msg(st, msg, sizeof msg));
		bridge_free(b);
		if (!rewrite)
			return NULL;
		b = bridge_lower(fun, mode, scan);
		o.idom = bridge_idoms(b, fun);
		o.dom = &b->dom;
		o.algorithm = ALG_LLVM;
		memset(st, 0, sizeof *st);
		m2r_promote(b->fn, &o, st);
	}
	if (bench_mode)
		bench_line(stderr, fn_name(fun), b->fn, &bn, st, *core_ns);
	if (d)
		dump_promoted(d, m2r_args.placement, b->fn);
	ex_lower(fun, b, &o, st); /* explain=: a traced copy, untimed */
	if (m2r_args.verify) {
		char msg[256];
		int where = -1;
		if (m2r_verify(b->fn, msg, sizeof msg, &where))
			error_at(DECL_SOURCE_LOCATION(fun->decl),
				 "mem2reg: the promoted IR of %qs fails SSA verification: %s",
				 fn_name(fun), msg);
	}
	for (int i = 0; i < NCOUNTER; i++)
		if (st->cnt[i])
			statistics_counter_event(fun, cnt_names[i], (int)st->cnt[i]);
	for (int r = 1; r < NREASON; r++)
		if (st->NumNotPromoted[r])
			statistics_counter_event(fun, stat_names[r], (int)st->NumNotPromoted[r]);
	return b;
}

unsigned int pass_m2r::execute(function *fun)
{
	drop_current();
	/* What GCC's "ssa" does first (idempotent): the same candidates. */
	if (optimize)
		execute_update_addresses_taken();
	Bridge *b = m2r_lower_promote(fun, 0, NULL, &cur.st, &cur.core_ns);
	if (!b)
		return 0;
	cur.fun = fun;
	cur.b = b;
	return 0;
}

/* ---------- pass 2: GCC's "ssa", timed ---------- */

static pass_data ssa_wrap_data;

class pass_ssa_wrap : public gimple_opt_pass {
public:
	pass_ssa_wrap(gcc::context *c) : gimple_opt_pass(ssa_wrap_data, c) {}
	bool gate(function *fun) final override { return orig_ssa->gate(fun); }
	unsigned int execute(function *fun) final override
	{
		long long t0 = m2r_now();
		unsigned int todo = orig_ssa->execute(fun);
		cur.gcc_ns = m2r_now() - t0;
		cur.gcc_fun = fun;
		return todo;
	}
};

/* The first pass named "ssa" in list (and its sub-lists). */
static opt_pass *find_pass(opt_pass *p, const char *name)
{
	for (; p; p = p->next) {
		if (p->name && !strcmp(p->name, name))
			return p;
		opt_pass *s = find_pass(p->sub, name);
		if (s)
			return s;
	}
	return NULL;
}

/* ---------- pass 3: GCC's result, comparison, reports ---------- */

static const pass_data m2r_gcc_pass_data = {
	GIMPLE_PASS, "mem2reg_gcc", OPTGROUP_NONE, TV_NONE, PROP_cfg | PROP_ssa, 0, 0, 0, 0,
};

/* The remarks' text is the report layer's; GCC's inform() puts it at
 * the declaration. */
static void remarks(const FnReport *r)
{
	for (int i = 0; i < r->nvar; i++) {
		const VarReport *v = &r->var[i];
		char buf[1024];
		if (remark_text(r, v, (v->flags & VF_ARTIFICIAL) != 0, buf, sizeof buf))
			inform((location_t)v->loc, "%s", buf);
	}
}

/* A summary, records, a dump, remarks or an explanation asked for: the
 * only outputs that hold what m2r_report reports, times included. */
static int reporting(void)
{
	return m2r_args.stats != ST_NONE || m2r_args.output || m2r_args.dump != DUMP_OFF ||
	       m2r_args.remarks || m2r_args.nexplain || m2r_args.explain_diff;
}

void m2r_report(function *fun, Bridge *b, const Stats *st, long long core_ns, long long gcc_ns,
		long long rewrite_ns)
{
	/* its comparison costs a walk over the variables */
	if (!reporting())
		return;
	FnReport r;
	bridge_name_vars(b); /* LOWER_LEAN's, for the records */
	compare_fn(b, st, m2r_args.compare, &r);
	r.function = fn_name(fun);
	r.file = main_input_filename ? main_input_filename : "";
	r.lower_err = b->err;
	r.lower_ns = b->lower_ns;
	r.core_ns = core_ns;
	r.gcc_ns = gcc_ns;
	r.rewrite_ns = rewrite_ns;
	out_function(&r);
	if (FILE *d = out_dump_ir()) {
		RecOpts ro = out_recopts();
		dump_table(d, &ro, m2r_args.compare, &r);
	}
	ex_report(b, &r);
	if (m2r_args.remarks)
		remarks(&r);
}

class pass_m2r_gcc : public gimple_opt_pass {
public:
	pass_m2r_gcc(gcc::context *c) : gimple_opt_pass(m2r_gcc_pass_data, c) {}
	bool gate(function *fun) final override { return cur.b && cur.fun == fun; }
	unsigned int execute(function *fun) final override
	{
		if (m2r_args.compare)
			bridge_read_gcc(cur.b, fun);
		m2r_report(fun, cur.b, &cur.st, cur.core_ns, cur.gcc_fun == fun ? cur.gcc_ns : 0, 0);
		drop_current();
		return 0;
	}
};

/* ---------- events ---------- */

static void finish_unit(void *, void *)
{
	out_unit(main_input_filename);
	ex_finish_unit();
	if (FILE *d = out_dump_ir())
		fflush(d);
}

/* The bench (plugin.h): every function has been through "ssa".  (A
 * function GCC adds later goes through it outside this window: the
 * instrumentation switched on again stays on, the counts are right and
 * the run slower.) */
static void early_passes_end(void *, void *)
{
	m2r_instr_stop();
}

static void gc_start(void *, void *)
{
	bridge_gc_start();
}

static void finish(void *, void *)
{
	drop_current();
	out_close();
}

static struct plugin_info info = { M2R_PLUGIN_VERSION, m2r_help };

/* The plugin's only exported symbols are this and plugin_is_GPL_compatible:
   everything else is built with -fvisibility=hidden (Makefile). */
__attribute__((visibility("default")))
int plugin_init(struct plugin_name_args *pi, struct plugin_gcc_version *version)
{
	if (!plugin_default_version_check(version, &gcc_version)) {
		/* fprintf, not error(): this GCC is not the one built for. */
		fprintf(stderr,
			"mem2reg: error: the plugin was built for GCC %s (%s), but this is GCC %s (%s); "
			"rebuild it with this compiler\n",
			gcc_version.basever, gcc_version.datestamp, version->basever,
			version->datestamp);
		return 1;
	}
	if (args_parse(pi->base_name, pi->argc, pi->argv, &m2r_args))
		return 1;
	bench_mode = getenv("M2R_BENCH") != NULL;
	m2r_callgrind = getenv("M2R_CALLGRIND") != NULL;
	/* Times are in the reports and the bench lines only: without
	 * them, no clock read (eight a function). */
	m2r_clock_use(bench_mode || reporting());
	bridge_init();
	if (m2r_args.help)
		fputs(m2r_help, stderr);
	if (m2r_args.version)
		fprintf(stderr, "mem2reg plugin %s for GCC %s\n", M2R_PLUGIN_VERSION, gcc_version.basever);
	if (m2r_args.dump && !m2r_args.dump_path) {
		const char *base = dump_base_name ? dump_base_name
				   : main_input_filename ? main_input_filename : "mem2reg";
		m2r_args.dump_path = concat(base, ".mem2reg", NULL);
	}
	for (int i = 0; i < NCOUNTER; i++)
		cnt_names[i] = concat("mem2reg ", counter_name(i), NULL);
	for (int r = 1; r < NREASON; r++)
		stat_names[r] = concat("mem2reg NumNotPromoted ", reason_name(r), NULL);

	orig_ssa = find_pass(g->get_passes()->all_small_ipa_passes, "ssa");
	if (!orig_ssa) {
		error("mem2reg: the %<ssa%> pass of GCC was not found");
		return 1;
	}
	/* The wrapper is "ssa" itself: same properties, todo flags, timevar. */
	ssa_wrap_data = *static_cast<pass_data *>(orig_ssa);
	ssa_wrap_data.todo_flags_start &= ~TODO_mark_first_instance;

	const char *name = pi->base_name;
	register_callback(name, PLUGIN_INFO, NULL, &info);
	register_callback(name, PLUGIN_GGC_START, gc_start, NULL);
	if (m2r_callgrind)
		register_callback(name, PLUGIN_EARLY_GIMPLE_PASSES_END, early_passes_end, NULL);

	struct register_pass_info rp;
	rp.reference_pass_name = "ssa";
	rp.ref_pass_instance_number = 1;
	if (m2r_args.mode == MODE_REWRITE) {
		/* One pass instead of GCC's "ssa" (rewrite.cc). */
		rp.pass = m2r_rewrite_pass(g, orig_ssa);
		rp.pos_op = PASS_POS_REPLACE;
		register_callback(name, PLUGIN_PASS_MANAGER_SETUP, NULL, &rp);
		register_callback(name, PLUGIN_FINISH_UNIT, finish_unit, NULL);
		register_callback(name, PLUGIN_FINISH, finish, NULL);
		return 0;
	}
	rp.pass = new pass_m2r(g);
	rp.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(name, PLUGIN_PASS_MANAGER_SETUP, NULL, &rp);

	rp.pass = new pass_m2r_gcc(g);
	rp.pos_op = PASS_POS_INSERT_AFTER;
	register_callback(name, PLUGIN_PASS_MANAGER_SETUP, NULL, &rp);

	rp.pass = new pass_ssa_wrap(g);
	rp.pos_op = PASS_POS_REPLACE;
	register_callback(name, PLUGIN_PASS_MANAGER_SETUP, NULL, &rp);

	register_callback(name, PLUGIN_FINISH_UNIT, finish_unit, NULL);
	register_callback(name, PLUGIN_FINISH, finish, NULL);
	return 0;
}
