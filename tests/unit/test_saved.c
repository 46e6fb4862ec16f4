// test_saved.c -- the saved data under attack: settings.txt, best.txt and
// the replay folder given random bytes, a truncated file, 100 MB, a
// folder or a pipe in the file's place, a read-only folder, a full disk,
// a kill between the temp write and the rename, and two writers at once.
// Every case: the defaults, exactly one warning naming the file, no hang,
// and the previous good file intact.
//
// Linked with -Wl,--wrap=write,--wrap=fsync,--wrap=rename (Makefile): the
// wrappers below pass through unless a case sets `fault`, so the disk is
// "full" after a few bytes, fsync fails, or the process is SIGKILLed in
// the middle of the rename, deterministically and without mount.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/fs.h"
#include "core/mem.h"
#include "harness/session.h"
#include "platform/best.h"
#include "platform/replays.h"
#include "platform/settings.h"

// ---------------------------------------------------------------- faults

typedef enum Fault {
    FAULT_NONE = 0,
    FAULT_DISK_FULL,           // write: FULL_AFTER bytes go in (a short write), then ENOSPC
    FAULT_FSYNC,               // fsync: ENOSPC (space allocated late, as on NFS or ext4's delalloc)
    FAULT_KILL_AT_RENAME,      // rename: SIGKILL before it happens
} Fault;

#define FULL_AFTER 40

static Fault fault;
static size_t written;         // bytes let through under FAULT_DISK_FULL

ssize_t __real_write(int fd, const void *buf, size_t n);
int __real_fsync(int fd);
int __real_rename(const char *from, const char *to);
ssize_t __wrap_write(int fd, const void *buf, size_t n);
int __wrap_fsync(int fd);
int __wrap_rename(const char *from, const char *to);

ssize_t __wrap_write(int fd, const void *buf, size_t n) {
    if (fault != FAULT_DISK_FULL || fd <= 2) return __real_write(fd, buf, n);
    if (written >= FULL_AFTER) {
        errno = ENOSPC;
        return -1;
    }
    size_t room = FULL_AFTER - written;
    ssize_t put = __real_write(fd, buf, n < room ? n : room);
    if (put > 0) written += (size_t)put;
    return put;
}

int __wrap_fsync(int fd) {
    if (fault != FAULT_FSYNC) return __real_fsync(fd);
    errno = ENOSPC;
    return -1;
}

int __wrap_rename(const char *from, const char *to) {
    if (fault == FAULT_KILL_AT_RENAME) raise(SIGKILL);
    return __real_rename(from, to);
}

// ---------------------------------------------------------------- helpers

static void rm_all(const char *dir) {
    char cmd[1600];
    snprintf(cmd, sizeof cmd, "chmod -R u+w '%s' 2>/dev/null; rm -rf '%s'", dir, dir);
    assert_int_equal(system(cmd), 0);
}

// Every entry of dir, hidden ones (temp files) included.
static int entries(const char *dir) {
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

static void put_bytes(const char *path, const void *data, size_t n) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    fclose(f);
}

// n bytes of noise (a fixed LCG: the same bytes every run), NULs included.
static void noise(char *buf, size_t n, uint32_t seed) {
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        buf[i] = (char)(seed >> 24);
    }
}

static bool same_file(const char *path, const char *text, size_t len) {
    size_t got = 0;
    char *s = fs_read_file(path, len + 1, &got, NULL);
    bool same = s && got == len && memcmp(s, text, len) == 0;
    mem_free(s);
    return same;
}

// What the code under test printed on stderr while `fn(arg)` ran.
typedef struct Captured {
    char text[4096];
    bool result;
} Captured;

static Captured capture(bool (*fn)(void *), void *arg) {
    static Captured c;
    memset(&c, 0, sizeof c);
    char path[] = "/tmp/test_saved_errXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    c.result = fn(arg);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    close(fd);
    size_t len;
    char *s = fs_read_file(path, sizeof c.text - 1, &len, NULL);
    unlink(path);
    assert_non_null(s);
    memcpy(c.text, s, len + 1);
    mem_free(s);
    return c;
}

