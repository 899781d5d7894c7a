// The C face of qpdf for Quire's PDF export: see QPDFOverlay.h. Everything qpdf throws is caught here and
// becomes a message; nothing of qpdf's leaves this file.

#include "QPDFOverlay.h"

// qpdf 11 asks its users to say they use std::shared_ptr, not its old PointerHolder (4: none of it).
#define POINTERHOLDER_TRANSITION 4

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFOutlineDocumentHelper.hh>
#include <qpdf/QPDFPageLabelDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

/// An original PDF: its bytes (qpdf reads from them in place, so they live as long as it does) and its pages.
struct Source {
    std::string name;
    std::string bytes;
    std::unique_ptr<QPDF> pdf;
    std::vector<QPDFObjectHandle> pages;
};

struct PlannedPage {
    int source;
    int sourcePage;
    int inkPage;
};

void setError(char *error, size_t size, std::string const &message) {
    if (!error || size == 0) return;
    size_t count = std::min(size - 1, message.size());
    std::memcpy(error, message.data(), count);
    error[count] = 0;
}

/// The part of a page a viewer shows, in the page's own (unrotated) space: its crop box within its media
/// box. False when the boxes are missing, absurd or do not overlap.
bool shownBox(QPDFObjectHandle page, QPDFObjectHandle::Rectangle &shown) {
    QPDFPageObjectHelper helper(page);
    QPDFObjectHandle media = helper.getMediaBox();
    if (!media.isRectangle()) return false;
    auto normalized = [](QPDFObjectHandle::Rectangle r) {
        return QPDFObjectHandle::Rectangle(std::min(r.llx, r.urx), std::min(r.lly, r.ury), std::max(r.llx, r.urx),
                                           std::max(r.lly, r.ury));
    };
    QPDFObjectHandle::Rectangle box = normalized(media.getArrayAsRectangle());
    QPDFObjectHandle crop = helper.getCropBox();
    if (crop.isRectangle()) {
        QPDFObjectHandle::Rectangle c = normalized(crop.getArrayAsRectangle());
        box = QPDFObjectHandle::Rectangle(std::max(box.llx, c.llx), std::max(box.lly, c.lly), std::min(box.urx, c.urx),
                                          std::min(box.ury, c.ury));
    }
    for (double value : {box.llx, box.lly, box.urx, box.ury}) {
        if (!std::isfinite(value)) return false;
    }
    if (box.urx - box.llx < 1 || box.ury - box.lly < 1) return false;
    shown = box;
    return true;
}

/// The page's /Rotate as 0, 90, 180 or 270; -1 when it is not a multiple of 90.
int rotation(QPDFObjectHandle page) {
    QPDFObjectHandle rotate = page.getKey("/Rotate");
    if (!rotate.isInteger()) return 0;
    long long degrees = rotate.getIntValue();
    if (degrees % 90 != 0) return -1;
    return int(((degrees % 360) + 360) % 360);
}

bool isLink(QPDFObjectHandle annotation) {
    return annotation.isDictionary() && annotation.getKey("/Subtype").isNameAndEquals("/Link");
}

/// Gives `page` a new /Annots of the annotations `drop` does not pick (the array may be shared with
/// another page, so it is not changed in place); nothing changes when `drop` picks none.
template <typename Drop> void dropAnnotations(QPDFObjectHandle page, Drop drop) {
    QPDFObjectHandle annotations = page.getKey("/Annots");
    if (!annotations.isArray()) return;
    std::vector<QPDFObjectHandle> kept;
    int count = annotations.getArrayNItems();
    for (int index = 0; index < count; ++index) {
        QPDFObjectHandle annotation = annotations.getArrayItem(index);
        if (!drop(annotation)) kept.push_back(annotation);
    }
    if (kept.size() != size_t(count)) page.replaceKey("/Annots", QPDFObjectHandle::newArray(kept));
}

