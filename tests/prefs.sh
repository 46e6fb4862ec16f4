#!/bin/sh
# prefs.sh BIN -- the game's start-up over a broken preference folder
# (XDG_DATA_HOME points at a fresh one; a one-tick replay watched in a
# dummy window, which reads settings.txt and best.txt and writes nothing):
# settings.txt and best.txt as random bytes, truncated, 100 MB (sparse), a
# folder, a FIFO; replays/ a FIFO; a read-only preference folder; one that
# cannot be made; temp files of a killed save; a full disk (a tmpfs, when
# mounting is permitted). Each start must exit 0
# within its timeout (no hang), print exactly one warning and name the file
# in it, and leave the file as it was. The C API's cases (full disk, a kill
# inside the rename, two writers, the size limit) are in
# tests/unit/test_saved.c. Run from the repository root; ends with
# "prefs: N passed, M failed[, K skipped]".
BIN=${1:-./bossrush}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
tmp=$(mktemp -d)
trap 'umount "$tmp/full" 2>/dev/null; chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0
fails=0
skipped=0

ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }

# A replay of one tick of the flat arena, readable by anyone.
printf 'bossrush-script 1\nlevel %s/levels/test/flat.lvl\nend 1\n' "$(pwd)" > "$tmp/one.script"
"$BIN" --script "$tmp/one.script" --headless --record "$tmp/one.rpl" || bad "cannot record the one-tick replay"
chmod 755 "$tmp"
chmod 644 "$tmp/one.rpl"

# start WHAT WARNINGS NAME [RUNNER...]: starts the game with XDG_DATA_HOME
# $tmp/x; checks exit 0 and that exactly WARNINGS warning lines were
# printed, each naming NAME.
start() {
    what=$1; want=$2; name=$3; shift 3
    XDG_DATA_HOME=$tmp/x timeout 60 "$@" "$BIN" --replay "$tmp/one.rpl" >"$tmp/out" 2>"$tmp/err"
    got=$?
    n=$(grep -c "warning:" "$tmp/err")
    named=$(grep "warning:" "$tmp/err" | grep -cF -- "$name")
    if [ "$got" != 0 ]; then
        bad "$what: exit $got, expected 0"; sed 's/^/    /' "$tmp/err" | head -3
    elif [ "$n" != "$want" ] || [ "$named" != "$want" ]; then
        bad "$what: $n warnings ($named naming $name), expected $want"; sed 's/^/    /' "$tmp/err" | head -5
    else
        ok
    fi
}

pref=$tmp/x/bossrush
fresh() { chmod -R u+w "$tmp/x" 2>/dev/null; rm -rf "$tmp/x"; mkdir -p "$pref"; }

# Good files of each kind.
printf '# written by hand\nmusic_volume 33\nshake off\nkey_fire Z\n' > "$tmp/good-settings.txt"
printf '# bossrush best times\narena.normal.01-tetran 2471\nrush.hard 9120\n' > "$tmp/good-best.txt"

# make CASE FILE: puts case CASE at FILE (a copy for comparing in $tmp/was).
make_case() {
    case $1 in
        noise) printf "$(awk 'BEGIN { s = 7; for (i = 0; i < 3000; i++) { s = (s * 1103515245 + 12345) % 2147483648
                                   printf "\\%03o", int(s / 8388608) } }')" > "$2" ;;
        truncated) head -c "$3" "$tmp/good-$(basename "$2")" > "$2" ;;
        huge) truncate -s 100M "$2" ;;
        folder) mkdir "$2" ;;
        fifo) mkfifo "$2" ;;
    esac
    rm -rf "$tmp/was"
    if [ -f "$2" ] && [ "$1" != huge ]; then cp "$2" "$tmp/was"; fi
}

# unchanged CASE FILE WHAT: FILE is still what make_case put there.
unchanged() {
    case $1 in
        noise | truncated) cmp -s "$2" "$tmp/was" && ok || bad "$3: the file changed" ;;
        huge) [ "$(stat -c %s "$2")" = 104857600 ] && ok || bad "$3: the file changed" ;;
        folder) [ -d "$2" ] && ok || bad "$3: the folder is gone" ;;
        fifo) [ -p "$2" ] && ok || bad "$3: the FIFO is gone" ;;
    esac
}

