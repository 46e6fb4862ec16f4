// app_layout.h -- --layout-check (app_layout.c): every screen at every
// size, its boxes checked.
#pragma once
#include "app/app_local.h"

// 0 when all pass, else 1. dir: where to save the frames, or NULL.
int app_layout_check(App *a, const char *dir);
