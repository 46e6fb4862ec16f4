// test_fs.c -- core/fs: whole-file reads (regular file, pipe, folder and
// oversized input refused), atomic writes (content replaced, no temp file
// left, the old file kept when the write fails), mkdir -p, paths, listings.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fs.h"
#include "core/mem.h"

// A fresh folder under /tmp, removed (with its files) by rm_dir.
static void make_dir(char *dir) { fixture_tmp_dir(dir); }

static void rm_dir(const char *dir) { fixture_rm_dir(dir); }

static void put(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

// Every entry of dir, hidden ones included (temp files start with '.').
static int entries(const char *dir) {
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

static void test_read_regular_file(void **state) {
    (void)state;
    char dir[] = "/tmp/test_fs_XXXXXX", p[600];
    make_dir(dir);
    fs_join(dir, "a.txt", p, sizeof p);
    put(p, "hello\nworld\n");
    size_t len = 0;
    FsReadError e;
    char *s = fs_read_file(p, 1024, &len, &e);
    assert_non_null(s);
    assert_int_equal(len, 12);
    assert_string_equal(s, "hello\nworld\n");
    assert_int_equal(e.fail, FS_OK);
    mem_free(s);
    // Exactly at the limit is fine; one byte over is refused before reading.
    s = fs_read_file(p, 12, &len, &e);
    assert_non_null(s);
    mem_free(s);
    assert_null(fs_read_file(p, 11, &len, &e));
    assert_int_equal(e.fail, FS_TOO_LARGE);
    assert_int_equal(e.size, 12);
    // An empty file reads as an empty string.
    put(p, "");
    s = fs_read_file(p, 10, &len, &e);
    assert_non_null(s);
    assert_int_equal(len, 0);
    mem_free(s);
    rm_dir(dir);
}

static void test_read_refuses_folder_and_missing(void **state) {
    (void)state;
    size_t len;
    FsReadError e;
    assert_null(fs_read_file("/tmp", 1024, &len, &e));
    assert_int_equal(e.fail, FS_CANNOT_OPEN);
    assert_int_equal(e.err, EISDIR);
    assert_null(fs_read_file("/nonexistent/x", 1024, &len, &e));
    assert_int_equal(e.fail, FS_CANNOT_OPEN);
    assert_int_equal(e.err, ENOENT);
}

// A text read stops at the chunk that brought a NUL byte: /dev/zero (a
// stream that never ends) is refused after 64 KiB, not after max_bytes.
static void test_read_text_stops_at_nul(void **state) {
    (void)state;
    size_t len = 0;
    FsReadError e;
    char *s = fs_read_text("/dev/zero", (size_t)1 << 30, &len, &e);
    assert_non_null(s);
    assert_true(len > 0 && len <= 65536);
    assert_int_equal(s[0], 0);
    mem_free(s);
    char dir[] = "/tmp/test_fs_XXXXXX", p[600];
    make_dir(dir);
    fs_join(dir, "t.txt", p, sizeof p);
    put(p, "no nul here\n");
    s = fs_read_text(p, 1024, &len, &e);
    assert_non_null(s);
    assert_int_equal(len, 12);
    mem_free(s);
    rm_dir(dir);
}

// A big sparse file is refused from its size alone (nothing is read).
static void test_read_refuses_large_file(void **state) {
    (void)state;
    char path[] = "/tmp/test_fs_bigXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, 70 * 1024 * 1024), 0);
    close(fd);
    size_t len;
    FsReadError e;
    assert_null(fs_read_file(path, 64u << 20, &len, &e));
    assert_int_equal(e.fail, FS_TOO_LARGE);
    assert_true(e.size == 70 * 1024 * 1024);
    unlink(path);
}

// A pipe has no size: it is read to its end, and stopped past the limit.
static void test_read_pipe(void **state) {
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fds[0]);
    if (!fs_stat(path, &(FsStat){0})) {       // no /proc: nothing to test here
        close(fds[0]);
        close(fds[1]);
        skip();
    }
    static const char text[] = "through a pipe\n";
    assert_int_equal(write(fds[1], text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fds[1]);
    size_t len;
    FsReadError e;
    char *s = fs_read_file(path, 1024, &len, &e);
    assert_non_null(s);
    assert_string_equal(s, text);
    mem_free(s);
    close(fds[0]);

    assert_int_equal(pipe(fds), 0);
    snprintf(path, sizeof path, "/proc/self/fd/%d", fds[0]);
    assert_int_equal(write(fds[1], text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fds[1]);
    assert_null(fs_read_file(path, 5, &len, &e));
    assert_int_equal(e.fail, FS_TOO_LARGE);
    assert_true(e.size == -1);
    close(fds[0]);
}

static void test_write_atomic_replaces(void **state) {
    (void)state;
    char dir[] = "/tmp/test_fs_XXXXXX", p[600];
    make_dir(dir);
    fs_join(dir, "out.txt", p, sizeof p);
    assert_true(fs_write_atomic(p, "first", 5));
    assert_true(fs_write_atomic(p, "second\n", 7));
    size_t len;
    char *s = fs_read_file(p, 100, &len, NULL);
    assert_non_null(s);
    assert_string_equal(s, "second\n");
    mem_free(s);
    assert_int_equal(entries(dir), 1);        // no temp file left
    // The two-step form, as the image writers use it.
    char tmp[700];
    assert_true(fs_temp_beside(p, tmp, sizeof tmp));
    assert_int_equal(entries(dir), 2);
    put(tmp, "third");
    assert_true(fs_commit(tmp, p));
    s = fs_read_file(p, 100, &len, NULL);
    assert_string_equal(s, "third");
    mem_free(s);
    assert_int_equal(entries(dir), 1);
    rm_dir(dir);
}

static void test_write_atomic_failure_keeps_old(void **state) {
    (void)state;
    char dir[] = "/tmp/test_fs_XXXXXX", p[600];
    make_dir(dir);
    // A missing folder: nothing written, errno says why.
    fs_join(dir, "no/such/out.txt", p, sizeof p);
    errno = 0;
    assert_false(fs_write_atomic(p, "x", 1));
    assert_int_equal(errno, ENOENT);
    // The target is a folder: the rename fails, the folder and what is in
    // it stay, and the temp file is removed.
    fs_join(dir, "sub", p, sizeof p);
    assert_true(fs_make_dirs(p));
    char inner[700];
    fs_join(p, "keep.txt", inner, sizeof inner);
    put(inner, "old");
    assert_false(fs_write_atomic(p, "new", 3));
    assert_true(fs_is_dir(p));
    assert_int_equal(entries(dir), 1);
    size_t len;
    char *s = fs_read_file(inner, 100, &len, NULL);
    assert_string_equal(s, "old");
    mem_free(s);
    char tmp[700];
    assert_true(fs_temp_beside(p, tmp, sizeof tmp));
    assert_false(fs_commit(tmp, p));
    assert_int_equal(entries(dir), 1);
    // A read-only folder keeps its old file (root may write anyway).
    if (geteuid() != 0) {
        fs_join(dir, "ro.txt", p, sizeof p);
        put(p, "old");
        assert_int_equal(chmod(dir, 0555), 0);
        assert_false(fs_write_atomic(p, "new", 3));
        assert_int_equal(chmod(dir, 0755), 0);
        s = fs_read_file(p, 100, &len, NULL);
        assert_string_equal(s, "old");
        mem_free(s);
        assert_int_equal(entries(dir), 2);
    }
    rm_dir(dir);
}

static void test_make_dirs(void **state) {
    (void)state;
    char dir[] = "/tmp/test_fs_XXXXXX", p[600];
    make_dir(dir);
    fs_join(dir, "a/b/c/", p, sizeof p);
    assert_true(fs_make_dirs(p));
    assert_true(fs_is_dir(p));
    assert_true(fs_make_dirs(p));              // already there: fine
    fs_join(dir, "a/file", p, sizeof p);
    put(p, "x");
    assert_false(fs_make_dirs(p));             // a file in the way
    assert_int_equal(errno, ENOTDIR);
    fs_join(dir, "a/file/d", p, sizeof p);
    assert_false(fs_make_dirs(p));
    rm_dir(dir);
}

static void test_paths(void **state) {
    (void)state;
    char b[32];
    assert_true(fs_join("assets", "legs", b, sizeof b));
    assert_string_equal(b, "assets/legs");
    assert_true(fs_join("assets/", "legs", b, sizeof b));
    assert_string_equal(b, "assets/legs");
    assert_true(fs_join("", "legs", b, sizeof b));
    assert_string_equal(b, "legs");
    assert_true(fs_join("assets", "/abs/x", b, sizeof b));
    assert_string_equal(b, "/abs/x");
    assert_false(fs_join("a-rather-long-folder", "and-a-long-name", b, sizeof b));
    fs_parent("tests/replays/x.rpl", b, sizeof b);
    assert_string_equal(b, "tests/replays");
    fs_parent("x.rpl", b, sizeof b);
    assert_string_equal(b, ".");
    fs_parent("/x.rpl", b, sizeof b);
    assert_string_equal(b, "/");
}

static void test_stat_and_list(void **state) {
    (void)state;
    char dir[] = "/tmp/test_fs_XXXXXX", p[600];
    make_dir(dir);
    const char *names[] = {"b.lvl", "a.lvl", ".hidden.lvl", "c.txt", "lvl"};
    for (int i = 0; i < 5; i++) {
        fs_join(dir, names[i], p, sizeof p);
        put(p, "12345");
    }
    fs_join(dir, "d.lvl", p, sizeof p);
    assert_true(fs_make_dirs(p));
    FsList l;
    assert_true(fs_list(dir, ".lvl", &l));
    assert_int_equal(l.count, 3);
    assert_string_equal(l.names[0], "a.lvl");
    assert_string_equal(l.names[1], "b.lvl");
    assert_string_equal(l.names[2], "d.lvl");
    fs_list_free(&l);
    assert_false(fs_list("/nonexistent", ".lvl", &l));
    assert_int_equal(l.count, 0);

    FsStat st;
    fs_join(dir, "a.lvl", p, sizeof p);
    assert_true(fs_stat(p, &st));
    assert_int_equal(st.kind, FS_FILE);
    assert_int_equal(st.size, 5);
    assert_true(st.mtime_ns > 0);
    assert_true(fs_is_file(p) && !fs_is_dir(p));
    assert_null(fs_unreadable(p));
    assert_true(fs_is_dir(dir) && !fs_is_file(dir));
    assert_string_equal(fs_unreadable(dir), "not a regular file");
    fs_join(dir, "none", p, sizeof p);
    assert_false(fs_stat(p, &st));
    assert_int_equal(st.kind, FS_MISSING);
    assert_string_equal(fs_unreadable(p), strerror(ENOENT));
    rm_dir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_regular_file),
        cmocka_unit_test(test_read_refuses_folder_and_missing),
        cmocka_unit_test(test_read_refuses_large_file), cmocka_unit_test(test_read_text_stops_at_nul),
        cmocka_unit_test(test_read_pipe),
        cmocka_unit_test(test_write_atomic_replaces),
        cmocka_unit_test(test_write_atomic_failure_keeps_old),
        cmocka_unit_test(test_make_dirs),
        cmocka_unit_test(test_paths),
        cmocka_unit_test(test_stat_and_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
