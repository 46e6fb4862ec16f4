// main.c -- command line -> mode (placeholder).
#include <stdio.h>

#include "app/app.h"

int main(int argc, char **argv) {
    (void)argc; (void)argv;
    return 0;
}
