#include "PolygonClipping.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <polyclipping/clipper.hpp>

using namespace ClipperLib;

static Paths paths_of(quire_polygon_set set) {
    Paths paths(set.count);
    size_t at = 0;
    for (size_t k = 0; k < set.count; k++) {
        paths[k].reserve(set.sizes[k]);
        for (size_t i = 0; i < set.sizes[k]; i++, at++) paths[k].push_back(IntPoint(set.xy[2 * at], set.xy[2 * at + 1]));
    }
    return paths;
}

extern "C" int quire_polygons_difference(quire_polygon_set subject, quire_polygon_set clip, quire_polygons *result) {
    *result = quire_polygons{nullptr, nullptr, 0};
    try {
        Clipper clipper;
        clipper.AddPaths(paths_of(subject), ptSubject, true);
        clipper.AddPaths(paths_of(clip), ptClip, true);
        Paths solution;
        if (!clipper.Execute(ctDifference, solution, pftNonZero, pftNonZero)) return -1;
        size_t points = 0;
        for (const Path &path : solution) points += path.size();
        result->xy = static_cast<int64_t *>(std::malloc(sizeof(int64_t) * 2 * (points ? points : 1)));
        result->sizes = static_cast<size_t *>(std::malloc(sizeof(size_t) * (solution.empty() ? 1 : solution.size())));
        if (!result->xy || !result->sizes) {
            quire_polygons_free(result);
            return -1;
        }
        size_t at = 0;
        for (const Path &path : solution) {
            result->sizes[result->count++] = path.size();
            for (const IntPoint &p : path) {
                result->xy[at++] = p.X;
                result->xy[at++] = p.Y;
            }
        }
        return 0;
    } catch (...) {
        quire_polygons_free(result);
        return -1;
    }
}

extern "C" void quire_polygons_free(quire_polygons *polygons) {
    std::free(polygons->xy);
    std::free(polygons->sizes);
    *polygons = quire_polygons{nullptr, nullptr, 0};
}
