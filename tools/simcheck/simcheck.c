// simcheck.c -- a replay checker made of core/, sim/ and harness/ alone (no
// SDL), so it cross-compiles anywhere: `make check-aarch64` builds it for
// arm64 and runs every recorded replay under qemu-user, proving the
// checksums come out bit for bit the same on another CPU and C library.
// It opens each replay through harness/session, exactly as bossrush does.
//   simcheck LEGS_DIR FILE.rpl...   exit 0 when every file replays in sync
#include <stdio.h>

#include "harness/session.h"

// 0 in sync, 1 desync or failed check (or a changed level or leg
// profiles), 2 unreadable input: the session's verdict, as bossrush's.
static int check(const char *legs_dir, const char *path) {
    Session s;
    SessionSetup setup = {.legs_dir = legs_dir};
    int rc = session_open_script(&s, path, &setup);
    if (s.warning[0]) fprintf(stderr, "simcheck: warning: %s\n", s.warning);
    while (rc == 0 && !session_done(&s))
        if (!session_step(&s, NULL)) rc = s.rc;
    if (rc == 0) rc = session_finish(&s);
    if (rc) fprintf(stderr, "%s\n", s.msg);
    else printf("in sync: %s (%lld ticks, final hash %016llx)\n", path, (long long)s.w->tick,
                (unsigned long long)world_hash(s.w));
    session_close(&s);
    return rc;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: simcheck LEGS_DIR FILE.rpl...\n");
        return 2;
    }
    int worst = 0;
    for (int i = 2; i < argc; i++) {
        int rc = check(argv[1], argv[i]);
        if (rc > worst) worst = rc;
    }
    return worst;
}