/// Which outline items and link annotations lead to pages the export leaves out.
class DeadTargets {
  public:
    DeadTargets(QPDF &pdf, std::set<QPDFObjGen> const &removed) : outlines(pdf), removed(removed) {}

    /// Whether `item` (an outline item or a link annotation) goes to a page of this document that is left out.
    bool dead(QPDFObjectHandle item) {
        QPDFObjectHandle destination = item.getKey("/Dest");
        if (destination.isNull()) {
            QPDFObjectHandle action = item.getKey("/A");
            if (!action.isDictionary() || !action.getKey("/S").isNameAndEquals("/GoTo")) return false;
            destination = action.getKey("/D");
        }
        if (destination.isName() || destination.isString()) destination = outlines.resolveNamedDest(destination);
        if (destination.isDictionary()) destination = destination.getKey("/D");
        if (!destination.isArray() || destination.getArrayNItems() == 0) return false;
        QPDFObjectHandle page = destination.getArrayItem(0);
        return page.isIndirect() && removed.count(page.getObjGen()) > 0;
    }

    /// Drops the link annotations of `page` that lead to a page left out.
    void pruneLinks(QPDFObjectHandle page) {
        dropAnnotations(page, [this](QPDFObjectHandle annotation) { return isLink(annotation) && dead(annotation); });
    }

    /// Drops the outline's items that lead to a page left out (an item with children left keeps its title
    /// and goes nowhere), relinking what stays and recounting it.
    void pruneOutline(QPDFObjectHandle catalog) {
        QPDFObjectHandle root = catalog.getKey("/Outlines");
        if (!root.isDictionary()) return;
        int shown = prune(root, 0);
        if (!root.hasKey("/First")) {
            catalog.removeKey("/Outlines");
        } else {
            root.replaceKey("/Count", QPDFObjectHandle::newInteger(shown));
        }
    }

  private:
    QPDFOutlineDocumentHelper outlines;
    std::set<QPDFObjGen> const &removed;
    std::set<QPDFObjGen> visited;
    /// Bounds for a damaged or hostile outline: as deep and as many items as no real document has.
    static constexpr int maximumDepth = 64;
    size_t items = 0;
    static constexpr size_t maximumItems = 1000000;

    /// Prunes the children of `parent` and returns how many items below it show when it is open.
    int prune(QPDFObjectHandle parent, int depth) {
        std::vector<QPDFObjectHandle> kept;
        std::vector<int> below;
        QPDFObjectHandle child = parent.getKey("/First");
        while (child.isDictionary() && depth < maximumDepth && ++items <= maximumItems) {
            if (child.isIndirect() && !visited.insert(child.getObjGen()).second) break;
            QPDFObjectHandle next = child.getKey("/Next");
            int shownBelow = prune(child, depth + 1);
            bool hasChildren = child.hasKey("/First");
            if (dead(child)) {
                if (!hasChildren) {
                    child = next;
                    continue;
                }
                child.removeKey("/Dest");
                child.removeKey("/A");
            }
            kept.push_back(child);
            below.push_back(shownBelow);
            child = next;
        }
        int shown = 0;
        for (size_t index = 0; index < kept.size(); ++index) {
            QPDFObjectHandle item = kept[index];
            item.replaceKey("/Parent", parent);
            if (index > 0) item.replaceKey("/Prev", kept[index - 1]); else item.removeKey("/Prev");
            if (index + 1 < kept.size()) item.replaceKey("/Next", kept[index + 1]); else item.removeKey("/Next");
            QPDFObjectHandle count = item.getKey("/Count");
            bool open = !count.isInteger() || count.getIntValue() > 0;
            if (item.hasKey("/First")) {
                item.replaceKey("/Count", QPDFObjectHandle::newInteger(open ? below[index] : -below[index]));
            } else {
                item.removeKey("/Count");
            }
            shown += 1 + (open && item.hasKey("/First") ? below[index] : 0);
        }
        if (kept.empty()) {
            parent.removeKey("/First");
            parent.removeKey("/Last");
        } else {
            parent.replaceKey("/First", kept.front());
            parent.replaceKey("/Last", kept.back());
        }
        return shown;
    }
};

