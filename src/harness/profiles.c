// profiles.c -- leg profile files in, parsed profiles out (see profiles.h).
#include "harness/profiles.h"

#include <stdio.h>
#include <string.h>

#include "core/fs.h"
#include "core/mem.h"

bool profiles_builtin(LegProfile out[LEGS_COUNT], ParseError *err) {
    LegProfile got[LEGS_COUNT];
    LegProfileText text[LEGS_COUNT];
    char path[LEGS_COUNT][64];
    memset(got, 0, sizeof got);
    for (int i = 0; i < LEGS_COUNT; i++) {
        snprintf(path[i], sizeof path[i], "(built-in) %s.leg", legs_name(i));
        text[i] = (LegProfileText){profiles_builtin_text[i], strlen(profiles_builtin_text[i]), path[i]};
    }
    if (!legs_parse_profiles(got, text, err)) return false;
    memcpy(out, got, sizeof got);
    return true;
}

bool profiles_load(const char *dir, LegProfile out[LEGS_COUNT], ParseError *err) {
    LegProfile got[LEGS_COUNT];
    if (!profiles_builtin(got, err)) return false;
    LegProfileText text[LEGS_COUNT];
    char path[LEGS_COUNT][1024];
    char *buf[LEGS_COUNT] = {NULL};
    bool ok = true;
    for (int i = 0; i < LEGS_COUNT && ok; i++) {
        char name[32];
        snprintf(name, sizeof name, "%s.leg", legs_name(i));
        fs_join(dir, name, path[i], sizeof path[i]);
        size_t len = 0;
        FsReadError e;
        buf[i] = fs_read_text(path[i], PROFILES_MAX_FILE_BYTES, &len, &e);
        if (!buf[i]) {
            if (e.fail == FS_TOO_LARGE)
                parse_error_set(err, path[i], 1, 1, "expected a leg profile of at most %d bytes",
                                PROFILES_MAX_FILE_BYTES);
            else
                parse_error_set(err, path[i], 0, 0, "cannot open leg profile: %s", fs_strerror(e.err));
            ok = false;
        }
        text[i] = (LegProfileText){buf[i], len, path[i]};
    }
    if (ok) ok = legs_parse_profiles(got, text, err);
    for (int i = 0; i < LEGS_COUNT; i++) mem_free(buf[i]);
    if (ok) memcpy(out, got, sizeof got);
    return ok;
}
