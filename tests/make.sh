#!/bin/sh
# make.sh -- the build in pieces has no order dependence: with the concern
# fragments (Makefile, MK_ORDER) included in reverse, `make -n -B` of every
# target a user or CI names plans the same commands (sorted: the order of
# prerequisites may differ). A fragment that appends to a list another one
# already read (`CORE_SRC +=` after `WEB_SRC := $(CORE_SRC)`) fails it.
# Builds nothing. Run from the repository root; ends with "make: ok".
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
order=$(sed -n 's/^MK_ORDER ?= //p' Makefile)
reverse=$(for f in $order; do echo "$f"; done | sed -n '1!G;h;$p' | tr '\n' ' ')
targets="all test-unit test-layers test-assets test-stand test-bots bots soak valgrind assets pictures bench \
         tiled rebless run install uninstall web web-libs check-wasm check-aarch64 fuzz-build \
         compile_commands.json clean deps"
bad=0
# plan NAME ORDER: the sorted plan with the fragments in ORDER, and the
# default goal's, into $tmp/NAME; make's own errors fail the test.
plan() {
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n -B --no-print-directory MK_ORDER="$2" VERSION=x \
        $targets >"$tmp/$1.out" 2>"$tmp/$1.err" || { echo "FAIL: make: make -n with MK_ORDER=$2:"; cat "$tmp/$1.err"; bad=1; }
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n -B --no-print-directory MK_ORDER="$2" VERSION=x \
        >>"$tmp/$1.out" 2>>"$tmp/$1.err" || bad=1
    LC_ALL=C sort "$tmp/$1.out" >"$tmp/$1"
}
plan forward "$order"
plan reverse "$reverse"
if ! cmp -s "$tmp/forward" "$tmp/reverse"; then
    echo "FAIL: make: the fragments in reverse ($reverse) plan other commands:"
    diff "$tmp/forward" "$tmp/reverse" | cut -c1-200 | head -10
    bad=1
fi
[ "$(wc -l <"$tmp/forward")" -gt 100 ] || { echo "FAIL: make: the plan is too short"; bad=1; }
[ $bad = 0 ] && echo "make: ok"
exit $bad