// The number of warning lines in text, asserting each names path.
static int warnings_naming(const char *text, const char *path) {
    int n = 0;
    for (const char *l = text; *l;) {
        const char *end = strchr(l, '\n');
        size_t len = end ? (size_t)(end - l) : strlen(l);
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)len, l);
        if (strstr(line, "warning:")) {
            n++;
            if (!strstr(line, path)) fail_msg("warning does not name %s: %s", path, line);
        }
        l += len + (end != NULL);
    }
    return n;
}

typedef struct Call {
    const char *path;
    Settings s;
    BestTimes b;
} Call;

static bool load_settings(void *p) {
    Call *c = p;
    return settings_load(&c->s, c->path);
}
static bool save_settings(void *p) {
    Call *c = p;
    return settings_save(&c->s, c->path);
}
static bool load_best(void *p) {
    Call *c = p;
    return best_load(&c->b, c->path);
}
static bool save_best(void *p) {
    Call *c = p;
    return best_save(&c->b, c->path);
}

// A good file of each kind, as the game writes it.
static size_t good_settings(char *buf, size_t n) {
    Settings s;
    settings_default(&s);
    s.music_volume = 33;
    s.shake = LEVEL_OFF;
    return settings_format(&s, buf, n);
}
static size_t good_best(char *buf, size_t n) {
    static BestTimes b;
    best_clear(&b);
    best_offer(&b, "arena.normal.01-tetran", 2471);
    best_offer(&b, "rush.hard", 9120);
    return best_format(&b, buf, n);
}

static void assert_default_settings(const Settings *s) {
    Settings d;
    settings_default(&d);
    assert_int_equal(s->music_volume, d.music_volume);
    assert_int_equal(s->shake, d.shake);
    assert_int_equal(s->difficulty, d.difficulty);
}

// ---------------------------------------------------------------- broken files

typedef enum Broken { B_NOISE, B_TRUNCATED, B_HUGE, B_FOLDER, B_FIFO, B_COUNT } Broken;
static const char *const BROKEN_NAMES[B_COUNT] = {"random bytes", "truncated", "100 MB", "a folder", "a FIFO"};

// Where B_TRUNCATED cuts a good file: in the middle of a line the parser
// must reject (a cut at a line's end leaves a good, shorter file, which no
// reader can tell from one written that way).
static size_t cut_at(const char *good, const char *marker) {
    const char *m = strstr(good, marker);
    assert_non_null(m);
    return (size_t)(m - good) + strlen(marker);
}

static const char *cut_marker = "";

// Puts case k at path (good: the good file's text, cut for B_TRUNCATED).
static void make_broken(Broken k, const char *path, const char *good) {
    static char buf[3000];
    switch (k) {
    case B_NOISE:
        noise(buf, sizeof buf, 7);
        put_bytes(path, buf, sizeof buf);
        break;
    case B_TRUNCATED: put_bytes(path, good, cut_at(good, cut_marker)); break;
    case B_HUGE: {
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        assert_true(fd >= 0);
        assert_int_equal(ftruncate(fd, 100 * 1000 * 1000), 0);   // sparse: no disk used
        close(fd);
        break;
    }
    case B_FOLDER: assert_int_equal(mkdir(path, 0755), 0); break;
    default: assert_int_equal(mkfifo(path, 0644), 0); break;
    }
}

// For B_NOISE and B_TRUNCATED the file is still what was put there (the
// load never rewrote it); the others are still a folder, a pipe, 100 MB.
static void assert_untouched(Broken k, const char *path, const char *good) {
    FsStat st;
    assert_true(fs_stat(path, &st));
    static char buf[3000];
    switch (k) {
    case B_NOISE:
        noise(buf, sizeof buf, 7);
        assert_true(same_file(path, buf, sizeof buf));
        break;
    case B_TRUNCATED: assert_true(same_file(path, good, cut_at(good, cut_marker))); break;
    case B_HUGE: assert_true(st.kind == FS_FILE && st.size == 100 * 1000 * 1000); break;
    case B_FOLDER: assert_int_equal(st.kind, FS_DIR); break;
    default: assert_int_equal(st.kind, FS_OTHER); break;
    }
}

