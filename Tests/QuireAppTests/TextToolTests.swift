import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import QuireTestSupport
import QuireX11
import XCTest
import QuireText
@testable import QuireApp

/// Typing into text boxes on the canvas alone (no X server; FreeType and fontconfig real): what each
/// editing key does, a box typed being one undo step when typing ends, a box pressed being typed into,
/// emptied being taken out, and keys being text while typing but tools' keys otherwise.
final class TextToolTests: XCTestCase {
    private var canvas: CanvasController!

    override func setUpWithError() throws {
        if let problem = PageTextFonts.shared.problem(family: "sans-serif") { try Requirement.unmet("a font for text boxes: \(problem)") }
        canvas = CanvasController()
        _ = canvas.handle(.resized(width: 1000, height: 800))
        canvas.select(.text)
    }

    private func type(_ text: String) {
        for character in text {
            let scalar = character.unicodeScalars.first!.value
            _ = canvas.handle(.key(KeyInput(keysym: scalar < 0x100 ? UInt(scalar) : 0x100_0000 + UInt(scalar), text: String(character))))
        }
    }

    private func press(_ keysym: UInt, shift: Bool = false, control: Bool = false, text: String = "") {
        _ = canvas.handle(.key(KeyInput(keysym: keysym, text: text, control: control, shift: shift)))
    }

    private func click(_ x: Double, _ y: Double) {
        _ = canvas.handle(.pointerDown(InputSample(position: Point(x, y), time: 0), button: 1))
        _ = canvas.handle(.pointerUp(InputSample(position: Point(x, y), time: 0), button: 1))
    }

    private var texts: [TextItem] {
        canvas.page.items.compactMap { if case let .text(t) = $0.content { t } else { nil } }
    }

    func testAPressAndTypingMakeOneTextBoxOneUndoStepWhenTypingEnds() throws {
        click(100, 100)
        type("Hello")
        press(Keysym.returnKey)
        type("Wörld é ß Ω")
        XCTAssertTrue(canvas.page.items.isEmpty, "the page is told when typing ends")
        XCTAssertFalse(canvas.overlay.isEmpty, "the box's frame and caret show")
        press(Keysym.escape)
        XCTAssertEqual(texts.map(\.text), ["Hello\nWörld é ß Ω"])
        let box = try XCTUnwrap(texts.first)
        XCTAssertEqual(box.origin.x, 100)
        XCTAssertGreaterThan(box.origin.y, 110, "the press is the top of the first line; the baseline is lower")
        XCTAssertEqual(box.fontSize, 20)
        XCTAssertEqual(canvas.editor.history.done.map(\.label), ["text"])
        canvas.undo()
        XCTAssertTrue(canvas.page.items.isEmpty)
        canvas.redo()
        XCTAssertEqual(texts.map(\.text), ["Hello\nWörld é ß Ω"])
        XCTAssertTrue(canvas.overlay.isEmpty, "typing ended: no frame")
    }

