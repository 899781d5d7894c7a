// Giving freed heap memory back to the system. glibc keeps memory a program frees in its heap for the
// next allocations, and raises its mmap threshold as large blocks are freed, so that after a burst of
// pictures, texture uploads or strokes (blocks of a few hundred kilobytes, freed in any order) tens of
// megabytes stay resident though nothing uses them. malloc_trim gives back every free page in the
// heap, not only its top; it takes a fraction of a millisecond to a few, so it is called when idle.
#ifndef QUIRE_CMEMORYRELEASE_H
#define QUIRE_CMEMORYRELEASE_H

/// Returns the heap's free pages to the system (glibc's malloc_trim(0)); 1 when some were returned.
int quire_release_free_memory(void);

#endif
