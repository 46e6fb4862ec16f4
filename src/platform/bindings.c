// bindings.c -- the key and pad-input names, the default bindings and the
// swap that keeps every code in one slot at most.
#include "platform/bindings.h"

#include <string.h>

typedef struct Name {
    uint16_t code;
    const char *name, *label;
} Name;

// Keys by USB HID usage id (= SDL's scancodes). Letters and digits are built
// in key_name(); the rest is this table. Escape (41), Backspace (42),
// Delete (76) and F1-F12 (58-69) are left out on purpose: reserved.
static const Name KEYS[] = {
    {40, "Return", "ENTER"},        {43, "Tab", "TAB"},
    {44, "Space", "SPACE"},         {45, "Minus", "-"},
    {46, "Equals", "="},            {47, "LeftBracket", "["},
    {48, "RightBracket", "]"},      {49, "Backslash", "\\"},
    {51, "Semicolon", ";"},         {52, "Apostrophe", "'"},
    {53, "Grave", "`"},             {54, "Comma", ","},
    {55, "Period", "."},            {56, "Slash", "/"},
    {57, "CapsLock", "CAPS"},       {73, "Insert", "INS"},
    {74, "Home", "HOME"},           {75, "PageUp", "PG UP"},
    {77, "End", "END"},             {78, "PageDown", "PG DN"},
    {79, "Right", "RIGHT"},         {80, "Left", "LEFT"},
    {81, "Down", "DOWN"},           {82, "Up", "UP"},
    {84, "KP_Divide", "KP /"},      {85, "KP_Multiply", "KP *"},
    {86, "KP_Minus", "KP -"},       {87, "KP_Plus", "KP +"},
    {88, "KP_Enter", "KP ENT"},     {89, "KP_1", "KP 1"},
    {90, "KP_2", "KP 2"},           {91, "KP_3", "KP 3"},
    {92, "KP_4", "KP 4"},           {93, "KP_5", "KP 5"},
    {94, "KP_6", "KP 6"},           {95, "KP_7", "KP 7"},
    {96, "KP_8", "KP 8"},           {97, "KP_9", "KP 9"},
    {98, "KP_0", "KP 0"},           {99, "KP_Period", "KP ."},
    {224, "LCtrl", "L-CTRL"},       {225, "LShift", "L-SHIFT"},
    {226, "LAlt", "L-ALT"},         {227, "LGui", "L-GUI"},
    {228, "RCtrl", "R-CTRL"},       {229, "RShift", "R-SHIFT"},
    {230, "RAlt", "R-ALT"},         {231, "RGui", "R-GUI"},
};

// Pad inputs by PadInput; start and guide have no name: reserved.
static const Name PADS[] = {
    {PAD_A, "a", "A"},                         {PAD_B, "b", "B"},
    {PAD_X, "x", "X"},                         {PAD_Y, "y", "Y"},
    {PAD_BACK, "back", "BACK"},                {PAD_LEFTSTICK, "leftstick", "L-STICK"},
    {PAD_RIGHTSTICK, "rightstick", "R-STICK"}, {PAD_LEFTSHOULDER, "leftshoulder", "LB"},
    {PAD_RIGHTSHOULDER, "rightshoulder", "RB"}, {PAD_DPUP, "dpup", "D-UP"},
    {PAD_DPDOWN, "dpdown", "D-DOWN"},          {PAD_DPLEFT, "dpleft", "D-LEFT"},
    {PAD_DPRIGHT, "dpright", "D-RIGHT"},       {PAD_LEFTTRIGGER, "lefttrigger", "LT"},
    {PAD_RIGHTTRIGGER, "righttrigger", "RT"},
};

// "A".."Z" are 4..29, "1".."9" 30..38, "0" 39: one-character names and labels.
static const char *const ALNUM[36] = {
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R",
    "S", "T", "U", "V", "W", "X", "Y", "Z", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0",
};

