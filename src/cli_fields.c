// cli_fields.c -- the field dump on the command line (docs/fields.md):
//   bossrush --dump-fields FILE TICK [OUT]   the World of a script or replay
//                                            after tick TICK, one line a field
//   bossrush --diff-fields A B [MAX]         the first MAX (default 20) fields
//                                            where two dumps differ
// Each parses its own command line, as --test and --explore do. The dump
// goes to OUT through fs_write_atomic, or to stdout.
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "core/fs.h"
#include "core/log.h"
#include "core/mem.h"
#include "harness/statedump.h"

#define FIELDS_MAX_DUMP (512u << 20)   // a dump read back: 2M active stars fit

static int bad_fields(const char *what) {
    fprintf(stderr, "bossrush: %s\nTry 'bossrush --help' for usage.\n", what);
    return 2;
}

// argv without the option itself: the positional arguments, n of them.
static int positional(int argc, char **argv, const char *opt, const char **pos, int max) {
    int n = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], opt)) continue;
        if (n == max) return -1;
        pos[n++] = argv[i];
    }
    return n;
}

static int dump_fields(int argc, char **argv) {
    const char *pos[3];
    int n = positional(argc, argv, "--dump-fields", pos, 3);
    int64_t tick;
    if (n < 2) return bad_fields("--dump-fields needs a script or replay and a tick: --dump-fields FILE TICK [OUT]");
    if (!text_parse_i64(pos[1], strlen(pos[1]), &tick) || tick < -1 || tick > 10000000)
        return bad_fields("--dump-fields: the tick must be -1..10000000");
    log_set_quiet(1);
    Cli c;
    memset(&c, 0, sizeof c);
    SessionSetup setup = cli_setup_for(&c);
    TextBuf out = {0};
    char msg[1700];
    int rc = statedump_at(pos[0], &setup, tick, &out, msg, sizeof msg);
    if (rc) fprintf(stderr, "%s\n", msg);
    if (rc != 2) {
        if (out.oom) {
            fprintf(stderr, "bossrush: --dump-fields: out of memory\n");
            rc = 2;
        } else if (n == 3 && !fs_write_atomic(pos[2], out.p, out.len)) {
            fprintf(stderr, "bossrush: cannot write %s: %s\n", pos[2], fs_strerror(errno));
            rc = 2;
        } else if (n < 3) {
            fwrite(out.p, 1, out.len, stdout);
            fflush(stdout);
        }
    }
    textbuf_free(&out);
    return rc;
}

static int diff_fields(int argc, char **argv) {
    const char *pos[3];
    int n = positional(argc, argv, "--diff-fields", pos, 3);
    int64_t max = 20;
    if (n < 2) return bad_fields("--diff-fields needs two dumps: --diff-fields A B [MAX]");
    if (n == 3 && (!text_parse_i64(pos[2], strlen(pos[2]), &max) || max < 1 || max > 1000000))
        return bad_fields("--diff-fields: MAX must be 1..1000000");
    char *t[2] = {NULL, NULL};
    size_t len[2] = {0, 0};
    int rc = 0;
    for (int i = 0; i < 2 && rc == 0; i++) {
        FsReadError e;
        t[i] = fs_read_text(pos[i], FIELDS_MAX_DUMP, &len[i], &e);
        if (!t[i]) {
            fprintf(stderr, "bossrush: cannot read %s: %s\n", pos[i], fs_strerror(e.err));
            rc = 2;
        }
    }
    if (rc == 0) {
        TextBuf out = {0};
        int d = statedump_diff(t[0], len[0], t[1], len[1], (int)max, &out);
        if (d < 0 || out.oom) {
            fprintf(stderr, "bossrush: --diff-fields: out of memory\n");
            rc = 2;
        } else if (d == 0) {
            printf("the same fields\n");
        } else {
            printf("%d fields differ (PATH %s -> %s):\n%s", d, pos[0], pos[1], out.p);
            rc = 1;
        }
        textbuf_free(&out);
    }
    mem_free(t[0]);
    mem_free(t[1]);
    return rc;
}

int cli_fields(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--diff-fields")) return diff_fields(argc, argv);
    return dump_fields(argc, argv);
}
