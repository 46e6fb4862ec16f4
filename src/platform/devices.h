// devices.h -- keyboard and game controllers (hot-plugged) reduced to the
// sim's Input once per tick through the user's bindings (bindings.h), plus
// menu actions from discrete presses and the capture of a key or pad input
// for rebinding.
#pragma once
#include <SDL.h>
#include <stdbool.h>

#include "platform/bindings.h"
#include "sim/input.h"

#define DEVICES_MAX_PADS 4
// Stick dead zone as a fraction of full deflection.
#define DEVICES_DEAD_ZONE 0.35
// Trigger threshold as a fraction of full pull.
#define DEVICES_TRIGGER 0.4

typedef enum MenuAction {
    MENU_NONE = 0,
    MENU_UP,
    MENU_DOWN,
    MENU_LEFT,
    MENU_RIGHT,
    MENU_OK,                   // Enter, the jump keys, pad A
    MENU_BACK,                 // Esc, Backspace, pad B or Start
} MenuAction;

typedef struct Devices {
    SDL_GameController *pad[DEVICES_MAX_PADS];
    SDL_JoystickID pad_id[DEVICES_MAX_PADS];
    int pads;
    const Bindings *bind;       // the user's bindings (owned by the settings)
    uint16_t stick_prev;        // last stick directions, for menu edges
    uint16_t latched;           // buttons pressed since the last sample
    uint16_t suppress;          // held buttons ignored until released
} Devices;

// Opens every controller already connected; bind is read on every sample.
void devices_init(Devices *d, const Bindings *bind);
void devices_free(Devices *d);
// Hot-plug: handles SDL_CONTROLLERDEVICEADDED / REMOVED (true: consumed).
// Also latches game-button presses, so a tap shorter than a tick (or one
// pressed and released within one slow frame) still reaches the next tick.
bool devices_event(Devices *d, const SDL_Event *e);
// The buttons held right now: every bound key and pad input, and every
// pad's left stick (snapped to 8 directions outside the dead zone; always
// the directions). Opposite directions cancel. Clears the latch: call once
// per tick.
Input devices_sample(Devices *d);
// Ignores every button held right now until it is released, and forgets
// latched presses: the jump that confirmed a menu must not also jump in
// the arena.
void devices_suppress_held(Devices *d);
// Menu meaning of a discrete event, else MENU_NONE. Fixed, whatever the
// bindings: arrows, Enter, Esc and Backspace; d-pad, A, B and Start. Also
// the keys and pad inputs bound to the directions (move) and to jump (OK;
// before B's back, when B is bound to jump). Held arrows and direction
// keys repeat.
MenuAction devices_menu_action(const Devices *d, const SDL_Event *e);
// Menu moves from the left stick (edges only); call once per frame.
MenuAction devices_stick_menu(Devices *d);
// Rumbles every pad that can (strength 0..1, for ms milliseconds).
void devices_rumble(Devices *d, double strength, int ms);
// Left stick (x, y) in [-1, 1] snapped to 8 directions: BTN_* bits.
uint16_t devices_stick_dirs(double x, double y);

typedef enum DevicesCapture {
    CAPTURE_NONE = 0,          // not a press of that device: keep waiting
    CAPTURE_CODE,              // *code is the key or pad input pressed
    CAPTURE_CANCEL,            // Esc or Start: leave the slot as it is
    CAPTURE_CLEAR,             // Backspace or Delete: empty the slot
    CAPTURE_RESERVED,          // a key or input that cannot be bound (F1-F12, guide ...)
} DevicesCapture;

// Reads an event while the rebinding screen waits for a press of device
// dev (keyboard keys, or pad buttons and triggers).
DevicesCapture devices_capture(const SDL_Event *e, BindDevice dev, int *code);
