#!/bin/sh
# layers.sh -- the layer rules, checked by path from the repository root:
# no SDL in src/core, src/sim, src/harness; every layer includes only
# itself and the layers below it (core < sim < harness < platform < render,
# audio < app < the command line in src/*.c; render and audio side by side,
# neither including the other), and every file includes only headers; no
# file I/O in src/sim (it parses text it is handed); no SDL in the platform
# files the unit tests link. Prints every violation; exits 1 if any.
bad=0

# violations WHAT PATTERN DIR... -- reports the lines matching PATTERN.
violations() {
    what=$1; pattern=$2; shift 2
    if grep -rnE "$pattern" "$@"; then
        echo "layer violation: $what"
        bad=1
    fi
}

violations "file I/O in src/sim" \
        '\b(fopen|freopen|fdopen|tmpfile|rename|remove|unlink|realpath|opendir|mkdir|stat|text_read_file)[[:space:]]*\(|\bFILE[[:space:]]*\*|#[[:space:]]*include[[:space:]]*(<(dirent|unistd|sys/stat)\.h>|"core/fs\.h")' \
        src/sim

violations "SDL used in src/core, src/sim or src/harness" \
    '#[[:space:]]*include[[:space:]]*[<"]SDL|SDL_[A-Za-z]' src/core src/sim src/harness
# The platform and app files the unit tests link (PURE_APP_SRC in mk/sources.mk).
violations "SDL used in a unit-tested platform or app file" '#[[:space:]]*include[[:space:]]*[<"]SDL|SDL_[A-Za-z]' \
    src/platform/settings.[ch] src/platform/bindings.[ch] src/platform/best.[ch] src/platform/prefs.[ch] \
    src/platform/replays.[ch] src/app/pace.[ch] src/app/fight.[ch] src/audio/mixer.[ch] src/audio/wav.[ch]
# includes LAYER ALLOWED FILE... -- reports every quoted include in FILE...
# that is not a header (.h) of one of the ALLOWED layers (an ERE of
# folder names) or one of the bare names in ALLOWED (cli.h, build_config.h).
includes() {
    layer=$1; allowed=$2; shift 2
    if grep -HnE '#[[:space:]]*include[[:space:]]*"' "$@" |
            grep -vE "#[[:space:]]*include[[:space:]]*\"(($allowed)/[^\"]*|$allowed)\.h\""; then
        echo "layer violation: $layer includes a higher or a sibling layer, or a file that is not a header"
        bad=1
    fi
}
files_of() { find "src/$1" -name '*.[ch]' | LC_ALL=C sort; }
includes src/core     'core'                                          $(files_of core)
includes src/sim      'core|sim'                                      $(files_of sim)
includes src/harness  'core|sim|harness'                              $(files_of harness)
includes src/platform 'core|sim|harness|platform|build_config'        $(files_of platform)
includes src/render   'core|sim|harness|platform|render'              $(files_of render)
includes src/audio    'core|sim|harness|platform|audio'               $(files_of audio)
includes src/app      'core|sim|harness|platform|render|audio|app'    $(files_of app)
includes "the command line (src/*.[ch])" 'core|sim|harness|platform|render|audio|app|cli|build_config' src/*.[ch]
# main.c is the top: it calls into the cli_*.c files and none of them
# calls into it (the helpers they share are cli_session.c's), so it
# defines nothing but main and its own static functions.
if grep -nE '^[A-Za-z_]' src/main.c | grep -vE '^[0-9]+:(static[[:space:]]|int main\()'; then
    echo "layer violation: src/main.c defines what the cli_*.c files could call (cli_session.c holds their helpers)"
    bad=1
fi
# The app's files call each other without a circle: X.c including
# app/Y.h (Y's functions, defined in Y.c) is an edge X -> Y, and the edges
# must sort (tsort fails on a loop and names it). app.h (the door) and
# app_local.h (the types every part shares) are no edges, so app_local.h
# declares no function (only static inline ones).
app_edges() {
    for f in src/app/*.c; do
        x=$(basename "$f" .c)
        echo "$x $x"
        sed -n 's|^#[[:space:]]*include[[:space:]]*"app/\([a-z_]*\)\.h".*|\1|p' "$f" |
            grep -vx -e app -e app_local -e "$x" | sed "s|^|$x |"
    done
}
if ! app_edges | tsort >/dev/null 2>"${TMPDIR:-/tmp}/layers.$$"; then
    sed 's/^/    /' "${TMPDIR:-/tmp}/layers.$$"
    echo "layer violation: the src/app files include each other's functions in a circle"
    bad=1
fi
rm -f "${TMPDIR:-/tmp}/layers.$$"
violations "a function declared in app_local.h (the app's types; functions go in their part's header)" \
    '^[A-Za-z][A-Za-z0-9_ \*]*[ \*]app_[a-z_]+\(.*\);' src/app/app_local.h

[ $bad = 0 ] && echo "layers: ok"
exit $bad
