// font.c -- a 5x7 pixel font designed here as string art, baked into a
// texture atlas once so drawing text is one copy per glyph.
#include "render/font.h"

#include <math.h>
#include <string.h>

#include "core/log.h"
#include "render/layout.h"

typedef struct Glyph {
    char c;
    const char *rows[FONT_GLYPH_H];
} Glyph;

// '#' is a lit dot. Characters not listed draw as a hollow box.
static const Glyph GLYPHS[] = {
    {' ', {".....", ".....", ".....", ".....", ".....", ".....", "....."}},
    {'!', {"..#..", "..#..", "..#..", "..#..", "..#..", ".....", "..#.."}},
    {'"', {".#.#.", ".#.#.", ".....", ".....", ".....", ".....", "....."}},
    {'#', {".#.#.", "#####", ".#.#.", ".#.#.", ".#.#.", "#####", ".#.#."}},
    {'$', {"..#..", ".####", "#.#..", ".###.", "..#.#", "####.", "..#.."}},
    {'%', {"##..#", "##..#", "...#.", "..#..", ".#...", "#..##", "#..##"}},
    {'&', {".##..", "#..#.", "#.#..", ".#...", "#.#.#", "#..#.", ".##.#"}},
    {'\'', {"..#..", "..#..", ".....", ".....", ".....", ".....", "....."}},
    {'(', {"...#.", "..#..", ".#...", ".#...", ".#...", "..#..", "...#."}},
    {')', {".#...", "..#..", "...#.", "...#.", "...#.", "..#..", ".#..."}},
    {'*', {".....", "..#..", "#.#.#", ".###.", "#.#.#", "..#..", "....."}},
    {'+', {".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."}},
    {',', {".....", ".....", ".....", ".....", ".##..", "..#..", ".#..."}},
    {'-', {".....", ".....", ".....", "#####", ".....", ".....", "....."}},
    {'.', {".....", ".....", ".....", ".....", ".....", ".##..", ".##.."}},
    {'/', {"....#", "....#", "...#.", "..#..", ".#...", "#....", "#...."}},
    {'0', {".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."}},
    {'1', {"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."}},
    {'2', {".###.", "#...#", "....#", "..##.", ".#...", "#....", "#####"}},
    {'3', {"####.", "....#", "....#", ".###.", "....#", "....#", "####."}},
    {'4', {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."}},
    {'5', {"#####", "#....", "####.", "....#", "....#", "#...#", ".###."}},
    {'6', {"..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."}},
    {'7', {"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."}},
    {'8', {".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."}},
    {'9', {".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."}},
    {':', {".....", ".##..", ".##..", ".....", ".##..", ".##..", "....."}},
    {';', {".....", ".##..", ".##..", ".....", ".##..", "..#..", ".#..."}},
    {'<', {"...#.", "..#..", ".#...", "#....", ".#...", "..#..", "...#."}},
    {'=', {".....", ".....", "#####", ".....", "#####", ".....", "....."}},
    {'>', {".#...", "..#..", "...#.", "....#", "...#.", "..#..", ".#..."}},
    {'?', {".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."}},
    {'@', {".###.", "#...#", "#.###", "#.#.#", "#.###", "#....", ".###."}},
    {'A', {".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"}},
    {'B', {"####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."}},
    {'C', {".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."}},
    {'D', {"###..", "#..#.", "#...#", "#...#", "#...#", "#..#.", "###.."}},
    {'E', {"#####", "#....", "#....", "####.", "#....", "#....", "#####"}},
    {'F', {"#####", "#....", "#....", "####.", "#....", "#....", "#...."}},
    {'G', {".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"}},
    {'H', {"#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"}},
    {'I', {".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."}},
    {'J', {"..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."}},
    {'K', {"#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"}},
    {'L', {"#....", "#....", "#....", "#....", "#....", "#....", "#####"}},
    {'M', {"#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"}},
    {'N', {"#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"}},
    {'O', {".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."}},
    {'P', {"####.", "#...#", "#...#", "####.", "#....", "#....", "#...."}},
    {'Q', {".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"}},
    {'R', {"####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"}},
    {'S', {".####", "#....", "#....", ".###.", "....#", "....#", "####."}},
    {'T', {"#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."}},
    {'U', {"#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."}},
    {'V', {"#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."}},
    {'W', {"#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."}},
    {'X', {"#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"}},
    {'Y', {"#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."}},
    {'Z', {"#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"}},
    {'[', {".###.", ".#...", ".#...", ".#...", ".#...", ".#...", ".###."}},
    {'\\', {"#....", "#....", ".#...", "..#..", "...#.", "....#", "....#"}},
    {']', {".###.", "...#.", "...#.", "...#.", "...#.", "...#.", ".###."}},
    {'^', {"..#..", ".#.#.", "#...#", ".....", ".....", ".....", "....."}},
    {'_', {".....", ".....", ".....", ".....", ".....", ".....", "#####"}},
    {'`', {".#...", "..#..", ".....", ".....", ".....", ".....", "....."}},
    {'{', {"...##", "..#..", "..#..", ".#...", "..#..", "..#..", "...##"}},
    {'|', {"..#..", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."}},
    {'}', {"##...", "..#..", "..#..", "...#.", "..#..", "..#..", "##..."}},
    {'~', {".....", ".....", ".#...", "#.#.#", "...#.", ".....", "....."}},
};

#define ATLAS_COLS 16
#define CELL_W (FONT_GLYPH_W + 1)
#define CELL_H (FONT_GLYPH_H + 1)

// Atlas cell of a character: its code - 32 (printable ASCII), lowercase
// folded to uppercase, anything else the box in cell 95.
static int glyph_cell(unsigned char c) {
    if (c >= 'a' && c <= 'z') c = (unsigned char)(c - 'a' + 'A');
    if (c < 32 || c > 126) return 95;
    return c - 32;
}

bool font_init(Font *f, SDL_Renderer *r) {
    f->tex = NULL;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, ATLAS_COLS * CELL_W, 6 * CELL_H, 32,
                                                    SDL_PIXELFORMAT_RGBA32);
    if (!s) {
        log_warn("font: %s", SDL_GetError());
        return false;
    }
    SDL_FillRect(s, NULL, 0);
    Uint32 white = SDL_MapRGBA(s->format, 255, 255, 255, 255);
    for (size_t g = 0; g < sizeof GLYPHS / sizeof GLYPHS[0]; g++) {
        int cell = glyph_cell((unsigned char)GLYPHS[g].c);
        int ox = (cell % ATLAS_COLS) * CELL_W, oy = (cell / ATLAS_COLS) * CELL_H;
        for (int y = 0; y < FONT_GLYPH_H; y++)
            for (int x = 0; x < FONT_GLYPH_W; x++)
                if (GLYPHS[g].rows[y][x] == '#')
                    ((Uint32 *)((Uint8 *)s->pixels + (oy + y) * s->pitch))[ox + x] = white;
    }
    // Cell 95: a hollow box for unknown characters.
    int ox = (95 % ATLAS_COLS) * CELL_W, oy = (95 / ATLAS_COLS) * CELL_H;
    for (int y = 0; y < FONT_GLYPH_H; y++)
        for (int x = 0; x < FONT_GLYPH_W; x++)
            if (y == 0 || y == FONT_GLYPH_H - 1 || x == 0 || x == FONT_GLYPH_W - 1)
                ((Uint32 *)((Uint8 *)s->pixels + (oy + y) * s->pitch))[ox + x] = white;
    f->tex = SDL_CreateTextureFromSurface(r, s);
    SDL_FreeSurface(s);
    if (!f->tex) {
        log_warn("font: %s", SDL_GetError());
        return false;
    }
    SDL_SetTextureBlendMode(f->tex, SDL_BLENDMODE_BLEND);
    // Crisp dots at any scale, whatever the global scale-quality hint says.
    SDL_SetTextureScaleMode(f->tex, SDL_ScaleModeNearest);
    return true;
}

void font_free(Font *f) {
    if (f->tex) SDL_DestroyTexture(f->tex);
    f->tex = NULL;
}

int font_width(const char *text, int scale) {
    int best = 0, cur = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            cur = 0;
            continue;
        }
        cur++;
        if (cur > best) best = cur;
    }
    return best > 0 ? (best * FONT_ADVANCE - 1) * scale : 0;
}

// Where text lands on the output. A 5x7 glyph scaled by SDL's logical-size
// factor (0.47 in a 600 px wide window) loses or doubles dot rows at
// random; so text is drawn in output pixels, each dot a whole number of
// them (dot_px), at the spot the logical position maps to.
typedef struct View {
    bool direct;               // logical px are output px: draw as given
    float s, ox, oy;           // output px per logical px; the picture's origin in output px
    int lw, lh;                // the logical size to restore
} View;

static View view_get(SDL_Renderer *r) {
    View v = {.direct = true, .s = 1.0f};
    SDL_RenderGetLogicalSize(r, &v.lw, &v.lh);
    if (!v.lw || !v.lh) return v;
    float sx, sy;
    SDL_RenderGetScale(r, &sx, &sy);
    if (sx == 1.0f || sx <= 0.0f) return v;
    SDL_Rect vp;
    SDL_RenderGetViewport(r, &vp);
    v.direct = false;
    v.s = sx;
    v.ox = (float)vp.x * sx;
    v.oy = (float)vp.y * sy;
    return v;
}

// The view, with the logical size switched off while text is drawn.
static View view_begin(SDL_Renderer *r) {
    View v = view_get(r);
    if (!v.direct) SDL_RenderSetLogicalSize(r, 0, 0);
    return v;
}

static void view_end(SDL_Renderer *r, const View *v) {
    if (!v->direct) SDL_RenderSetLogicalSize(r, v->lw, v->lh);
}

// Output px per font dot for a logical scale drawn at s output px per
// logical px: scale * s rounded, at least 1.
static int dot_px(int scale, float s) {
    int d = (int)floorf((float)scale * s + 0.5f);
    return d < 1 ? 1 : d;
}

static void place(const View *v, int x, int y, int scale, bool centred, const char *text, int *ox, int *oy, int *dot);

int font_shown_width(SDL_Renderer *r, const char *text, int scale) {
    View v = view_get(r);
    if (v.direct) return font_width(text, scale);
    int ox, oy, dot;
    place(&v, 0, 0, scale, false, text, &ox, &oy, &dot);
    return (int)ceilf((float)(font_width(text, 1) * dot) / v.s);
}

// Glyph rows [row0, row0 + rows) of text with its top-left at output (x, y),
// dot output px per font dot, in the texture's current colour.
static void glyphs(Font *f, SDL_Renderer *r, int x, int y, int dot, const char *text, int row0, int rows) {
    int cx = x, cy = y;
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            cx = x;
            cy += (FONT_GLYPH_H + 3) * dot;
            continue;
        }
        if (*p != ' ') {
            int cell = glyph_cell((unsigned char)*p);
            SDL_Rect src = {(cell % ATLAS_COLS) * CELL_W, (cell / ATLAS_COLS) * CELL_H + row0, FONT_GLYPH_W, rows};
            SDL_Rect dst = {cx, cy + row0 * dot, FONT_GLYPH_W * dot, rows * dot};
            SDL_RenderCopy(r, f->tex, &src, &dst);
        }
        cx += FONT_ADVANCE * dot;
    }
}

