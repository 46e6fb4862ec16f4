// app_menu.h -- the menus every screen is made of: a list of items
// (actions, choices and sliders with arrows, rows of binding cells) with
// one layout, so drawing, keyboard and pad moves and mouse hits agree. A
// screen builds its Menu whenever it needs it (menus are small and cheap)
// and acts on what the helpers report. Logical px throughout.
#pragma once
#include <SDL.h>
#include <stdbool.h>

#include "render/render.h"

#define MENU_MAX_ITEMS 24
#define MENU_CELLS 4

typedef enum ItemKind {
    ITEM_ACTION = 0,           // OK does it
    ITEM_CHOICE,               // left/right (OK and a click: the next value) step through values
    ITEM_SLIDER,               // 0..100: left/right, the wheel or the arrows step it
    ITEM_CELLS,                // a row of cells (bindings): left/right pick a cell, OK acts on it
} ItemKind;

typedef struct MenuItem {
    int id;                    // the screen's own meaning
    ItemKind kind;
    char label[64];
    char value[40];            // choice or slider: the value shown between the arrows
    int level;                 // slider: 0..100
    char note[40];             // action: text at the right (a best time), gold
    bool note_faint;           // the note in grey instead (nothing to boast of)
    char cell[MENU_CELLS][16];
    bool warn;                 // the label in the warning colour (a button with no key)
    char hint[100];            // a line shown under the menu while selected; "": none
} MenuItem;

typedef enum MenuStyle {
    MENU_CENTRED = 0,          // each item centred (title, pause, results)
    MENU_WIDE,                 // label left, value or note right (options, practice, controls)
} MenuStyle;

typedef struct Menu {
    MenuItem item[MENU_MAX_ITEMS];
    int n;
    MenuStyle style;
    int cx, y, w, row_h, scale;   // centre x, top, width, row height, text scale
    int cell_x, cell_w;           // ITEM_CELLS: the first cell's left (from the row's left), each cell's width
    int sel, col;                 // the highlighted item and cell
} Menu;

typedef enum MenuHit {
    HIT_NONE = 0,
    HIT_ITEM,                  // the item itself
    HIT_LESS,                  // its left arrow
    HIT_MORE,                  // its right arrow
    HIT_CELL,                  // one of its cells
} MenuHit;

// An empty menu with a layout.
void menu_init(Menu *m, MenuStyle style, int cx, int y, int w, int row_h, int scale);
// Appends an item and returns it to fill in (the last one again when full).
MenuItem *menu_add(Menu *m, int id, ItemKind kind, const char *label);
// Item i's row.
SDL_Rect menu_row(const Menu *m, int i);
// What (x, y) is over: *item and, for cells, *cell (rc: text widths as shown).
MenuHit menu_hit(const Menu *m, RenderCtx *rc, int x, int y, int *item, int *cell);
// Draws the items (the highlight pulses with time_s).
void menu_draw(const Menu *m, RenderCtx *rc, double time_s);
// A rectangle's outline in the draw colour, each side a filled strip at
// least one window pixel thick: SDL's 1 px lines vanish or halve when the
// picture is scaled below 1 (a GL renderer at 800x600 lost panels' tops).
void menu_outline(SDL_Renderer *r, SDL_Rect q);
