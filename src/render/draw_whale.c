// draw_whale.c -- draws the whale (placeholder until its issue).
#include "render/render.h"
#include "sim/world.h"

void draw_whale(RenderCtx *rc, const struct World *w, const struct Whale *c) { (void)rc; (void)w; (void)c; }
