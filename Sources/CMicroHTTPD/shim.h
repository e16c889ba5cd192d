// GNU libmicrohttpd: the HTTP server behind `scrollback serve` (Debian: libmicrohttpd-dev).
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
