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
expect 2 err "not a regular file (a folder)" -- --script tests --headless
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
for k in load_ms ticks_per_s tick_mean_us tick_cpu_mean_us allocs_per_tick vector_path sys_player_us sys_tetran_us \
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
    # Watched in a (dummy) window it plays to its end and says the same (5 s).
    expect 1 err "replay desync at tick $tick: checksum expected" -- --replay "$tmp/t.rpl"

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
# Tiled's XML map: read when named .tmx, converted to .tmj; under another name refused, never read as a .lvl.
expect 0 err "" -- --convert levels/test/tiled-tetran.tmx "$tmp/from-tmx.tmj"
expect 0 err "" -- --level "$tmp/from-tmx.tmj" --headless --ticks 10
cp levels/test/tiled-tetran.tmx "$tmp/xml-map.lvl"
expect 2 err "xml-map.lvl:1:1: this looks like a Tiled map in XML" -- --level "$tmp/xml-map.lvl" --headless
expect 2 err "OUT must end in .lvl or .tmj" -- --convert $LVL "$tmp/x.tmx"
# A one-tick replay watched in a (dummy) window: the game reads the pad
# mappings at start-up and says how many it added, or warns about the file.
printf 'bossrush-script 1\nlevel %s/%s\nend 1\n' "$(pwd)" "$LVL" > "$tmp/one.script"
expect 0 err "" -- --script "$tmp/one.script" --headless --record "$tmp/one.rpl"
mkdir -p "$tmp/xdg/bossrush"
echo "03000000aaaa0000bbbb000001000000,bossrush test pad,a:b0,b:b1,x:b2,y:b3,leftx:a0,lefty:a1,platform:Linux," \
    > "$tmp/xdg/bossrush/gamecontrollerdb.txt"
XDG_DATA_HOME=$tmp/xdg expect 0 err "gamecontrollerdb.txt: 1 controller mappings" -- --replay "$tmp/one.rpl"
echo "not a mapping" > "$tmp/xdg/bossrush/gamecontrollerdb.txt"
XDG_DATA_HOME=$tmp/xdg expect 0 err "gamecontrollerdb.txt: 0 controller mappings" -- --replay "$tmp/one.rpl"
# Robustness (issue 14): the command line's bounds, streams that never end,
# pipes, NUL bytes, the worst legal level.
expect 2 err "--ticks: expected a tick count 0..10000000, got '10000001'" -- --level $LVL --headless --ticks 10000001
expect 2 err "--ticks: expected a tick count 0..1000000 with --bench" -- --bench $LVL --ticks 1000001
expect 0 out "ticks 2" -- --bench $LVL --ticks 2
expect 2 err "--shot: bad tick" -- --level $LVL --headless --shot 10000001:a.png
shots=""
for i in $(seq 64); do shots="$shots --shot $i:$tmp/s$i.png"; done
expect 0 err "" -- --level $LVL --headless --ticks 65 $shots
expect 2 err "too many --shot (at most 64)" -- --level $LVL --headless $shots --shot 65:$tmp/s65.png
# Shots are written to a temp file and renamed: 64 PNGs and no temp file
# left; a folder that does not exist is one warning naming the file (the run
# itself still succeeds) and leaves nothing behind.
if [ "$(ls "$tmp"/s*.png | wc -l)" = 64 ] && [ -z "$(ls -A "$tmp" | grep '\.tmp$')" ] &&
    file "$tmp/s64.png" | grep -q "PNG image data, 1280 x 720"; then ok; else bad "--shot: 64 whole PNGs, no temp files"; fi