// settings.txt broken each way: one warning naming it, the defaults (the
// truncated file's first half applies), and a file the game could not read
// is never written over.
static void test_broken_settings(void **state) {
    (void)state;
    char dir[] = "/tmp/test_saved_XXXXXX", p[600], good[SETTINGS_MAX_BYTES];
    fixture_tmp_dir(dir);
    fs_join(dir, "settings.txt", p, sizeof p);
    good_settings(good, sizeof good);
    cut_marker = "\nshake o";                      // "shake off" cut: a bad value
    for (int k = 0; k < B_COUNT; k++) {
        print_message("settings.txt: %s\n", BROKEN_NAMES[k]);
        make_broken((Broken)k, p, good);
        Call c = {.path = p};
        Captured out = capture(load_settings, &c);
        assert_int_equal(warnings_naming(out.text, p), 1);
        if (k == B_TRUNCATED) assert_int_equal(c.s.music_volume, 33);   // the lines before the cut
        else assert_default_settings(&c.s);
        assert_int_equal(c.s.extra_len, 0);             // no noise kept as a newer version's lines
        // What could not be read at all is never saved over.
        assert_int_equal(out.result, k == B_NOISE || k == B_TRUNCATED);
        if (out.result) {
            // Its damaged lines are kept beside it before a save can drop them.
            char bad[700];
            snprintf(bad, sizeof bad, "%s.bad", p);
            assert_untouched((Broken)k, bad, good);
            remove(bad);
        }
        assert_untouched((Broken)k, p, good);
        rm_all(p);
        assert_int_equal(entries(dir), 0);
    }
    rm_all(dir);
}

static void test_broken_best(void **state) {
    (void)state;
    char dir[] = "/tmp/test_saved_XXXXXX", p[600], bad[700], good[4096];
    fixture_tmp_dir(dir);
    fs_join(dir, "best.txt", p, sizeof p);
    snprintf(bad, sizeof bad, "%s.bad", p);
    good_best(good, sizeof good);
    cut_marker = "\nrush.hard";                    // its time cut off
    for (int k = 0; k < B_COUNT; k++) {
        print_message("best.txt: %s\n", BROKEN_NAMES[k]);
        make_broken((Broken)k, p, good);
        Call c = {.path = p};
        Captured out = capture(load_best, &c);
        assert_int_equal(warnings_naming(out.text, p), 1);
        assert_int_equal(c.b.count, k == B_TRUNCATED ? 1 : 0);        // the line before the cut
        assert_int_equal(out.result, k == B_NOISE || k == B_TRUNCATED);
        if (out.result) {
            assert_untouched((Broken)k, bad, good);        // the damaged file, kept
            remove(bad);
        }
        assert_untouched((Broken)k, p, good);
        rm_all(p);
        assert_int_equal(entries(dir), 0);
    }
    rm_all(dir);
}

// A replay that plays one tick of the flat test arena, with its level path
// absolute (as the app keeps them).
static size_t good_replay(char *buf, size_t n) {
    char cwd[512];
    assert_non_null(getcwd(cwd, sizeof cwd));
    int w = snprintf(buf, n, "bossrush-script 1\nlevel %s/levels/test/flat.lvl\nend 1\n", cwd);
    assert_true(w > 0 && (size_t)w < n);
    return (size_t)w;
}

