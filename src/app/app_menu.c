// app_menu.c -- menu layout, hit testing and drawing. One layout function
// per part (row, arrows, cells) serves both the drawing and the mouse.
#include "app/app_menu.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/font.h"

#define VALUE_W 250            // MENU_WIDE: the value box at the row's right end
#define ARROW_W 28             // the clickable width of an arrow

static const SDL_Color C_TEXT = {240, 240, 255, 255};
static const SDL_Color C_DIM = {150, 150, 185, 255};
static const SDL_Color C_NOTE = {255, 210, 120, 255};
static const SDL_Color C_WARN = {255, 120, 120, 255};
static const SDL_Color C_ARROW = {120, 230, 255, 255};

void menu_init(Menu *m, MenuStyle style, int cx, int y, int w, int row_h, int scale) {
    memset(m, 0, sizeof *m);
    m->style = style;
    m->cx = cx;
    m->y = y;
    m->w = w;
    m->row_h = row_h;
    m->scale = scale;
}

MenuItem *menu_add(Menu *m, int id, ItemKind kind, const char *label) {
    if (m->n >= MENU_MAX_ITEMS) return &m->item[MENU_MAX_ITEMS - 1];
    MenuItem *it = &m->item[m->n++];
    memset(it, 0, sizeof *it);
    it->id = id;
    it->kind = kind;
    snprintf(it->label, sizeof it->label, "%s", label);
    return it;
}

SDL_Rect menu_row(const Menu *m, int i) { return (SDL_Rect){m->cx - m->w / 2, m->y + i * m->row_h, m->w, m->row_h}; }

static bool has_arrows(const MenuItem *it) { return it->kind == ITEM_CHOICE || it->kind == ITEM_SLIDER; }

// A MENU_CENTRED item as drawn: its label, and for choices "< VALUE >"
// after a gap, the whole centred. Widths as the text is shown (whole-pixel
// dots may make it wider than font_width says), so nothing overlaps.
typedef struct Centred {
    int x, w;                  // the line's left and width
    int label_w;
    SDL_Rect tail;             // choices: the "< VALUE >" part
    char tail_text[48];
} Centred;

static Centred centred_layout(const Menu *m, RenderCtx *rc, int i) {
    const MenuItem *it = &m->item[i];
    SDL_Rect r = menu_row(m, i);
    Centred c = {.label_w = render_text_width(rc, it->label, m->scale)};
    c.w = c.label_w;
    if (has_arrows(it)) {
        snprintf(c.tail_text, sizeof c.tail_text, "< %s >", it->value);
        int gap = render_text_width(rc, "  ", m->scale), tw = render_text_width(rc, c.tail_text, m->scale);
        c.w += gap + tw;
        c.tail = (SDL_Rect){m->cx - c.w / 2 + c.label_w + gap, r.y, tw, r.h};
    }
    c.x = m->cx - c.w / 2;
    return c;
}

// The value box (wide) or the "< VALUE >" part of the line (centred).
static SDL_Rect value_box(const Menu *m, RenderCtx *rc, int i) {
    SDL_Rect r = menu_row(m, i);
    if (m->style == MENU_WIDE) return (SDL_Rect){r.x + r.w - VALUE_W - 8, r.y, VALUE_W, r.h};
    return centred_layout(m, rc, i).tail;
}

static SDL_Rect cell_rect(const Menu *m, int i, int c) {
    SDL_Rect r = menu_row(m, i);
    return (SDL_Rect){r.x + m->cell_x + c * m->cell_w + 4, r.y + 3, m->cell_w - 8, r.h - 6};
}

static bool inside(SDL_Rect r, int x, int y) { return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h; }

MenuHit menu_hit(const Menu *m, RenderCtx *rc, int x, int y, int *item, int *cell) {
    for (int i = 0; i < m->n; i++) {
        if (!inside(menu_row(m, i), x, y)) continue;
        *item = i;
        const MenuItem *it = &m->item[i];
        if (it->kind == ITEM_CELLS) {
            for (int c = 0; c < MENU_CELLS; c++)
                if (inside(cell_rect(m, i, c), x, y)) {
                    *cell = c;
                    return HIT_CELL;
                }
            return HIT_NONE;
        }
        if (has_arrows(it)) {
            SDL_Rect v = value_box(m, rc, i);
            if (x >= v.x - 8 && x < v.x + ARROW_W) return HIT_LESS;
            if (x >= v.x + v.w - ARROW_W && x < v.x + v.w + 8) return HIT_MORE;
        }
        return HIT_ITEM;
    }
    return HIT_NONE;
}

static void fill(SDL_Renderer *r, SDL_Rect q, SDL_Color c) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &q);
}