expect 2 err "cannot write beside $tmp/none/a.png" -- --level $LVL --headless --ticks 3 --shot 2:$tmp/none/a.png
[ ! -e "$tmp/none" ] && ok || bad "--shot into a missing folder made something"
expect 2 err "/dev/zero: cannot open the script: not a regular file" -- --script /dev/zero --headless
expect 2 err "/dev/zero: cannot open the script: not a regular file" -- --replay /dev/zero --headless
expect 2 err "/dev/zero: cannot open the level: not a regular file" -- --level /dev/zero --headless
mkfifo "$tmp/pipe.lvl"
# even with a writer waiting, a FIFO is not read (issue 22)
(timeout 10 sh -c "cat $LVL > '$tmp/pipe.lvl'" 2>/dev/null &)
expect 2 err "not a regular file" -- --level "$tmp/pipe.lvl" --headless --ticks 5
wait
expect 0 out "units 9987" -- --bench levels/bench/worst.lvl --ticks 2
expect 0 out "units 9995" -- --bench levels/bench/turret-tentacles.lvl --ticks 2
expect 0 out "units 9968" -- --bench levels/bench/turret-tetran-40x50.lvl --ticks 2
expect 0 out "units 9977" -- --bench levels/bench/turret-tetran-64x64.lvl --ticks 2
truncate -s $((64 * 1024 * 1024 + 1)) "$tmp/big.lvl"
expect 2 err "big.lvl: level file too large (67108865 bytes; at most 64 MiB)" -- --level "$tmp/big.lvl" --headless
truncate -s $((64 * 1024 * 1024 + 1)) "$tmp/big.rpl"
expect 2 err "big.rpl: script file too large (67108865 bytes; at most 64 MiB)" -- --replay "$tmp/big.rpl" --headless
BIN=$tmp/data/bossrush
rm -rf "$tmp/data/assets/legs" && cp -r assets/legs "$tmp/data/assets/legs"
printf 'min 7\0junk\n' >> "$tmp/data/assets/legs/front-right.leg"   # the NUL's own line and column (issue 22: it said 1:1)
expect 2 err "front-right.leg:$(($(wc -l < assets/legs/front-right.leg) + 1)):6: expected text, found a NUL byte" -- \
    --level $LVL --headless
BIN=$main_bin

