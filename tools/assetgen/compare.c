// compare.c -- `assetgen --compare REF GEN`: checks that freshly generated
// assets (GEN) equal the committed ones (REF) as decoded pixels and samples,
// since PNG bytes may depend on the system's zlib. Names the first difference.
#include <SDL.h>
#include <SDL_image.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "art.h"
#include "core/fs.h"
#include "core/mem.h"

#define MAX_FILES 512
#define MAX_NAME 256

typedef struct Names {
    char name[MAX_FILES][MAX_NAME];    // relative to the root, e.g. "sfx/hit.wav"
    int count;
    bool overflow;
} Names;

static bool is_asset(const char *name) {
    size_t n = strlen(name);
    return n > 4 && (!strcmp(name + n - 4, ".png") || !strcmp(name + n - 4, ".wav") || !strcmp(name + n - 4, ".ogg"));
}

// Adds every .png, .wav and .ogg under root/rel (rel "" or ending in '/') to out.
static bool list_assets(const char *root, const char *rel, Names *out) {
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/%s", root, rel);
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "assetgen: cannot open %s\n", dir);
        return false;
    }
    bool ok = true;
    struct dirent *e;
    while (ok && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        char sub[MAX_NAME], path[1400];
        if ((size_t)snprintf(sub, sizeof sub, "%s%s", rel, e->d_name) >= sizeof sub) continue;
        snprintf(path, sizeof path, "%s/%s", root, sub);
        struct stat st;
        if (stat(path, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) {
            char next[MAX_NAME];
            if ((size_t)snprintf(next, sizeof next, "%s/", sub) < sizeof next) ok = list_assets(root, next, out);
        } else if (S_ISREG(st.st_mode) && is_asset(sub)) {
            if (out->count < MAX_FILES) snprintf(out->name[out->count++], MAX_NAME, "%s", sub);
            else out->overflow = true;
        }
    }
    closedir(d);
    return ok;
}

static bool has_name(const Names *n, const char *name) {
    for (int i = 0; i < n->count; i++)
        if (!strcmp(n->name[i], name)) return true;
    return false;
}

// Decoded RGBA pixels of two PNGs; false with a message naming the first
// pixel that differs.
static bool same_png(const char *ref, const char *gen, const char *name) {
    SDL_Surface *a = IMG_Load(ref), *b = IMG_Load(gen);
    SDL_Surface *ca = a ? SDL_ConvertSurfaceFormat(a, SDL_PIXELFORMAT_RGBA32, 0) : NULL;
    SDL_Surface *cb = b ? SDL_ConvertSurfaceFormat(b, SDL_PIXELFORMAT_RGBA32, 0) : NULL;
    bool ok = false;
    if (!ca || !cb) {
        fprintf(stderr, "assetgen: %s: cannot decode (%s)\n", name, IMG_GetError());
    } else if (ca->w != cb->w || ca->h != cb->h) {
        fprintf(stderr, "assetgen: %s: committed %dx%d, generated %dx%d\n", name, ca->w, ca->h, cb->w, cb->h);
    } else {
        ok = true;
        for (int y = 0; y < ca->h && ok; y++) {
            const Uint8 *ra = (const Uint8 *)ca->pixels + y * ca->pitch;
            const Uint8 *rb = (const Uint8 *)cb->pixels + y * cb->pitch;
            for (int x = 0; x < ca->w && ok; x++) {
                if (memcmp(ra + 4 * x, rb + 4 * x, 4) == 0) continue;
                fprintf(stderr, "assetgen: %s: pixel (%d, %d) is RGBA %d,%d,%d,%d committed, %d,%d,%d,%d generated\n",
                        name, x, y, ra[4 * x], ra[4 * x + 1], ra[4 * x + 2], ra[4 * x + 3], rb[4 * x],
                        rb[4 * x + 1], rb[4 * x + 2], rb[4 * x + 3]);
                ok = false;
            }
        }
    }
    SDL_FreeSurface(ca);
    SDL_FreeSurface(cb);
    SDL_FreeSurface(a);
    SDL_FreeSurface(b);
    return ok;
}

