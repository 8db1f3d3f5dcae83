// The few terminal facilities Swift cannot reach or should not implement itself: ioctl (a
// variadic C function Swift does not import) and signal handlers, which must be
// async-signal-safe (no allocation, no locks, no Swift runtime), so they live in C.
#ifndef C_TERMINAL_SUPPORT_H
#define C_TERMINAL_SUPPORT_H

#include <stddef.h>

/// Reads the terminal's size in cells. Returns 0 on success, -1 (errno set) on failure.
int cts_window_size(int fd, int *columns, int *rows);

/// Puts the terminal `fd` in raw mode, writes `enter` to `out_fd`, remembers `leave` (at most
/// 255 bytes) and installs the handlers that restore the terminal on signals and at exit.
/// Returns 0 on success, -1 (errno set) when `fd` is not a terminal or cannot be configured.
int cts_enter(int fd, int out_fd, const char *enter, const char *leave);

/// Writes the remembered `leave` bytes and restores the terminal's saved settings. Safe to call
/// more than once and from a signal handler; does nothing when the terminal is not entered.
void cts_restore(void);

/// The read end of a non-blocking pipe the signal handlers write to: one byte per signal, the
/// signal's number (SIGWINCH on resize; SIGINT, SIGTERM, SIGHUP asking the app to quit; SIGCONT
/// after a stop). -1 before `cts_enter`.
int cts_signal_fd(void);

/// From now on SIGINT, SIGTERM, SIGHUP and SIGQUIT restore the terminal and end the process
/// with the signal at once, instead of asking the run loop to quit (call it when the loop has
/// stopped: a request it would never read must not be ignored).
void cts_exit_on_quit_signals(void);

/// Puts the terminal back in raw mode and re-sends `enter` (after SIGCONT: the shell that
/// resumed us may have changed the settings).
void cts_reenter(void);

/// Replaces what entering (`cts_reenter`) and leaving (`cts_restore`, the signal handlers)
/// write, each at most 255 bytes: the host adds its keyboard protocol's push and pop once the
/// terminal said it speaks it. Safe while a signal handler may run on another thread.
void cts_set_sequences(const char *enter, const char *leave);

/// Flushes C's stdout and stderr buffers (Swift's `print` writes through them).
void cts_flush_standard_streams(void);

/// Makes stdout line-buffered (after it was pointed at a pipe, stdio would buffer whole blocks).
void cts_line_buffer_stdout(void);

/// A descriptor that is readable while work waits on the main dispatch queue (blocks, main-actor
/// tasks), so that a run loop that sleeps in poll(2) wakes for it as CoreFoundation's does; -1
/// when this libdispatch does not expose it. Only poll it: the main run loop empties it.
int cts_main_queue_fd(void);

#endif
