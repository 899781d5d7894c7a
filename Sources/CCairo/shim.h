// cairo (writing PDF, SVG and drawing vectors) and poppler-glib (reading and rendering PDFs) for Swift,
// in one module: poppler's glib API draws onto cairo contexts, so both must see one cairo. Only the
// QuirePDF target imports this; no cairo or poppler type goes past it.
#ifndef QUIRE_CCAIRO_SHIM_H
#define QUIRE_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <poppler.h>
#endif
