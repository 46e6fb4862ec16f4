// png.c -- see png.h.
#include "platform/png.h"

#include <SDL_image.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/fs.h"

bool png_save(SDL_Surface *s, const char *path, char *why, size_t why_n) {
    char tmp[1300];
    if (!fs_temp_beside(path, tmp, sizeof tmp)) {
        snprintf(why, why_n, "cannot write beside %s: %s", path, fs_strerror(errno));
        return false;
    }
    if (IMG_SavePNG(s, tmp) != 0) {
        snprintf(why, why_n, "cannot save %s: %s", path, IMG_GetError());
        remove(tmp);
        return false;
    }
    if (!fs_commit(tmp, path)) {
        snprintf(why, why_n, "cannot rename the PNG to %s: %s", path, fs_strerror(errno));
        return false;
    }
    return true;
}
