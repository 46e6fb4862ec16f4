// devices.c -- keyboard + game controller state -> Input bits, hot-plug,
// and menu actions. Sampling reads current state (no event queue), so the
// tick sees what is held at that instant: no added lag.
#include "platform/devices.h"

#include <math.h>

#include "core/log.h"

static void pad_open(Devices *d, int index) {
    if (d->pads >= DEVICES_MAX_PADS || !SDL_IsGameController(index)) return;
    SDL_GameController *c = SDL_GameControllerOpen(index);
    if (!c) return;
    SDL_JoystickID id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(c));
    for (int i = 0; i < d->pads; i++)
        if (d->pad_id[i] == id) {
            SDL_GameControllerClose(c);
            return;
        }
    d->pad[d->pads] = c;
    d->pad_id[d->pads] = id;
    d->pads++;
    log_info("controller connected: %s", SDL_GameControllerName(c));
}

void devices_init(Devices *d) {
    SDL_memset(d, 0, sizeof *d);
    for (int i = 0; i < SDL_NumJoysticks(); i++) pad_open(d, i);
}

void devices_free(Devices *d) {
    for (int i = 0; i < d->pads; i++) SDL_GameControllerClose(d->pad[i]);
    d->pads = 0;
}

static uint16_t key_button(SDL_Scancode k) {
    switch (k) {
    case SDL_SCANCODE_LEFT: case SDL_SCANCODE_A: return BTN_LEFT;
    case SDL_SCANCODE_RIGHT: case SDL_SCANCODE_D: return BTN_RIGHT;
    case SDL_SCANCODE_UP: case SDL_SCANCODE_W: return BTN_UP;
    case SDL_SCANCODE_DOWN: case SDL_SCANCODE_S: return BTN_DOWN;
    case SDL_SCANCODE_Z: case SDL_SCANCODE_SPACE: return BTN_JUMP;
    case SDL_SCANCODE_X: case SDL_SCANCODE_J: return BTN_FIRE;
    case SDL_SCANCODE_Q: return BTN_WIGGLE;
    case SDL_SCANCODE_C: case SDL_SCANCODE_LSHIFT: return BTN_LOCK;
    case SDL_SCANCODE_V: case SDL_SCANCODE_LCTRL: return BTN_DASH;
    default: return 0;
    }
}

static uint16_t pad_button(Uint8 b) {
    switch (b) {
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return BTN_LEFT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return BTN_RIGHT;
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return BTN_UP;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return BTN_DOWN;
    case SDL_CONTROLLER_BUTTON_A: return BTN_JUMP;
    case SDL_CONTROLLER_BUTTON_X: return BTN_FIRE;
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return BTN_WIGGLE;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return BTN_LOCK;
    case SDL_CONTROLLER_BUTTON_B: return BTN_DASH;
    default: return 0;
    }
}

bool devices_event(Devices *d, const SDL_Event *e) {
    if (e->type == SDL_KEYDOWN && !e->key.repeat) d->latched |= key_button(e->key.keysym.scancode);
    if (e->type == SDL_CONTROLLERBUTTONDOWN) d->latched |= pad_button(e->cbutton.button);
    if (e->type == SDL_CONTROLLERDEVICEADDED) {
        pad_open(d, e->cdevice.which);
        return true;
    }
    if (e->type == SDL_CONTROLLERDEVICEREMOVED) {
        for (int i = 0; i < d->pads; i++) {
            if (d->pad_id[i] != e->cdevice.which) continue;
            SDL_GameControllerClose(d->pad[i]);
            d->pad[i] = d->pad[d->pads - 1];
            d->pad_id[i] = d->pad_id[d->pads - 1];
            d->pads--;
            log_info("controller removed");
            break;
        }
        return true;
    }
    return false;
}

