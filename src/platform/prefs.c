// prefs.c -- reads a preference file through fs_read_file, the one read
// path: anything but a regular file is refused at once (a pipe would block
// the start-up).
#include "platform/prefs.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/fs.h"

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
