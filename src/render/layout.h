// layout.h -- the boxes a frame draws, in output pixels, for the layout
// check (bossrush --layout-check, tests/layout.sh): every text line, every
// panel, the HUD's pieces and each boss's body. Nothing is recorded unless
// a log is attached (rc->font.log); drawing never reads it.
#pragma once
#include <SDL.h>
#include <stdbool.h>

#define LAYOUT_MAX 512

typedef enum LayoutKind {
    LAYOUT_TEXT = 0,           // a line (or block) of text as drawn
    LAYOUT_PANEL,              // a framed or filled box text sits in
    LAYOUT_HUD,                // a HUD piece: hearts, the boss bar, the arena name
    LAYOUT_BOSS,               // a boss's body on screen
} LayoutKind;

typedef struct LayoutBox {
    SDL_Rect r;                // output px
    LayoutKind kind;
    char what[48];             // the text's start, or what the box is
} LayoutBox;

typedef struct LayoutLog {
    LayoutBox box[LAYOUT_MAX];
    int n;
    int dropped;               // boxes past LAYOUT_MAX
} LayoutLog;

// Adds a box in output px (log may be NULL: nothing happens).
void layout_add(LayoutLog *log, LayoutKind kind, SDL_Rect out_px, const char *what);
// Adds a box given in the renderer's logical px (mapped to output px as
// the renderer's scale and viewport map it).
void layout_add_logical(LayoutLog *log, SDL_Renderer *r, LayoutKind kind, SDL_Rect logical, const char *what);
// The renderer's picture (its viewport) in output px: where boxes must lie.
SDL_Rect layout_frame(SDL_Renderer *r);
