// devices.h -- keyboard and game controllers (hot-plugged) reduced to the
// sim's Input once per tick, plus menu actions from discrete presses.
#pragma once
#include <SDL.h>
#include <stdbool.h>

#include "sim/input.h"

#define DEVICES_MAX_PADS 4
// Stick dead zone as a fraction of full deflection.
#define DEVICES_DEAD_ZONE 0.35
// Trigger threshold (fire) as a fraction of full pull.
#define DEVICES_TRIGGER 0.4

typedef enum MenuAction {
    MENU_NONE = 0,
    MENU_UP,
    MENU_DOWN,
    MENU_LEFT,
    MENU_RIGHT,
    MENU_OK,                   // jump / Enter / A
    MENU_BACK,                 // Esc / B / Start (pause)
} MenuAction;

typedef struct Devices {
    SDL_GameController *pad[DEVICES_MAX_PADS];
    SDL_JoystickID pad_id[DEVICES_MAX_PADS];
    int pads;
    uint16_t stick_prev;        // last stick directions, for menu edges
    uint16_t latched;           // buttons pressed since the last sample
    uint16_t suppress;          // held buttons ignored until released
} Devices;

// Opens every controller already connected.
void devices_init(Devices *d);
void devices_free(Devices *d);
// Hot-plug: handles SDL_CONTROLLERDEVICEADDED / REMOVED (true: consumed).
// Also latches game-button presses, so a tap shorter than a tick (or one
// pressed and released within one slow frame) still reaches the next tick.
bool devices_event(Devices *d, const SDL_Event *e);
// The buttons held right now: keyboard (arrows/WASD, Z/Space, X/J, Q) and
// every pad (left stick snapped to 8 directions outside the dead zone,
// d-pad, A jump, X or right trigger fire, left shoulder wiggle).
// Clears the latch: call once per tick.
Input devices_sample(Devices *d);
// Ignores every button held right now until it is released, and forgets
// latched presses: the jump that confirmed a menu must not also jump in
// the arena.
void devices_suppress_held(Devices *d);
// Menu meaning of a discrete event (key or pad button down), else MENU_NONE.
MenuAction devices_menu_action(const SDL_Event *e);
// Menu moves from the left stick (edges only); call once per frame.
MenuAction devices_stick_menu(Devices *d);
// Rumbles every pad that can (strength 0..1, for ms milliseconds).
void devices_rumble(Devices *d, double strength, int ms);
// Left stick (x, y) in [-1, 1] snapped to 8 directions: BTN_* bits.
uint16_t devices_stick_dirs(double x, double y);
