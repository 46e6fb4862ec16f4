// draw_tetran.c -- draws the tetran (placeholder until its issue).
#include "render/render.h"
#include "sim/world.h"

void draw_tetran(RenderCtx *rc, const struct World *w, const struct Tetran *c) { (void)rc; (void)w; (void)c; }