static const char *alnum_name(int code) { return code >= 4 && code < 4 + 36 ? ALNUM[code - 4] : NULL; }

static const Name *table(BindDevice d, size_t *n) {
    *n = d == BIND_KEYS ? sizeof KEYS / sizeof KEYS[0] : sizeof PADS / sizeof PADS[0];
    return d == BIND_KEYS ? KEYS : PADS;
}

static bool same_word(const char *a, const char *s, size_t len) {
    if (strlen(a) != len) return false;
    for (size_t i = 0; i < len; i++) {
        char x = a[i], y = s[i];
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

int bindings_parse(BindDevice d, const char *s, size_t len) {
    if (d == BIND_KEYS && len == 1) {
        for (int i = 0; i < 36; i++)
            if (same_word(ALNUM[i], s, 1)) return 4 + i;
        return 0;
    }
    size_t n;
    const Name *t = table(d, &n);
    for (size_t i = 0; i < n; i++)
        if (same_word(t[i].name, s, len)) return t[i].code;
    return 0;
}

static const Name *find(BindDevice d, int code) {
    size_t n;
    const Name *t = table(d, &n);
    for (size_t i = 0; i < n; i++)
        if (t[i].code == code) return &t[i];
    return NULL;
}

const char *bindings_name(BindDevice d, int code) {
    if (d == BIND_KEYS && alnum_name(code)) return alnum_name(code);
    const Name *n = find(d, code);
    return n ? n->name : NULL;
}

const char *bindings_label(BindDevice d, int code) {
    if (code == 0) return "---";
    if (d == BIND_KEYS && alnum_name(code)) return alnum_name(code);
    const Name *n = find(d, code);
    return n ? n->label : "?";
}

void bindings_default(Bindings *b) {
    memset(b, 0, sizeof *b);
    // Bit index order: left right up down jump fire wiggle lock dash.
    static const uint16_t keys[BTN_COUNT][BIND_SLOTS] = {
        {80, 4}, {79, 7}, {82, 26}, {81, 22}, {29, 44}, {27, 13}, {20, 0}, {6, 225}, {25, 224},
    };
    static const uint16_t pads[BTN_COUNT][BIND_SLOTS] = {
        {PAD_DPLEFT, 0}, {PAD_DPRIGHT, 0}, {PAD_DPUP, 0}, {PAD_DPDOWN, 0}, {PAD_A, 0},
        {PAD_X, PAD_RIGHTTRIGGER}, {PAD_LEFTSHOULDER, 0}, {PAD_RIGHTSHOULDER, 0}, {PAD_B, PAD_LEFTTRIGGER},
    };
    memcpy(b->code[BIND_KEYS], keys, sizeof keys);
    memcpy(b->code[BIND_PAD], pads, sizeof pads);
}

int bindings_set(Bindings *b, BindDevice d, int btn, int slot, int code) {
    uint16_t *here = &b->code[d][btn][slot];
    if (*here == code) return -1;
    int from = -1;
    for (int i = 0; i < BTN_COUNT && from < 0; i++)
        for (int k = 0; k < BIND_SLOTS; k++)
            if (code && b->code[d][i][k] == code) {
                b->code[d][i][k] = *here;
                from = i;
                break;
            }
    *here = (uint16_t)code;
    return from;
}

void bindings_clear(Bindings *b, BindDevice d, int btn, int slot) { b->code[d][btn][slot] = 0; }

uint16_t bindings_buttons(const Bindings *b, BindDevice d, int code) {
    uint16_t m = 0;
    if (!code) return 0;
    for (int i = 0; i < BTN_COUNT; i++)
        for (int k = 0; k < BIND_SLOTS; k++)
            if (b->code[d][i][k] == code) m |= (uint16_t)(1u << i);
    return m;
}

bool bindings_unbound(const Bindings *b, BindDevice d, int btn) {
    for (int k = 0; k < BIND_SLOTS; k++)
        if (b->code[d][btn][k]) return false;
    return true;
}
