#!/bin/sh
# lab.sh BIN -- the test lab's command line (docs/testing.md): --explore
# finds an invariant broken on purpose, shrinks it to a replay of at most 3
# input lines that fails by itself, the same way every time, from its seed
# too; --explore's bad input; --test's counts, TAP and JUnit XML (checked
# with xmllint when it is installed: scripts/deps.sh --checkers). Run from the
# repository root. Every case counts on its own; ends with
# "lab: N passed, M failed[, K skipped]"; exits 1 if any failed.
BIN=${1:-./bossrush}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
ROOT=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fails=0
skipped=0

ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
# check NAME COMMAND...: one case, passing when COMMAND succeeds.
check() {
    what=$1; shift
    if "$@"; then ok; else bad "$what"; fi
}

# ---------------------------------------------------------------- --explore
# An invariant false on purpose: walking right on the flat room's floor
# takes the player past x = 300.
cd "$tmp" || exit 1
printf '# walking right breaks it\nalways 0 2000 player.x < 300\n' > inv.txt
LVL=$ROOT/levels/test/flat.lvl
"$BIN" --explore "$LVL" --invariants inv.txt --runs 3 --ticks 2000 --seed 7 --out found >out1 2>err1
rc=$?
check "explore: exit $rc on a broken invariant, expected 1" [ "$rc" = 1 ]
check "explore: summary line" grep -q '^explore: 3 runs, [0-9,]* ticks, [1-9][0-9]* failures$' out1
last=$(tail -1 out1)
rpl=$(echo "$last" | sed -n 's/^bossrush --replay \(.*\) --headless$/\1/p')
check "explore: the last line is the reproduction command (got '$last')" [ -n "$rpl" ]
check "explore: the replay is in --out's folder ($rpl)" test -f "$rpl" -a "${rpl#found/}" != "$rpl"
lines=$(grep -cE '^at [0-9]+ (down|up|tap) ' "$rpl" 2>/dev/null)
check "explore: shrunk to at most 3 input lines (got ${lines:-none})" test "${lines:-9}" -le 3
check "explore: the replay carries the rule, clipped to its end" \
    sh -c "e=\$(sed -n 's/^end //p' '$rpl'); grep -q \"^always 0 \$e player.x < 300\$\" '$rpl'"
"$BIN" --replay "$rpl" --headless >/dev/null 2>rerr1
rc1=$?
"$BIN" --replay "$rpl" --headless >/dev/null 2>rerr2
rc2=$?
check "explore: the replay fails by itself (exit $rc1, expected 1)" [ "$rc1" = 1 ]
check "explore: ... at the broken rule" grep -q 'expected player.x < 300, got' rerr1
check "explore: ... the same way again" cmp -s rerr1 rerr2
check "explore: ... and its second run too (exit $rc2)" [ "$rc2" = 1 ]
# The same seed finds the same failures and writes the same replays, in
# one process or two.
"$BIN" --explore "$LVL" --invariants inv.txt --runs 3 --ticks 2000 --seed 7 --out again --jobs 2 >out2 2>/dev/null
check "explore: --jobs 2 prints the same (but the folder)" sh -c 'sed s/again/found/ out2 | cmp -s - out1'
check "explore: the same replays from the same seed" diff -r found again
# Nothing broken: exit 0 and the count of every tick.
"$BIN" --explore "$LVL" --runs 2 --ticks 300 --out none >out3 2>err3
rc=$?
check "explore: no failure, exit $rc" [ "$rc" = 0 ]
check "explore: 2 runs of 300 ticks" grep -qx 'explore: 2 runs, 600 ticks, 0 failures' out3
check "explore: no failure writes nothing" [ ! -e none ]
# The replay's place is written as every output is: never over a non-file.
name=$(basename "$rpl")
mkdir -p fifo && mkfifo "fifo/$name"
timeout 60 "$BIN" --explore "$LVL" --invariants inv.txt --runs 3 --ticks 2000 --seed 7 --out fifo >out4 2>&1
rc=$?
check "explore: a FIFO where the replay goes: exit $rc, expected 2" [ "$rc" = 2 ]
check "explore: ... is left a FIFO" [ -p "fifo/$name" ]
check "explore: ... and says so" grep -q "not written" out4
# Bad input: exit 2.
"$BIN" --explore "$tmp/nope.lvl" --runs 1 >/dev/null 2>err5
check "explore: a missing arena is exit 2" [ $? = 2 ]
printf 'always 0 10 player.x <\n' > badinv.txt
"$BIN" --explore "$LVL" --invariants badinv.txt --runs 1 >/dev/null 2>err6
check "explore: a malformed invariant is exit 2" [ $? = 2 ]
check "explore: ... at its file:line" grep -q '^badinv.txt:1:' err6
printf 'at 5 expect player.x < 300\n' > notalways.txt
"$BIN" --explore "$LVL" --invariants notalways.txt --runs 1 >/dev/null 2>err7
check "explore: an invariant that is not an 'always' line is exit 2" [ $? = 2 ]
"$BIN" --explore "$LVL" --runs 0 >/dev/null 2>&1
check "explore: --runs 0 is exit 2" [ $? = 2 ]
"$BIN" --explore >/dev/null 2>&1
check "explore: no arena is exit 2" [ $? = 2 ]