// The replay folder: each broken replay under a kept replay's name is
// refused when opened (the viewer, the ghost) with an error naming it; a
// folder or a pipe of that name is not listed (a pipe would block the
// ghost), and pruning touches neither; the good replay stays.
static void test_broken_replays(void **state) {
    (void)state;
    char dir[] = "/tmp/test_saved_XXXXXX", rdir[600], good_path[700], good[1200];
    fixture_tmp_dir(dir);
    fs_join(dir, "replays", rdir, sizeof rdir);
    assert_true(fs_make_dirs(rdir));
    size_t good_len = good_replay(good, sizeof good);
    cut_marker = "/levels/te";                     // the level path cut
    fs_join(rdir, "20250101-000000_flat_normal_won_100.rpl", good_path, sizeof good_path);
    put_bytes(good_path, good, good_len);
    for (int k = 0; k < B_COUNT; k++) {
        print_message("replays/: %s\n", BROKEN_NAMES[k]);
        char p[700];
        // Newer than the good one (listed first), lost: pruned first.
        fs_join(rdir, "20250202-000000_flat_normal_lost_50.rpl", p, sizeof p);
        make_broken((Broken)k, p, good);
        ReplayList l;
        assert_true(replays_list(rdir, &l));
        bool listed = k != B_FOLDER && k != B_FIFO;
        assert_int_equal(l.n, listed ? 2 : 1);
        assert_string_equal(l.r[l.n - 1].name, "20250101-000000_flat_normal_won_100.rpl");
        replays_list_free(&l);
        if (listed) {
            Session s;
            SessionSetup setup = {0};
            assert_int_equal(session_open_script(&s, p, &setup), 2);
            assert_non_null(strstr(session_message(&s), p));
            session_close(&s);
        }
        assert_int_equal(replays_prune(rdir, 0), listed ? 1 : 0);   // keep none but the best
        assert_true(same_file(good_path, good, good_len));
        if (!listed) assert_untouched((Broken)k, p, good);
        rm_all(p);
        put_bytes(good_path, good, good_len);
    }
    // The good replay still plays.
    Session s;
    SessionSetup setup = {0};
    assert_int_equal(session_open_script(&s, good_path, &setup), 0);
    session_close(&s);
    // "replays" itself a file or a pipe: no folder is made, nothing listed,
    // and the thing in its way stays.
    rm_all(rdir);
    assert_int_equal(mkfifo(rdir, 0644), 0);
    char out[900];
    assert_false(replays_new_path(rdir, 0, "levels/test/flat.lvl", 0, DIFFICULTY_NORMAL, "won", 5, out, sizeof out));
    ReplayList l;
    assert_false(replays_list(rdir, &l));
    assert_int_equal(l.n, 0);
    replays_list_free(&l);
    assert_true(fs_stat(rdir, &(FsStat){0}));
    rm_all(dir);
}

// ---------------------------------------------------------------- the size limit

// Exactly SETTINGS_MAX_BYTES is read (its last line applies); one byte more
// is refused with a warning that says the limit.
static void test_settings_size_limit(void **state) {
    (void)state;
    char dir[] = "/tmp/test_saved_XXXXXX", p[600];
    fixture_tmp_dir(dir);
    fs_join(dir, "settings.txt", p, sizeof p);
    static char text[SETTINGS_MAX_BYTES + 2];
    static const char last[] = "\nmusic_volume 12\n";
    for (int extra = 0; extra <= 1; extra++) {
        size_t n = SETTINGS_MAX_BYTES + (size_t)extra;
        memset(text, '#', n);
        memcpy(text + n - strlen(last), last, strlen(last));
        put_bytes(p, text, n);
        Call c = {.path = p};
        Captured out = capture(load_settings, &c);
        if (extra == 0) {
            assert_true(out.result);
            assert_int_equal(warnings_naming(out.text, p), 0);
            assert_int_equal(c.s.music_volume, 12);
        } else {
            assert_false(out.result);
            assert_int_equal(warnings_naming(out.text, p), 1);
            assert_non_null(strstr(out.text, "larger than 16384 bytes"));
            assert_int_equal(c.s.music_volume, 70);
        }
    }
    assert_int_equal(SETTINGS_MAX_BYTES, 16384);    // the number docs/controls.md gives
    rm_all(dir);
}

// ---------------------------------------------------------------- failing writes

// Saves a recording of a few ticks of the flat arena to path, as the app
// keeps a replay (session_save_recording_copy); why gets the reason.
static bool save_replay(const char *path, char *why, size_t why_n) {
    Session s;
    SessionSetup setup = {0};
    assert_int_equal(session_open_level(&s, "levels/test/flat.lvl", &setup), 0);
    assert_true(session_record(&s, path));
    for (int i = 0; i < 5; i++) assert_true(session_step(&s, NULL));
    bool ok = session_save_recording_copy(&s, path, why, why_n);
    session_close(&s);
    return ok;
}

