// devices.c -- keyboard + game controller state -> Input bits through the
// bindings, hot-plug, menu actions and rebinding capture. Sampling reads
// current state (no event queue), so the tick sees what is held at that
// instant: no added lag.
#include "platform/devices.h"

#include <math.h>

#include "core/log.h"

// PadInput follows SDL's controller-button order from PAD_A.
_Static_assert(PAD_A == SDL_CONTROLLER_BUTTON_A + 1 && PAD_DPRIGHT == SDL_CONTROLLER_BUTTON_DPAD_RIGHT + 1,
               "PadInput must follow SDL_GameControllerButton");

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

void devices_init(Devices *d, const Bindings *bind) {
    SDL_memset(d, 0, sizeof *d);
    d->bind = bind;
    for (int i = 0; i < SDL_NumJoysticks(); i++) pad_open(d, i);
}

void devices_free(Devices *d) {
    for (int i = 0; i < d->pads; i++) SDL_GameControllerClose(d->pad[i]);
    d->pads = 0;
}

static double axis(SDL_GameController *c, SDL_GameControllerAxis a) {
    return SDL_GameControllerGetAxis(c, a) / 32767.0;
}

// A pad button's PadInput (PAD_NONE for buttons beyond the d-pad).
static int pad_code(Uint8 button) {
    return button <= SDL_CONTROLLER_BUTTON_DPAD_RIGHT ? PAD_A + button : PAD_NONE;
}

// A trigger pulled past the threshold as a PadInput, else PAD_NONE.
static int trigger_code(const SDL_ControllerAxisEvent *a) {
    if (a->value / 32767.0 <= DEVICES_TRIGGER) return PAD_NONE;
    if (a->axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT) return PAD_LEFTTRIGGER;
    if (a->axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT) return PAD_RIGHTTRIGGER;
    return PAD_NONE;
}

static bool pad_down(SDL_GameController *c, int code) {
    if (code == PAD_LEFTTRIGGER) return axis(c, SDL_CONTROLLER_AXIS_TRIGGERLEFT) > DEVICES_TRIGGER;
    if (code == PAD_RIGHTTRIGGER) return axis(c, SDL_CONTROLLER_AXIS_TRIGGERRIGHT) > DEVICES_TRIGGER;
    return code >= PAD_A && code <= PAD_DPRIGHT &&
           SDL_GameControllerGetButton(c, (SDL_GameControllerButton)(code - PAD_A));
}

bool devices_event(Devices *d, const SDL_Event *e) {
    if (e->type == SDL_KEYDOWN && !e->key.repeat)
        d->latched |= bindings_buttons(d->bind, BIND_KEYS, e->key.keysym.scancode);
    if (e->type == SDL_CONTROLLERBUTTONDOWN) d->latched |= bindings_buttons(d->bind, BIND_PAD, pad_code(e->cbutton.button));
    if (e->type == SDL_CONTROLLERAXISMOTION) d->latched |= bindings_buttons(d->bind, BIND_PAD, trigger_code(&e->caxis));
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

static uint16_t held(const Devices *d) {
    const Uint8 *k = SDL_GetKeyboardState(NULL);
    const Bindings *b = d->bind;
    uint16_t m = 0;
    for (int btn = 0; btn < BTN_COUNT; btn++)
        for (int s = 0; s < BIND_SLOTS; s++) {
            int code = b->code[BIND_KEYS][btn][s];
            if (code > 0 && code < SDL_NUM_SCANCODES && k[code]) m |= (uint16_t)(1u << btn);
        }
    for (int i = 0; i < d->pads; i++) {
        SDL_GameController *c = d->pad[i];
        m |= devices_stick_dirs(axis(c, SDL_CONTROLLER_AXIS_LEFTX), axis(c, SDL_CONTROLLER_AXIS_LEFTY));
        for (int btn = 0; btn < BTN_COUNT; btn++)
            for (int s = 0; s < BIND_SLOTS; s++)
                if (pad_down(c, b->code[BIND_PAD][btn][s])) m |= (uint16_t)(1u << btn);
    }
    return m;
}

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

// The menu move a set of bound buttons means (directions and jump).
static MenuAction bound_action(uint16_t m) {
    if (m & BTN_UP) return MENU_UP;
    if (m & BTN_DOWN) return MENU_DOWN;
    if (m & BTN_LEFT) return MENU_LEFT;
    if (m & BTN_RIGHT) return MENU_RIGHT;
    if (m & BTN_JUMP) return MENU_OK;
    return MENU_NONE;
}

MenuAction devices_menu_action(const Devices *d, const SDL_Event *e) {
    if (e->type == SDL_KEYDOWN) {
        SDL_Scancode k = e->key.keysym.scancode;
        MenuAction m = MENU_NONE;
        switch (k) {
        case SDL_SCANCODE_UP: m = MENU_UP; break;
        case SDL_SCANCODE_DOWN: m = MENU_DOWN; break;
        case SDL_SCANCODE_LEFT: m = MENU_LEFT; break;
        case SDL_SCANCODE_RIGHT: m = MENU_RIGHT; break;
        case SDL_SCANCODE_KP_ENTER: m = MENU_OK; break;
        case SDL_SCANCODE_RETURN: m = (e->key.keysym.mod & KMOD_ALT) ? MENU_NONE : MENU_OK; break;
        case SDL_SCANCODE_ESCAPE: case SDL_SCANCODE_BACKSPACE: m = MENU_BACK; break;
        default: m = bound_action(bindings_buttons(d->bind, BIND_KEYS, k)); break;
        }
        // Held keys repeat for moves (long lists, sliders), never for OK or back.
        if (e->key.repeat && m != MENU_UP && m != MENU_DOWN && m != MENU_LEFT && m != MENU_RIGHT) return MENU_NONE;
        return m;
    }
    if (e->type == SDL_CONTROLLERBUTTONDOWN) {
        Uint8 b = e->cbutton.button;
        MenuAction m = bound_action(bindings_buttons(d->bind, BIND_PAD, pad_code(b)));
        if (m != MENU_NONE) return m;
        switch (b) {
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

DevicesCapture devices_capture(const SDL_Event *e, BindDevice dev, int *code) {
    *code = 0;
    if (e->type == SDL_KEYDOWN && !e->key.repeat) {
        SDL_Scancode k = e->key.keysym.scancode;
        if (k == SDL_SCANCODE_ESCAPE) return CAPTURE_CANCEL;
        if (k == SDL_SCANCODE_BACKSPACE || k == SDL_SCANCODE_DELETE) return CAPTURE_CLEAR;
        if (dev != BIND_KEYS) return CAPTURE_NONE;
        *code = (int)k;
        return bindings_name(BIND_KEYS, *code) ? CAPTURE_CODE : CAPTURE_RESERVED;
    }
    if (dev != BIND_PAD) return CAPTURE_NONE;
    if (e->type == SDL_CONTROLLERBUTTONDOWN) {
        if (e->cbutton.button == SDL_CONTROLLER_BUTTON_START) return CAPTURE_CANCEL;
        *code = pad_code(e->cbutton.button);
        return bindings_name(BIND_PAD, *code) ? CAPTURE_CODE : CAPTURE_RESERVED;
    }
    if (e->type == SDL_CONTROLLERAXISMOTION && trigger_code(&e->caxis)) {
        *code = trigger_code(&e->caxis);
        return CAPTURE_CODE;
    }
    return CAPTURE_NONE;
}
