// bindings.h -- which keyboard keys and pad inputs press each game button
// (left right up down jump fire wiggle lock dash), two slots per button and
// device, with the names settings.txt uses. Pure C, no SDL (unit-tested):
// key codes are USB HID keyboard usage ids, which SDL's scancodes equal;
// devices.c maps pad inputs onto SDL's controller buttons and triggers.
//
// Invariant: a key (or pad input) sits in at most one slot of all buttons,
// so one press never means two buttons; bindings_set keeps it by swapping.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/input.h"

#define BIND_SLOTS 2

typedef enum BindDevice {
    BIND_KEYS = 0,
    BIND_PAD,
    BIND_DEVICES,
} BindDevice;

// Pad inputs, in SDL's controller-button order from PAD_A (devices.c
// checks it), then the two triggers (pressed past DEVICES_TRIGGER).
typedef enum PadInput {
    PAD_NONE = 0,
    PAD_A, PAD_B, PAD_X, PAD_Y,                // south, east, west, north
    PAD_BACK, PAD_GUIDE, PAD_START,
    PAD_LEFTSTICK, PAD_RIGHTSTICK,             // the sticks pressed in
    PAD_LEFTSHOULDER, PAD_RIGHTSHOULDER,
    PAD_DPUP, PAD_DPDOWN, PAD_DPLEFT, PAD_DPRIGHT,
    PAD_LEFTTRIGGER, PAD_RIGHTTRIGGER,
    PAD_INPUT_COUNT,
} PadInput;

typedef struct Bindings {
    uint16_t code[BIND_DEVICES][BTN_COUNT][BIND_SLOTS];   // key code or PadInput; 0: empty
} Bindings;

// The shipped bindings: arrows/WASD, Z/Space jump, X/J fire, Q wiggle,
// C/Left Shift lock, V/Left Ctrl dash; d-pad, A jump, X/right trigger fire,
// left shoulder wiggle, right shoulder lock, B/left trigger dash.
void bindings_default(Bindings *b);
// The code settings.txt names (keys: "Left", "LShift", "KP_5", "Z" ...;
// pads: SDL's names "a", "dpleft", "lefttrigger" ...), case-insensitive;
// 0 when unknown or reserved. Reserved keys (Escape, Backspace, Delete,
// F1-F12) and pad inputs (start, guide) keep their fixed meaning and are
// never bound.
int bindings_parse(BindDevice d, const char *s, size_t len);
// The file name of a code (NULL when it has none) and its menu label
// ("L-SHIFT", "LT"; "---" for an empty slot, "?" for a code with no name).
const char *bindings_name(BindDevice d, int code);
const char *bindings_label(BindDevice d, int code);
// Puts code into button btn's slot (btn: bit index, 0..BTN_COUNT-1). If the
// code was in another slot, that slot gets this slot's old code (a swap;
// possibly empty). Returns the button it was taken from, or -1 when it was
// free (or already in this very slot).
int bindings_set(Bindings *b, BindDevice d, int btn, int slot, int code);
// Empties a slot.
void bindings_clear(Bindings *b, BindDevice d, int btn, int slot);
// The BTN_* bits a code presses (0 when unbound).
uint16_t bindings_buttons(const Bindings *b, BindDevice d, int code);
// True when button btn has no code in any slot of device d.
bool bindings_unbound(const Bindings *b, BindDevice d, int btn);
