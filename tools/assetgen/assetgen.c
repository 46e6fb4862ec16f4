// assetgen.c -- `assetgen ASSETS_DIR`: regenerates every sprite and sound
// in assets/ from code. Deterministic (fixed seeds, no clock): running it
// twice writes identical files. `assetgen --compare REF GEN`: see art.h.
#include <SDL.h>
#include <SDL_image.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "art.h"
#include "core/fs.h"

bool art_path(const char *dir, const char *name, char *out, size_t n) {
    char parent[1024];
    if (!fs_join(dir, name, out, n)) {
        fprintf(stderr, "assetgen: %s/%s: path too long\n", dir, name);
        return false;
    }
    fs_parent(out, parent, sizeof parent);
    if (!fs_make_dirs(parent)) {
        fprintf(stderr, "assetgen: cannot create %s: %s\n", parent, strerror(errno));
        return false;
    }
    return true;
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
    // Saved under a temp name and renamed: an interrupted run never leaves
    // half a PNG in assets/.
    char path[1024], tmp[1200];
    bool ok = art_path(dir, name, path, sizeof path);
    if (ok && !fs_temp_beside(path, tmp, sizeof tmp)) {
        fprintf(stderr, "assetgen: %s: %s\n", path, strerror(errno));
        ok = false;
    } else if (ok && IMG_SavePNG(s, tmp) != 0) {
        fprintf(stderr, "assetgen: %s: %s\n", path, IMG_GetError());
        remove(tmp);
        ok = false;
    } else if (ok && !fs_commit(tmp, path)) {
        fprintf(stderr, "assetgen: %s: %s\n", path, strerror(errno));
        ok = false;
    }
    SDL_FreeSurface(s);
    return ok;
}

int main(int argc, char **argv) {
    if (argc == 4 && !strcmp(argv[1], "--compare")) return art_compare(argv[2], argv[3]);
    if (argc != 2) {
        fprintf(stderr, "usage: assetgen ASSETS_DIR | assetgen --compare REF_DIR GEN_DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    bool ok = true;
    ok = art_base(dir) && ok;
    ok = art_sounds(dir) && ok;
    ok = art_player(dir) && ok;
    ok = art_icons(dir) && ok;
#define ART_KIND(KIND, prefix, Type) ok = art_##prefix(dir) && ok;
    CREATURES(ART_KIND)
#undef ART_KIND
    if (!ok) {
        fprintf(stderr, "assetgen: some assets failed\n");
        return 1;
    }
    return 0;
}
