// art_whale.c -- the whale's sprites (placeholder until its issue).
#include "art.h"

bool art_whale(const char *assets_dir) { (void)assets_dir; return true; }
