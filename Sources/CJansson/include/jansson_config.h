/*
 * Jansson's public configuration, written for this package in place of the one
 * its configure or CMake step would generate (src/jansson_config.h.in, 2.14).
 * Copyright (c) 2010-2016 Petri Lehtinen <petri@digip.org>; MIT, see ../LICENSE.
 */
#ifndef JANSSON_CONFIG_H
#define JANSSON_CONFIG_H

#ifdef __cplusplus
#define JSON_INLINE inline
#else
#define JSON_INLINE inline
#endif

/* long long is there on every platform SwiftPM builds for. */
#define JSON_INTEGER_IS_LONG_LONG 1

/* localeconv() in <locale.h>: Linux (glibc, musl) and Apple platforms. */
#define JSON_HAVE_LOCALECONV 1

/* Reference counts with the compiler's __atomic builtins (clang has them). */
#define JSON_HAVE_ATOMIC_BUILTINS 1
#define JSON_HAVE_SYNC_BUILTINS 1

#define JSON_PARSER_MAX_DEPTH 2048

#endif