// With the disk full (a short write, then ENOSPC) or fsync failing, every
// save fails with one warning, the old file is as it was and no temp file
// is left; the next save, with room again, works.
static void test_full_disk(void **state) {
    (void)state;
    static const Fault faults[] = {FAULT_DISK_FULL, FAULT_FSYNC};
    for (int f = 0; f < 2; f++) {
        char dir[] = "/tmp/test_saved_XXXXXX", p[600], old[SETTINGS_MAX_BYTES];
        fixture_tmp_dir(dir);
        // settings.txt
        fs_join(dir, "settings.txt", p, sizeof p);
        size_t old_len = good_settings(old, sizeof old);
        put_bytes(p, old, old_len);
        Call c = {.path = p};
        settings_default(&c.s);
        c.s.music_volume = 99;
        fault = faults[f];
        written = 0;
        Captured out = capture(save_settings, &c);
        fault = FAULT_NONE;
        assert_false(out.result);
        assert_int_equal(warnings_naming(out.text, p), 1);
        assert_non_null(strstr(out.text, strerror(ENOSPC)));
        assert_true(same_file(p, old, old_len));
        assert_int_equal(entries(dir), 1);
        assert_true(settings_save(&c.s, p));
        // best.txt
        fs_join(dir, "best.txt", p, sizeof p);
        old_len = good_best(old, sizeof old);
        put_bytes(p, old, old_len);
        c.path = p;
        best_clear(&c.b);
        best_offer(&c.b, "rush.easy", 5);
        fault = faults[f];
        written = 0;
        out = capture(save_best, &c);
        fault = FAULT_NONE;
        assert_false(out.result);
        assert_int_equal(warnings_naming(out.text, p), 1);
        assert_true(same_file(p, old, old_len));
        assert_int_equal(entries(dir), 2);
        // A replay: the one kept before stays, no half replay appears.
        char rdir[700], why[1400];
        fs_join(dir, "replays", rdir, sizeof rdir);
        assert_true(fs_make_dirs(rdir));
        fs_join(rdir, "20250101-000000_flat_normal_won_100.rpl", p, sizeof p);
        old_len = good_replay(old, sizeof old);
        put_bytes(p, old, old_len);
        char next[900];
        assert_true(replays_new_path(rdir, 0, "levels/test/flat.lvl", 0, DIFFICULTY_NORMAL, "quit", 5, next, sizeof next));
        fault = faults[f];
        written = 0;
        assert_false(save_replay(next, why, sizeof why));
        fault = FAULT_NONE;
        assert_non_null(strstr(why, next));
        assert_non_null(strstr(why, strerror(ENOSPC)));
        assert_true(same_file(p, old, old_len));
        assert_int_equal(entries(rdir), 1);
        assert_true(save_replay(next, why, sizeof why));
        assert_int_equal(entries(rdir), 2);
        rm_all(dir);
    }
}

// Runs save(path) in a child that is SIGKILLed inside the rename (its temp
// file written and synced, the target not yet replaced).
static void kill_during_save(bool (*save)(void *), void *arg) {
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        fault = FAULT_KILL_AT_RENAME;
        save(arg);
        _exit(3);                  // the rename was never reached
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
}

static bool save_replay_arg(void *p) {
    char why[1400];
    return save_replay(p, why, sizeof why);
}