// Decoded samples and format of two WAVs; false with a message naming the
// first byte of sample data that differs.
static bool same_wav(const char *ref, const char *gen, const char *name) {
    SDL_AudioSpec sa, sb;
    Uint8 *da = NULL, *db = NULL;
    Uint32 la = 0, lb = 0;
    bool ok = false;
    if (!SDL_LoadWAV(ref, &sa, &da, &la) || !SDL_LoadWAV(gen, &sb, &db, &lb)) {
        fprintf(stderr, "assetgen: %s: cannot decode (%s)\n", name, SDL_GetError());
    } else if (sa.freq != sb.freq || sa.format != sb.format || sa.channels != sb.channels) {
        fprintf(stderr, "assetgen: %s: committed %d Hz format 0x%x %d ch, generated %d Hz format 0x%x %d ch\n", name,
                sa.freq, sa.format, sa.channels, sb.freq, sb.format, sb.channels);
    } else if (la != lb) {
        fprintf(stderr, "assetgen: %s: committed %u bytes of samples, generated %u\n", name, (unsigned)la,
                (unsigned)lb);
    } else {
        Uint32 i = 0;
        while (i < la && da[i] == db[i]) i++;
        ok = i == la;
        if (!ok) fprintf(stderr, "assetgen: %s: sample data differs from byte %u on\n", name, (unsigned)i);
    }
    SDL_FreeWAV(da);
    SDL_FreeWAV(db);
    return ok;
}

// The music's Ogg Vorbis, byte for byte: libvorbisenc gives the same bytes
// for the same samples (a different libvorbis may not: `make assets`).
static bool same_bytes(const char *ref, const char *gen, const char *name) {
    size_t na = 0, nb = 0;
    FsReadError e;
    char *a = fs_read_file(ref, (size_t)16 << 20, &na, &e), *b = fs_read_file(gen, (size_t)16 << 20, &nb, &e);
    size_t i = 0;
    if (a && b)
        while (i < na && i < nb && a[i] == b[i]) i++;
    bool ok = a && b && na == nb && i == na;
    if (!a || !b) fprintf(stderr, "assetgen: %s: cannot read it\n", name);
    else if (!ok) fprintf(stderr, "assetgen: %s: %zu bytes committed, %zu generated, differing from byte %zu on\n", name,
                          na, nb, i);
    mem_free(a);
    mem_free(b);
    return ok;
}

int art_compare(const char *ref_dir, const char *gen_dir) {
    static Names ref, gen;
    if (!list_assets(ref_dir, "", &ref) || !list_assets(gen_dir, "", &gen)) return 2;
    if (ref.overflow || gen.overflow) {
        fprintf(stderr, "assetgen: more than %d assets; raise MAX_FILES\n", MAX_FILES);
        return 2;
    }
    if (gen.count == 0) {
        fprintf(stderr, "assetgen: no .png, .wav or .ogg in %s\n", gen_dir);
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < gen.count; i++) {
        const char *name = gen.name[i];
        char a[1400], b[1400];
        snprintf(a, sizeof a, "%s/%s", ref_dir, name);
        snprintf(b, sizeof b, "%s/%s", gen_dir, name);
        if (!has_name(&ref, name)) {
            fprintf(stderr, "assetgen: %s: generated but not in %s\n", name, ref_dir);
            bad++;
            continue;
        }
        const char *ext = name + strlen(name) - 4;
        bool same = !strcmp(ext, ".png") ? same_png(a, b, name) : !strcmp(ext, ".ogg") ? same_bytes(a, b, name)
                                                                                       : same_wav(a, b, name);
        if (!same) bad++;
    }
    for (int i = 0; i < ref.count; i++) {
        if (has_name(&gen, ref.name[i])) continue;
        fprintf(stderr, "assetgen: %s: in %s but not generated\n", ref.name[i], ref_dir);
        bad++;
    }
    if (bad) {
        fprintf(stderr, "assetgen: %d of %d assets differ from %s (run `make assets` and commit, or fix the generator)\n",
                bad, ref.count, ref_dir);
        return 1;
    }
    printf("assets: %d files reproduced (pixels and samples)\n", gen.count);
    return 0;
}
