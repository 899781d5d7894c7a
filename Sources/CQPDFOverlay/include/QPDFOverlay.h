#ifndef QUIRE_QPDF_OVERLAY_H
#define QUIRE_QPDF_OVERLAY_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An export that keeps imported PDF pages as they are (qpdf): the original PDFs are read, each exported
/// page is either one of their pages with a page of Quire's ink PDF (written by cairo) laid over it as a
/// form XObject, or an ink page on its own; the document's outline, links, page labels and metadata come
/// from the original most of the pages come from. Plain values cross this header, nothing of qpdf's: qpdf
/// is C++ and its exceptions end here, as messages. Not safe to use from two threads at once.
typedef struct quire_pdf_overlay quire_pdf_overlay;

quire_pdf_overlay *quire_pdf_overlay_create(void);
void quire_pdf_overlay_destroy(quire_pdf_overlay *overlay);

/// Reads an original PDF from `bytes` (copied: the caller may free them). Returns its index among the
/// sources, or -1 with the reason in `error` (`error_size` bytes, always terminated) when qpdf cannot
/// read it.
int quire_pdf_overlay_add_source(quire_pdf_overlay *overlay, const char *name, const unsigned char *bytes, size_t count,
                                 char *error, size_t error_size);

/// How many pages source `source` has (-1 for no such source).
int quire_pdf_overlay_page_count(const quire_pdf_overlay *overlay, int source);

/// The size in points of page `page` (0-based) of `source` as a viewer shows it: its crop box within its
/// media box, turned by its /Rotate. Returns 0, or -1 when the page's boxes or rotation are unusable.
int quire_pdf_overlay_page_size(quire_pdf_overlay *overlay, int source, int page, double *width, double *height);

/// Appends a page to the export: page `source_page` of `source` with page `ink_page` of the ink PDF laid
/// over it (-1: nothing over it), or with `source` -1, ink page `ink_page` on its own. Pages are written
/// in the order they are added; the same original page may be added more than once.
void quire_pdf_overlay_add_page(quire_pdf_overlay *overlay, int source, int source_page, int ink_page);

/// Writes the export to `output` (not closed): the ink pages are read from the PDF at `ink_path`; `title`
/// (may be NULL) replaces the document's title. Returns 0, or -1 with the reason in `error`. Call once.
int quire_pdf_overlay_write(quire_pdf_overlay *overlay, const char *ink_path, const char *title, FILE *output,
                            char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
