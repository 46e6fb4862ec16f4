#!/bin/sh
# cli.sh BIN -- command-line cases: exit codes and messages of --help,
# --version, bad flags, missing arguments, missing files, --dump-state, and
# replays broken on purpose (a changed checksum, a changed level).
# Run from the repository root. Every case counts on its own; a block whose
# precondition fails counts as a failure, never as a skip. Prints every
# failure and ends with "cli: N passed, M failed"; exits 1 if any failed.
BIN=${1:-./bossrush}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fails=0

ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }

# expect WANT_EXIT STREAM TEXT -- ARGS...: runs BIN ARGS, checks the exit code
# and that TEXT appears in STREAM (out or err; TEXT may be empty).
expect() {
    want=$1; stream=$2; text=$3; shift 4
    timeout 120 "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" != "$want" ]; then
        bad "bossrush $*: exit $got, expected $want"; sed 's/^/    /' "$tmp/err" | head -3
    elif [ -n "$text" ] && ! grep -qF -- "$text" "$tmp/$stream"; then
        bad "bossrush $*: std$stream lacks '$text'"; sed 's/^/    /' "$tmp/$stream" | head -3
    else
        ok
    fi
}

LVL=levels/test/flat.lvl
expect 0 out "usage: bossrush" -- --help
expect 0 out "usage: bossrush" -- -h
expect 0 out "bossrush " -- --version
expect 2 err "unknown option '--frobnicate'" -- --frobnicate
expect 2 err "Try 'bossrush --help'" -- --frobnicate
expect 2 err "unexpected argument 'stray'" -- stray
expect 2 err "--level needs a file name" -- --level
expect 2 err "--script needs a file name" -- --script
expect 2 err "--replay needs a file name" -- --replay
expect 2 err "--bench needs a file name" -- --bench
expect 2 err "--record needs a file name" -- --record
expect 2 err "--ticks needs a number" -- --bench $LVL --ticks
expect 2 err "--ticks: expected a tick count" -- --bench $LVL --ticks abc
expect 2 err "--ticks: expected a tick count" -- --bench $LVL --ticks -5
expect 2 err "--ticks: expected a tick count" -- --bench $LVL --ticks 99999999999999999999
expect 2 err "--seed: expected" -- --bench $LVL --seed 4294967296
expect 2 err "cannot be used together" -- --script a.script --replay b.rpl
expect 2 err "cannot be used together" -- --level a.lvl --bench a.lvl
expect 2 err "--headless needs" -- --headless
expect 2 err "--dump-state needs --headless" -- --level $LVL --dump-state
expect 2 err "--ticks works with" -- --script x.script --headless --ticks 5
expect 2 err "--render works with --bench" -- --level $LVL --headless --render
expect 2 err "--record works with live play" -- --replay x.rpl --record y.rpl
expect 2 err "--record works with live play" -- --level $LVL --headless --record y.rpl
expect 2 err "--shot: expected TICK:FILE.png" -- --level $LVL --headless --shot nofile
expect 2 err "--shot: expected TICK:FILE.png" -- --level $LVL --headless --shot 5:
expect 2 err "--shot: bad tick" -- --level $LVL --headless --shot x:a.png
expect 2 err "no-such.script: cannot open" -- --script no-such.script --headless
expect 2 err "no-such.rpl: cannot open" -- --replay no-such.rpl --headless
expect 2 err "no-such.rpl: cannot open" -- --replay no-such.rpl
expect 2 err "no-such.lvl" -- --level no-such.lvl --headless
expect 2 err "cannot open no-such.lvl" -- --level no-such.lvl
expect 2 err "no-such.lvl" -- --bench no-such.lvl
expect 2 err "Is a directory" -- --script tests --headless
expect 2 err "not a regular file" -- --level tests
# windowed modes check their files before opening a window
expect 2 err "unknown probe 'player.z'" -- --script tests/bad/unknown-probe.script
expect 2 err "unsupported script version" -- --replay tests/bad/bad-version.rpl

