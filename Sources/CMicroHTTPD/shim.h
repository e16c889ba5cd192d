// GNU libmicrohttpd: the HTTP server behind `scrollback serve` (Debian: libmicrohttpd-dev).
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// Swift cannot call C's variadic functions: these two wrap the calls the server makes.

/// The socket of `connection`, or -1.
static inline int scrollback_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// Starts `connection`'s idle timeout of `seconds` again from now: a timeout set after none
/// restarts the timer (microhttpd.h, MHD_CONNECTION_OPTION_TIMEOUT).
static inline void scrollback_restart_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, 0u);
    MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}
