// app_draw.h -- the pictures of the app's screens (app_draw.c): the menus
// over their backdrop, the fight with its card, pause and results, and the
// frame around them (tuning messages, toast, F12's screenshot).
#pragma once
#include "app/app_local.h"

// Draws the top screen and presents it.
void app_draw_frame(App *a);
// Each screen's picture (their ScreenClass's draw).
void app_draw_title(App *a);
void app_draw_practice(App *a);
void app_draw_options(App *a);
void app_draw_controls(App *a);
void app_draw_replays(App *a);
// The arena with the ghost, and the card, prompts, pause or results over it.
void app_draw_play(App *a);