// Killed between the temp write and the rename: the old file is intact,
// the dead writer's temp file is the only other thing there, and
// fs_clean_temps (run by the game at start) removes it, not a live
// writer's; the next save works. For settings.txt, best.txt and a replay.
static void test_killed_before_rename(void **state) {
    (void)state;
    char dir[] = "/tmp/test_saved_XXXXXX", p[600], old[SETTINGS_MAX_BYTES];
    fixture_tmp_dir(dir);
    // A live writer's temp file (this test's parent's) and a user's file
    // of a similar name are never removed.
    char live[700], other[700];
    snprintf(live, sizeof live, "%s/.settings.txt.%ld-0.tmp", dir, (long)getppid());
    snprintf(other, sizeof other, "%s/.notes.tmp", dir);
    put_bytes(live, "x", 1);
    put_bytes(other, "x", 1);

    fs_join(dir, "settings.txt", p, sizeof p);
    size_t old_len = good_settings(old, sizeof old);
    put_bytes(p, old, old_len);
    Call c = {.path = p};
    settings_default(&c.s);
    c.s.music_volume = 99;
    kill_during_save(save_settings, &c);
    assert_true(same_file(p, old, old_len));
    assert_int_equal(entries(dir), 4);
    assert_int_equal(fs_clean_temps(dir), 1);
    assert_int_equal(entries(dir), 3);
    assert_true(settings_save(&c.s, p));
    assert_true(settings_load(&c.s, p));
    assert_int_equal(c.s.music_volume, 99);

    fs_join(dir, "best.txt", p, sizeof p);
    old_len = good_best(old, sizeof old);
    put_bytes(p, old, old_len);
    c.path = p;
    best_clear(&c.b);
    best_offer(&c.b, "rush.easy", 5);
    kill_during_save(save_best, &c);
    assert_true(same_file(p, old, old_len));
    assert_int_equal(entries(dir), 5);
    assert_int_equal(fs_clean_temps(dir), 1);
    assert_true(best_save(&c.b, p));
    assert_true(best_load(&c.b, p));
    assert_int_equal(best_get(&c.b, "rush.easy"), 5);
    assert_int_equal(entries(dir), 4);

    char rdir[700], next[900];
    fs_join(dir, "replays", rdir, sizeof rdir);
    assert_true(fs_make_dirs(rdir));
    assert_true(replays_new_path(rdir, 0, "levels/test/flat.lvl", 0, DIFFICULTY_NORMAL, "quit", 5, next, sizeof next));
    kill_during_save(save_replay_arg, next);
    assert_int_equal(entries(rdir), 1);        // the temp file only: no replay of that name
    assert_false(fs_is_file(next));
    assert_int_equal(fs_clean_temps(rdir), 1);
    assert_int_equal(entries(rdir), 0);
    assert_true(save_replay_arg(next));
    ReplayList l;
    assert_true(replays_list(rdir, &l));
    assert_int_equal(l.n, 1);
    replays_list_free(&l);

    assert_true(fs_is_file(live) && fs_is_file(other));
    rm_all(dir);
}

// ---------------------------------------------------------------- a read-only folder

// The checks of a read-only preference folder, run as a user the folder
// does not let write (a child that left root when the test runs as root,
// which writes anywhere). Returns 0, or the number of the first failed check.
static int read_only_checks(const char *dir) {
    char p[600], b[600];
    fs_join(dir, "settings.txt", p, sizeof p);
    fs_join(dir, "best.txt", b, sizeof b);
    Call c = {.path = p};
    Captured out = capture(load_settings, &c);
    if (!out.result || c.s.music_volume != 33 || warnings_naming(out.text, p) != 0) return 1;
    c.s.music_volume = 99;
    out = capture(save_settings, &c);
    if (out.result || warnings_naming(out.text, p) != 1 || !strstr(out.text, strerror(EACCES))) return 2;
    // A damaged best.txt cannot be copied to best.txt.bad: one warning, its
    // good lines used, and it is never saved over.
    c.path = b;
    out = capture(load_best, &c);
    if (out.result || c.b.count != 2 || warnings_naming(out.text, b) != 1) return 3;
    out = capture(save_best, &c);
    if (out.result || warnings_naming(out.text, b) != 1) return 4;
    char rdir[700], next[900], why[1400];
    fs_join(dir, "replays", rdir, sizeof rdir);
    if (!replays_new_path(rdir, 0, "levels/test/flat.lvl", 0, DIFFICULTY_NORMAL, "quit", 5, next, sizeof next)) return 5;
    if (save_replay(next, why, sizeof why) || !strstr(why, strerror(EACCES))) return 6;
    if (replays_prune(rdir, 0) != 0) return 7;
    return 0;
}

