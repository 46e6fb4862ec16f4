// creature_slots.h -- CREATURES(X) over the numbered slots that the kinds'
// headers fill (creature.h includes them first, then this). A slot no kind
// fills expands to nothing. Included by creature.h only.
#pragma once

// The slots are 1..CREATURE_SLOT_MAX. A kind's slot is its hash order
// (creature.h). To go past it, raise it and the #error, and add the slots
// to the fillers and both lists below.
#define CREATURE_SLOT_MAX 16
#if defined(CREATURE_SLOT_0) || defined(CREATURE_SLOT_17)
#error "a creature kind's slot must be 1..CREATURE_SLOT_MAX (creature_slots.h)"
#endif

#ifndef CREATURE_SLOT_1
#define CREATURE_SLOT_1(X)
#endif
#ifndef CREATURE_SLOT_2
#define CREATURE_SLOT_2(X)
#endif
#ifndef CREATURE_SLOT_3
#define CREATURE_SLOT_3(X)
#endif
#ifndef CREATURE_SLOT_4
#define CREATURE_SLOT_4(X)
#endif
#ifndef CREATURE_SLOT_5
#define CREATURE_SLOT_5(X)
#endif
#ifndef CREATURE_SLOT_6
#define CREATURE_SLOT_6(X)
#endif
#ifndef CREATURE_SLOT_7
#define CREATURE_SLOT_7(X)
#endif
#ifndef CREATURE_SLOT_8
#define CREATURE_SLOT_8(X)
#endif
#ifndef CREATURE_SLOT_9
#define CREATURE_SLOT_9(X)
#endif
#ifndef CREATURE_SLOT_10
#define CREATURE_SLOT_10(X)
#endif
#ifndef CREATURE_SLOT_11
#define CREATURE_SLOT_11(X)
#endif
#ifndef CREATURE_SLOT_12
#define CREATURE_SLOT_12(X)
#endif
#ifndef CREATURE_SLOT_13
#define CREATURE_SLOT_13(X)
#endif
#ifndef CREATURE_SLOT_14
#define CREATURE_SLOT_14(X)
#endif
#ifndef CREATURE_SLOT_15
#define CREATURE_SLOT_15(X)
#endif
#ifndef CREATURE_SLOT_16
#define CREATURE_SLOT_16(X)
#endif

// Every kind in slot order: X(KIND, prefix, Type) each (creature.h).
#define CREATURES(X)                                                                \
    CREATURE_SLOT_1(X) CREATURE_SLOT_2(X) CREATURE_SLOT_3(X) CREATURE_SLOT_4(X)     \
    CREATURE_SLOT_5(X) CREATURE_SLOT_6(X) CREATURE_SLOT_7(X) CREATURE_SLOT_8(X)     \
    CREATURE_SLOT_9(X) CREATURE_SLOT_10(X) CREATURE_SLOT_11(X) CREATURE_SLOT_12(X)  \
    CREATURE_SLOT_13(X) CREATURE_SLOT_14(X) CREATURE_SLOT_15(X) CREATURE_SLOT_16(X)

// S(n) for every slot number, used or not (test_creatures checks the slots).
#define CREATURE_SLOTS(S)   \
    S(1) S(2) S(3) S(4)     \
    S(5) S(6) S(7) S(8)     \
    S(9) S(10) S(11) S(12)  \
    S(13) S(14) S(15) S(16)
