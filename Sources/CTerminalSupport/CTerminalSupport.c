#include "CTerminalSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved_settings;
static struct termios raw_settings;
static int terminal_fd = -1;
static int output_fd = -1;
static volatile sig_atomic_t entered = 0;
// Two copies of what entering and leaving write, so that cts_set_sequences can fill one while a
// signal handler (on any thread) may be writing the other: `current` flips only once the new copy
// is complete, and a handler reads it once.
static char enter_bytes[2][256];
static size_t enter_length[2] = {0, 0};
static char leave_bytes[2][256];
static size_t leave_length[2] = {0, 0};
static volatile sig_atomic_t current = 0;
static int signal_pipe[2] = {-1, -1};
static volatile sig_atomic_t quit_requests = 0;

int cts_window_size(int fd, int *columns, int *rows) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *columns = size.ws_col;
  *rows = size.ws_row;
  return 0;
}

// write(2) is async-signal-safe; retry on EINTR and partial writes.
static void write_all(int fd, const char *bytes, size_t length) {
  while (length > 0) {
    ssize_t n = write(fd, bytes, length);
    if (n < 0) {
      if (errno == EINTR) continue;
      return;
    }
    bytes += n;
    length -= (size_t)n;
  }
}

void cts_restore(void) {
  if (!entered) return;
  entered = 0;
  int saved_errno = errno;
  int i = current;
  write_all(output_fd, leave_bytes[i], leave_length[i]);
  tcsetattr(terminal_fd, TCSAFLUSH, &saved_settings);
  errno = saved_errno;
}

void cts_reenter(void) {
  if (terminal_fd < 0) return;
  tcsetattr(terminal_fd, TCSAFLUSH, &raw_settings);
  int i = current;
  write_all(output_fd, enter_bytes[i], enter_length[i]);
  entered = 1;
}

static void copy_sequences(int slot, const char *enter, const char *leave) {
  size_t length = strlen(enter);
  if (length >= sizeof enter_bytes[slot]) length = sizeof enter_bytes[slot] - 1;
  memcpy(enter_bytes[slot], enter, length);
  enter_length[slot] = length;
  length = strlen(leave);
  if (length >= sizeof leave_bytes[slot]) length = sizeof leave_bytes[slot] - 1;
  memcpy(leave_bytes[slot], leave, length);
  leave_length[slot] = length;
}

void cts_set_sequences(const char *enter, const char *leave) {
  int next = 1 - current;
  copy_sequences(next, enter, leave);
  // The copy must be complete before a handler can see it.
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  current = next;
}

// A crash (fatalError, a bad access, abort): put the terminal back, then die of the same signal
// with its default action so that the exit status and any core dump are what they would be.
static void fatal_handler(int sig) {
  cts_restore();
  signal(sig, SIG_DFL);
  raise(sig);
}

// SIGINT, SIGTERM, SIGHUP: ask the run loop to quit in order (the app hears it will terminate).
// A second request while the loop has not quit means it is stuck: restore and die now.
static void quit_handler(int sig) {
  if (quit_requests++ > 0) {
    fatal_handler(sig);
    return;
  }
  int saved_errno = errno;
  unsigned char byte = (unsigned char)sig;
  if (signal_pipe[1] >= 0) (void)!write(signal_pipe[1], &byte, 1);
  errno = saved_errno;
}

// SIGWINCH and SIGCONT only wake the run loop.
static void wake_handler(int sig) {
  int saved_errno = errno;
  unsigned char byte = (unsigned char)sig;
  if (signal_pipe[1] >= 0) (void)!write(signal_pipe[1], &byte, 1);
  errno = saved_errno;
}

// Ctrl-Z is a plain byte in raw mode, but a stop can still come from outside (kill -TSTP):
// restore the terminal for the shell, then stop for real; SIGCONT re-enters.
static void install(int sig, void (*handler)(int));

static void stop_handler(int sig) {
  cts_restore();
  signal(sig, SIG_DFL);
  raise(sig);
  // The signal is blocked while its handler runs: unblock it so that we stop right here.
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  // Resumed (SIGCONT): handle the next stop the same way; the run loop re-enters raw mode.
  install(sig, stop_handler);
}

static void install(int sig, void (*handler)(int)) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(sig, &action, NULL);
}

static void restore_at_exit(void) { cts_restore(); }

int cts_enter(int fd, int out_fd, const char *enter, const char *leave) {
  if (!isatty(fd)) {
    errno = ENOTTY;
    return -1;
  }
  if (tcgetattr(fd, &saved_settings) != 0) return -1;
  raw_settings = saved_settings;
  cfmakeraw(&raw_settings);
  raw_settings.c_cc[VMIN] = 1;
  raw_settings.c_cc[VTIME] = 0;
  cts_set_sequences(enter, leave);
  terminal_fd = fd;
  output_fd = out_fd;

  if (signal_pipe[0] < 0) {
    if (pipe(signal_pipe) != 0) return -1;
    for (int i = 0; i < 2; i++) {
      fcntl(signal_pipe[i], F_SETFL, fcntl(signal_pipe[i], F_GETFL) | O_NONBLOCK);
      fcntl(signal_pipe[i], F_SETFD, FD_CLOEXEC);
    }
    atexit(restore_at_exit);
  }
  install(SIGSEGV, fatal_handler);
  install(SIGBUS, fatal_handler);
  install(SIGILL, fatal_handler);
  install(SIGTRAP, fatal_handler);
  install(SIGFPE, fatal_handler);
  install(SIGABRT, fatal_handler);
  install(SIGINT, quit_handler);
  install(SIGTERM, quit_handler);
  install(SIGHUP, quit_handler);
  install(SIGQUIT, quit_handler);
  install(SIGWINCH, wake_handler);
  install(SIGCONT, wake_handler);
  install(SIGTSTP, stop_handler);
  // Writing to a terminal that went away must not kill us before we restore anything.
  signal(SIGPIPE, SIG_IGN);

  if (tcsetattr(fd, TCSAFLUSH, &raw_settings) != 0) return -1;
  entered = 1;
  int i = current;
  write_all(output_fd, enter_bytes[i], enter_length[i]);
  return 0;
}

int cts_signal_fd(void) { return signal_pipe[0]; }

// The run loop has stopped: nothing reads the signal pipe any more, so the next quit request is
// handled as a second one would be (restore, then die of the signal).
void cts_exit_on_quit_signals(void) { quit_requests = 1; }

void cts_flush_standard_streams(void) {
  fflush(stdout);
  fflush(stderr);
}

void cts_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

// libdispatch's handle for the main queue, the descriptor CoreFoundation's run loop waits on (an
// eventfd on Linux): readable while work is queued on the main queue. Declared weak so that a
// libdispatch without it leaves the pointer null instead of failing to load.
extern int _dispatch_get_main_queue_handle_4CF(void) __attribute__((weak));

int cts_main_queue_fd(void) {
  if (_dispatch_get_main_queue_handle_4CF == NULL) return -1;
  return _dispatch_get_main_queue_handle_4CF();
}

// Defined in Swift (TerminalHost/UIApplicationMain.swift): registers the terminal host as the one
// `@main` on an app delegate runs the app in. UIKit cannot name TerminalHost (it is the layer
// below), and Swift has no load-time initialisers, so this constructor does it when a program
// that links TerminalHost loads, as Objective-C's +load would.
extern void cts_register_uikit_main_host(void);

__attribute__((constructor)) static void cts_register_host_at_load(void) { cts_register_uikit_main_host(); }
