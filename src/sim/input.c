// input.c -- button names shared by scripts, replays and the recorder.
#include "sim/input.h"

#include <string.h>

static const char *const names[BTN_COUNT] = {"left", "right", "up", "down", "jump", "fire", "wiggle", "lock", "dash"};

const char *input_button_name(int bit) { return bit >= 0 && bit < BTN_COUNT ? names[bit] : "?"; }

int input_button_parse(const char *s, size_t len) {
    for (int i = 0; i < BTN_COUNT; i++)
        if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0) return 1 << i;
    return 0;
}
