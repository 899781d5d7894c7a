import QuireDocument
import QuireGeometry
import QuireInk

/// One cairo operation of a page drawn as vectors, with all of its geometry already worked out
/// (`PageVectorPlan`): replaying the steps in order (`PageVectorDrawing`) makes exactly the calls the
/// page needs, and nothing in a step needs cairo to be computed. So the costly part of a page (its ink
/// as outlines and fitted curves) can be made on one thread while another writes the previous page.
/// Paths are in the page's user space (page pixels) unless a step says otherwise.
enum VectorDrawingStep: Sendable {
    /// The paper: its colour over the page and its rules, grid or dots (`PaperDrawing`).
    case paper(PageBackground, width: Double, height: Double)
    /// An imported PDF page drawn into its rectangle (`PDFBackgrounds`).
    case pdfBackground(PDFPageItem)
    /// A picture with its upright corners on `corners` (`PictureSurfaces`).
    case picture(ImageReference, onto: Quadrilateral)
    /// cairo_save: the clips that follow last until the matching `restore`.
    case save
    case restore
    /// cairo_push_group: what follows, up to the matching `endGroup`, is drawn into a group of its own.
    case beginGroup
    /// Ends the innermost group and paints it, clipped to each of `clips` (non-zero): an eraser's
    /// outside (`EraserClip`) round what was drawn before it.
    case endGroup(clippedTo: [BezierPath])
    /// Intersects the clip with `path` under `evenOdd` or non-zero filling.
    case clip(BezierPath, evenOdd: Bool)
    /// Fills `path` (non-zero) in `color` at `opacity`, clipped first to each of `cuts` (non-zero), all
    /// inside a save and restore of their own.
    case fill(BezierPath, color: InkColor, opacity: Double, cuts: [BezierPath])
    /// Opaque round ink as lines and curves stroked at their widths with round caps and joins
    /// (`VectorInk.widthRuns`), in `color` at `opacity`.
    case stroke([VectorInk.WidthRun], color: InkColor, opacity: Double)
    /// A text item's lines as text (cairo embeds the font, subset, so a PDF viewer can select and
    /// find it), placed by `frame`: where its origin goes, turned and scaled (a scrap's).
    case text(TextItem, frame: TextFrame)
}
