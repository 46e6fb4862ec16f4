// art_tentacle.c -- the tentacle's sprites (placeholder until its issue).
#include "art.h"

bool art_tentacle(const char *assets_dir) { (void)assets_dir; return true; }
