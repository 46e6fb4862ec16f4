// prefs.c -- reads a preference file through fs_read_file, the one read
// path: anything but a regular file is refused at once (a pipe would block
// the start-up).
#include "platform/prefs.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/fs.h"
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
