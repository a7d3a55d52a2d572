#ifndef CEDITLINE_SHIM_H
#define CEDITLINE_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <locale.h>
#include <editline/readline.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/*
 * libedit's readline-compatible API exposes its configuration as mutable C globals,
 * which Swift 6 treats as unsafe shared state. These shims keep every global access
 * on the C side, behind plain functions.
 */

/// Sets the completion callback used for the Tab key (NULL restores filename completion).
static inline void flyfun_set_completion(rl_completion_func_t *fn) {
    rl_attempted_completion_function = fn;
}

/// Sets the characters that separate words for completion.
static inline void flyfun_set_word_breaks(const char *breaks) {
    rl_basic_word_break_characters = (char *)breaks;
}

/// Stops readline from falling back to filename completion when we offer nothing.
static inline void flyfun_disable_default_completion(void) {
    rl_attempted_completion_over = 1;
}

/// The current line buffer (for context-aware completion).
static inline const char *flyfun_line_buffer(void) { return rl_line_buffer; }

/// Sets the program name used for ~/.editrc sections.
static inline void flyfun_set_readline_name(const char *name) { rl_readline_name = (char *)name; }

/// Clears the line being edited (used after Ctrl-C).
static inline void flyfun_clear_line(void) {
    rl_replace_line("", 0);
    rl_point = 0;
    rl_end = 0;
}

/// Honour the user's locale so non-ASCII input such as "Zürich" is read as UTF-8; when the
/// environment names no UTF-8 locale (CI, containers), fall back to C.UTF-8 for characters.
static inline void flyfun_set_locale(void) {
    setlocale(LC_ALL, "");
    const char *ctype = setlocale(LC_CTYPE, NULL);
    if (ctype == NULL || (strstr(ctype, "UTF-8") == NULL && strstr(ctype, "utf8") == NULL)) {
        setlocale(LC_CTYPE, "C.UTF-8");
    }
}

/// Set by the Ctrl-C handler; read (and cleared) after readline returns.
static volatile sig_atomic_t flyfun_interrupted = 0;

/// Ctrl-C while editing: only note it. libedit then abandons the line and readline returns
/// NULL; the caller sees the flag, drops the line and prompts again instead of exiting.
static void flyfun_sigint_handler(int sig) {
    (void)sig;
    flyfun_interrupted = 1;
}

/// 1 when Ctrl-C was pressed since the last call.
static inline int flyfun_take_interrupt(void) {
    int was = flyfun_interrupted;
    flyfun_interrupted = 0;
    return was;
}

/// Installs the Ctrl-C handler (without SA_RESTART so a blocked read returns).
static inline void flyfun_install_sigint(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = flyfun_sigint_handler;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

#endif
