// libzip: reads WhatsApp and Slack exports given as .zip files (Debian: libzip-dev).
#include <zip.h>