# Cut inside a line the parser refuses ("shake o", "rush.hard" without its time).
cut_settings=$(($(grep -bo "shake off" "$tmp/good-settings.txt" | cut -d: -f1) + 7))
cut_best=$(($(grep -bo "rush.hard" "$tmp/good-best.txt" | cut -d: -f1) + 9))
for file in settings.txt best.txt; do
    cut=$cut_settings
    [ $file = best.txt ] && cut=$cut_best
    for c in noise truncated huge folder fifo; do
        fresh
        make_case $c "$pref/$file" $cut
        start "$file as $c" 1 "$pref/$file"
        unchanged $c "$pref/$file" "$file as $c"
        # A damaged but readable file is kept beside it, as it was.
        case $c in
            noise | truncated) cmp -s "$pref/$file.bad" "$tmp/was" && ok || bad "$file as $c: no $file.bad copy" ;;
        esac
    done
done

# replays/ a FIFO or a file: nothing is read from it at start, no warning.
fresh
mkfifo "$pref/replays"
start "replays/ as a FIFO" 0 replays
[ -p "$pref/replays" ] && ok || bad "replays/ as a FIFO: the FIFO is gone"

# Temp files of a save killed before its rename: the next start removes
# those whose process is gone, and nothing else.
fresh
cp "$tmp/good-settings.txt" "$pref/settings.txt"
sh -c 'exit 0' & dead=$!
wait $dead
mkdir -p "$pref/replays"
echo half > "$pref/.settings.txt.$dead-0.tmp"
echo half > "$pref/replays/.20250101-000000_flat_normal_won_5.rpl.$dead-0.tmp"
echo live > "$pref/.best.txt.$$-0.tmp"
echo mine > "$pref/.notes.tmp"
start "stale temp files" 0 none
if [ -e "$pref/.settings.txt.$dead-0.tmp" ] || [ -e "$pref/replays/.20250101-000000_flat_normal_won_5.rpl.$dead-0.tmp" ]; then
    bad "a dead writer's temp file was not removed"
elif [ ! -e "$pref/.best.txt.$$-0.tmp" ] || [ ! -e "$pref/.notes.tmp" ]; then
    bad "a live writer's temp file or another file was removed"
else
    ok
fi
cmp -s "$pref/settings.txt" "$tmp/good-settings.txt" && ok || bad "stale temp files: settings.txt changed"

# A read-only preference folder, and one that cannot be made, as a user the
# modes hold for (root writes anywhere: then as nobody through setpriv).
as_user=""
if [ "$(id -u)" = 0 ]; then
    if command -v setpriv >/dev/null; then
        as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
        $as_user test -r "$BIN" -a -x "$BIN" -a -r levels/test/flat.lvl || as_user=none
    else
        as_user=none
    fi
fi
if [ "$as_user" = none ]; then
    echo "prefs: skipped: the read-only folder cases (root, and no setpriv or a tree nobody can read)"
    skipped=4
else
    fresh
    cp "$tmp/good-settings.txt" "$pref/settings.txt"
    printf 'arena.normal.01-tetran 2471\njunk\n' > "$pref/best.txt"
    cp "$pref/best.txt" "$tmp/was"
    chmod -R a+rX "$tmp/x"
    chmod 555 "$pref"
    # Good settings read, no warning for them; the damaged best.txt cannot be
    # copied to best.txt.bad: one warning naming it, and it stays.
    start "read-only folder" 1 "$pref/best.txt" $as_user
    cmp -s "$pref/best.txt" "$tmp/was" && ok || bad "read-only folder: best.txt changed"
    [ "$(ls -A "$pref" | wc -l)" = 2 ] && ok || bad "read-only folder: files appeared in it"
    # XDG_DATA_HOME read-only and empty: no preference folder, one warning,
    # nothing written anywhere else (not the current folder).
    fresh
    rm -rf "$tmp/x/bossrush"
    chmod 555 "$tmp/x"
    mkdir -p "$tmp/cwd" && chmod 777 "$tmp/cwd"
    start "no preference folder" 1 "no preference folder" env -C "$tmp/cwd" $as_user
    [ -z "$(ls -A "$tmp/cwd")" ] && ok || bad "no preference folder: files written to the current folder"
