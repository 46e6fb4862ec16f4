// art.h -- the asset generator's parts: each draws one creature's sprites
// into assets/ with SDL surfaces and saves them with IMG_SavePNG.
// Everything is deterministic (fixed seeds, no clock), so `make assets`
// reproduces the committed files byte for byte.
#pragma once
#include <SDL.h>
#include <stdbool.h>

#include "sim/creatures/creature.h"

// Saves s as dir/name (creating dir/subfolders as needed). Frees s.
bool art_save(SDL_Surface *s, const char *dir, const char *name);
// A new 32-bit RGBA surface, cleared to transparent.
SDL_Surface *art_surface(int w, int h);
// dir/name into out, creating the folders on the way. False on failure.
bool art_path(const char *dir, const char *name, char *out, size_t n);

// Writes n mono float samples (-1..1) at rate Hz as Ogg Vorbis (libvorbisenc,
// VBR quality -0.1..1) to path (tools/assetgen/art_ogg.c).
bool art_ogg_save(const char *path, const float *s, int n, int rate, float quality);

bool art_base(const char *assets_dir);      // tiles, bullets, hud (tools/art_base.c)
bool art_sounds(const char *assets_dir);    // sfx/*.wav, music/loop.ogg (tools/art_sound.c)
bool art_player(const char *assets_dir);    // player body and legs (tools/art_player.c)
bool art_icons(const char *assets_dir);     // the desktop icon, icons/NxN/bossrush.png (tools/art_icon.c)
// One per creature kind of the list (creature.h): art_prefix draws
// assets/prefix/*.png (tools/assetgen/art_prefix.c).
#define ART_KIND(KIND, prefix, Type) bool art_##prefix(const char *assets_dir);
CREATURES(ART_KIND)
#undef ART_KIND

// Compares every .png, .wav and .ogg of gen_dir with ref_dir's as decoded pixels
// and samples, and both file lists (tools/assetgen/compare.c). Returns 0
// when all equal, 1 naming each difference, 2 when a folder is unreadable.
int art_compare(const char *ref_dir, const char *gen_dir);

// Integer hash of a lattice point -> [0, 1): the noise source of the art.
// Fixed arithmetic, so the output is reproducible byte for byte.
static inline double art_hash01(int x, int y, int seed) {
    unsigned h = (unsigned)x * 374761393u + (unsigned)y * 668265263u + (unsigned)seed * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    h ^= h >> 16;
    return (h & 0xffffff) / 16777216.0;
}

// Smoothstep on [0, 1].
static inline double art_smooth(double t) { return t * t * (3 - 2 * t); }
