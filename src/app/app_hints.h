// app_hints.h -- the newcomer prompts in play (app_hints.c): an arena
// begins; after each tick of play (learned prompts saved in the
// settings); drawn over the fight.
#pragma once
#include "app/app_local.h"

void app_hints_begin(App *a);
void app_hints_tick(App *a);
void app_hints_draw(App *a);
