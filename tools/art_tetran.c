// art_tetran.c -- the tetran's sprites (placeholder until its issue).
#include "art.h"

bool art_tetran(const char *assets_dir) { (void)assets_dir; return true; }
