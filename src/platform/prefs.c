// prefs.c -- reads a preference file through fs_read_file, the one read
// path: anything but a regular file is refused at once (a pipe would block
// the start-up).
#include "platform/prefs.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fs.h"
#include "core/log.h"
#include "core/mem.h"

PrefsRead prefs_read(const char *path, size_t max_bytes, char **text, size_t *len, char *why, size_t why_n) {
    *text = NULL;
    *len = 0;
    FsReadError e;
    *text = fs_read_file(path, max_bytes, len, &e);
    if (*text) return PREFS_OK;
    if (e.fail == FS_CANNOT_OPEN && e.err == ENOENT) return PREFS_MISSING;
    if (e.fail == FS_TOO_LARGE) snprintf(why, why_n, "larger than %zu bytes", max_bytes);
    else if (e.fail == FS_NO_MEMORY) snprintf(why, why_n, "out of memory");
    else snprintf(why, why_n, "%s", fs_strerror(e.err));
    return PREFS_UNREADABLE;
}

bool prefs_keep_bad(const char *path, const char *text, size_t len, char *out, size_t n) {
    for (int k = 1; k <= 99; k++) {
        if (k == 1) snprintf(out, n, "%s.bad", path);
        else snprintf(out, n, "%s.bad-%d", path, k);
        FsReadError e;
        size_t got = 0;
        char *old = fs_read_file(out, len + 1, &got, &e);
        if (old) {
            bool same = got == len && memcmp(old, text, len) == 0;
            mem_free(old);
            if (same) return true;
            continue;
        }
        if (e.fail == FS_CANNOT_OPEN && e.err == ENOENT) return fs_write_atomic(out, text, len);
        // too large to be this text, or not a file: taken, try the next
    }
    errno = EEXIST;
    return false;
}

int prefs_move_old_folder(const char *dir) {
    char old[1100];
    snprintf(old, sizeof old, "%sbossrush", dir);
    struct stat st;
    if (lstat(old, &st) != 0 || !S_ISDIR(st.st_mode)) return 0;
    FsList l;
    if (!fs_list(old, "", &l)) return 0;
    int moved = 0, kept = 0;
    for (int i = 0; i < l.count; i++) {
        char from[1400], to[1400];
        if (!fs_join(old, l.names[i], from, sizeof from)) continue;
        snprintf(to, sizeof to, "%s%s", dir, l.names[i]);
        if (lstat(to, &st) == 0 || rename(from, to) != 0) kept++;
        else moved++;
    }
    fs_list_free(&l);
    if (!kept) rmdir(old);                  // fails (and stays) while hidden files remain
    if (moved) log_info("moved %d entr%s of the old preference folder %s/ to %s", moved, moved == 1 ? "y" : "ies",
                        old, dir);
    if (kept)
        log_warn("%s/: %d entr%s left in the old preference folder (%s has %s already)", old, kept,
                 kept == 1 ? "y" : "ies", dir, kept == 1 ? "one of that name" : "ones of those names");
    return moved;
}
