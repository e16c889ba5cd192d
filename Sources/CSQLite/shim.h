// SQLite: reads the Messages database (chat.db, an iPhone backup's sms.db) read-only (Debian: libsqlite3-dev).
#include <sqlite3.h>
