// art_player.c -- the player's sprites (placeholder).
#include "art.h"

bool art_player(const char *assets_dir) { (void)assets_dir; return true; }