/// Drops the links of `page` (copied from a PDF other than the one whose catalog the export keeps) that
/// lead within their own document: qpdf copies no page a link points to and named destinations would
/// be looked up in the other document's names, so they would go nowhere or somewhere wrong. Links out
/// (web addresses, other files) stay.
void dropInternalLinks(QPDFObjectHandle page) {
    dropAnnotations(page, [](QPDFObjectHandle annotation) {
        QPDFObjectHandle action = annotation.getKey("/A");
        return isLink(annotation) &&
               (annotation.hasKey("/Dest") || (action.isDictionary() && action.getKey("/S").isNameAndEquals("/GoTo")));
    });
}

/// Lays `ink` (a page of the ink PDF) over `page` as a form XObject filling the page's shown box, upright
/// as the page is shown whatever its /Rotate. The page's own drawing is wrapped in q … Q so nothing it
/// leaves set (a transformation, a colour) reaches the ink.
void layOver(QPDF &pdf, QPDFObjectHandle page, QPDFObjectHandle ink) {
    QPDFObjectHandle form = pdf.copyForeignObject(QPDFPageObjectHelper(ink).getFormXObjectForPage(false));
    // The page's resources (and their /XObject) may be shared with other pages: the ink goes into a copy.
    QPDFObjectHandle resources = page.getKey("/Resources");
    resources = resources.isDictionary() ? resources.shallowCopy() : QPDFObjectHandle::newDictionary();
    page.replaceKey("/Resources", resources);
    QPDFObjectHandle xobjects = resources.getKey("/XObject");
    xobjects = xobjects.isDictionary() ? xobjects.shallowCopy() : QPDFObjectHandle::newDictionary();
    resources.replaceKey("/XObject", xobjects);
    int suffix = 1;
    std::string name = resources.getUniqueResourceName("/QuireInk", suffix);
    xobjects.replaceKey(name, form);
    QPDFObjectHandle::Rectangle box;
    if (!shownBox(page, box)) throw std::runtime_error("a page's boxes cannot be read");
    QPDFPageObjectHelper helper(page);
    std::string placement = helper.placeFormXObject(form, name, box, true, true, true);
    helper.addPageContents(QPDFObjectHandle::newStream(&pdf, "q\n"), true);
    helper.addPageContents(QPDFObjectHandle::newStream(&pdf, "\nQ\n" + placement), false);
}

} // namespace

struct quire_pdf_overlay {
    std::vector<std::unique_ptr<Source>> sources;
    std::vector<PlannedPage> pages;
    bool written = false;
};

quire_pdf_overlay *quire_pdf_overlay_create(void) {
    try {
        return new quire_pdf_overlay();
    } catch (...) {
        return nullptr;
    }
}

void quire_pdf_overlay_destroy(quire_pdf_overlay *overlay) { delete overlay; }

int quire_pdf_overlay_add_source(quire_pdf_overlay *overlay, const char *name, const unsigned char *bytes, size_t count,
                                 char *error, size_t error_size) {
    try {
        auto source = std::make_unique<Source>();
        source->name = name ? name : "a PDF";
        source->bytes.assign(reinterpret_cast<const char *>(bytes), count);
        source->pdf = std::make_unique<QPDF>();
        // Repairs qpdf makes while reading a damaged file are not the user's business; failures are.
        source->pdf->setSuppressWarnings(true);
        source->pdf->processMemoryFile(source->name.c_str(), source->bytes.data(), source->bytes.size());
        source->pdf->pushInheritedAttributesToPage();
        source->pages = source->pdf->getAllPages();
        if (source->pages.empty()) throw std::runtime_error("it has no pages");
        overlay->sources.push_back(std::move(source));
        return int(overlay->sources.size()) - 1;
    } catch (std::exception const &failure) {
        setError(error, error_size, failure.what());
    } catch (...) {
        setError(error, error_size, "qpdf failed reading it");
    }
    return -1;
}