fi

# A really full disk (a 64 KiB tmpfs, filled): a damaged settings.txt or
# best.txt cannot be copied to .bad; one warning each, the file as it was.
# Mounting needs root and a system that allows it; else skipped, said so.
full=$tmp/full
mkdir -p "$full"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k tmpfs "$full" 2>/dev/null; then
    for file in settings.txt best.txt; do
        rm -rf "$full/x"
        mkdir -p "$full/x/bossrush"
        printf 'music_volume 33\nshake o\n' > "$full/x/bossrush/$file"
        cp "$full/x/bossrush/$file" "$tmp/was"
        head -c 1048576 /dev/zero > "$full/fill" 2>/dev/null
        XDG_DATA_HOME=$full/x timeout 60 "$BIN" --replay "$tmp/one.rpl" >"$tmp/out" 2>"$tmp/err"
        got=$?
        n=$(grep -c "warning:" "$tmp/err")
        if [ $got = 0 ] && [ "$n" = 1 ] && grep -q "warning:.*$file.*No space left on device" "$tmp/err" &&
           cmp -s "$full/x/bossrush/$file" "$tmp/was" && [ ! -e "$full/x/bossrush/$file.bad" ]; then
            ok
        else
            bad "$file on a full disk: exit $got, $n warnings"; sed 's/^/    /' "$tmp/err" | head -3
        fi
        rm -f "$full/fill"
    done
    umount "$full"
else
    echo "prefs: skipped: the full-disk cases (mounting a tmpfs is not permitted here)"
    skipped=$((skipped + 2))
fi

# The folder of earlier versions, $XDG_DATA_HOME/bossrush/bossrush/, is
# read by moving its entries up into $XDG_DATA_HOME/bossrush/ once (the new
# folder's own files win; what stays is named in one warning).
fresh
mkdir -p "$pref/bossrush/replays"
printf 'music_volume 21\n' > "$pref/bossrush/settings.txt"
printf 'arena.normal.01-tetran 2471\n' > "$pref/bossrush/best.txt"
cp "$tmp/one.rpl" "$pref/bossrush/replays/20250101-000000_flat_normal_won_2.rpl"
XDG_DATA_HOME=$tmp/x timeout 60 "$BIN" --replay "$tmp/one.rpl" >"$tmp/out" 2>"$tmp/err"
if [ $? = 0 ] && ! grep -q "warning:" "$tmp/err" && [ ! -e "$pref/bossrush" ] && grep -q "music_volume 21" "$pref/settings.txt" &&
   grep -q "arena.normal.01-tetran 2471" "$pref/best.txt" && [ -f "$pref/replays/20250101-000000_flat_normal_won_2.rpl" ]; then ok
else bad "the old doubled preference folder was not moved up"; sed 's/^/    /' "$tmp/err" | head -3; ls -R "$pref" | head; fi
fresh
mkdir -p "$pref/bossrush"
printf 'music_volume 21\n' > "$pref/bossrush/settings.txt"
printf 'music_volume 44\n' > "$pref/settings.txt"
XDG_DATA_HOME=$tmp/x timeout 60 "$BIN" --replay "$tmp/one.rpl" >"$tmp/out" 2>"$tmp/err"
if [ $? = 0 ] && [ "$(grep -c "warning:" "$tmp/err")" = 1 ] && grep -q "warning:.*left in the old preference folder" "$tmp/err" &&
   grep -q "music_volume 44" "$pref/settings.txt" && grep -q "music_volume 21" "$pref/bossrush/settings.txt"; then ok
else bad "an old folder's settings.txt replaced the new one's, or no warning"; sed 's/^/    /' "$tmp/err" | head -3; fi

if [ $skipped -gt 0 ]; then echo "prefs: $pass passed, $fails failed, $skipped skipped"
else echo "prefs: $pass passed, $fails failed"; fi
[ $fails -eq 0 ]
