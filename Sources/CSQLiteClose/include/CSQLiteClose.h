#ifndef QUIRE_SQLITE_CLOSE_H
#define QUIRE_SQLITE_CLOSE_H

/// Tells the SQLite connection `connection` (an sqlite3 *) not to checkpoint its write-ahead log into the
/// database file when it closes (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE): for a notebook file another program
/// has rewritten in place, where the log's pages would overwrite the newer file. sqlite3_db_config is
/// variadic, which Swift cannot call. Returns SQLite's result code.
int quire_sqlite_skip_checkpoint_on_close(void *connection);

#endif