    func testTheRightEdgesHandleSetsTheWrapWidthAndTheCaretFollowsTheShownLines() throws {
        click(100, 100)
        type("one two three four five six seven eight nine ten")
        press(Keysym.escape)
        let level = try XCTUnwrap(texts.first)
        let before = try XCTUnwrap(PageTextFonts.shared.layout(of: level))
        XCTAssertEqual(before.lines.count, 1)
        // Typing again, the handle on the frame's right edge dragged to 150 px from the origin.
        let toWindow = canvas.pageToWindow
        let inside = toWindow.apply(before.localToPage.apply(Point(10, before.box.center.y)))
        click(inside.x, inside.y)
        let zoom = abs(toWindow.determinant).squareRoot()
        let handle = toWindow.apply(before.localToPage.apply(Point(before.box.maxX + TextTool.wrapHandleOffset / zoom, before.box.center.y)))
        let target = toWindow.apply(before.localToPage.apply(Point(150 + TextTool.wrapHandleOffset / zoom, before.box.center.y)))
        _ = canvas.handle(.pointerDown(InputSample(position: handle, time: 1), button: 1))
        _ = canvas.handle(.pointerMoved(InputSample(position: Point((handle.x + target.x) / 2, handle.y), time: 1.1)))
        _ = canvas.handle(.pointerUp(InputSample(position: target, time: 1.2), button: 1))
        XCTAssertEqual(texts.first?.wrapWidth, nil, "the page is told when typing ends")
        // End goes to the end of the line as shown, not of the text.
        press(Keysym.home)
        press(Keysym.end)
        type("X")
        press(Keysym.escape)
        let wrapped = try XCTUnwrap(texts.first)
        XCTAssertEqual(wrapped.wrapWidth ?? 0, 150, accuracy: 1e-6)
        let layout = try XCTUnwrap(PageTextFonts.shared.layout(of: wrapped))
        XCTAssertGreaterThan(layout.lines.count, 2, "\(layout.lines)")
        for (index, stops) in layout.caretStops.enumerated() where layout.wrapped[index] {
            let inked = layout.lines[index].count - (layout.lines[index].hasSuffix(" ") ? 1 : 0)
            XCTAssertLessThanOrEqual(stops[inked], 150, "line \(index) fits")
        }
        XCTAssertEqual(layout.box.width, 150, accuracy: 1e-6, "the frame shows the width")
        // The X went in at the end of the first line as shown before it (before the space it wrapped at).
        var withoutX = wrapped
        withoutX.text = wrapped.text.replacingOccurrences(of: "X", with: "")
        let first = try XCTUnwrap(PageTextFonts.shared.layout(of: withoutX)).lines[0]
        XCTAssertTrue(first.hasSuffix(" ") && first.count < withoutX.text.count, "wrapped after a word: \(first)")
        XCTAssertTrue(wrapped.text.hasPrefix(first.dropLast() + "X "), "\(wrapped.text)")
        XCTAssertEqual(canvas.editor.history.done.count, 2, "the width and the typing: one step")
        canvas.undo()
        XCTAssertNil(texts.first?.wrapWidth)
    }

    func testEditingKeysMoveTheCaretSelectAndDelete() throws {
        click(100, 100)
        type("abcdef")
        press(Keysym.left)
        press(Keysym.left)
        press(Keysym.backspace)               // abcef
        press(Keysym.home)
        press(Keysym.right, shift: true)
        press(Keysym.right, shift: true)
        type("X")                             // Xcef
        press(Keysym.end)
        press(Keysym.returnKey)
        type("second")
        press(Keysym.up)                      // up to the first line, near its end
        press(Keysym.delete)                  // nothing after the caret on the first line but the line break…
        press(Keysym.escape)
        XCTAssertEqual(texts.first?.text, "Xcefsecond", "Delete at a line's end joins the next line")
        // Ctrl+A and typing replaces everything; pressing the box types into it again.
        let box = try XCTUnwrap(texts.first)
        click(box.origin.x + 2, box.origin.y - 5)
        press(0x61, control: true, text: "\u{01}")
        type("new")
        press(Keysym.escape)
        XCTAssertEqual(texts.map(\.text), ["new"])
        XCTAssertEqual(canvas.editor.history.done.map(\.label), ["text", "text"])
        XCTAssertEqual(canvas.page.items.count, 1, "the same box, changed")
        canvas.undo()
        XCTAssertEqual(texts.map(\.text), ["Xcefsecond"])
    }

    func testABoxEmptiedIsTakenOutAndAnEmptyNewBoxLeavesNothing() throws {
        click(100, 100)
        type("gone")
        press(Keysym.escape)
        let box = try XCTUnwrap(texts.first)
        click(box.origin.x + 5, box.origin.y - 5)
        press(Keysym.end)
        for _ in 0..<4 { press(Keysym.backspace) }
        click(600, 600)                       // a press outside ends the typing: an empty new box there
        XCTAssertTrue(canvas.page.items.isEmpty, "emptied: taken out")
        press(Keysym.escape)
        XCTAssertTrue(canvas.page.items.isEmpty, "the empty new box leaves nothing")
        XCTAssertEqual(canvas.editor.history.done.map(\.label), ["text", "text taken out"])
        canvas.undo()
        XCTAssertEqual(texts.map(\.text), ["gone"])
    }

