import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import QuireText

/// The scissors (key S): draw a path with the pen, mouse or finger, shown as a dashed line while it is
/// drawn; on release every scrap it cuts through splits into its pieces, or — when it cuts no scrap but
/// closes a loop round page ink or text — that ink and text are cut out into a new scrap. One edit, one
/// undo step, saved like any other. A path that cannot be worked out changes nothing: it stays on screen
/// in red until the next gesture, and the reason goes to `onRefusal`.
public final class ScissorsTool: Tool {
    public let id = ToolID.scissors
    public let offer = ToolOffer(name: "Scissors", key: "s", help: "scissors (cut scraps; a loop cuts ink out)", icon: ToolIcon([
        .ring(center: Point(7, 18), radius: 3.2), .ring(center: Point(17, 18), radius: 3.2),
        ToolIcon.line([(9.2, 15.6), (18, 2)], width: 1.8), ToolIcon.line([(14.8, 15.6), (6, 2)], width: 1.8),
    ]), cursor: .crosshair, penButtonName: "scissors")
    /// The path being drawn, in page pixels.
    private var points: [Point] = []
    private var drawing = false
    /// The last path that was refused, in page pixels: shown until the next gesture begins.
    private var refusedPath: [Point]?
    /// The scrap the newest loop cut page ink out into, while it is on the page: what Ctrl+C copies
    /// when the scissors are in hand.
    public private(set) var lastCutOut: ItemID?
    /// Told why a cut was refused, in words for the user.
    public var onRefusal: ((String) -> Void)?

    /// Ends this many window pixels apart close the path into a loop.
    static let closingReach = 12.0
    /// How far apart, in window pixels, the pieces of a cut scrap are pushed.
    static let nudge = 3.0

    public init() {}

    public var isActive: Bool { drawing }

    public func begin(_ input: ToolInput, in context: ToolContext) {
        points = []
        refusedPath = nil
        drawing = true
        add(input.sample.position)
        context.renderQueue.setNeedsRedraw()
    }

    public func move(_ input: ToolInput, in context: ToolContext) {
        guard drawing else { return }
        add(input.sample.position)
        context.renderQueue.setNeedsRedraw()
    }

    public func end(_ input: ToolInput?, in context: ToolContext) {
        guard drawing else { return }
        // The device went away mid-path (unplugged, out of reach): a half-drawn cut is not one the user
        // chose to make.
        guard let input else { return cancel(in: context) }
        add(input.sample.position)
        drawing = false
        defer {
            points = []
            context.renderQueue.setNeedsRedraw()
        }
        // Sizes on screen, whatever the zoom: a few pixels there is what "nearly closed" and "nudged
        // apart" mean to the eye.
        let windowPerPage = context.pageToWindow.determinant.magnitude.squareRoot()
        guard windowPerPage.isFinite, windowPerPage > 0 else { return }
        let path: ScissorsPath
        do {
            path = try ScissorsPath(points: points, closingReach: Self.closingReach / windowPerPage)
        } catch ScissorsPath.Problem.tooFewPoints {
            return   // a tap cuts nothing
        } catch {
            refuse("\(error)")
            return
        }
        // Text boxes measured as they are laid out, so a loop drawn round the words holds them.
        let cut = context.editor.page.cutting(along: path, nudge: Self.nudge / windowPerPage) { text in
            PageTextFonts.shared.layout(of: text)?.box ?? text.estimatedBox
        }
        switch cut {
        case let .refused(reason):
            refuse(reason)
        case .nothing:
            break
        case .scraps, .ink:
            guard let edit = cut.edit, context.editor.apply(edit, label: cut.label) else {
                return refuse("the page changed under the cut")
            }
            if case .ink = cut {
                // The cut-out scrap goes on top, after any left showing the rest of a cut text box.
                lastCutOut = edit.itemsAfter.last { if case .scrap = $0.content { true } else { false } }?.id
            }
        }
    }

    public func cancel(in context: ToolContext) {
        drawing = false
        points = []
        context.renderQueue.setNeedsRedraw()
    }

    /// The path drawn so far as a dark dashed line on a white one (legible on any picture), or the last
    /// refused path in red.
    public func overlay(on page: Page, pageToWindow: AffineTransform) -> [OverlayItem] {
        if drawing, points.count >= 2 {
            let onScreen = points.map(pageToWindow.apply)
            return [.polyline(onScreen, width: 3, color: InkColor(red: 1, green: 1, blue: 1, alpha: 0.8))]
                + Self.dashes(along: onScreen).map { .polyline($0, width: 1.5, color: InkColor(red: 0.1, green: 0.1, blue: 0.12)) }
        }
        if let refusedPath, refusedPath.count >= 2 {
            return Self.dashes(along: refusedPath.map(pageToWindow.apply))
                .map { .polyline($0, width: 2, color: InkColor(red: 0.85, green: 0.1, blue: 0.1)) }
        }
        return []
    }

    private func add(_ point: Point) {
        // The cut's own check bounds the count; past it the path is refused whole on release.
        guard point.x.isFinite, point.y.isFinite, points.count <= ScissorsPath.maximumPoints else { return }
        if points.last != point { points.append(point) }
    }

    private func refuse(_ reason: String) {
        refusedPath = points
        onRefusal?(reason)
    }

    /// Dash length and gap, window pixels.
    static let dash = 7.0, gap = 5.0

    /// The polyline broken into dashes: runs of `dash` pixels, `gap` apart, measured along it.
    static func dashes(along line: [Point]) -> [[Point]] {
        var result: [[Point]] = []
        var current: [Point] = []
        var inDash = true
        var left = dash
        for (a, b) in zip(line, line.dropFirst()) {
            var from = a
            var remaining = a.distance(to: b)
            if inDash, current.isEmpty { current = [from] }
            while remaining > left {
                let to = from + (b - from) * (left / remaining)
                remaining -= left
                if inDash {
                    current.append(to)
                    result.append(current)
                    current = []
                } else {
                    current = [to]
                }
                inDash.toggle()
                left = inDash ? dash : gap
                from = to
            }
            left -= remaining
            if inDash { current.append(b) }
        }
        if inDash, current.count >= 2 { result.append(current) }
        return result
    }
}
