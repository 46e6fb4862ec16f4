// fs.c -- whole-file reads, atomic writes, folders and paths on POSIX (see
// fs.h). Every function leaves errno meaningful on failure.
#include "core/fs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/mem.h"

// ---------------------------------------------------------------- reading

static char *read_fail(FsReadError *e, FsFail fail, int err, int64_t size, char *buf, int fd) {
    mem_free(buf);
    if (fd >= 0) close(fd);
    *e = (FsReadError){fail, err, size};
    errno = err;
    return NULL;
}

// Opens path for reading without ever blocking: O_NONBLOCK, so a FIFO with
// no writer (or a device that would wait) returns at once, then fstat on the
// open descriptor (no window between a check and the open) keeps regular
// files only. Returns the descriptor, or -1 with *e and errno set.
static int open_regular(const char *path, struct stat *st, FsReadError *e) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        read_fail(e, FS_CANNOT_OPEN, errno, 0, NULL, -1);
        return -1;
    }
    if (fstat(fd, st) != 0) {
        read_fail(e, FS_CANNOT_OPEN, errno, 0, NULL, fd);
        return -1;
    }
    if (!S_ISREG(st->st_mode)) {
        read_fail(e, FS_NOT_REGULAR, S_ISDIR(st->st_mode) ? EISDIR : FS_ENOTREG, 0, NULL, fd);
        return -1;
    }
    // Regular files never block; reads go on as usual.
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    return fd;
}

