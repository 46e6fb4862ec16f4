// render.c -- placeholder.
#include "render/render.h"

bool render_shot(const struct World *w, const char *assets_dir, const char *png_path, bool debug) {
    (void)w; (void)assets_dir; (void)png_path; (void)debug;
    return false;
}
