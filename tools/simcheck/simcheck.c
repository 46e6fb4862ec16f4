// simcheck.c -- a replay checker made of core/ and sim/ alone (no SDL), so
// it cross-compiles anywhere: `make check-aarch64` builds it for arm64 and
// runs every recorded replay under qemu-user, proving the checksums come
// out bit for bit the same on another CPU and C library.
//   simcheck LEGS_DIR FILE.rpl...   exit 0 when every file replays in sync
#include <stdio.h>
#include <string.h>

#include "sim/player/legs.h"
#include "sim/level.h"
#include "harness/script.h"
#include "sim/world.h"

static void print_error(const ParseError *e) {
    char msg[1200];
    parse_error_format(e, msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
}

// 0 in sync, 1 desync or failed check, 2 unreadable input.
static int check(const char *legs_dir, const char *path) {
    ParseError err;
    memset(&err, 0, sizeof err);
    Script *s = script_load(path, &err);
    if (!s) {
        print_error(&err);
        return 2;
    }
    Level lv;
    int rc = 2;
    World *w = NULL;
    ScriptRun *run = NULL;
    if (!level_load(&lv, script_level_path(s), &err)) {
        print_error(&err);
        goto done;
    }
    uint32_t seed = 0;
    bool use_seed = script_seed(s, &seed);
    w = world_create(&lv, use_seed, seed, &err);
    if (!w || !legs_load_profiles(&w->player.legs, legs_dir, &err)) {
        print_error(&err);
        goto done;
    }
    run = script_run_new(s);
    if (!run) goto done;
    rc = 0;
    for (int64_t t = 0; t <= script_end_tick(s) && rc == 0; t++) {
        world_step(w, script_run_input(run, t));
        if (!script_run_check(run, w)) rc = 1;
    }
    if (rc == 0 && !script_run_finish(run)) rc = 1;
    if (rc) fprintf(stderr, "%s\n", script_run_message(run));
    else printf("in sync: %s (%lld ticks, final hash %016llx)\n", path, (long long)w->tick,
                (unsigned long long)world_hash(w));
done:
    script_run_free(run);
    world_free(w);
    level_free(&lv);
    script_free(s);
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
