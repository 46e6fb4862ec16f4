#!/bin/sh
# statediff.sh SIMCHECK DIR [LEGS_DIR] -- the fields where two builds
# disagree (docs/fields.md). DIR holds the dumps another build's simcheck
# wrote with --fields at each failing replay's first bad tick
# (DIR/NAME.fields, "# REPLAY at tick T" first); for each, SIMCHECK (this
# machine's build) dumps the same replay at the same tick into DIR/here/
# and the first 20 fields that differ are printed, "PATH HERE -> THERE" in
# hash order (then the paths only the other build has). Plain sh and awk,
# so it runs wherever make check-aarch64 / check-wasm do.
# Exit 0 when every dump matched this build's, 1 when some differ, 2 when
# a dump could not be made or read.
SIM=${1:?usage: statediff.sh SIMCHECK DIR [LEGS_DIR]}
DIR=${2:?usage: statediff.sh SIMCHECK DIR [LEGS_DIR]}
LEGS=${3:-assets/legs}
MAX=20
status=0

# compare HERE THERE: prints the differing fields; exit 1 when some differ.
compare() {
    awk -v max=$MAX -v here="$1" -v there="$2" '
        FNR == 1 { file++ }
        /^#/ || NF == 0 { next }
        {
            path = $1; value = substr($0, length($1) + 2)
            if (file == 1) { b[path] = value; border[++nb] = path; next }
            seen[path] = 1
            if (!(path in b)) line(path, value, "(none)")
            else if (b[path] != value) line(path, value, b[path])
        }
        function line(p, x, y) { if (++n <= max) print "  " p " " x " -> " y }
        END {
            for (i = 1; i <= nb; i++) if (!(border[i] in seen)) line(border[i], "(none)", b[border[i]])
            if (n > max) print "  " n - max " more"
            if (n) { print "  " n " fields differ (" here " -> " there ")"; exit 1 }
            print "  the same fields: the hashes differ without a field that does (a checksum changed by hand?)"
        }' "$2" "$1"
}

for f in "$DIR"/*.fields; do
    [ -e "$f" ] || continue
    head=$(sed -n 1p "$f")
    case "$head" in "# "*" at tick "*) ;; *) echo "statediff: $f: no '# REPLAY at tick T' line"; status=2; continue ;; esac
    replay=${head#\# }
    replay=${replay% at tick *}
    tick=${head##* at tick }
    echo "statediff: $replay at tick $tick, this build -> the other:"
    if ! "$SIM" --fields-at "$tick" "$DIR/here" "$LEGS" "$replay" >/dev/null; then
        echo "statediff: $SIM could not dump $replay at tick $tick"
        status=2
        continue
    fi
    compare "$DIR/here/$(basename "$f")" "$f" || { [ $status -eq 0 ] && status=1; }
done
exit $status