    func testLettersAreTextWhileTypingAndToolKeysOtherwiseAndCommandsEndTheTypingFirst() {
        click(100, 100)
        type("p1")
        XCTAssertEqual(canvas.tool, .text, "p typed, not the pen")
        press(0x7a, control: true, text: "\u{1a}")    // Ctrl+Z: the box is kept, then undone
        XCTAssertTrue(canvas.page.items.isEmpty)
        XCTAssertEqual(canvas.editor.history.undone.map(\.label), ["text"])
        type("p")
        XCTAssertEqual(canvas.tool, .pen, "not typing: P is the pen")
    }

    func testAFullBoxRefusesMoreAndSaysSo() throws {
        let full = TextItem(text: String(repeating: "y", count: TextEditing.maximumCharacters - 1), origin: Point(20, 40))
        var page = Page()
        try page.apply(page.adding([PageItem(.text(full))]))
        canvas = CanvasController(page: page)
        canvas.select(.text)
        let tool = try XCTUnwrap(canvas.tools.tool(.text) as? TextTool)
        var refusals: [String] = []
        tool.onRefusal = { refusals.append($0) }
        click(22, 35)
        type("ab")
        press(Keysym.escape)
        XCTAssertEqual(texts.first?.text.count, TextEditing.maximumCharacters, "the a went in, the b did not")
        XCTAssertEqual(refusals.count, 1)
        XCTAssertTrue(refusals.first?.contains("100000") ?? false, "\(refusals)")
    }

    func testCtrlVWhileTypingAsksForTextAndPastesAtTheCaretElseANewBox() {
        click(100, 100)
        type("ab")
        press(Keysym.left)
        XCTAssertTrue(canvas.isTypingText)
        XCTAssertEqual(canvas.handle(.key(KeyInput(keysym: 0x76, text: "\u{16}", control: true))), .paste, "the application fetches it")
        XCTAssertTrue(canvas.isTypingText, "asking does not end the typing")
        canvas.pasteText("XY\nZ")
        press(Keysym.escape)
        XCTAssertEqual(texts.map(\.text), ["aXY\nZb"])
        // Not typing: a new box, one step of its own.
        canvas.pasteText("pasted")
        XCTAssertEqual(texts.map(\.text), ["aXY\nZb", "pasted"])
        XCTAssertEqual(canvas.editor.history.done.map(\.label), ["text", "text pasted"])
        canvas.pasteText(String(repeating: "x", count: TextEditing.maximumCharacters + 1))
        XCTAssertEqual(texts.count, 2, "too long: nothing pasted")
    }

    func testTheConfigFilesFontAndSizeMakeNewBoxesAndBadValuesAreRefused() {
        let (settings, problems) = InputSettings.parse("text.font = DejaVu Serif\ntext.size = 32")
        XCTAssertEqual(problems, [])
        canvas.settings = settings
        click(100, 100)
        type("Serif")
        press(Keysym.escape)
        XCTAssertEqual(texts.first?.fontFamily, "DejaVu Serif")
        XCTAssertEqual(texts.first?.fontSize, 32)
        for bad in ["text.size = 0", "text.size = nan", "text.size = 1e6", "text.font =  "] {
            let (kept, warnings) = InputSettings.parse(bad)
            XCTAssertEqual(warnings.count, 1, bad)
            XCTAssertEqual(kept.textSize, 20, bad)
            XCTAssertEqual(kept.textFamily, "sans-serif", bad)
        }
    }

