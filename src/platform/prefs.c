// prefs.c -- reads a preference file, refusing anything but a regular file
// before opening it (a pipe would block the start-up).
#include "platform/prefs.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/fs.h"

PrefsRead prefs_read(const char *path, size_t max_bytes, char **text, size_t *len, char *why, size_t why_n) {
    *text = NULL;
    *len = 0;
    FsStat st;
    if (!fs_stat(path, &st)) {
        if (errno == ENOENT) return PREFS_MISSING;
        snprintf(why, why_n, "%s", strerror(errno));
        return PREFS_UNREADABLE;
    }
    if (st.kind != FS_FILE) {
        snprintf(why, why_n, "not a regular file");
        return PREFS_UNREADABLE;
    }
    FsReadError e;
    *text = fs_read_file(path, max_bytes, len, &e);
    if (*text) return PREFS_OK;
    if (e.fail == FS_TOO_LARGE) snprintf(why, why_n, "larger than %zu bytes", max_bytes);
    else if (e.fail == FS_NO_MEMORY) snprintf(why, why_n, "out of memory");
    else snprintf(why, why_n, "%s", strerror(e.err));
    return PREFS_UNREADABLE;
}
