#pragma once
#include <alsa/asoundlib.h>
#include <signal.h>

/* alsa-lib's error handler is variadic, which Swift cannot implement: a no-op one
   here keeps alsa-lib's multi-line error chains off the user's terminal. */
static inline void akl_alsa_silent_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void akl_alsa_silence_errors(void) { snd_lib_error_set_handler(akl_alsa_silent_handler); }

/* Ctrl-C during playback: the handler only sets a flag; the playback loop polls it
   between periods (at most one period, ≤ 50 ms, later) and stops cleanly. */
static volatile sig_atomic_t akl_interrupt_flag = 0;

static inline void akl_on_interrupt(int signal) { (void)signal; akl_interrupt_flag = 1; }

static inline void akl_install_interrupt_handler(void) {
    akl_interrupt_flag = 0;
    signal(SIGINT, akl_on_interrupt);
    signal(SIGTERM, akl_on_interrupt);
    signal(SIGHUP, akl_on_interrupt);
}

static inline int akl_interrupted(void) { return akl_interrupt_flag != 0; }
