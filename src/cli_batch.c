// cli_batch.c -- files verified in a batch: `--replay A B ... --headless
// [--jobs N]` (moved here from main.c as it was) and the test lab's
// `--test FILE... [--jobs J] [--junit OUT.xml] [--tap]` (docs/testing.md),
// which runs scripts and replays through the same verifier.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "core/fs.h"
#include "core/log.h"
#include "core/mem.h"
#include "core/textbuf.h"
#include "harness/script.h"
#include "harness/session.h"

// One replay of a batch, verified in this process: its exit code and its
// line ("PATH: ok" or the message). Warnings go to stderr at once.
static int verify_one(const Cli *c, const char *path, char *line, size_t n) {
    Session s;
    SessionSetup setup = cli_setup_for(c);
    int rc = session_open_script(&s, path, &setup);
    if (session_warning(&s)[0]) log_warn("%s: %s", path, session_warning(&s));
    while (rc == 0 && !session_done(&s))
        if (!session_step(&s, NULL)) rc = session_rc(&s);
    if (rc == 0) rc = session_finish(&s);
    if (rc) snprintf(line, n, "%s", session_message(&s));
    else snprintf(line, n, "%s: ok", path);
    session_close(&s);
    return rc;
}

// Starts job j in a child process (its line through a pipe, its verdict
// as the exit status); where fork or pipe fails, runs it here.
static void batch_start(const Cli *c, BatchJob *j) {
    int p[2];
    j->rc = -1;
    j->pid = 0;
    if (c->jobs > 1 && pipe(p) == 0) {
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
            close(p[0]);
            int rc = verify_one(c, j->path, j->line, sizeof j->line);
            size_t len = strlen(j->line), off = 0;
            while (off < len) {
                ssize_t w = write(p[1], j->line + off, len - off);
                if (w <= 0) break;
                off += (size_t)w;
            }
            _exit(rc);
        }
        close(p[1]);
        if (pid > 0) {
            j->pid = pid;
            j->fd = p[0];
            return;
        }
        close(p[0]);
    }
    j->rc = verify_one(c, j->path, j->line, sizeof j->line);
}

// Waits for any child and files its verdict with its job.
static void batch_reap(BatchJob *jobs, int n) {
    int status;
    pid_t pid = waitpid(-1, &status, 0);
    for (int i = 0; i < n && pid > 0; i++) {
        BatchJob *j = &jobs[i];
        if (j->pid != pid || j->rc >= 0) continue;
        size_t len = 0;
        ssize_t r;
        while (len + 1 < sizeof j->line && (r = read(j->fd, j->line + len, sizeof j->line - 1 - len)) > 0)
            len += (size_t)r;
        j->line[len] = 0;
        close(j->fd);
        j->rc = WIFEXITED(status) ? WEXITSTATUS(status) : 2;
        if (!WIFEXITED(status)) snprintf(j->line, sizeof j->line, "%s: the verifying process died", j->path);
    }
}

void cli_batch_each(const Cli *c, BatchJob *jobs, int n, void (*done)(void *ctx, const BatchJob *j), void *ctx) {
    int next = 0, running = 0, printed = 0;
    int width = c->jobs > 1 ? c->jobs : 1;
    while (printed < n) {
        while (next < n && running < width) {
            batch_start(c, &jobs[next]);
            running += jobs[next++].rc < 0;
        }
        if (jobs[printed].rc < 0) {
            batch_reap(jobs, n);
            running = 0;
            for (int i = 0; i < next; i++) running += jobs[i].rc < 0;
            continue;
        }
        done(ctx, &jobs[printed++]);
    }
}

typedef struct Tally {
    int passed, worst;
} Tally;

static void print_line(void *ctx, const BatchJob *j) {
    Tally *t = ctx;
    printf("%s\n", j->line);
    fflush(stdout);
    t->passed += j->rc == 0;
    if (j->rc == 2 || (j->rc == 1 && t->worst == 0)) t->worst = j->rc;
}

// --replay A B ... --headless [--jobs N]: every file verified (N at once in
// child processes), one line each in the order given, then "N passed, M
// failed". Exit 2 when a file was unreadable or malformed, else 1 when one
// failed, else 0.
int cli_run_batch(const Cli *c) {
    int n = c->more_n + 1;
    BatchJob *jobs = calloc((size_t)n, sizeof *jobs);
    if (!jobs) {
        fprintf(stderr, "bossrush: out of memory\n");
        return 2;
    }
    for (int i = 0; i < n; i++) jobs[i].path = i == 0 ? c->file : c->more[i - 1];
    Tally t = {0, 0};
    cli_batch_each(c, jobs, n, print_line, &t);
    printf("%d passed, %d failed\n", t.passed, n - t.passed);
    free(jobs);
    return t.worst;
}

// ---------------------------------------------------------------- --test

typedef struct TestRun {
    int *want;                 // each file's expected exit code (# expect-exit: N, else 0)
    int passed, failed, index;
    bool tap;
    TextBuf xml;
} TestRun;

// The exit code a file says it expects (`# expect-exit: N` in a comment
// line, as tests/run.sh reads it), else 0.
static int expected_exit(const char *path) {
    ParseError err;
    memset(&err, 0, sizeof err);
    size_t len = 0;
    char *text = text_read_file(path, SCRIPT_MAX_FILE_BYTES, "script", &len, &err);
    int want = 0;
    for (const char *p = text; p && p < text + len; p++) {
        if (*p != '#' || (p > text && p[-1] != '\n')) continue;
        const char *q = p + 1;
        while (*q == ' ') q++;
        if (!strncmp(q, "expect-exit:", 12)) {
            want = atoi(q + 12);
            break;
        }
    }
    mem_free(text);
    return want;
}

