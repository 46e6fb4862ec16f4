// app_inputs.c -- the replay viewer's input display (see app_inputs.h).
#include "app/app_inputs.h"

#include "app/app_local.h"
#include "sim/input.h"

static const char *const KEY_LABELS[BTN_COUNT] = {"LEFT", "RIGHT", "UP", "DOWN", "JUMP", "FIRE", "WIGGLE", "LOCK", "DASH"};

void app_viewer_draw_inputs(App *a) {
    const Scrub *sc = &a->lab.scrub;
    if (!a->lab.view.on || !sc->inputs || sc->cur < 0 || sc->cur > sc->end) return;
    uint16_t held = sc->inputs[sc->cur].buttons;
    SDL_Renderer *r = a->pf.r;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    int x = 40, y = 594;
    for (int b = 0; b < BTN_COUNT; b++) {
        bool on = (held >> b) & 1;
        int w = render_text_width(&a->rc, KEY_LABELS[b], 1) + 12;
        SDL_Rect box = {x, y, w, 22};
        if (on) SDL_SetRenderDrawColor(r, 255, 214, 90, 235);
        else SDL_SetRenderDrawColor(r, 20, 16, 40, 200);
        SDL_RenderFillRect(r, &box);
        SDL_SetRenderDrawColor(r, on ? 255 : 90, on ? 240 : 90, on ? 200 : 130, 255);
        SDL_RenderDrawRect(r, &box);
        SDL_Color c = on ? (SDL_Color){20, 12, 30, 255} : (SDL_Color){120, 120, 160, 255};
        render_text(&a->rc, x + 6, y + 7, 1, c, KEY_LABELS[b]);
        x += w + 6;
    }
}