static void test_read_only_folder(void **state) {
    (void)state;
    char dir[] = "/tmp/test_saved_XXXXXX", p[600], sold[SETTINGS_MAX_BYTES], bold[4096], rold[1200];
    fixture_tmp_dir(dir);
    fs_join(dir, "settings.txt", p, sizeof p);
    size_t slen = good_settings(sold, sizeof sold);
    put_bytes(p, sold, slen);
    fs_join(dir, "best.txt", p, sizeof p);
    size_t blen = good_best(bold, sizeof bold);
    memcpy(bold + blen, "junk\n", 5);
    blen += 5;
    put_bytes(p, bold, blen);
    char rdir[700];
    fs_join(dir, "replays", rdir, sizeof rdir);
    assert_true(fs_make_dirs(rdir));
    fs_join(rdir, "20250101-000000_flat_normal_quit_100.rpl", p, sizeof p);
    size_t rlen = good_replay(rold, sizeof rold);
    put_bytes(p, rold, rlen);
    assert_int_equal(chmod(rdir, 0555), 0);
    assert_int_equal(chmod(dir, 0555), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        // 65534: nobody (not root, so the folder's mode holds).
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(100);
        _exit(read_only_checks(dir));
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status)) fail_msg("read-only folder: check %d failed", WEXITSTATUS(status));
    fs_join(dir, "settings.txt", p, sizeof p);
    assert_true(same_file(p, sold, slen));
    fs_join(dir, "best.txt", p, sizeof p);
    assert_true(same_file(p, bold, blen));
    assert_int_equal(entries(dir), 3);
    fs_join(rdir, "20250101-000000_flat_normal_quit_100.rpl", p, sizeof p);
    assert_true(same_file(p, rold, rlen));
    assert_int_equal(entries(rdir), 1);
    rm_all(dir);
}

// ---------------------------------------------------------------- two writers

#define WRITERS 2
#define SAVES 150

// Two processes save different settings over and over while this one
// reads: every read is one whole file of the two, and at the end there is
// exactly one file (no temp file left, no mix).
static void test_two_writers(void **state) {
    (void)state;
    char dir[] = "/tmp/test_saved_XXXXXX", p[600];
    fixture_tmp_dir(dir);
    fs_join(dir, "settings.txt", p, sizeof p);
    static char text[WRITERS][SETTINGS_MAX_BYTES];
    size_t len[WRITERS];
    Settings s[WRITERS];
    for (int i = 0; i < WRITERS; i++) {
        settings_default(&s[i]);
        s[i].music_volume = 11 * (i + 1);
        s[i].shake = i ? LEVEL_OFF : LEVEL_REDUCED;
        len[i] = settings_format(&s[i], text[i], sizeof text[i]);
        assert_true(len[i] > 0);
    }
    put_bytes(p, text[0], len[0]);
    fflush(NULL);
    pid_t pid[WRITERS];
    for (int i = 0; i < WRITERS; i++) {
        pid[i] = fork();
        assert_true(pid[i] >= 0);
        if (pid[i] == 0) {
            for (int k = 0; k < SAVES; k++)
                if (!settings_save(&s[i], p)) _exit(1);
            _exit(0);
        }
    }
    int running = WRITERS, reads = 0;
    while (running > 0) {
        size_t n = 0;
        char *got = fs_read_file(p, SETTINGS_MAX_BYTES, &n, NULL);
        assert_non_null(got);
        bool whole = false;
        for (int i = 0; i < WRITERS; i++) whole = whole || (n == len[i] && memcmp(got, text[i], n) == 0);
        mem_free(got);
        assert_true(whole);
        reads++;
        int status;
        pid_t done = waitpid(-1, &status, WNOHANG);
        if (done > 0) {
            assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
            running--;
        }
    }
    assert_true(reads > 0);
    assert_int_equal(entries(dir), 1);
    Settings t;
    assert_true(settings_load(&t, p));
    assert_true(t.music_volume == 11 || t.music_volume == 22);
    rm_all(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_broken_settings),    cmocka_unit_test(test_broken_best),
        cmocka_unit_test(test_broken_replays),     cmocka_unit_test(test_settings_size_limit),
        cmocka_unit_test(test_full_disk),          cmocka_unit_test(test_killed_before_rename),
        cmocka_unit_test(test_read_only_folder),   cmocka_unit_test(test_two_writers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
