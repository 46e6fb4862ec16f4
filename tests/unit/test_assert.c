// test_assert.c -- core/log.h's ASSERT: in the debug and sanitizer builds
// (BOSSRUSH_ASSERTS: make DEBUG=1, SAN=1) a broken invariant of the
// simulation aborts with its file and line, each one here in a child
// process: a bullet index outside its pool, a bullet or the player at a
// non-finite place, an index drawn from the PRNG below zero, a bullet pool
// counting more than it holds. In the release build ASSERT's condition is
// not even evaluated (compiled out).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "fixtures.h"

#include "core/log.h"
#include "core/rng.h"
#include "sim/bullets.h"
#include "sim/world.h"

static int evaluated;
// Not static: in the release build only ASSERT's unevaluated operand names
// it, which clang would flag as an unneeded internal function.
bool counted_true(void);
bool counted_true(void) {
    evaluated++;
    return true;
}

static void test_checked_only_in_the_checked_builds(void **state) {
    (void)state;
    evaluated = 0;
    ASSERT(counted_true());
#ifdef BOSSRUSH_ASSERTS
    assert_int_equal(evaluated, 1);
#else
    assert_int_equal(evaluated, 0);   // compiled out: not evaluated, no code
#endif
}

#ifdef BOSSRUSH_ASSERTS
// Runs breaks() in a child process; it must die of SIGABRT after saying
// "assertion failed" and naming file on stderr.
static void aborts(void (*breaks)(void), const char *file) {
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        breaks();
        _exit(0);                      // not reached when the ASSERT holds its promise
    }
    close(fd[1]);
    char said[512] = "";
    size_t n = 0;
    ssize_t got;
    while (n < sizeof said - 1 && (got = read(fd[0], said + n, sizeof said - 1 - n)) > 0) n += (size_t)got;
    said[n] = '\0';
    close(fd[0]);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT)
        fail_msg("expected an abort from %s, got status %d (stderr: %s)", file, status, said);
    if (!strstr(said, "assertion failed") || !strstr(said, file)) fail_msg("stderr: %s", said);
}

static void kill_past_the_pool(void) {
    Bullets bs;
    assert_true(bullets_init(&bs, 8));
    bullets_kill(&bs, 8);
}

static void spawn_nowhere(void) {
    Bullets bs;
    assert_true(bullets_init(&bs, 8));
    bullets_spawn(&bs, OWNER_ENEMY, WHO_NONE, v2(NAN, 0), v2(1, 0), 2, 1, 10);
}

static void draw_below_zero(void) {
    Rng r;
    rng_seed(&r, 1);
    rng_below(&r, 0);
}

static void player_nowhere(void) {
    static const char *const rows[] = {"#####", "#...#", "#.P.#", "#####"};
    World *w = fixture_world_rows(rows, 4);
    w->player.pos.x = INFINITY;        // what a broken step would leave
    world_step(w, (Input){0});
}

static void pool_overcounted(void) {
    static const char *const rows[] = {"#####", "#...#", "#.P.#", "#####"};
    World *w = fixture_world_rows(rows, 4);
    world_step(w, (Input){0});
    w->bullets.count = w->bullets.cap + 1;   // a pool that counts more than it holds
    world_step(w, (Input){0});
}

static void test_broken_invariants_abort(void **state) {
    (void)state;
    aborts(kill_past_the_pool, "bullets.c");
    aborts(spawn_nowhere, "bullets.c");
    aborts(draw_below_zero, "rng.c");
    aborts(player_nowhere, "world.c");
    aborts(pool_overcounted, "world.c");
}
#endif

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checked_only_in_the_checked_builds),
#ifdef BOSSRUSH_ASSERTS
        cmocka_unit_test(test_broken_invariants_abort),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
