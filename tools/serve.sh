# tools/serve.sh -- sourced by the scripts that drive headless Chromium
# (tests/web/run.sh, tools/web-speed.sh). serve_dir DIR LOG starts python3's
# http.server on 127.0.0.1 serving DIR, on a free port (the server picks
# it, port 0, and says which in LOG), and sets $server (its pid, for the
# caller to kill) and $port; returns 1, $port empty, if it has not said so
# within 5 s.
serve_dir() {
    python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$1" >"$2" 2>&1 &
    server=$!
    port=""
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        port=$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$2" | head -1)
        [ -n "$port" ] && return 0
        sleep 0.5
    done
    return 1
}
