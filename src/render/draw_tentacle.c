// draw_tentacle.c -- draws the tentacle (placeholder until its issue).
#include "render/render.h"
#include "sim/world.h"

void draw_tentacle(RenderCtx *rc, const struct World *w, const struct Tentacle *c) { (void)rc; (void)w; (void)c; }