# The catalogue (--list): the documented rules, and a rule of a probe joins
# exactly when the build has that probe (looked up by name).
"$BIN" --explore "$ROOT/levels/03-whale.lvl" --list --ticks 100 >list 2>/dev/null
check "explore --list: exit 0" [ $? = 0 ]
check "explore --list: the gait rule over ticks 0..99" grep -q '^always 0 99 player.groups_stepping <= 1 ' list
check "explore --list: finiteness of every probe" grep -q '^always 0 99 whale.x == whale.x ' list
check "explore --list: bullets within the pool" grep -q '^always 0 99 bullets.count <= [1-9]' list
"$BIN" --explore "$ROOT/levels/02-tentacle.lvl" --list >list2 2>/dev/null
check "explore --list: the tentacles' bend limit only while the fight goes on (dead, they hang limp)" \
    grep -q '^always 0 3599 tentacle.bend <= 1    # catalogue, while playing$' list2
"$BIN" --level "$ROOT/levels/03-whale.lvl" --headless --dump-state >probes 2>/dev/null
for p in whale.self_gap player.leg_over_body tentacle.winding; do
    if grep -q "^$p " probes; then has=yes; else has=no; fi
    if grep -q "^always 0 99 $p " list; then listed=yes; else listed=no; fi
    check "explore --list: $p listed ($listed) as the build has it ($has)" [ $has = $listed ]
done

# ---------------------------------------------------------------- --test
cat > pass.script <<EOF
bossrush-script 1
level $LVL
at 0 down right
always 0 30 player.hp >= 1
end 30
EOF
cat > fail.script <<EOF
bossrush-script 1
level $LVL
at 0 down right
at 20 expect player.x < 0
end 30
EOF
cat > xfail.script <<EOF
bossrush-script 1
# expect-exit: 1
level $LVL
at 10 expect player.x < 0
end 30
EOF
cp "$rpl" found.rpl
"$BIN" --test pass.script fail.script found.rpl xfail.script --junit report.xml >tout 2>terr
rc=$?
check "test: exit $rc with a failing file, expected 1" [ "$rc" = 1 ]
check "test: counts" grep -qx '2 passed, 2 failed' tout
check "test: the failing script's message" grep -q '^fail.script:4:1: tick 20: expected player.x < 0' tout
check "test: a file that fails as it says (expect-exit) passes" grep -q '^xfail.script: ok' tout
check "test: the JUnit counts" grep -q '<testsuite name="bossrush" tests="4" failures="2"' report.xml
check "test: one testcase a file" [ "$(grep -c '<testcase ' report.xml)" = 4 ]
check "test: the failing testcase carries its message with file:line" \
    grep -q '<failure message="fail.script:4:1: tick 20: expected player.x &lt; 0' report.xml
if command -v xmllint >/dev/null 2>&1; then
    check "test: the JUnit XML is well-formed (xmllint)" xmllint --noout report.xml
else
    skipped=$((skipped + 1))
fi
"$BIN" --test pass.script fail.script --tap --jobs 2 >tap 2>/dev/null
check "test: TAP plan" grep -qx '1..2' tap
check "test: TAP ok and not ok" sh -c "grep -qx 'ok 1 - pass.script' tap && grep -qx 'not ok 2 - fail.script' tap"
check "test: TAP ends with the count" sh -c "tail -1 tap | grep -qx '1 passed, 1 failed'"
"$BIN" --test pass.script >/dev/null 2>&1
check "test: all passing is exit 0" [ $? = 0 ]
"$BIN" --test pass.script --junit "$tmp" >/dev/null 2>&1
check "test: a JUnit path that is a folder is exit 2" [ $? = 2 ]
"$BIN" --test >/dev/null 2>&1
check "test: no file is exit 2" [ $? = 2 ]

if [ $skipped -gt 0 ]; then echo "lab: $pass passed, $fails failed, $skipped skipped"
else echo "lab: $pass passed, $fails failed"; fi
[ $fails -eq 0 ]