// fs_read_file, and fs_read_text when text is set: then reading stops after
// the chunk that brought the first NUL byte.
static char *read_all(const char *path, size_t max_bytes, size_t *len, FsReadError *e, bool text) {
    FsReadError ignored;
    if (!e) e = &ignored;
    *e = (FsReadError){FS_OK, 0, 0};
    struct stat st;
    int fd = open_regular(path, &st, e);
    if (fd < 0) return NULL;
    if ((unsigned long long)st.st_size > max_bytes)
        return read_fail(e, FS_TOO_LARGE, EFBIG, (int64_t)st.st_size, NULL, fd);
    // One buffer of the file's size (no doubling, so a read costs the file
    // once, not twice); a file that grows while being read (or a special
    // file system that reports size 0) grows the buffer as the data comes.
    size_t cap = (size_t)1 << 16, n = 0;
    if (st.st_size > 0) cap = (size_t)st.st_size;
    if (cap > max_bytes) cap = max_bytes;
    char *buf = mem_alloc(cap + 1, 1);
    if (!buf) return read_fail(e, FS_NO_MEMORY, ENOMEM, 0, NULL, fd);
    for (;;) {
        if (n == cap) {
            // Full: one more byte tells whether the file goes on.
            char probe;
            ssize_t more = read(fd, &probe, 1);
            if (more < 0 && errno == EINTR) continue;
            if (more < 0) return read_fail(e, FS_CANNOT_READ, errno, 0, buf, fd);
            if (more == 0) break;
            if (cap >= max_bytes) return read_fail(e, FS_TOO_LARGE, EFBIG, -1, buf, fd);
            size_t nc = cap * 2 < max_bytes ? cap * 2 : max_bytes;
            char *nb = mem_alloc(nc + 1, 1);
            if (!nb) return read_fail(e, FS_NO_MEMORY, ENOMEM, 0, buf, fd);
            memcpy(nb, buf, n);
            mem_free(buf);
            buf = nb;
            cap = nc;
            buf[n++] = probe;
            if (text && probe == 0) break;
            continue;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return read_fail(e, FS_CANNOT_READ, errno, 0, buf, fd);
        if (got == 0) break;
        bool nul = text && memchr(buf + n, 0, (size_t)got);
        n += (size_t)got;
        if (nul) break;
    }
    close(fd);
    buf[n] = 0;
    *len = n;
    return buf;
}

char *fs_read_file(const char *path, size_t max_bytes, size_t *len, FsReadError *e) {
    return read_all(path, max_bytes, len, e, false);
}

char *fs_read_text(const char *path, size_t max_bytes, size_t *len, FsReadError *e) {
    return read_all(path, max_bytes, len, e, true);
}

// ---------------------------------------------------------------- writing

void fs_parent(const char *path, char *buf, size_t n) {
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(buf, n, ".");
    else if (slash == path) snprintf(buf, n, "/");
    else snprintf(buf, n, "%.*s", (int)(slash - path), path);
}

// Whether target may be written: nothing there, or a regular file. A
// folder (EISDIR), a FIFO, a device, a socket (FS_ENOTREG) or a symbolic
// link (FS_ESYMLINK: never written through, never replaced, whatever it
// points to) is refused. Checked before the temp file is made and again
// just before the rename, so a special file that appears meanwhile is kept.
static bool replaceable(const char *target) {
    struct stat st;
    if (lstat(target, &st) != 0 || S_ISREG(st.st_mode)) return true;   // nothing there, or an error the open reports
    errno = S_ISDIR(st.st_mode) ? EISDIR : S_ISLNK(st.st_mode) ? FS_ESYMLINK : FS_ENOTREG;
    return false;
}

// Creates "<dir>/.<name>.<pid>-<k>.tmp" with O_EXCL (k counts up past names
// taken by other writers); returns the open descriptor or -1.
static int open_temp(const char *target, char *tmp, size_t n) {
    char dir[1024];
    fs_parent(target, dir, sizeof dir);
    const char *slash = strrchr(target, '/');
    const char *name = slash ? slash + 1 : target;
    if (!*name) {
        errno = EISDIR;
        return -1;
    }
    for (int k = 0; k < 1000; k++) {
        if (snprintf(tmp, n, "%s/.%s.%ld-%d.tmp", dir, name, (long)getpid(), k) >= (int)n) {
            errno = ENAMETOOLONG;
            return -1;
        }
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    return -1;
}

// Removes tmp keeping the errno that made the write fail.
static bool discard(const char *tmp, int fd) {
    int why = errno;
    if (fd >= 0) close(fd);
    unlink(tmp);
    errno = why;
    return false;
}

// Makes the rename itself durable; a folder that cannot be synced is not an
// error (some file systems refuse).
static void sync_parent(const char *path) {
    char dir[1024];
    fs_parent(path, dir, sizeof dir);
    int fd = open(dir, O_RDONLY);
    if (fd < 0) return;
    fsync(fd);
    close(fd);
}

bool fs_temp_beside(const char *target, char *tmp, size_t n) {
    if (!replaceable(target)) return false;
    int fd = open_temp(target, tmp, n);
    if (fd < 0) return false;
    if (close(fd) != 0) return discard(tmp, -1);
    return true;
}

// Files committed so far (fs_write_count).
static uint64_t writes;

uint64_t fs_write_count(void) { return writes; }

bool fs_commit(const char *tmp, const char *target) {
    int fd = open(tmp, O_RDONLY);
    if (fd < 0 || fsync(fd) != 0) return discard(tmp, fd);
    if (close(fd) != 0) return discard(tmp, -1);
    if (!replaceable(target) || rename(tmp, target) != 0) return discard(tmp, -1);
    sync_parent(target);
    writes++;
    return true;
}

bool fs_write_atomic(const char *path, const void *data, size_t len) {
    char tmp[1200];
    if (!replaceable(path)) return false;
    int fd = open_temp(path, tmp, sizeof tmp);
    if (fd < 0) return false;
    const char *p = data;
    while (len > 0) {
        ssize_t put = write(fd, p, len);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) {
            if (put == 0) errno = EIO;
            return discard(tmp, fd);
        }
        p += put;
        len -= (size_t)put;
    }
    if (fsync(fd) != 0) return discard(tmp, fd);
    if (close(fd) != 0) return discard(tmp, -1);
    if (!replaceable(path) || rename(tmp, path) != 0) return discard(tmp, -1);
    sync_parent(path);
    writes++;
    return true;
}

// The PID in a temp file's name ".NAME.PID-K.tmp" (open_temp), or 0 when
// the name is not of that form.
static long temp_pid(const char *name) {
    size_t len = strlen(name);
    if (name[0] != '.' || len < 10 || strcmp(name + len - 4, ".tmp") != 0) return 0;
    const char *end = name + len - 4, *p = end;
    while (p > name && p[-1] >= '0' && p[-1] <= '9') p--;
    if (p == end || p[-1] != '-') return 0;
    const char *dash = --p;
    while (p > name && p[-1] >= '0' && p[-1] <= '9') p--;
    if (p == dash || dash - p > 9 || p - 1 <= name || p[-1] != '.') return 0;
    return strtol(p, NULL, 10);
}

int fs_clean_temps(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    int removed = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        long pid = temp_pid(e->d_name);
        if (pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
        char path[1200];
        if (fs_join(dir, e->d_name, path, sizeof path) && unlink(path) == 0) removed++;
    }
    closedir(d);
    return removed;
}

// ---------------------------------------------------------------- folders and paths

bool fs_make_dirs(const char *path) {
    char buf[1024];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return false;
    }
    size_t n = strlen(buf);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != 0) continue;
        char c = buf[i];
        buf[i] = 0;
        if (mkdir(buf, 0755) != 0 && errno != EEXIST) return false;
        buf[i] = c;
    }
    FsStat st;
    if (!fs_stat(path, &st)) return false;
    if (st.kind != FS_DIR) {
        errno = ENOTDIR;                  // a file where a folder should be
        return false;
    }
    return true;
}

