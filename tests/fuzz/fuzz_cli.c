// fuzz_cli.c -- libFuzzer target: the bytes are a command line, its
// arguments split at NUL bytes (at most 64). cli_parse must return -1 (go
// on), 0 (help or version) or 2 (a bad command line, said on stderr),
// never crash, read past an argument or leak; when it goes on, what it
// accepted must hold together (a mode's file, --jobs 1..256, ticks in
// range, at most 64 shots each with a file).
#include <stdio.h>

#include "cli.h"
#include "fuzz.h"
#include "harness/script.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    // --help prints the usage; thousands a second would drown the log.
    // (Refusals go to stderr, which libFuzzer reports on: kept.)
    if (!freopen("/dev/null", "w", stdout)) return 0;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    enum { MAX_ARGS = 64 };
    static char buf[1 << 16];
    if (size >= sizeof buf) return 0;
    memcpy(buf, data, size);
    buf[size] = 0;
    static char name[] = "bossrush";
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = name;
    for (size_t at = 0; at <= size && argc <= MAX_ARGS;) {
        argv[argc++] = buf + at;
        at += strlen(buf + at) + 1;
    }
    argv[argc] = NULL;
    Cli c;
    int rc = cli_parse(argc, argv, &c);
    if (rc != -1 && rc != 0 && rc != 2) fuzz_die("cli_parse returned an exit code other than -1, 0 or 2");
    if (rc == -1) {
        if (c.mode != MODE_PLAY && (!c.file || !*c.file) && !c.version) fuzz_die("a mode without its file");
        if (c.jobs < 0 || c.jobs > 256) fuzz_die("--jobs out of 1..256 accepted");
        if (c.shot_count < 0 || c.shot_count > APP_MAX_SHOTS) fuzz_die("too many --shot accepted");
        for (int i = 0; i < c.shot_count; i++)
            if (!c.shots[i].path || !*c.shots[i].path || c.shots[i].tick < 0 || c.shots[i].tick > SCRIPT_MAX_TICK)
                fuzz_die("a --shot without a file or with a tick out of range accepted");
        if (c.has_until && (c.until < 0 || c.until > SCRIPT_MAX_TICK)) fuzz_die("--until out of range accepted");
        if (c.window < -1 || c.window > 1) fuzz_die("--fullscreen/--windowed out of range");
    }
    free(c.more);
    return 0;
}