    func testTheTextIsDrawnSharpAtTheDetailAskedAndCarriedOnTheRendersList() throws {
        let item = TextItem(text: "Quire\nnotes", origin: Point(50, 80), fontSize: 24)
        let one = try XCTUnwrap(PageTextFonts.shared.image(of: item, detail: 1))
        let two = try XCTUnwrap(PageTextFonts.shared.image(of: item, detail: 2))
        XCTAssertEqual(two.image.width, 2 * one.image.width, accuracy: 4, "twice the pixels at twice the detail")
        // In the box's own frame: its origin (the first baseline's start) at 0, 0.
        XCTAssertEqual(one.rect.minX, 0)
        XCTAssertLessThan(one.rect.minY, -15, "the box starts an ascender above the baseline")
        XCTAssertEqual(one.rect.height, two.rect.height, accuracy: 2, "the same place on the page")
        XCTAssertTrue(one.image.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element > 200 }, "ink in it")
        let built = RenderItemBuilder(pictureDetail: 1).renderItem(PageItem(.text(item)))
        guard case let .image(picture) = built else { return XCTFail("a text item is drawn as a picture: \(built)") }
        XCTAssertTrue(picture.imageKey.hasPrefix("text:"))
        XCTAssertEqual(picture.corners.upperLeft, Point(50, 80 + one.rect.minY), "placed at the box's origin on the page")
        // Turned a quarter turn about its origin: its top edge runs down the page from there.
        var turned = item
        turned.angle = .pi / 2
        guard case let .image(turnedPicture) = RenderItemBuilder(pictureDetail: 1).renderItem(PageItem(.text(turned))) else { return XCTFail() }
        XCTAssertEqual(turnedPicture.corners.upperLeft.x, 50 - one.rect.minY, accuracy: 1e-9)
        XCTAssertEqual(turnedPicture.corners.upperLeft.y, 80, accuracy: 1e-9)
        XCTAssertEqual(turnedPicture.corners.upperRight.x, 50 - one.rect.minY, accuracy: 1e-9)
        XCTAssertEqual(turnedPicture.corners.upperRight.y, 80 + one.rect.width, accuracy: 1e-9)
        // Past FreeType's sizes here, drawn at less detail rather than not at all.
        let huge = TextItem(text: "Big", origin: Point(0, 2000), fontSize: 1500)
        XCTAssertNotNil(PageTextFonts.shared.image(of: huge, detail: 4))
        XCTAssertNil(PageTextFonts.shared.image(of: TextItem(text: "x", origin: Point(0, 0), fontSize: .nan), detail: 1))
    }
}

/// The select tool takes text boxes as it takes scraps: dragged by their middle they move, by a corner
/// they grow (the font with them), by the handle they turn; one undo each.
final class TextSelectionTests: XCTestCase {
    func testTheSelectToolMovesScalesAndTurnsATextBox() throws {
        if let problem = PageTextFonts.shared.problem(family: "sans-serif") { try Requirement.unmet("a font for text boxes: \(problem)") }
        var page = Page()
        let item = PageItem(.text(TextItem(text: "Title", origin: Point(100, 120), fontSize: 20)))
        try page.apply(page.adding([item]))
        let canvas = CanvasController(page: page)
        _ = canvas.handle(.resized(width: 1000, height: 800))
        canvas.select(.select)
        func drag(_ a: Point, _ b: Point) {
            _ = canvas.handle(.pointerDown(InputSample(position: a, time: 0), button: 1))
            _ = canvas.handle(.pointerMoved(InputSample(position: b, time: 0.1)))
            _ = canvas.handle(.pointerUp(InputSample(position: b, time: 0.2), button: 1))
        }
        func text() -> TextItem? { if case let .text(t)? = canvas.page.items.first?.content { t } else { nil } }
        drag(Point(110, 112), Point(160, 212))
        XCTAssertEqual(text()?.origin, Point(150, 220), "moved by the drag")
        XCTAssertEqual(text()?.fontSize, 20)
        let layout = try XCTUnwrap(PageTextFonts.shared.layout(of: try XCTUnwrap(text())))
        let frame = try XCTUnwrap(SelectionFrame(canvas.page.items[0], pageToWindow: canvas.pageToWindow))
        XCTAssertEqual(frame.corners.upperLeft, Point(layout.bounds.minX, layout.bounds.minY))
        // The lower right corner pulled out to twice its distance from the centre: twice the size.
        let corner = frame.corners.lowerRight, centre = frame.centre
        drag(corner, centre + (corner - centre) * 2)
        XCTAssertEqual(text()?.fontSize ?? 0, 40, accuracy: 1e-9, "the font grows with the box")
        XCTAssertEqual(canvas.editor.history.done.count, 2)
        canvas.undo()
        XCTAssertEqual(text()?.fontSize, 20)

        // The turning handle swung a quarter turn clockwise about the centre: the box turns with it.
        let level = try XCTUnwrap(SelectionFrame(canvas.page.items[0], pageToWindow: canvas.pageToWindow))
        let handle = level.rotationHandle, middle = level.centre
        let swung = middle + Point(-(handle - middle).y, (handle - middle).x)
        drag(handle, swung)
        let turned = try XCTUnwrap(text())
        XCTAssertEqual(turned.angle, .pi / 2, accuracy: 1e-9)
        XCTAssertEqual(turned.fontSize, 20, accuracy: 1e-9, "turning does not scale")
        let turnedFrame = try XCTUnwrap(SelectionFrame(canvas.page.items[0], pageToWindow: canvas.pageToWindow))
        XCTAssertEqual(turnedFrame.centre.x, middle.x, accuracy: 1e-6, "turned about its centre")
        XCTAssertEqual(turnedFrame.centre.y, middle.y, accuracy: 1e-6)
        // Its upper left corner is now upper right: the box reads downward.
        XCTAssertGreaterThan(turnedFrame.corners.upperLeft.x, middle.x)
        XCTAssertLessThan(turnedFrame.corners.upperLeft.y, middle.y)
        // A press where the turned text now lies picks it up; where the level text lay beyond it, not.
        XCTAssertEqual(canvas.page.topItem(at: middle + Point(0, layout.width / 2 - 4), tolerance: 0), canvas.page.items[0].id)
        XCTAssertNil(canvas.page.topItem(at: middle + Point(layout.width / 2 - 4, 0), tolerance: 0))
        canvas.undo()
        XCTAssertEqual(text()?.angle, 0, "one undo step")
    }
}