uint16_t devices_stick_dirs(double x, double y) {
    double m = sqrt(x * x + y * y);
    if (m < DEVICES_DEAD_ZONE) return 0;
    // Octant of the angle: 0 = right, counting clockwise on screen (y down).
    double a = atan2(y, x);
    int oct = (int)floor(a / (M_PI / 4) + 0.5);
    oct = ((oct % 8) + 8) % 8;
    static const uint16_t dirs[8] = {
        BTN_RIGHT, BTN_RIGHT | BTN_DOWN, BTN_DOWN, BTN_DOWN | BTN_LEFT,
        BTN_LEFT,  BTN_LEFT | BTN_UP,    BTN_UP,   BTN_UP | BTN_RIGHT,
    };
    return dirs[oct];
}

static double axis(SDL_GameController *c, SDL_GameControllerAxis a) {
    return SDL_GameControllerGetAxis(c, a) / 32767.0;
}

static uint16_t held(const Devices *d);

void devices_suppress_held(Devices *d) {
    d->latched = 0;
    d->suppress = held(d);
}

Input devices_sample(Devices *d) {
    uint16_t now = held(d);
    d->suppress &= now;
    uint16_t b = (uint16_t)((now | d->latched) & ~d->suppress);
    d->latched = 0;
    // Opposite directions cancel, as on a d-pad that cannot press both.
    if ((b & (BTN_LEFT | BTN_RIGHT)) == (BTN_LEFT | BTN_RIGHT)) b &= (uint16_t)~(BTN_LEFT | BTN_RIGHT);
    if ((b & (BTN_UP | BTN_DOWN)) == (BTN_UP | BTN_DOWN)) b &= (uint16_t)~(BTN_UP | BTN_DOWN);
    return (Input){b};
}

static uint16_t held(const Devices *d) {
    const Uint8 *k = SDL_GetKeyboardState(NULL);
    uint16_t b = 0;
    if (k[SDL_SCANCODE_LEFT] || k[SDL_SCANCODE_A]) b |= BTN_LEFT;
    if (k[SDL_SCANCODE_RIGHT] || k[SDL_SCANCODE_D]) b |= BTN_RIGHT;
    if (k[SDL_SCANCODE_UP] || k[SDL_SCANCODE_W]) b |= BTN_UP;
    if (k[SDL_SCANCODE_DOWN] || k[SDL_SCANCODE_S]) b |= BTN_DOWN;
    if (k[SDL_SCANCODE_Z] || k[SDL_SCANCODE_SPACE]) b |= BTN_JUMP;
    if (k[SDL_SCANCODE_X] || k[SDL_SCANCODE_J]) b |= BTN_FIRE;
    if (k[SDL_SCANCODE_Q]) b |= BTN_WIGGLE;
    if (k[SDL_SCANCODE_C] || k[SDL_SCANCODE_LSHIFT]) b |= BTN_LOCK;
    if (k[SDL_SCANCODE_V] || k[SDL_SCANCODE_LCTRL]) b |= BTN_DASH;
    for (int i = 0; i < d->pads; i++) {
        SDL_GameController *c = d->pad[i];
        b |= devices_stick_dirs(axis(c, SDL_CONTROLLER_AXIS_LEFTX), axis(c, SDL_CONTROLLER_AXIS_LEFTY));
        if (SDL_GameControllerGetButton(c, SDL_CONTROLLER_BUTTON_DPAD_LEFT)) b |= BTN_LEFT;
        if (SDL_GameControllerGetButton(c, SDL_CONTROLLER_BUTTON_DPAD_RIGHT)) b |= BTN_RIGHT;
        if (SDL_GameControllerGetButton(c, SDL_CONTROLLER_BUTTON_DPAD_UP)) b |= BTN_UP;
        if (SDL_GameControllerGetButton(c, SDL_CONTROLLER_BUTTON_DPAD_DOWN)) b |= BTN_DOWN;
        if (SDL_GameControllerGetButton(c, SDL_CONTROLLER_BUTTON_A)) b |= BTN_JUMP;
        if (SDL_GameControllerGetButton(c, SDL_CONTROLLER_BUTTON_X)) b |= BTN_FIRE;
        if (axis(c, SDL_CONTROLLER_AXIS_TRIGGERRIGHT) > DEVICES_TRIGGER) b |= BTN_FIRE;
        if (SDL_GameControllerGetButton(c, SDL_CONTROLLER_BUTTON_LEFTSHOULDER)) b |= BTN_WIGGLE;
        if (SDL_GameControllerGetButton(c, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER)) b |= BTN_LOCK;
        if (SDL_GameControllerGetButton(c, SDL_CONTROLLER_BUTTON_B)) b |= BTN_DASH;
        if (axis(c, SDL_CONTROLLER_AXIS_TRIGGERLEFT) > DEVICES_TRIGGER) b |= BTN_DASH;
    }
    return b;
}

