#include "CSQLiteClose.h"
#include <sqlite3.h>

int quire_sqlite_skip_checkpoint_on_close(void *connection) {
    int now = 0;
    return sqlite3_db_config((sqlite3 *)connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &now);
}
