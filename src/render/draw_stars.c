// draw_stars.c -- the starfield (placeholder until issue 6).
#include "render/render.h"
#include "sim/world.h"

void draw_stars(RenderCtx *rc, const struct World *w) { (void)rc; (void)w; }
