// app_hints.c -- the newcomer prompts in play (app/hints.h decides which):
// ticked after each tick of a fight the player plays (never in the viewer
// or the title's attract run), drawn as one line above the player naming
// the button as bound now: the pad's when a pad is connected, else the
// keyboard's. A prompt learned is saved in settings.txt at once.
#include <stdio.h>

#include "app/app_hints.h"

#include "app/app_core.h"
#include "render/font.h"
#include "render/layout.h"

void app_hints_begin(App *a) { hints_begin(&a->hints); }

void app_hints_tick(App *a) {
    if (app_top(a) != SCR_PLAY || !session_world(&a->fight.play)) return;
    hints_tick(&a->hints, session_world(&a->fight.play), a->set.hints, &a->set.hints_seen);
    if (a->hints.learned) app_settings_changed(a);
}

// The label of the first code bound to button btn: the pad's when a pad is
// connected and the button has one there, else the keyboard's.
static const char *button_label(const App *a, int btn) {
    for (int d = a->dev.pads > 0 ? BIND_PAD : BIND_KEYS; d >= BIND_KEYS; d--) {
        const uint16_t *k = a->set.bind.code[d][btn];
        if (k[0] || k[1]) return bindings_label((BindDevice)d, k[0] ? k[0] : k[1]);
    }
    return "?";
}

// One line on a dark strip above the player (above his wiggle gauge),
// fading in, kept inside the view.
void app_hints_draw(App *a) {
    const World *w = session_world(&a->fight.play);
    if (app_top(a) != SCR_PLAY || !w || a->hints.shown == HINT_NONE) return;
    char line[96];
    hints_text(a->hints.shown, button_label(a, hints_button(a->hints.shown)), line, sizeof line);
    RenderCtx *rc = &a->rc;
    // Measured as shown: with its dots rounded up the line is up to a
    // third taller and wider than 7 x scale.
    int scale = 2, tw = render_text_width(rc, line, scale), th = font_shown_height(rc->r, line, scale);
    SDL_FPoint p = {(float)(w->player.pos.x - rc->cam_x), (float)(w->player.pos.y - w->player.radius * 2.5 - rc->cam_y)};
    int x = (int)p.x - tw / 2, y = (int)p.y - 14 - th - 6;
    if (x < 8) x = 8;
    if (x + tw > rc->view_w - 8) x = rc->view_w - 8 - tw;
    if (y < 60) y = (int)p.y + (int)(w->player.radius * 3.0) + 10;     // near the top: under him instead
    if (y + th > rc->view_h - 8) y = rc->view_h - 8 - th;
    double k = a->hints.shown_ticks / 15.0;
    Uint8 alpha = (Uint8)(255 * (k < 1.0 ? k : 1.0));
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(rc->r, 6, 4, 16, (Uint8)(alpha * 200 / 255));
    SDL_Rect strip = {x - 8, y - 6, tw + 16, th + 12};
    SDL_RenderFillRect(rc->r, &strip);
    SDL_SetRenderDrawColor(rc->r, 255, 210, 120, alpha);
    menu_outline(rc->r, strip);
    layout_add_logical(rc->font.log, rc->r, LAYOUT_PANEL, strip, "prompt strip");
    render_text(rc, x, y, scale, (SDL_Color){255, 236, 190, alpha}, line);
}