static void tint(Font *f, SDL_Color c) {
    SDL_SetTextureColorMod(f->tex, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(f->tex, c.a);
}

// Lines in text and the longest's characters.
static int line_count(const char *text) {
    int n = 1;
    for (const char *p = text; *p; p++) n += *p == '\n';
    return n;
}

// The picture's width in output px (the logical width times the scale).
static int frame_w(const View *v) { return (int)floorf((float)v->lw * v->s + 0.5f); }

// Logical (x, y) or (cx, y) centred, at scale: output position and dot
// size. Scaled, the dot shrinks while the line is wider than the picture
// (less a 2 % margin each side), down to 1.
static void place(const View *v, int x, int y, int scale, bool centred, const char *text, int *ox, int *oy, int *dot) {
    *dot = v->direct ? scale : dot_px(scale, v->s);
    int w = font_width(text, 1) * *dot;
    if (v->direct) {
        *ox = centred ? x - w / 2 : x;
        *oy = y;
        return;
    }
    int room = frame_w(v) * 96 / 100;
    while (*dot > 1 && w > room) w = font_width(text, 1) * --*dot;
    *ox = (int)floorf(v->ox + (float)x * v->s + 0.5f) - (centred ? w / 2 : 0);
    *oy = (int)floorf(v->oy + (float)y * v->s + 0.5f);
}

// The box a text covers (shadow included) into the font's layout log.
static void record(Font *f, int ox, int oy, int dot, int shadow, const char *text) {
    if (!f->log) return;
    int lines = line_count(text);
    SDL_Rect r = {ox, oy, font_width(text, 1) * dot + shadow, ((FONT_GLYPH_H + 3) * lines - 3) * dot + shadow};
    layout_add(f->log, LAYOUT_TEXT, r, text);
}

static void draw(Font *f, SDL_Renderer *r, int x, int y, int scale, SDL_Color c, const char *text, bool centred) {
    if (!f->tex || !text) return;
    View v = view_begin(r);
    int ox, oy, dot;
    place(&v, x, y, scale, centred, text, &ox, &oy, &dot);
    int off = dot > 1 ? dot / 2 : 1;
    tint(f, (SDL_Color){0, 0, 0, (Uint8)(c.a * 3 / 4)});
    glyphs(f, r, ox + off, oy + off, dot, text, 0, FONT_GLYPH_H);
    tint(f, c);
    glyphs(f, r, ox, oy, dot, text, 0, FONT_GLYPH_H);
    record(f, ox, oy, dot, off, text);
    view_end(r, &v);
}

void font_draw(Font *f, SDL_Renderer *r, int x, int y, int scale, SDL_Color c, const char *text) {
    draw(f, r, x, y, scale, c, text, false);
}

void font_draw_centred(Font *f, SDL_Renderer *r, int cx, int y, int scale, SDL_Color c, const char *text) {
    draw(f, r, cx, y, scale, c, text, true);
}

void font_draw_rows(Font *f, SDL_Renderer *r, int cx, int y, int scale, const SDL_Color rows[FONT_GLYPH_H],
                    const char *text) {
    if (!f->tex || !text) return;
    View v = view_begin(r);
    int ox, oy, dot;
    place(&v, cx, y, scale, true, text, &ox, &oy, &dot);
    for (int row = 0; row < FONT_GLYPH_H; row++) {
        tint(f, rows[row]);
        glyphs(f, r, ox, oy, dot, text, row, 1);
    }
    record(f, ox, oy, dot, 0, text);
    view_end(r, &v);
}

// Index just past the item that ends before the last "  " gap ahead of
// the final item (where to cut "... A  B  LAST" to "... A  LAST"), or -1.
static int cut_before_last(const char *t, int *from) {
    const char *last = NULL, *prev = NULL;
    for (const char *p = t; (p = strstr(p, "  ")) != NULL; p += 2) {
        prev = last;
        last = p;
    }
    if (!prev) return -1;
    *from = (int)(last - t);
    return (int)(prev - t);
}

void font_fit(SDL_Renderer *r, char *text, int scale, int max_w) {
    if (font_shown_width(r, text, scale) <= max_w) return;
    char *w = text;
    for (const char *p = text; *p; p++)
        if (!(*p == ' ' && p[1] == ' ' && p[2] == ' ')) *w++ = *p;   // "   " -> "  " (the run's last two stay)
    *w = '\0';
    while (font_shown_width(r, text, scale) > max_w) {
        int from = 0, at = cut_before_last(text, &from);
        if (at < 0) return;
        memmove(text + at, text + from, strlen(text + from) + 1);
    }
}

int font_shown_height(SDL_Renderer *r, const char *text, int scale) {
    View v = view_get(r);
    int ox, oy, dot;
    place(&v, 0, 0, scale, false, text, &ox, &oy, &dot);
    int h = ((FONT_GLYPH_H + 3) * line_count(text) - 3) * dot + (dot > 1 ? dot / 2 : 1);
    return v.direct ? h : (int)ceilf((float)h / v.s);
}
