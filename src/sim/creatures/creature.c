// creature.c -- what is said of every kind at once, from the descriptors
// (creature_desc.h): the list of kinds for messages.
#include "sim/creatures/creature.h"

#include <stdio.h>

const char *creature_kinds_text(char *buf, size_t n) {
    static const CreatureDesc *(*const descs[])(void) = {
#define KIND_DESC(KIND, prefix, Type) prefix##_desc,
        CREATURES(KIND_DESC)
#undef KIND_DESC
    };
    int count = (int)(sizeof descs / sizeof descs[0]);
    size_t used = (size_t)snprintf(buf, n, "player");
    for (int i = 0; i < count && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i == count - 1 ? " or " : ", ", descs[i]()->name);
    return buf;
}
