// simcheck.c -- a replay checker made of core/, sim/ and harness/ alone (no
// SDL), so it cross-compiles anywhere: `make check-aarch64` builds it for
// arm64 and runs every recorded replay under qemu-user, proving the
// checksums come out bit for bit the same on another CPU and C library.
// It opens each replay through harness/session, exactly as bossrush does.
//   simcheck [--time] LEGS_DIR FILE.rpl...   exit 0 when every file replays in sync
// With no files it only starts (tools/wasm-speed.sh times that start-up).
// --time writes the wall time of the checks alone (from main's start, so
// without the process's or node's start-up) to stderr: "simcheck: N
// files in S s" (tools/wasm-speed.sh).
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "harness/session.h"

// 0 in sync, 1 desync or failed check (or a changed level or leg
// profiles), 2 unreadable input: the session's verdict, as bossrush's.
static int check(const char *legs_dir, const char *path) {
    Session s;
    SessionSetup setup = {.legs_dir = legs_dir};
    int rc = session_open_script(&s, path, &setup);
    if (session_warning(&s)[0]) fprintf(stderr, "simcheck: warning: %s\n", session_warning(&s));
    while (rc == 0 && !session_done(&s))
        if (!session_step(&s, NULL)) rc = session_rc(&s);
    if (rc == 0) rc = session_finish(&s);
    if (rc) fprintf(stderr, "%s\n", session_message(&s));
    else printf("in sync: %s (%lld ticks, final hash %016llx)\n", path, (long long)session_tick(&s),
                (unsigned long long)world_hash(session_world(&s)));
    session_close(&s);
    return rc;
}

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    double start = seconds();
    int first = 1;
    int timed = argc > 1 && strcmp(argv[1], "--time") == 0;
    if (timed) first++;
    if (argc < first + 1) {
        fprintf(stderr, "usage: simcheck [--time] LEGS_DIR FILE.rpl...\n");
        return 2;
    }
    int worst = 0;
    for (int i = first + 1; i < argc; i++) {
        int rc = check(argv[first], argv[i]);
        if (rc > worst) worst = rc;
    }
    if (timed) fprintf(stderr, "simcheck: %d files in %.6f s\n", argc - first - 1, seconds() - start);
    return worst;
}
