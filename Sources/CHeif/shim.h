// libheif: decodes the HEIC photos of the Messages database so pages can show them as JPEG (Debian: libheif-dev).
#include <libheif/heif.h>
