#include "CMemoryRelease.h"
#include <malloc.h>

int quire_release_free_memory(void) {
    return malloc_trim(0);
}