void menu_outline(SDL_Renderer *r, SDL_Rect q) {
    float sx = 1.0f, sy = 1.0f;
    SDL_RenderGetScale(r, &sx, &sy);
    int tx = sx > 0.0f && sx < 1.0f ? (int)ceilf(1.0f / sx) : 1, ty = sy > 0.0f && sy < 1.0f ? (int)ceilf(1.0f / sy) : 1;
    if (q.w <= 2 * tx || q.h <= 2 * ty) {
        SDL_RenderFillRect(r, &q);
        return;
    }
    SDL_Rect side[4] = {{q.x, q.y, q.w, ty}, {q.x, q.y + q.h - ty, q.w, ty}, {q.x, q.y + ty, tx, q.h - 2 * ty},
                        {q.x + q.w - tx, q.y + ty, tx, q.h - 2 * ty}};
    SDL_RenderFillRects(r, side, 4);
}

static void outline(SDL_Renderer *r, SDL_Rect q, SDL_Color c) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    menu_outline(r, q);
}

// The soft pulsing bar behind what is highlighted.
static void highlight(SDL_Renderer *r, SDL_Rect q, double time_s, bool strong) {
    Uint8 al = (Uint8)((strong ? 70 : 28) + (strong ? 30 : 10) * sin(time_s * 5.0));
    fill(r, q, (SDL_Color){60, 180, 255, al});
    outline(r, q, (SDL_Color){120, 230, 255, (Uint8)(strong ? 200 : 90)});
}

static void draw_value(const Menu *m, int i, RenderCtx *rc, bool on) {
    const MenuItem *it = &m->item[i];
    SDL_Rect v = value_box(m, rc, i);
    int ty = v.y + (v.h - FONT_GLYPH_H * m->scale) / 2;
    SDL_Color arrow = on ? C_ARROW : C_DIM;
    render_text(rc, v.x + 4, ty, m->scale, arrow, "<");
    render_text(rc, v.x + v.w - 4 - render_text_width(rc, ">", m->scale), ty, m->scale, arrow, ">");
    if (it->kind == ITEM_SLIDER) {
        // A bar with the level filled, the number beside it.
        int bx = v.x + ARROW_W + 6, bw = v.w - 2 * ARROW_W - 12 - render_text_width(rc, "100", 2) - 10;
        SDL_Rect bar = {bx, v.y + v.h / 2 - 5, bw, 10};
        fill(rc->r, bar, (SDL_Color){30, 26, 60, 255});
        SDL_Rect lit = {bx, bar.y, bw * it->level / 100, 10};
        fill(rc->r, lit, on ? (SDL_Color){120, 230, 255, 255} : (SDL_Color){110, 120, 190, 255});
        outline(rc->r, bar, (SDL_Color){90, 100, 160, 255});
        render_text(rc, bx + bw + 10, v.y + (v.h - FONT_GLYPH_H * 2) / 2, 2, on ? C_TEXT : C_DIM, it->value);
        return;
    }
    render_text_centred(rc, v.x + v.w / 2, ty, m->scale, on ? C_TEXT : C_DIM, it->value);
}

void menu_draw(const Menu *m, RenderCtx *rc, double time_s) {
    for (int i = 0; i < m->n; i++) {
        const MenuItem *it = &m->item[i];
        bool on = i == m->sel;
        SDL_Rect r = menu_row(m, i);
        int ty = r.y + (r.h - FONT_GLYPH_H * m->scale) / 2;
        SDL_Color label = it->warn ? C_WARN : (on ? C_TEXT : C_DIM);
        if (m->style == MENU_CENTRED) {
            Centred c = centred_layout(m, rc, i);
            if (on) highlight(rc->r, (SDL_Rect){c.x - 24, r.y + 2, c.w + 48, r.h - 4}, time_s, true);
            render_text(rc, c.x, ty, m->scale, label, it->label);
            if (has_arrows(it)) render_text(rc, c.tail.x, ty, m->scale, on ? C_ARROW : C_DIM, c.tail_text);
            continue;
        }
        if (on) highlight(rc->r, (SDL_Rect){r.x, r.y + 2, r.w, r.h - 4}, time_s, it->kind != ITEM_CELLS);
        render_text(rc, r.x + 16, ty, m->scale, label, it->label);
        if (has_arrows(it)) draw_value(m, i, rc, on);
        else if (it->kind == ITEM_CELLS) {
            for (int c = 0; c < MENU_CELLS; c++) {
                SDL_Rect q = cell_rect(m, i, c);
                bool here = on && c == m->col;
                fill(rc->r, q, (SDL_Color){24, 22, 56, 200});
                if (here) highlight(rc->r, q, time_s, true);
                else outline(rc->r, q, (SDL_Color){60, 70, 130, 255});
                bool empty = strcmp(it->cell[c], "---") == 0;
                SDL_Color tc = here ? C_TEXT : (empty ? (SDL_Color){90, 90, 120, 255} : C_DIM);
                render_text_centred(rc, q.x + q.w / 2, q.y + (q.h - FONT_GLYPH_H * 2) / 2, 2, tc, it->cell[c]);
            }
        } else if (it->note[0]) {
            int nw = render_text_width(rc, it->note, 2);
            render_text(rc, r.x + r.w - 16 - nw, r.y + (r.h - FONT_GLYPH_H * 2) / 2, 2,
                        it->note_faint ? C_DIM : C_NOTE, it->note);
        }
    }
}
