// input.h -- the sim's only input: one small command per tick (like DOOM's
// ticcmd). Devices, scripts and replays all reduce to this.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "core/fields.h"

enum {
    BTN_LEFT = 1 << 0,
    BTN_RIGHT = 1 << 1,
    BTN_UP = 1 << 2,
    BTN_DOWN = 1 << 3,
    BTN_JUMP = 1 << 4,
    BTN_FIRE = 1 << 5,
    BTN_WIGGLE = 1 << 6,
    BTN_LOCK = 1 << 7,         // hold: stay in place and aim with the directions
    BTN_DASH = 1 << 8,
};
#define BTN_COUNT 9

// Its state in hash order (core/fields.h).
#define INPUT_FIELDS(X) X(VAL, uint16_t, buttons, "BTN_* bits held during this tick")
typedef struct Input {
    FIELDS_MEMBERS(INPUT_FIELDS)
} Input;
static inline FIELDS_HASH_FN(void input_hash, Input, INPUT_FIELDS)

// Script names: left right up down jump fire wiggle lock dash (index = bit
// number).
const char *input_button_name(int bit);
// The BTN_* bit for a name, or 0 when unknown.
int input_button_parse(const char *s, size_t len);
