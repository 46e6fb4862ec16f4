// assetgen.c -- `assetgen ASSETS_DIR`: regenerates every sprite and sound
// in assets/ from code. Deterministic (fixed seeds, no clock): running it
// twice writes identical files.
#include <SDL.h>
#include <SDL_image.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "art.h"

// mkdir -p for every folder in path up to its last '/'.
static bool make_parents(const char *path) {
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
            fprintf(stderr, "assetgen: cannot create %s: %s\n", buf, strerror(errno));
            return false;
        }
        *p = '/';
    }
    return true;
}

bool art_path(const char *dir, const char *name, char *out, size_t n) {
    size_t dl = strlen(dir);
    snprintf(out, n, "%s%s%s", dir, dl > 0 && dir[dl - 1] == '/' ? "" : "/", name);
    return make_parents(out);
}

SDL_Surface *art_surface(int w, int h) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    if (s) SDL_FillRect(s, NULL, 0);
    return s;
}

bool art_save(SDL_Surface *s, const char *dir, const char *name) {
    if (!s) {
        fprintf(stderr, "assetgen: %s: no surface (%s)\n", name, SDL_GetError());
        return false;
    }
    char path[1024];
    bool ok = art_path(dir, name, path, sizeof path);
    if (ok && IMG_SavePNG(s, path) != 0) {
        fprintf(stderr, "assetgen: %s: %s\n", path, IMG_GetError());
        ok = false;
    }
    SDL_FreeSurface(s);
    return ok;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: assetgen ASSETS_DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    bool ok = true;
    ok = art_base(dir) && ok;
    ok = art_sounds(dir) && ok;
    ok = art_player(dir) && ok;
#define ART_KIND(KIND, prefix, Type, name) ok = art_##prefix(dir) && ok;
    CREATURES(ART_KIND)
#undef ART_KIND
    if (!ok) {
        fprintf(stderr, "assetgen: some assets failed\n");
        return 1;
    }
    return 0;
}