# --dump-state prints every probe, sorted by name.
expect 0 out "tick 9" -- --level $LVL --headless --ticks 10 --dump-state
cut -d' ' -f1 "$tmp/out" > "$tmp/names"
if [ -s "$tmp/names" ] && LC_ALL=C sort -c "$tmp/names" 2>/dev/null; then ok; else bad "--dump-state is empty or not sorted by name"; fi
missing=""
for p in tick game.state bullets.count player.x player.state player.groups_stepping tetran.wiggle \
         tentacle.overreach whale.bounces stars.displaced; do
    grep -q "^$p " "$tmp/out" || missing="$missing $p"
done
if [ -z "$missing" ]; then ok; else bad "--dump-state lacks$missing"; fi
expect 0 out "allocs_per_tick" -- --bench $LVL --ticks 30
expect 0 out "tick_p99_us" -- --bench $LVL --ticks 30
expect 2 err "--compare-naive works with --bench" -- --level $LVL --headless --compare-naive
# --bench's keys (docs/bench.md), never their values: tests do not time.
"$BIN" --bench levels/03-whale.lvl --ticks 61 --compare-naive >"$tmp/out" 2>"$tmp/err"
missing=""
for k in load_ms ticks_per_s tick_mean_us tick_cpu_mean_us allocs_per_tick sys_player_us sys_tetran_us \
         sys_tentacle_us sys_whale_us sys_turret_us sys_stars_us sys_bullets_us sys_collisions_us bullets_mean \
         stars_active_mean naive_samples stars_us stars_naive_us stars_naive_ratio stars_naive_diff hits_us \
         hits_naive_us hits_naive_ratio hits_agree state_hash; do
    grep -q "^$k " "$tmp/out" || missing="$missing $k"
done
if [ -z "$missing" ]; then ok; else bad "--bench --compare-naive lacks$missing"; fi
# The naive versions give our answers: every star where ours is, the same hits.
if grep -q "^stars_naive_diff 0$" "$tmp/out" && grep -q "^hits_agree 1$" "$tmp/out"; then ok
else bad "--compare-naive: the naive versions disagree with ours"; fi

