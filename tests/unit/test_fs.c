// test_fs.c -- core/fs: whole-file reads (regular files only: a FIFO, a
// device, a pipe, a folder and oversized input refused), atomic writes (content replaced, no temp file
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
#include <sys/sysmacros.h>
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
    assert_int_equal(e.fail, FS_NOT_REGULAR);
    assert_int_equal(e.err, EISDIR);
    assert_string_equal(fs_strerror(e.err), "not a regular file (a folder)");
    assert_null(fs_read_file("/nonexistent/x", 1024, &len, &e));
    assert_int_equal(e.fail, FS_CANNOT_OPEN);
    assert_int_equal(e.err, ENOENT);
}

// A text read stops at the chunk that brought a NUL byte; the buffer holds
// what came so far (the parser reports where the NUL is).
static void test_read_text_stops_at_nul(void **state) {
    (void)state;
    size_t len = 0;
    FsReadError e;
    char dir[] = "/tmp/test_fs_XXXXXX", p[600];
    make_dir(dir);
    fs_join(dir, "t.txt", p, sizeof p);
    put(p, "no nul here\n");
    char *s = fs_read_text(p, 1024, &len, &e);
    assert_non_null(s);
    assert_int_equal(len, 12);
    mem_free(s);
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    static char big[200000];
    big[10] = 0;
    for (int i = 0; i < 10; i++) big[i] = 'a';
    for (size_t i = 11; i < sizeof big; i++) big[i] = 'b';
    assert_int_equal(fwrite(big, 1, sizeof big, f), sizeof big);
    fclose(f);
    s = fs_read_text(p, (size_t)1 << 30, &len, &e);
    assert_non_null(s);
    assert_int_equal(s[10], 0);
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
// Special files are refused at once, never waited on: a FIFO with no
// writer (a plain open would block forever), a pipe, a character device,
// and the folder above; the reason is one text everywhere.
static void test_read_refuses_special_files(void **state) {
    (void)state;
    size_t len;
    FsReadError e;
    char dir[] = "/tmp/test_fs_XXXXXX", fifo[600];
    make_dir(dir);
    fs_join(dir, "fifo", fifo, sizeof fifo);
    assert_int_equal(mkfifo(fifo, 0644), 0);
    assert_null(fs_read_file(fifo, 1024, &len, &e));
    assert_int_equal(e.fail, FS_NOT_REGULAR);
    assert_int_equal(e.err, FS_ENOTREG);
    assert_string_equal(fs_strerror(e.err), "not a regular file (a pipe, a device or a socket)");
    assert_null(fs_read_text(fifo, 1024, &len, &e));
    assert_int_equal(e.fail, FS_NOT_REGULAR);
    assert_string_equal(fs_unreadable(fifo), "not a regular file (a pipe, a device or a socket)");
    assert_null(fs_read_text("/dev/zero", 1024, &len, &e));
    assert_int_equal(e.fail, FS_NOT_REGULAR);
    assert_null(fs_read_text("/dev/null", 1024, &len, &e));
    assert_int_equal(e.fail, FS_NOT_REGULAR);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fds[0]);
    if (fs_stat(path, &(FsStat){0})) {          // with /proc: an anonymous pipe too
        assert_null(fs_read_file(path, 1024, &len, &e));
        assert_int_equal(e.fail, FS_NOT_REGULAR);
    }
    close(fds[0]);
    close(fds[1]);
    rm_dir(dir);
}

// Outputs never replace anything but a regular file: a FIFO, a device node
// (made when running as root), a folder and a symbolic link are left as
// they were and the write fails. No temp file is left.
static void test_write_refuses_special_files(void **state) {
    (void)state;
    char dir[] = "/tmp/test_fs_XXXXXX", p[600], link[600], target[600];
    make_dir(dir);
    struct stat st;
    fs_join(dir, "fifo", p, sizeof p);
    assert_int_equal(mkfifo(p, 0644), 0);
    errno = 0;
    assert_false(fs_write_atomic(p, "x", 1));
    assert_int_equal(errno, FS_ENOTREG);
    assert_int_equal(lstat(p, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    char tmp[700];
    assert_false(fs_temp_beside(p, tmp, sizeof tmp));
    fs_join(dir, "dev", p, sizeof p);
    if (mknod(p, S_IFCHR | 0644, makedev(1, 3)) == 0) {       // like /dev/null (root only)
        assert_false(fs_write_atomic(p, "x", 1));
        assert_int_equal(lstat(p, &st), 0);
        assert_true(S_ISCHR(st.st_mode));
    }
    fs_join(dir, "sub", p, sizeof p);
    assert_true(fs_make_dirs(p));
    assert_false(fs_write_atomic(p, "x", 1));
    assert_true(fs_is_dir(p));
    // Symbolic links are refused whatever they point to (to nothing, to a
    // FIFO, to a regular file): the link and its target stay as they were.
    const char *to[] = {"/nonexistent/none", "fifo", "real.txt"};
    fs_join(dir, "real.txt", target, sizeof target);
    put(target, "old\n");
    for (int i = 0; i < 3; i++) {
        snprintf(link, sizeof link, "%s/link%d", dir, i);
        assert_int_equal(symlink(to[i], link), 0);
        errno = 0;
        assert_false(fs_write_atomic(link, "x", 1));
        assert_int_equal(errno, FS_ESYMLINK);
        assert_false(fs_temp_beside(link, tmp, sizeof tmp));
        assert_int_equal(lstat(link, &st), 0);
        assert_true(S_ISLNK(st.st_mode));
    }
    size_t len;
    char *s = fs_read_file(target, 100, &len, NULL);
    assert_non_null(s);
    assert_string_equal(s, "old\n");
    mem_free(s);
    // A FIFO that appears between the temp file and the commit is kept.
    fs_join(dir, "late", p, sizeof p);
    assert_true(fs_temp_beside(p, tmp, sizeof tmp));
    assert_int_equal(mkfifo(p, 0644), 0);
    assert_false(fs_commit(tmp, p));
    assert_int_equal(lstat(p, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    assert_int_equal(access(tmp, F_OK), -1);
    DIR *d = opendir(dir);
    for (struct dirent *de; (de = readdir(d)) != NULL;) assert_null(strstr(de->d_name, ".tmp"));
    closedir(d);
    rm_dir(dir);
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
    assert_false(fs_temp_beside(p, tmp, sizeof tmp));      // refused before a temp file is made
    assert_int_equal(errno, EISDIR);
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
    assert_string_equal(fs_unreadable(dir), "not a regular file (a folder)");
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
        cmocka_unit_test(test_read_refuses_special_files),
        cmocka_unit_test(test_write_refuses_special_files),
        cmocka_unit_test(test_write_atomic_replaces),
        cmocka_unit_test(test_write_atomic_failure_keeps_old),
        cmocka_unit_test(test_make_dirs),
        cmocka_unit_test(test_paths),
        cmocka_unit_test(test_stat_and_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