int quire_pdf_overlay_page_count(const quire_pdf_overlay *overlay, int source) {
    if (source < 0 || size_t(source) >= overlay->sources.size()) return -1;
    return int(overlay->sources[size_t(source)]->pages.size());
}

int quire_pdf_overlay_page_size(quire_pdf_overlay *overlay, int source, int page, double *width, double *height) {
    try {
        if (source < 0 || size_t(source) >= overlay->sources.size()) return -1;
        auto const &pages = overlay->sources[size_t(source)]->pages;
        if (page < 0 || size_t(page) >= pages.size()) return -1;
        QPDFObjectHandle::Rectangle box;
        int turned = rotation(pages[size_t(page)]);
        if (turned < 0 || !shownBox(pages[size_t(page)], box)) return -1;
        bool sideways = turned == 90 || turned == 270;
        *width = sideways ? box.ury - box.lly : box.urx - box.llx;
        *height = sideways ? box.urx - box.llx : box.ury - box.lly;
        return 0;
    } catch (...) {
        return -1;
    }
}

void quire_pdf_overlay_add_page(quire_pdf_overlay *overlay, int source, int source_page, int ink_page) {
    try {
        overlay->pages.push_back(PlannedPage{source, source_page, ink_page});
    } catch (...) {
        // Out of memory for one small record: quire_pdf_overlay_write finds the pages short and fails.
        overlay->pages.push_back(PlannedPage{-2, -1, -1});
    }
}