MenuAction devices_menu_action(const SDL_Event *e) {
    if (e->type == SDL_KEYDOWN && !e->key.repeat) {
        switch (e->key.keysym.scancode) {
        case SDL_SCANCODE_UP: case SDL_SCANCODE_W: return MENU_UP;
        case SDL_SCANCODE_DOWN: case SDL_SCANCODE_S: return MENU_DOWN;
        case SDL_SCANCODE_LEFT: case SDL_SCANCODE_A: return MENU_LEFT;
        case SDL_SCANCODE_RIGHT: case SDL_SCANCODE_D: return MENU_RIGHT;
        case SDL_SCANCODE_Z: case SDL_SCANCODE_SPACE: case SDL_SCANCODE_KP_ENTER: return MENU_OK;
        case SDL_SCANCODE_RETURN: return (e->key.keysym.mod & KMOD_ALT) ? MENU_NONE : MENU_OK;
        case SDL_SCANCODE_ESCAPE: return MENU_BACK;
        default: return MENU_NONE;
        }
    }
    if (e->type == SDL_KEYDOWN && e->key.repeat) {
        // Held arrows repeat in menus (volume sliders).
        switch (e->key.keysym.scancode) {
        case SDL_SCANCODE_LEFT: case SDL_SCANCODE_A: return MENU_LEFT;
        case SDL_SCANCODE_RIGHT: case SDL_SCANCODE_D: return MENU_RIGHT;
        default: return MENU_NONE;
        }
    }
    if (e->type == SDL_CONTROLLERBUTTONDOWN) {
        switch (e->cbutton.button) {
        case SDL_CONTROLLER_BUTTON_DPAD_UP: return MENU_UP;
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return MENU_DOWN;
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return MENU_LEFT;
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return MENU_RIGHT;
        case SDL_CONTROLLER_BUTTON_A: return MENU_OK;
        case SDL_CONTROLLER_BUTTON_B: case SDL_CONTROLLER_BUTTON_START: return MENU_BACK;
        default: return MENU_NONE;
        }
    }
    return MENU_NONE;
}

MenuAction devices_stick_menu(Devices *d) {
    uint16_t now = 0;
    for (int i = 0; i < d->pads; i++)
        now |= devices_stick_dirs(axis(d->pad[i], SDL_CONTROLLER_AXIS_LEFTX), axis(d->pad[i], SDL_CONTROLLER_AXIS_LEFTY));
    uint16_t fresh = now & (uint16_t)~d->stick_prev;
    d->stick_prev = now;
    if (fresh & BTN_UP) return MENU_UP;
    if (fresh & BTN_DOWN) return MENU_DOWN;
    if (fresh & BTN_LEFT) return MENU_LEFT;
    if (fresh & BTN_RIGHT) return MENU_RIGHT;
    return MENU_NONE;
}

void devices_rumble(Devices *d, double strength, int ms) {
    if (strength < 0) strength = 0;
    if (strength > 1) strength = 1;
    Uint16 lo = (Uint16)(strength * 65535.0), hi = (Uint16)(strength * 40000.0);
    for (int i = 0; i < d->pads; i++) SDL_GameControllerRumble(d->pad[i], lo, hi, (Uint32)ms);
}
