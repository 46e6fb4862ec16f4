// layout.c -- the layout log (see layout.h).
#include "render/layout.h"

#include <math.h>
#include <stdio.h>

void layout_add(LayoutLog *log, LayoutKind kind, SDL_Rect r, const char *what) {
    if (!log) return;
    if (log->n >= LAYOUT_MAX) {
        log->dropped++;
        return;
    }
    LayoutBox *b = &log->box[log->n++];
    b->r = r;
    b->kind = kind;
    snprintf(b->what, sizeof b->what, "%s", what ? what : "");
    for (char *p = b->what; *p; p++)
        if (*p == '\n') *p = ' ';
}

// Logical px to output px: the renderer's scale, then its viewport's offset.
static void scale_of(SDL_Renderer *r, float *s, float *ox, float *oy) {
    float sx = 1.0f, sy = 1.0f;
    SDL_RenderGetScale(r, &sx, &sy);
    SDL_Rect vp;
    SDL_RenderGetViewport(r, &vp);
    *s = sx > 0.0f ? sx : 1.0f;
    *ox = (float)vp.x * sx;
    *oy = (float)vp.y * sy;
}

void layout_add_logical(LayoutLog *log, SDL_Renderer *r, LayoutKind kind, SDL_Rect l, const char *what) {
    if (!log) return;
    float s, ox, oy;
    scale_of(r, &s, &ox, &oy);
    int x0 = (int)floorf(ox + (float)l.x * s), y0 = (int)floorf(oy + (float)l.y * s);
    int x1 = (int)ceilf(ox + (float)(l.x + l.w) * s), y1 = (int)ceilf(oy + (float)(l.y + l.h) * s);
    layout_add(log, kind, (SDL_Rect){x0, y0, x1 - x0, y1 - y0}, what);
}

SDL_Rect layout_frame(SDL_Renderer *r) {
    int lw = 0, lh = 0;
    SDL_RenderGetLogicalSize(r, &lw, &lh);
    float s, ox, oy;
    scale_of(r, &s, &ox, &oy);
    if (!lw || !lh) {
        int w = 0, h = 0;
        SDL_GetRendererOutputSize(r, &w, &h);
        return (SDL_Rect){0, 0, w, h};
    }
    return (SDL_Rect){(int)floorf(ox + 0.5f), (int)floorf(oy + 0.5f), (int)floorf((float)lw * s + 0.5f),
                      (int)floorf((float)lh * s + 0.5f)};
}