bool fs_join(const char *a, const char *b, char *buf, size_t n) {
    size_t al = strlen(a);
    int w;
    if (b[0] == '/' || al == 0) w = snprintf(buf, n, "%s", b);
    else if (a[al - 1] == '/') w = snprintf(buf, n, "%s%s", a, b);
    else w = snprintf(buf, n, "%s/%s", a, b);
    return w >= 0 && (size_t)w < n;
}

bool fs_stat(const char *path, FsStat *out) {
    struct stat st;
    memset(out, 0, sizeof *out);
    if (stat(path, &st) != 0) return false;
    out->kind = S_ISREG(st.st_mode) ? FS_FILE : S_ISDIR(st.st_mode) ? FS_DIR : FS_OTHER;
    out->size = (int64_t)st.st_size;
    out->mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + (int64_t)st.st_mtim.tv_nsec;
    return true;
}

bool fs_is_file(const char *path) {
    FsStat st;
    return fs_stat(path, &st) && st.kind == FS_FILE;
}

bool fs_is_dir(const char *path) {
    FsStat st;
    return fs_stat(path, &st) && st.kind == FS_DIR;
}

const char *fs_unreadable(const char *path) {
    struct stat st;
    FsReadError e;
    int fd = open_regular(path, &st, &e);
    if (fd < 0) return fs_strerror(e.err);
    close(fd);
    return NULL;
}

const char *fs_strerror(int err) {
    if (err == FS_ENOTREG) return "not a regular file (a pipe, a device or a socket)";
    if (err == EISDIR) return "not a regular file (a folder)";
    if (err == FS_ESYMLINK) return "a symbolic link (an output never replaces or writes through one)";
    return strerror(err);
}

static int cmp_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

bool fs_list(const char *dir, const char *suffix, FsList *out) {
    out->names = NULL;
    out->count = 0;
    DIR *d = opendir(dir);
    if (!d) return false;
    size_t sl = strlen(suffix);
    int cap = 0;
    struct dirent *e;
    errno = 0;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (e->d_name[0] == '.' || l < sl || strcmp(e->d_name + l - sl, suffix) != 0) continue;
        if (out->count == cap) {
            int nc = cap ? cap * 2 : 16;
            char **nn = mem_alloc((size_t)nc, sizeof *nn);
            if (!nn) break;
            if (out->count) memcpy(nn, out->names, (size_t)out->count * sizeof *nn);
            mem_free(out->names);
            out->names = nn;
            cap = nc;
        }
        char *name = mem_alloc(l + 1, 1);
        if (!name) break;
        memcpy(name, e->d_name, l + 1);
        out->names[out->count++] = name;
        errno = 0;
    }
    int why = e ? ENOMEM : errno;        // readdir ended: 0, or its error
    closedir(d);
    if (why) {
        fs_list_free(out);
        errno = why;
        return false;
    }
    if (out->count > 1) qsort(out->names, (size_t)out->count, sizeof *out->names, cmp_name);
    return true;
}

void fs_list_free(FsList *l) {
    for (int i = 0; i < l->count; i++) mem_free(l->names[i]);
    mem_free(l->names);
    l->names = NULL;
    l->count = 0;
}
