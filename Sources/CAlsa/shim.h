#pragma once
#include <alsa/asoundlib.h>

/* alsa-lib's error handler is variadic, which Swift cannot implement: a no-op one
   here keeps alsa-lib's multi-line error chains off the user's terminal. */
static inline void akl_alsa_silent_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void akl_alsa_silence_errors(void) { snd_lib_error_set_handler(akl_alsa_silent_handler); }
