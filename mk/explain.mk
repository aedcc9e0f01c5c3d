# explain.mk - m2r-opt --explain (doc/explain.md).  Its tests,
# testsuite/mem2reg.explain, render every DOT output with Graphviz's
# dot: need-graphviz installs Debian's graphviz when running as root;
# otherwise those tests are UNSUPPORTED, with this note.

.PHONY: need-graphviz
need-graphviz:
	@if ! command -v dot >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then \
			$(call apt-install,Graphviz's dot (the explanations' pictures),graphviz); \
		else \
			echo "note: no Graphviz dot: the explain DOT tests are UNSUPPORTED" \
				"(sudo apt-get install graphviz)" >&2; \
		fi; \
	fi
check: need-graphviz

# explain-svg: the pictures of doc/explain.md, from the eight-block
# example (dot -O writes one SVG per digraph: -o would keep the last).
.PHONY: explain-svg
explain-svg: $(M2R_OPT)
	@set -e; t=$$(mktemp -d); \
	$(M2R_OPT) --explain --explain-format=dot examples/explain/eight.ll > $$t/eight.dot; \
	dot -Tsvg -O $$t/eight.dot; \
	cp $$t/eight.dot.svg doc/explain-eight.svg; \
	cp $$t/eight.dot.2.svg doc/explain-eight-x.svg; \
	rm -rf $$t; echo "wrote doc/explain-eight.svg doc/explain-eight-x.svg"
