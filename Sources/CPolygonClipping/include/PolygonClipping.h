#ifndef QUIRE_POLYGON_CLIPPING_H
#define QUIRE_POLYGON_CLIPPING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Boolean operations on polygons (Angus Johnson's Clipper, Debian's libpolyclipping): the region
/// `subject` fills less the one `clip` fills, both under the non-zero rule, as polygons that neither
/// cross themselves nor each other. Plain values cross this header, nothing of Clipper's: it is C++ and
/// its exceptions end here.
///
/// A polygon set is `count` polygons whose points lie one after another in `xy` (x, y, x, y, ...),
/// polygon k having `sizes[k]` points. Coordinates are integers within ±2^62.
typedef struct {
    const int64_t *xy;
    const size_t *sizes;
    size_t count;
} quire_polygon_set;

/// The answer: `count` polygons, as above, in memory of its own (`quire_polygons_free`). Outer polygons
/// wind one way and holes the other.
typedef struct {
    int64_t *xy;
    size_t *sizes;
    size_t count;
} quire_polygons;

/// `subject` less `clip` into `result`. Returns 0, or -1 (with `result` empty) when Clipper refuses
/// them (a coordinate out of its range) or runs out of memory.
int quire_polygons_difference(quire_polygon_set subject, quire_polygon_set clip, quire_polygons *result);

void quire_polygons_free(quire_polygons *polygons);

#ifdef __cplusplus
}
#endif

#endif
