// whale_local.h -- what whale.c (the head: movement, attacks, hits, death)
// and whale_body.c (the body: follow, shudder, self-avoidance, outlines)
// share inside the whale shark.
#pragma once
#include "sim/creatures/whale.h"

// Places the body behind the head (docs/whale.md, "Body"): every segment
// exactly its rest length behind the one ahead, within the bend limit,
// turned by a hit's shudder, kept off the parts ahead of it.
void whale_follow(Whale *c);