# ---- the replay lab (issue 12): batch verify, --until, per-subsystem desyncs, export
nrpl=$(ls tests/replays/*.rpl | wc -l | tr -d ' ')
expect 0 out "$nrpl passed, 0 failed" -- --replay tests/replays/*.rpl --headless
expect 0 out "tests/replays/whale.rpl: ok" -- --replay tests/replays/*.rpl --headless
cp "$tmp/out" "$tmp/batch1"
expect 0 out "$nrpl passed, 0 failed" -- --replay tests/replays/*.rpl --headless --jobs 3
if cmp -s "$tmp/out" "$tmp/batch1"; then ok; else bad "--jobs 3 printed other lines than one process"; fi
# A desynced file fails (exit 1), an unreadable or malformed one is worse (2).
expect 1 out "1 passed, 1 failed" -- --replay tests/replays/flat-walk.rpl "$tmp/t.rpl" --headless
expect 1 out "replay desync at tick $tick" -- --replay tests/replays/flat-walk.rpl "$tmp/t.rpl" --headless --jobs 2
expect 2 out "1 passed, 3 failed" -- --replay tests/replays/flat-walk.rpl "$tmp/t.rpl" no-such.rpl \
    tests/bad/subsys-twice.rpl --headless --jobs 2
expect 2 out "no-such.rpl: cannot open" -- --replay tests/replays/flat-walk.rpl no-such.rpl --headless
expect 2 err "several replays are verified with --headless only" -- --replay tests/replays/flat-walk.rpl "$tmp/t.rpl"
expect 2 err "several replays take no --record" -- --replay a.rpl b.rpl --headless --until 5
expect 2 err "--jobs: expected 1..256" -- --replay a.rpl --headless --jobs 0
expect 2 err "--jobs works with --replay" -- --script a.script --headless --jobs 2
expect 2 err "--until works with" -- --level $LVL --headless --until 5
expect 2 err "--from works with --export" -- --replay a.rpl --headless --from 5
expect 2 err "--from is after --until" -- --replay a.rpl --export "$tmp/f" --from 9 --until 5

# --until T --record: ticks 0..T as a replay of their own (end T) that verifies.
expect 0 err "" -- --replay tests/replays/whale.rpl --headless --until 300 --record "$tmp/until.rpl"
if [ "$(tail -1 "$tmp/until.rpl")" = "end 300" ]; then ok; else bad "--until 300 --record: the replay does not end 'end 300'"; fi
expect 0 err "" -- --replay "$tmp/until.rpl" --headless
expect 0 out "tick 300" -- --replay tests/replays/whale.rpl --headless --until 300 --dump-state

# What broke: recordings carry per-subsystem hashes; a walk in the whale
# arena started one tick late desyncs the player, his shots and the whale
# (its watch on where he stands, sim/creatures/lob.h) alone.
expect 0 err "" -- --script tests/scripts/replay-whale.script --headless --record "$tmp/whale.rpl"
if grep -q '^at 60 checksum [0-9a-f]\{16\} player=[0-9a-f]\{8\} legs=.* whale\[0\]=.* rng=[0-9a-f]\{8\}$' \
    "$tmp/whale.rpl"; then ok; else bad "the whale recording lacks per-subsystem hashes"; fi
sed 's/^at 90 down left$/at 91 down left/' "$tmp/whale.rpl" > "$tmp/whale-t.rpl"
expect 1 err "tick 120: desync in player, bullets, whale[0] (legs, stars, rng in sync)" -- \
    --replay "$tmp/whale-t.rpl" --headless

# Which fields (docs/fields.md): the World of a replay after a tick, one
# line a hashed field, and the compare of two such dumps. The tampered walk
# stops at its desync (tick 120, exit 1) with that tick's dump; compared
# with the recording's at 120, the player's x comes first.
expect 0 out "" -- --dump-fields tests/replays/whale.rpl 100 "$tmp/w100.fields"
if [ "$(sed -n 1,2p "$tmp/w100.fields" | tr '\n' '|')" = "# tests/replays/whale.rpl at tick 100|world.tick 100|" ] &&
    grep -q '^world\.whale_count 1$' "$tmp/w100.fields" &&
    grep -q '^world\.whales\[0\]\.vel\.x -\{0,1\}[0-9.e+-]* (0x[0-9a-f]\{16\})$' "$tmp/w100.fields" &&
    grep -q '^world\.player\.legs\.leg\[3\]\.foot\.y ' "$tmp/w100.fields" &&
    grep -q '^world\.rng\.s [0-9]*$' "$tmp/w100.fields"; then ok
else bad "--dump-fields whale.rpl 100: unexpected lines: $(sed -n 1,4p "$tmp/w100.fields" | tr '\n' '|')"; fi
expect 0 out "world.tick 100" -- --dump-fields tests/replays/whale.rpl 100
expect 0 out "the same fields" -- --diff-fields "$tmp/w100.fields" "$tmp/w100.fields"
sed 's/^\(world\.whales\[0\]\.vel\.x\) .*/\1 12.5 (0x4029000000000000)/' "$tmp/w100.fields" > "$tmp/w100-x.fields"
expect 1 out "1 fields differ" -- --diff-fields "$tmp/w100.fields" "$tmp/w100-x.fields"
if [ "$(sed -n 2p "$tmp/out" | cut -d' ' -f1,4-)" = "world.whales[0].vel.x -> 12.5 (0x4029000000000000)" ]; then ok
else bad "--diff-fields: a changed whale vel.x reported as: $(sed -n 2p "$tmp/out")"; fi
expect 1 err "tick 120: desync in player" -- --dump-fields "$tmp/whale-t.rpl" 300 "$tmp/t.fields"
expect 0 out "" -- --dump-fields "$tmp/whale.rpl" 120 "$tmp/a.fields"
expect 1 out "world.player.pos.x 329.40000000000003" -- --diff-fields "$tmp/a.fields" "$tmp/t.fields" 1
if [ "$(sed -n 2p "$tmp/out" | cut -d' ' -f1)" = "world.player.pos.x" ]; then ok
else bad "--diff-fields at the whale walk's desync names first: $(sed -n 2p "$tmp/out")"; fi
expect 1 err "ends at tick" -- --dump-fields tests/replays/whale.rpl 999999 "$tmp/end.fields"
expect 2 err "the tick must be" -- --dump-fields tests/replays/whale.rpl soon
expect 2 err "needs a script or replay and a tick" -- --dump-fields tests/replays/whale.rpl
expect 2 err "no-such.rpl" -- --dump-fields "$tmp/no-such.rpl" 10
expect 2 err "cannot read" -- --diff-fields "$tmp/w100.fields" "$tmp/none.fields"

# Export: PNG frames need nothing; a video without ffmpeg says so.
expect 0 err "exported ticks 10..12 (3 frames)" -- --replay tests/replays/flat-walk.rpl --export "$tmp/frames" \
    --from 10 --until 12
if [ "$(ls "$tmp/frames" | tr '\n' ' ')" = "tick-000010.png tick-000011.png tick-000012.png " ]; then ok
else bad "--export FOLDER --from 10 --until 12 wrote: $(ls "$tmp/frames" | tr '\n' ' ')"; fi
# (the binary run with a PATH that holds no ffmpeg)
mkdir -p "$tmp/empty"
printf '#!/bin/sh\nPATH=%s exec %s "$@"\n' "$tmp/empty" "$BIN" > "$tmp/no-ffmpeg"
chmod +x "$tmp/no-ffmpeg"
main_bin=$BIN
BIN=$tmp/no-ffmpeg
expect 2 err "ffmpeg is not installed" -- --replay tests/replays/flat-walk.rpl --export "$tmp/x.mp4"
BIN=$main_bin
if [ -e "$tmp/x.mp4" ]; then bad "a failed export left $tmp/x.mp4"; else ok; fi

# ---- Special files (issue 22): every input refused at once, never waited on
# (each case under `timeout`: a hang fails it); every output refuses to
# replace anything but a regular file, leaves it as it was and exits non-zero.
mkfifo "$tmp/fifo.lvl" "$tmp/fifo.script" "$tmp/fifo.rpl" "$tmp/fifo.tsj"
NOTREG="not a regular file (a pipe, a device or a socket)"
expect 2 err "$NOTREG" -- --level "$tmp/fifo.lvl" --headless
expect 2 err "$NOTREG" -- --level "$tmp/fifo.lvl"
expect 2 err "$NOTREG" -- --script "$tmp/fifo.script" --headless
expect 2 err "$NOTREG" -- --replay "$tmp/fifo.rpl" --headless
expect 2 out "$NOTREG" -- --replay tests/replays/flat-walk.rpl tests/replays/flat-walk.rpl "$tmp/fifo.rpl" --headless \
    --jobs 2
expect 2 err "$NOTREG" -- --level /dev/zero --headless
expect 2 err "$NOTREG" -- --script /dev/stdin --headless
printf 'bossrush-script 1\nlevel %s\nend 5\n' "$tmp/fifo.lvl" > "$tmp/to-fifo.script"
expect 2 err "$NOTREG" -- --script "$tmp/to-fifo.script" --headless
# a map whose external tileset is a FIFO (or /dev/stdin)
sed 's|"nope.tsj"|"fifo.tsj"|' tests/bad/tmj-external-missing.tmj > "$tmp/fifo-ts.tmj"
expect 2 err "$NOTREG" -- --level "$tmp/fifo-ts.tmj" --headless
sed 's|"nope.tsj"|"/dev/stdin"|' tests/bad/tmj-external-missing.tmj > "$tmp/stdin-ts.tmj"
expect 2 err "$NOTREG" -- --level "$tmp/stdin-ts.tmj" --headless
# a FIFO in place of a leg profile: not waited on; one warning, the
# built-in profiles (as for a missing profile folder)
mkdir -p "$tmp/fdata/assets/legs"
cp "$BIN" "$tmp/fdata/bossrush"
ln -s "$(pwd)/levels" "$tmp/fdata/levels"
cp assets/legs/*.leg "$tmp/fdata/assets/legs/"
rm "$tmp/fdata/assets/legs/front-left.leg"
mkfifo "$tmp/fdata/assets/legs/front-left.leg"
main_bin=$BIN
BIN=$tmp/fdata/bossrush
expect 0 err "front-left.leg: cannot open leg profile: $NOTREG" -- --level $LVL --headless
# a profile with old Mac (CR-only) line ends, and one with a NUL byte, are
# refused at the byte, as .lvl and .script are (not read as one comment)
rm "$tmp/fdata/assets/legs/front-left.leg"
tr '\n' '\r' < assets/legs/front-left.leg > "$tmp/fdata/assets/legs/front-left.leg"
col=$(($(head -1 assets/legs/front-left.leg | wc -c)))
expect 2 err "front-left.leg:1:$col: expected text, found a lone CR" -- --level $LVL --headless
{ head -3 assets/legs/front-left.leg; printf 'upper 3\0000\n'; } > "$tmp/fdata/assets/legs/front-left.leg"
expect 2 err "front-left.leg:4:8: expected text, found a NUL byte" -- --level $LVL --headless
BIN=$main_bin

# Outputs onto a FIFO, a device node (as root), a symbolic link (to a
# regular file and to a device) and a folder: refused, left as they were.
mkdir -p "$tmp/sp"
mkfifo "$tmp/sp/fifo.rpl" "$tmp/sp/fifo.png" "$tmp/sp/fifo.tmj" "$tmp/sp/fifo.wav"
echo keep > "$tmp/sp/real"
for ext in rpl png tmj wav; do
    ln -s real "$tmp/sp/link.$ext"
    ln -s /dev/null "$tmp/sp/devlink.$ext"
    mkdir "$tmp/sp/dir.$ext"
    mknod "$tmp/sp/dev.$ext" c 1 3 2>/dev/null || true
done
snapshot() { ls -l "$tmp/sp" | awk '{print $1, $NF}'; cat "$tmp/sp/real"; }
before=$(snapshot)
for name in fifo link devlink dir dev; do
    [ -e "$tmp/sp/$name.rpl" ] || [ -L "$tmp/sp/$name.rpl" ] || continue
    expect 2 err "" -- --script tests/scripts/flat-walk.script --headless --record "$tmp/sp/$name.rpl"
    expect 2 err "could not write" -- --script tests/scripts/flat-walk.script --headless --shot "5:$tmp/sp/$name.png"
    expect 2 err "cannot write" -- --convert $LVL "$tmp/sp/$name.tmj"
    expect 2 err "cannot write $tmp/sp/$name.wav: " -- --replay tests/replays/flat-walk.rpl --export "$tmp/sp/$name.wav"
done
# the sound export names why (it said "Unknown error 32527" for a link)
expect 2 err "link.wav: a symbolic link" -- --replay tests/replays/flat-walk.rpl --export "$tmp/sp/link.wav"
if [ "$(snapshot)" = "$before" ]; then ok; else bad "outputs changed special files:"; snapshot | sed 's/^/    /'; fi
if ls -a "$tmp/sp" | grep -q '\.tmp$'; then bad "a refused output left a temp file"; else ok; fi
# A shot that writes nothing is an error too: a tick past the end, a missing folder.
expect 2 err "not written: the run ended at tick 300" -- --script tests/scripts/flat-walk.script --headless \
    --shot "99999:$tmp/late.png"
expect 2 err "could not write" -- --script tests/scripts/flat-walk.script --headless --shot "5:$tmp/no/such/x.png"
expect 2 err "not written" -- --level $LVL --headless --ticks 10 --shot "50:$tmp/late.png"

# Paths with blanks, quotes and other bytes (issue 22): recorded, replayed,
# reblessed and read from another folder (docs/script-format.md, "Paths").
mkdir -p "$tmp/My Levels/sub dir"
cp $LVL "$tmp/My Levels/a \"b\" c.lvl"
printf 'bossrush-script 1\nlevel "a \\"b\\" c.lvl"\nat 0 down right\nat 50 tap jump\nend 130\n' \
    > "$tmp/My Levels/walk one.script"
expect 0 err "" -- --script "$tmp/My Levels/walk one.script" --headless --record "$tmp/My Levels/sub dir/rec one.rpl"
if grep -q '^level ".*My Levels/a \\"b\\" c.lvl" [0-9a-f]\{16\} legs=' "$tmp/My Levels/sub dir/rec one.rpl"; then ok
else bad "the recording's level line is not quoted: $(grep '^level' "$tmp/My Levels/sub dir/rec one.rpl")"; fi
expect 0 err "" -- --replay "$tmp/My Levels/sub dir/rec one.rpl" --headless
(cd "$tmp" && "$BIN" --replay "My Levels/sub dir/rec one.rpl" --headless >/dev/null 2>&1) && ok \
    || bad "a replay with a quoted level path does not verify from another folder"
sed 's/^\(at 60 checksum \)[0-9a-f]*/\10000000000000000/' "$tmp/My Levels/sub dir/rec one.rpl" > "$tmp/My Levels/t t.rpl"
expect 1 err "desync" -- --replay "$tmp/My Levels/t t.rpl" --headless
expect 0 out "reblessed" -- --rebless "$tmp/My Levels/t t.rpl"
if cmp -s "$tmp/My Levels/t t.rpl" "$tmp/My Levels/sub dir/rec one.rpl"; then ok
else bad "--rebless did not restore the quoted replay"; fi
# A first `make web` goes on from an empty library cache (issue 27: it
# stopped at "No rule to make target .../libSDL2_image.a"); -n builds nothing.
# Its own build folder too: a build-web/ made before would be up to date.
if make -n web WEB_CACHE="$tmp/webcache" WEB_BUILD="$tmp/webbuild" >"$tmp/webn" 2>&1 && grep -q 'web-libs.sh .* all' "$tmp/webn"; then ok
else bad "make -n web from an empty cache: $(tail -1 "$tmp/webn")"; fi

# Every probe --dump-state prints is documented in docs/script-format.md:
# the game's own in its hand-kept table, the creatures' in the table make
# docs writes from their headers (test_creatures checks that one is current).
"$BIN" --level levels/04-convergence.lvl --headless --ticks 1 --dump-state > "$tmp/probes" 2>/dev/null
undoc=$(awk '{print $1}' "$tmp/probes" | while read -r p; do grep -qF "\`$p\`" docs/script-format.md || echo "$p"; done)
if [ -s "$tmp/probes" ] && [ -z "$undoc" ]; then ok; else bad "probes missing from docs/script-format.md: $undoc"; fi

# --fullscreen / --windowed (issue 27), the licence and an honest --version.
expect 2 err "give one of them, once" -- --fullscreen --windowed
expect 2 err "work with a window" -- --windowed --level $LVL --headless
expect 2 err "work with a window" -- --fullscreen --bench $LVL
expect 0 out "licence: zlib" -- --version
mkdir -p "$tmp/lonely/run"
cp "$BIN" "$tmp/lonely/bossrush"
(cd "$tmp/lonely/run" && "$tmp/lonely/bossrush" --version) > "$tmp/out" 2>&1
if grep -q "^data folder: none found" "$tmp/out"; then ok; else bad "--version without data: $(cat "$tmp/out")"; fi

skipped=0
if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; then
    expect 0 err "exported ticks 0..59 (60 frames)" -- --replay tests/replays/flat-walk.rpl --export "$tmp/v.mp4" --until 59
    frames=$(ffprobe -v error -select_streams v:0 -count_frames -show_entries stream=nb_read_frames,width -of csv=p=0 "$tmp/v.mp4")
    if [ "$frames" = "1280,60" ]; then ok; else bad "the exported MP4 has '$frames' (width, frames), expected 1280,60"; fi
else
    echo "cli: skipped: exporting an MP4 (no ffmpeg or ffprobe installed)"
    skipped=2
fi

if [ $skipped -gt 0 ]; then echo "cli: $pass passed, $fails failed, $skipped skipped"
else echo "cli: $pass passed, $fails failed"; fi
[ $fails -eq 0 ]