# A replay with its second checksum changed desyncs exactly at that tick.
rpl=$(ls tests/replays/*.rpl 2>/dev/null | head -1)
line=$([ -n "$rpl" ] && grep -n ' checksum ' "$rpl" | sed -n 2p)
if [ -z "$line" ]; then
    bad "cannot run the tampered-replay cases: no tests/replays/*.rpl with two checksums"
else
    num=${line%%:*}
    tick=$(echo "$line" | sed 's/.*at \([0-9]*\) checksum.*/\1/')
    awk -v n="$num" 'NR == n { c = substr($0, length($0), 1); $0 = substr($0, 1, length($0) - 1) (c == "0" ? "1" : "0") } { print }' "$rpl" > "$tmp/t.rpl"
    # the copy lives elsewhere: point its level line at the real file
    lvl=$(sed -n 's/^level \([^ ]*\).*/\1/p' "$rpl")
    abs=$(cd "$(dirname "$rpl")" && cd "$(dirname "$lvl")" && pwd)/$(basename "$lvl")
    sed -i "s|^level [^ ]*|level $abs|" "$tmp/t.rpl"
    expect 1 err "replay desync at tick $tick: checksum expected" -- --replay "$tmp/t.rpl" --headless

    # The same replay against a changed level file: exit 1, both hashes named.
    cp "$abs" "$tmp/changed.lvl"
    echo "# changed" >> "$tmp/changed.lvl"
    sed "s|^level [^ ]*|level changed.lvl|" "$rpl" > "$tmp/l.rpl"
    expect 1 err "level changed since the replay was recorded" -- --replay "$tmp/l.rpl" --headless
    want=$(sed -n 's/^level [^ ]* \([0-9a-f]*\).*/\1/p' "$rpl")
    if [ -n "$want" ] && grep -qF "$want" "$tmp/err"; then ok; else bad "the level-changed message lacks the recorded hash '$want'"; fi

    # Rebless brings a tampered copy back in sync.
    cp "$tmp/t.rpl" "$tmp/r.rpl"
    expect 0 out "reblessed" -- --rebless "$tmp/r.rpl"
    expect 0 err "" -- --replay "$tmp/r.rpl" --headless
fi

# Leg profiles: the binary reads <its data folder>/assets/legs, so a copy of
# it beside a levels/ link and an edited profile folder runs with other legs.
# A replay recorded with the shipped legs then fails at once (exit 1) and
# says why; a missing folder warns and uses the built-in profiles; a
# malformed file is exit 2 with file:line:col.
expect 0 err "" -- --script tests/scripts/climb-wall.script --headless --record "$tmp/climb.rpl"
if grep -q '^level .* legs=[0-9a-f]\{16\}$' "$tmp/climb.rpl"; then ok; else bad "the recording lacks legs=HASH"; fi
mkdir -p "$tmp/data/assets"
cp "$BIN" "$tmp/data/bossrush"
ln -s "$(pwd)/levels" "$tmp/data/levels"
main_bin=$BIN
BIN=$tmp/data/bossrush
expect 0 err "using the built-in leg profiles" -- --replay "$tmp/climb.rpl" --headless
cp -r assets/legs "$tmp/data/assets/legs"
expect 0 err "" -- --replay "$tmp/climb.rpl" --headless
sed -i 's/^lift_max 7 /lift_max 7.5 /' "$tmp/data/assets/legs/front-left.leg"
expect 1 err "leg profiles changed since the replay was recorded" -- --replay "$tmp/climb.rpl" --headless
expect 0 err "" -- --replay tests/replays/flat-walk.rpl --headless   # no legs= (older): still loads
echo "upper -3" >> "$tmp/data/assets/legs/back-left.leg"
expect 2 err "back-left.leg:19:1: key 'upper' repeated" -- --level $LVL --headless
BIN=$main_bin

# ---- --convert and the preference folder's gamecontrollerdb.txt (issue 15)
expect 2 err "--convert needs IN and OUT files" -- --convert $LVL
expect 2 err "OUT must end in .lvl or .tmj" -- --convert $LVL "$tmp/x.txt"
expect 2 err "--convert takes no other options" -- --convert $LVL "$tmp/x.tmj" --debug
expect 0 err "" -- --convert $LVL "$tmp/flat.tmj"
expect 0 err "" -- --level "$tmp/flat.tmj" --headless --ticks 10
expect 2 err "tests/bad/tmj-outside.tmj: object 'boss' (id 2)" -- --convert tests/bad/tmj-outside.tmj "$tmp/x.lvl"
# A one-tick replay watched in a (dummy) window: the game reads the pad
# mappings at start-up and says how many it added, or warns about the file.
printf 'bossrush-script 1\nlevel %s/%s\nend 1\n' "$(pwd)" "$LVL" > "$tmp/one.script"
expect 0 err "" -- --script "$tmp/one.script" --headless --record "$tmp/one.rpl"
mkdir -p "$tmp/xdg/bossrush/bossrush"
echo "03000000aaaa0000bbbb000001000000,bossrush test pad,a:b0,b:b1,x:b2,y:b3,leftx:a0,lefty:a1,platform:Linux," \
    > "$tmp/xdg/bossrush/bossrush/gamecontrollerdb.txt"
XDG_DATA_HOME=$tmp/xdg expect 0 err "gamecontrollerdb.txt: 1 controller mappings" -- --replay "$tmp/one.rpl"
echo "not a mapping" > "$tmp/xdg/bossrush/bossrush/gamecontrollerdb.txt"
XDG_DATA_HOME=$tmp/xdg expect 0 err "gamecontrollerdb.txt: 0 controller mappings" -- --replay "$tmp/one.rpl"

echo "cli: $pass passed, $fails failed"
[ $fails -eq 0 ]
