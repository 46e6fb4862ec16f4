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
// --fields DIR: a file that fails writes the World where it stopped (its
// first bad tick) to DIR/NAME.fields (harness/statedump.h);
// --fields-at T DIR: each file's World after tick T to DIR/NAME.fields,
// no verdict. tools/statediff.sh compares another build's with this one's
// (docs/fields.md).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness/session.h"
#include "harness/statedump.h"

static const char *fields_dir;     // --fields DIR / --fields-at T DIR
static int64_t fields_at = -2;     // --fields-at T; -2: --fields (on failure)

// The field dump of a failed check's World, where it stopped.
static void save_fields(const char *path, const World *w) {
    TextBuf t = {0};
    char title[1200], out[1400];
    snprintf(title, sizeof title, "%s at tick %lld", path, (long long)w->tick);
    statedump_write(w, title, &t);
    if (statedump_save(&t, fields_dir, path, out, sizeof out))
        fprintf(stderr, "simcheck: %s: the fields at tick %lld in %s\n", path, (long long)w->tick, out);
    else fprintf(stderr, "simcheck: %s: cannot write its fields to %s\n", path, fields_dir);
    textbuf_free(&t);
}

// --fields-at T: the dump after tick T; 0, or 2 when it was not written.
static int dump_at(const char *legs_dir, const char *path) {
    SessionSetup setup = {.legs_dir = legs_dir};
    TextBuf t = {0};
    char msg[1700], out[1400];
    int rc = statedump_at(path, &setup, fields_at, &t, msg, sizeof msg);
    if (rc) fprintf(stderr, "simcheck: %s\n", msg);
    if (rc != 2 && !statedump_save(&t, fields_dir, path, out, sizeof out)) {
        fprintf(stderr, "simcheck: %s: cannot write its fields to %s\n", path, fields_dir);
        rc = 2;
    }
    textbuf_free(&t);
    return rc == 2 ? 2 : 0;
}

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
    if (rc == 1 && fields_dir && session_world(&s)) save_fields(path, session_world(&s));
    if (rc == 0) printf("in sync: %s (%lld ticks, final hash %016llx)\n", path, (long long)session_tick(&s),
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
    if (argc > first + 1 && strcmp(argv[first], "--fields") == 0) fields_dir = argv[first + 1], first += 2;
    else if (argc > first + 2 && strcmp(argv[first], "--fields-at") == 0) {
        fields_at = atoll(argv[first + 1]);
        fields_dir = argv[first + 2];
        first += 3;
    }
    if (argc < first + 1) {
        fprintf(stderr, "usage: simcheck [--time] [--fields DIR | --fields-at T DIR] LEGS_DIR FILE.rpl...\n");
        return 2;
    }
    int worst = 0;
    for (int i = first + 1; i < argc; i++) {
        int rc = fields_at >= -1 ? dump_at(argv[first], argv[i]) : check(argv[first], argv[i]);
        if (rc > worst) worst = rc;
    }
    if (timed) fprintf(stderr, "simcheck: %d files in %.6f s\n", argc - first - 1, seconds() - start);
    return worst;
}
