// png.h -- saving a surface as a PNG without ever leaving half an image.
#ifndef BOSSRUSH_PLATFORM_PNG_H
#define BOSSRUSH_PLATFORM_PNG_H

#include <stdbool.h>
#include <stddef.h>

struct SDL_Surface;

// Writes s as a PNG to a unique temp file beside path, then renames it over
// path (core/fs: fs_temp_beside + fs_commit), so a failed or interrupted
// save keeps whatever path held before. On failure why says what failed
// (path included) and the temp file is gone.
bool png_save(struct SDL_Surface *s, const char *path, char *why, size_t why_n);

#endif