int quire_pdf_overlay_write(quire_pdf_overlay *overlay, const char *ink_path, const char *title, FILE *output,
                            char *error, size_t error_size) {
    try {
        if (overlay->written) throw std::logic_error("the export was written already");
        overlay->written = true;
        auto &sources = overlay->sources;
        auto const &planned = overlay->pages;
        if (sources.empty()) throw std::logic_error("no original PDF was given");
        // The document whose catalog (outline, names, labels, metadata) the export keeps: the one most pages come from.
        std::vector<size_t> uses(sources.size(), 0);
        for (auto const &page : planned) {
            bool known = page.source == -1 || (page.source >= 0 && size_t(page.source) < sources.size() && page.sourcePage >= 0 &&
                                               size_t(page.sourcePage) < sources[size_t(page.source)]->pages.size());
            if (!known || (page.source == -1 && page.inkPage < 0)) throw std::logic_error("a page of the export is out of range");
            if (page.source >= 0) ++uses[size_t(page.source)];
        }
        size_t primaryIndex = size_t(std::max_element(uses.begin(), uses.end()) - uses.begin());
        Source &primary = *sources[primaryIndex];
        QPDF &pdf = *primary.pdf;

        QPDF ink;
        ink.setSuppressWarnings(true);
        ink.processFile(ink_path);
        ink.pushInheritedAttributesToPage();
        std::vector<QPDFObjectHandle> inkPages = ink.getAllPages();
        for (auto const &page : planned) {
            if (page.inkPage >= 0 && size_t(page.inkPage) >= inkPages.size()) throw std::logic_error("an ink page is missing");
        }

        // The primary's pages the export leaves out; what leads to them goes (the outline's items, links),
        // and they become null, so nothing of theirs is written.
        std::set<QPDFObjGen> kept, removed;
        for (auto const &page : planned) {
            if (page.source == int(primaryIndex)) kept.insert(primary.pages[size_t(page.sourcePage)].getObjGen());
        }
        for (auto const &page : primary.pages) {
            if (!kept.count(page.getObjGen())) removed.insert(page.getObjGen());
        }
        // Page labels are numbered by position: worked out before the pages move.
        std::vector<QPDFObjectHandle> labels;
        QPDFPageLabelDocumentHelper labelHelper(pdf);
        bool labelled = labelHelper.hasPageLabels();
        if (labelled) {
            for (size_t index = 0; index < planned.size(); ++index) {
                auto const &page = planned[index];
                if (page.source == int(primaryIndex)) {
                    labelHelper.getLabelsForPageRange(page.sourcePage, page.sourcePage, (long long)index, labels);
                } else {
                    QPDFObjectHandle label = QPDFObjectHandle::newDictionary();
                    label.replaceKey("/S", QPDFObjectHandle::newName("/D"));
                    label.replaceKey("/St", QPDFObjectHandle::newInteger((long long)index + 1));
                    labels.push_back(QPDFObjectHandle::newInteger((long long)index));
                    labels.push_back(label);
                }
            }
        }
        if (!removed.empty()) {
            DeadTargets targets(pdf, removed);
            targets.pruneOutline(pdf.getRoot());
            for (auto const &page : primary.pages) {
                if (kept.count(page.getObjGen())) targets.pruneLinks(page);
            }
        }

        std::vector<QPDFObjectHandle> pages;
        std::set<QPDFObjGen> placed;
        for (auto const &page : planned) {
            QPDFObjectHandle object;
            if (page.source == -1) {
                object = pdf.copyForeignObject(inkPages[size_t(page.inkPage)]);
            } else {
                QPDFObjectHandle original = sources[size_t(page.source)]->pages[size_t(page.sourcePage)];
                bool foreign = page.source != int(primaryIndex);
                object = foreign ? pdf.copyForeignObject(original) : original;
                if (foreign) dropInternalLinks(object);
                // A page shown twice is a second page dictionary sharing the first one's contents.
                if (!placed.insert(object.getObjGen()).second) object = pdf.makeIndirectObject(object.shallowCopy());
                if (page.inkPage >= 0) layOver(pdf, object, inkPages[size_t(page.inkPage)]);
            }
            pages.push_back(object);
        }
        QPDFObjectHandle tree = pdf.getRoot().getKey("/Pages");
        if (!tree.isDictionary()) throw std::runtime_error("its page tree cannot be read");
        for (auto &page : pages) page.replaceKey("/Parent", tree);
        tree.replaceKey("/Kids", QPDFObjectHandle::newArray(pages));
        tree.replaceKey("/Count", QPDFObjectHandle::newInteger((long long)pages.size()));
        for (auto const &gone : removed) pdf.replaceObject(gone, QPDFObjectHandle::newNull());
        pdf.updateAllPagesCache();
        if (labelled) {
            QPDFObjectHandle tree = QPDFObjectHandle::newDictionary();
            tree.replaceKey("/Nums", QPDFObjectHandle::newArray(labels));
            pdf.getRoot().replaceKey("/PageLabels", tree);
        }
        if (title && *title) {
            QPDFObjectHandle trailer = pdf.getTrailer();
            QPDFObjectHandle info = trailer.getKey("/Info");
            if (!info.isDictionary()) {
                info = pdf.makeIndirectObject(QPDFObjectHandle::newDictionary());
                trailer.replaceKey("/Info", info);
            }
            info.replaceKey("/Title", QPDFObjectHandle::newUnicodeString(title));
        }

        QPDFWriter writer(pdf);
        writer.setOutputFile("the export", output, false);
        // The ink's transparency needs what cairo wrote it as.
        writer.setMinimumPDFVersion(ink.getPDFVersion());
        // Streams are copied as they are, never decoded: the original's compression stays, and a stream
        // that would inflate without end (a hostile file's) is never inflated. Only the few new unfiltered
        // streams (the ink's placement) are compressed.
        writer.setDecodeLevel(qpdf_dl_none);
        writer.write();
        return 0;
    } catch (std::exception const &failure) {
        setError(error, error_size, failure.what());
    } catch (...) {
        setError(error, error_size, "qpdf failed writing it");
    }
    return -1;
}
