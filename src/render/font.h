// font.h -- the built-in 5x7 bitmap font (all caps; lowercase maps to
// uppercase), baked into one texture at start-up. No SDL_ttf. Positions
// and scales are logical px; when the renderer scales its logical size to
// the window, text is drawn in the window's own pixels with whole-pixel
// dots (the scale times the window's, rounded, at least 1), so it stays
// crisp at any window size. A line that would not fit the picture's width
// at that size is drawn with smaller dots (down to 1 output px) so it fits.
#pragma once
#include <SDL.h>
#include <stdbool.h>

#define FONT_GLYPH_W 5
#define FONT_GLYPH_H 7
#define FONT_ADVANCE 6         // glyph width + 1 px spacing, before scaling

struct LayoutLog;

typedef struct Font {
    SDL_Texture *tex;          // white glyphs on transparent, 16 columns
    struct LayoutLog *log;     // when set, every line drawn is recorded there (render/layout.h)
} Font;

// Bakes the glyph atlas for r. False (with a warning) on failure; drawing
// with an uninitialised font then does nothing.
bool font_init(Font *f, SDL_Renderer *r);
void font_free(Font *f);
// Width in px of text at scale (integer pixel size of one glyph dot).
int font_width(const char *text, int scale);
// Draws text with its top-left at (x, y); '\n' starts a new line. A 1-dot
// dark shadow keeps it readable on any background.
void font_draw(Font *f, SDL_Renderer *r, int x, int y, int scale, SDL_Color c, const char *text);
// Same as font_draw, centred horizontally on cx.
void font_draw_centred(Font *f, SDL_Renderer *r, int cx, int y, int scale, SDL_Color c, const char *text);
// Centred on cx, each of the 7 dot rows in its own colour (gradients), no shadow.
void font_draw_rows(Font *f, SDL_Renderer *r, int cx, int y, int scale, const SDL_Color rows[FONT_GLYPH_H],
                    const char *text);
// Makes a line of "ITEM  ITEM  ITEM" key help fit max_w logical px as
// shown on r now: runs of spaces shrink to two, then the items before the
// last are dropped from the end, one by one, until it fits (at least the
// first and the last stay). Changes text in place.
void font_fit(SDL_Renderer *r, char *text, int scale, int max_w);
// The logical height text covers on r now, its shadow included.
int font_shown_height(SDL_Renderer *r, const char *text, int scale);
// The logical width text really covers on r now (font_width changed by
// the whole-pixel dots): what layouts measure, so nothing overlaps.
int font_shown_width(SDL_Renderer *r, const char *text, int scale);