/// A long box is drawn line by line: each line its own picture where the block puts it, a key typed
/// into one line changing only that line (the renderer redraws that line, not the box).
final class TextLineDrawingTests: XCTestCase {
    func testALongBoxIsDrawnLineByLineAndATypedLineIsTheOnlyChange() throws {
        if let problem = PageTextFonts.shared.problem(family: "sans-serif") { try Requirement.unmet("a font for text boxes: \(problem)") }
        let text = (1...6).map { "line number \($0) of the box" }.joined(separator: "\n")
        let item = PageItem(.text(TextItem(text: text, origin: Point(40, 60), fontSize: 16)))
        guard case let .group(group) = RenderItemBuilder(pictureDetail: 2).renderItem(item) else { return XCTFail("a group of lines") }
        XCTAssertEqual(group.children.count, 6)
        let layout = try XCTUnwrap(PageTextFonts.shared.layout(of: try XCTUnwrap(item.text)))
        for (index, child) in group.children.enumerated() {
            guard case let .image(line) = child else { return XCTFail("a picture a line") }
            XCTAssertEqual(line.corners.upperLeft.y, 60 + layout.caret(line: index, column: 0).top, accuracy: 0.5, "line \(index) where the block has it")
            XCTAssertEqual(line.corners.upperLeft.x, 40)
        }
        // One more letter on the third line: only its picture differs.
        var typed = try XCTUnwrap(item.text)
        typed.text = text.replacingOccurrences(of: "line number 3", with: "line number 3x")
        guard case let .group(after) = RenderItemBuilder(pictureDetail: 2).renderItem(PageItem(id: item.id, .text(typed))) else { return XCTFail() }
        XCTAssertEqual(after.clip, group.clip, "the clip stays: the renderer redraws inside it")
        XCTAssertEqual(zip(group.children, after.children).map { $0.0 == $0.1 }, [true, true, false, true, true, true])
        // Drawn on a page: ink on each of the six lines.
        let gl: HeadlessGLContext
        do { gl = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
        defer { _ = gl }
        var page = Page()
        try page.apply(page.adding([item]))
        let image = try PageImageRenderer().image(of: page, scale: 1)
        for index in 0..<6 {
            let top = Int(60 + layout.caret(line: index, column: 0).top)
            var dark = 0
            for y in top..<(top + Int(layout.lineHeight)) { for x in 40..<200 where image[x, y].luma < 100 { dark += 1 } }
            XCTAssertGreaterThan(dark, 40, "line \(index) is drawn")
        }
    }
}

private extension PageItem {
    var text: TextItem? { if case let .text(t) = content { t } else { nil } }
}