// s as XML character data / attribute text: markup escaped, bytes that are
// not valid UTF-8 or not allowed in XML 1.0 as '?'.
static void xml_put(TextBuf *b, const char *s) {
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p;
        int more = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : -1;
        bool ok = more >= 0 && !(more == 1 && c < 0xc2) && !(more == 3 && c > 0xf4);
        for (int k = 1; ok && k <= more; k++) ok = (p[k] & 0xc0) == 0x80;
        if (ok && more == 0 && c < 0x20 && c != '\t' && c != '\n') ok = false;
        if (!ok) {
            textbuf_puts(b, "?");
            p++;
        } else if (c == '&') textbuf_puts(b, "&amp;"), p++;
        else if (c == '<') textbuf_puts(b, "&lt;"), p++;
        else if (c == '>') textbuf_puts(b, "&gt;"), p++;
        else if (c == '"') textbuf_puts(b, "&quot;"), p++;
        else if (c == '\n') textbuf_puts(b, "&#10;"), p++;
        else {
            textbuf_put(b, (const char *)p, (size_t)more + 1);
            p += more + 1;
        }
    }
}

static void test_done(void *ctx, const BatchJob *j) {
    TestRun *t = ctx;
    int want = t->want[t->index++];
    bool ok = j->rc == want;
    char head[64];
    t->passed += ok;
    t->failed += !ok;
    if (t->tap) {
        printf("%s %d - %s\n", ok ? "ok" : "not ok", t->index, j->path);
        if (!ok || j->rc) printf("# %s (exit %d, expected %d)\n", j->line, j->rc, want);
    } else if (ok) {
        printf("%s: ok%s\n", j->path, j->rc ? " (failed as expected)" : "");
    } else {
        printf("%s (exit %d, expected %d)\n", j->line, j->rc, want);
    }
    fflush(stdout);
    textbuf_puts(&t->xml, "    <testcase classname=\"bossrush\" name=\"");
    xml_put(&t->xml, j->path);
    if (ok) {
        textbuf_puts(&t->xml, "\"/>\n");
        return;
    }
    snprintf(head, sizeof head, "exit %d, expected %d", j->rc, want);
    textbuf_puts(&t->xml, "\">\n      <failure message=\"");
    xml_put(&t->xml, j->line);
    textbuf_puts(&t->xml, "\" type=\"");
    textbuf_puts(&t->xml, head);
    textbuf_puts(&t->xml, "\">");
    xml_put(&t->xml, j->line);
    textbuf_puts(&t->xml, "</failure>\n    </testcase>\n");
}

// --test FILE... [--jobs J] [--junit OUT.xml] [--tap]: every file run as
// `--replay F --headless` would (scripts and replays alike, J at once); a
// file passes when it exits as its `# expect-exit: N` says (else 0). One line
// a file (or TAP), then "N passed, M failed"; --junit writes one testcase a
// file. Exit 2 when the report could not be written, else 1 when one
// failed, else 0.
int cli_test(int argc, char **argv) {
    Cli c;
    memset(&c, 0, sizeof c);
    const char *junit = NULL;
    bool tap = false;
    const char **files = calloc((size_t)argc, sizeof *files);
    BatchJob *jobs = calloc((size_t)argc, sizeof *jobs);
    int *want = calloc((size_t)argc, sizeof *want);
    int n = 0, rc = 0;
    for (int i = 1; i < argc && rc == 0; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        int64_t v;
        if (!strcmp(a, "--test")) continue;
        if (a[0] != '-') files[n++] = a;
        else if (!strcmp(a, "--tap")) tap = true;
        else if (!strcmp(a, "--junit") && next && *next && !junit) junit = argv[++i];
        else if (!strcmp(a, "--jobs") && next && text_parse_i64(next, strlen(next), &v) && v >= 1 && v <= 256)
            c.jobs = (int)v, i++;
        else {
            fprintf(stderr, "bossrush: --test: bad option '%s'\nTry 'bossrush --help' for usage.\n", a);
            rc = 2;
        }
    }
    if (rc == 0 && !n) {
        fprintf(stderr, "bossrush: --test needs at least one script or replay\n");
        rc = 2;
    }
    if (rc || !files || !jobs || !want) {
        free(files);
        free(jobs);
        free(want);
        return rc ? rc : 2;
    }
    log_set_quiet(1);
    for (int i = 0; i < n; i++) {
        jobs[i].path = files[i];
        want[i] = expected_exit(files[i]);
    }
    TestRun t = {want, 0, 0, 0, tap, {0}};
    if (tap) printf("1..%d\n", n);
    cli_batch_each(&c, jobs, n, test_done, &t);
    printf("%d passed, %d failed\n", t.passed, t.failed);
    fflush(stdout);
    rc = t.failed ? 1 : 0;
    if (junit) {
        TextBuf x = {0};
        char head[200];
        snprintf(head, sizeof head,
                 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"%d\" failures=\"%d\">\n"
                 "  <testsuite name=\"bossrush\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\">\n",
                 n, t.failed, n, t.failed);
        textbuf_puts(&x, head);
        if (t.xml.len) textbuf_put(&x, t.xml.p, t.xml.len);
        textbuf_puts(&x, "  </testsuite>\n</testsuites>\n");
        if (x.oom || !fs_write_atomic(junit, x.p, x.len)) {
            fprintf(stderr, "bossrush: %s not written: %s\n", junit, x.oom ? "out of memory" : fs_strerror(errno));
            rc = 2;
        }
        textbuf_free(&x);
    }
    textbuf_free(&t.xml);
    free(files);
    free(jobs);
    free(want);
    return rc;
}
