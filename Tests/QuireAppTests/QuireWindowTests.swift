import Foundation
import QuireApp
import QuireImageIO
import QuireTestSupport
import XCTest

/// The real `quire` in a real X server (Xvfb, GLX on Mesa), driven through XTEST like a user's mouse,
/// judged by the pixels the server shows and the files the program writes.
final class QuireWindowTests: XCTestCase {
    private var server: XvfbServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private var exportPath = ""

    override func setUpWithError() throws {
        do {
            server = try XvfbServer()
            driver = try XDisplayDriver(display: server.display)
        } catch {
            try Requirement.unmet("a real X server: \(error)")
        }
        exportPath = NSTemporaryDirectory() + "quire-test-\(UUID().uuidString).png"
    }

    override func tearDown() {
        quire?.terminate()
        quire = nil
        driver = nil
        server?.stop()
        try? FileManager.default.removeItem(atPath: exportPath)
    }

    /// Starts quire and waits until its window is on screen; returns the window.
    private func launch(_ extra: [String] = []) throws -> (id: UInt, x: Int, y: Int, width: Int, height: Int) {
        let process = try QuireProcess(arguments: ["--export-png", exportPath] + extra, display: server.display)
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), "quire did not start: \(process.text)")
        return try XCTUnwrap(driver.firstFrame(), "no Quire window showed its page: \(process.text)")
    }

    private func screenshot(of window: (id: UInt, x: Int, y: Int, width: Int, height: Int)) -> RGBAImage {
        driver.screenshot(x: window.x, y: window.y, width: window.width, height: window.height)!
    }

    /// Points every `step` px along the straight path through `corners`.
    private func points(along corners: [(Int, Int)], step: Double = 2) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            let length = hypot(Double(b.0 - a.0), Double(b.1 - a.1))
            let n = max(1, Int(length / step))
            for i in 0...n {
                let t = Double(i) / Double(n)
                out.append((Int((Double(a.0) + Double(b.0 - a.0) * t).rounded()),
                            Int((Double(a.1) + Double(b.1 - a.1) * t).rounded())))
            }
        }
        return out
    }

    /// True when every point of `path` has ink within one pixel (the line is antialiased).
    private func inkFollows(_ path: [(Int, Int)], in image: RGBAImage) -> [(Int, Int)] {
        path.filter { p in
            !(-1...1).contains { dy in (-1...1).contains { dx in image.isInked(x: p.0 + dx, y: p.1 + dy) } }
        }
    }

    func testTheWindowIsADesktopCitizen() throws {
        let window = try launch()
        XCTAssertEqual(driver.stringProperty("_NET_WM_NAME", of: window.id), "Quire")
        XCTAssertEqual(driver.windowClass(of: window.id)?.0, "quire")
        XCTAssertEqual(driver.windowClass(of: window.id)?.1, "Quire")
        XCTAssertNotNil(driver.stringProperty("WM_CLIENT_MACHINE", of: window.id))
        let pid = try XCTUnwrap(driver.cardinalProperty("_NET_WM_PID", of: window.id)?.first)
        XCTAssertGreaterThan(pid, 0)
        let protocols = driver.cardinalProperty("WM_PROTOCOLS", of: window.id) ?? []
        XCTAssertTrue(protocols.contains { driver.atomName($0) == "WM_DELETE_WINDOW" })
        XCTAssertEqual(window.width, 1024)
        XCTAssertEqual(window.height, 768)
        try checkIcon(of: window.id)
    }

    /// _NET_WM_ICON holds each of AppIcon's sizes as width, height, then ARGB pixels: the same artwork
    /// as the PNGs the desktop's icon theme gets (Resources/Icons, what the installed files are).
    private func checkIcon(of window: UInt) throws {
        let total = AppIcon.windowSizes.reduce(0) { $0 + 2 + $1 * $1 }
        let icon = try XCTUnwrap(driver.cardinalProperty("_NET_WM_ICON", of: window, maximumCount: total + 1),
                                 "the window has no _NET_WM_ICON")
        XCTAssertEqual(icon.count, total)
        var offset = 0
        for size in AppIcon.windowSizes where offset + 2 <= icon.count {
            XCTAssertEqual(icon[offset], UInt(size))
            XCTAssertEqual(icon[offset + 1], UInt(size))
            let png = try PNG.read(from: AppIcon.path(size: size, in: try XCTUnwrap(ResourceLocator.resourcesDirectory())))
            let pixels = icon[(offset + 2)..<min(icon.count, offset + 2 + size * size)]
            // The middle pixel (paper or ink) and a corner (transparent) in the property's ARGB order.
            for (x, y) in [(size / 2, size / 2), (0, 0)] {
                let p = png[x, y]
                let alphaRed: UInt = UInt(p.a) << 24 | UInt(p.r) << 16
                let expected: UInt = alphaRed | UInt(p.g) << 8 | UInt(p.b)
                XCTAssertEqual(pixels[offset + 2 + y * size + x] & 0xFFFF_FFFF, expected, "\(size) px icon at \(x),\(y)")
            }
            offset += 2 + size * size
        }
    }

    func testAFastDragDrawsOneContinuousStrokeOnScreen() throws {
        let window = try launch()
        // Corners 150–300 px apart: the pointer jumps, so the stroke must fill every gap itself. The
        // smoothed curve passes through every sample, so it joins all four corners in one piece.
        let corners = [(100, 100), (400, 120), (550, 400), (250, 450)]
        driver.drag(through: corners.map { ($0.0 + window.x, $0.1 + window.y) })
        var stroke = Set<Int>()
        let drawn = eventually {
            stroke = screenshot(of: window).connectedInk(from: corners[0])
            return corners.allSatisfy { screenshot(of: window).region(stroke, reaches: $0) }
        }
        let shot = screenshot(of: window)
        XCTAssertTrue(drawn, "not one continuous stroke through every corner: \(shot.saveForInspection(named: "drag"))")
        XCTAssertGreaterThan(stroke.count, 700, "the stroke is too short to join the corners")
        // Ink only along the path: the regions well away from it are clean paper.
        XCTAssertEqual(shot.inkedCount(x0: 600, y0: 0, x1: 816, y1: 768), 0, shot.saveForInspection(named: "drag-clean"))
        XCTAssertEqual(shot.inkedCount(x0: 0, y0: 0, x1: 816, y1: 80), 0)
        XCTAssertEqual(shot.inkedCount(x0: 0, y0: 470, x1: 816, y1: 768), 0)
        XCTAssertEqual(shot.inkedCount(x0: 150, y0: 150, x1: 400, y1: 380), 0, "ink inside the curve")
        // Moving without a button pressed draws nothing.
        driver.move(to: window.x + 700, window.y + 600)
        driver.move(to: window.x + 780, window.y + 700)
        driver.key("e", control: true)
        XCTAssertTrue(quire!.waitForOutput(containing: "Wrote the page"))
        XCTAssertEqual(screenshot(of: window).inkedCount(x0: 650, y0: 550, x1: 816, y1: 768), 0)
    }

    func testCtrlEWritesThePageAsAPNGWithTheInk() throws {
        let window = try launch()
        driver.drag(through: [(200 + window.x, 300 + window.y), (600 + window.x, 300 + window.y)])
        driver.key("e", control: true)
        XCTAssertTrue(quire!.waitForOutput(containing: "Wrote the page to \(exportPath)"), quire!.text)
        let image = try PNG.read(from: exportPath)
        // The whole US Letter page at 96 dpi, not the window.
        XCTAssertEqual(image.width, 816)
        XCTAssertEqual(image.height, 1056)
        XCTAssertTrue(inkFollows(points(along: [(202, 300), (598, 300)]), in: image).isEmpty,
                      image.saveForInspection(named: "export"))
        XCTAssertEqual(image.inkedCount(x0: 0, y0: 310, x1: 816, y1: 1056), 0)
        XCTAssertEqual(image.inkedCount(x0: 0, y0: 0, x1: 816, y1: 290), 0)
    }

    func testInkRunningJustPastTheWindowEdgeStillShowsAtTheEdge() throws {
        let placed = try launch()
        driver.move(window: placed.id, x: 100, y: 100)
        XCTAssertTrue(eventually { driver.findWindow(titled: "Quire")?.x == 100 })
        let window = try XCTUnwrap(driver.findWindow(titled: "Quire"))
        // Until Quire repaints after the move, the window shows stale pixels: wait for clean paper.
        XCTAssertTrue(eventually { screenshot(of: window).inkedRun(column: 0, y0: 210, y1: 390) == 0 })
        // With the marker (5–9 px wide), press inside, then run along x = −1, one pixel left of the
        // window (the pointer grab keeps the events coming), in 4 px steps so the smoothed curve hugs
        // the edge. Every dab there is centred outside the window; GL would cull such points whole,
        // and column 0 would stay white.
        driver.key("m")
        let edge = stride(from: 200, through: 400, by: 4).map { (window.x - 1, window.y + $0) }
        driver.drag(through: [(window.x + 20, window.y + 200)] + edge + [(window.x + 20, window.y + 400)])
        XCTAssertTrue(eventually { screenshot(of: window).inkedRun(column: 0, y0: 220, y1: 380) >= 150 },
                      screenshot(of: window).saveForInspection(named: "edge"))
    }

    func testResizingKeepsTheDrawing() throws {
        let window = try launch()
        driver.drag(through: [(100 + window.x, 100 + window.y), (300 + window.x, 100 + window.y)])
        XCTAssertTrue(eventually { screenshot(of: window).isInked(x: 200, y: 100) })
        driver.resize(window: window.id, width: 700, height: 500)
        XCTAssertTrue(eventually { driver.findWindow(titled: "Quire")?.width == 700 })
        let resized = try XCTUnwrap(driver.findWindow(titled: "Quire"))
        XCTAssertTrue(eventually { screenshot(of: resized).isInked(x: 200, y: 100) },
                      screenshot(of: resized).saveForInspection(named: "resize"))
        driver.resize(window: window.id, width: 1100, height: 900)
        XCTAssertTrue(eventually { driver.findWindow(titled: "Quire")?.height == 900 })
        let grown = try XCTUnwrap(driver.findWindow(titled: "Quire"))
        XCTAssertTrue(eventually { screenshot(of: grown).isInked(x: 200, y: 100) })
        // The page ends at 816 px; the desk beside it is drawn too, not left as garbage.
        // (The desk is the renderer's grey, 0.56/0.57/0.60.)
        XCTAssertTrue(eventually {
            let p = screenshot(of: grown)[1000, 100]
            return abs(Int(p.r) - 143) <= 2 && abs(Int(p.g) - 145) <= 2 && abs(Int(p.b) - 153) <= 2
        }, "desk colour \(screenshot(of: grown)[1000, 100])")
    }

    func testTheCloseButtonQuitsCleanly() throws {
        let window = try launch()
        driver.requestClose(window: window.id)
        XCTAssertTrue(quire!.waitForExit(), "quire ignored WM_DELETE_WINDOW")
        XCTAssertEqual(quire!.exitStatus, 0)
        XCTAssertNil(driver.findWindow(titled: "Quire"))
    }

    func testAnExportThatCannotBeWrittenSaysWhyAndQuireGoesOn() throws {
        exportPath = "/nonexistent-quire-folder/page.png"
        let window = try launch()
        driver.key("e", control: true)
        XCTAssertTrue(quire!.waitForOutput(containing: "could not write the page"), quire!.text)
        XCTAssertTrue(quire!.text.contains("/nonexistent-quire-folder"), quire!.text)
        XCTAssertTrue(quire!.isRunning)
        driver.drag(through: [(100 + window.x, 100 + window.y), (200 + window.x, 100 + window.y)])
        XCTAssertTrue(eventually { screenshot(of: window).isInked(x: 150, y: 100) })
    }

    func testToolKeysDrawAHighlighterAndAnEraser() throws {
        let window = try launch()
        func at(_ x: Int, _ y: Int) -> (Int, Int) { (window.x + x, window.y + y) }
        let line = stride(from: 100, through: 500, by: 10).map { at($0, 300) }
        driver.drag(through: line)                                        // pen
        XCTAssertTrue(eventually { screenshot(of: window).isInked(x: 300, y: 300) })

        driver.key("h")                                                   // highlighter, yellow
        driver.drag(through: stride(from: 100, through: 500, by: 10).map { at($0, 200) })
        driver.key("e")                                                   // eraser
        driver.drag(through: stride(from: 250, through: 350, by: 5).map { at(300, $0) })
        driver.key("e", control: true)
        XCTAssertTrue(quire!.waitForOutput(containing: "Wrote the page"), quire!.text)
        let page = try PNG.read(from: exportPath)

        let highlight = page[300, 200]
        XCTAssertGreaterThan(highlight.r, 200, "highlighter: \(highlight) \(page.saveForInspection(named: "tools"))")
        XCTAssertGreaterThan(highlight.g, 180)
        XCTAssertLessThan(highlight.b, 200, "no yellow where the highlighter went")
        XCTAssertGreaterThan(highlight.b, 80, "the highlighter is translucent, not paint")
        XCTAssertLessThanOrEqual(abs(Int(page[150, 200].b) - Int(highlight.b)), 3, "one even opacity along it")

        XCTAssertEqual(page.inkedCount(x0: 295, y0: 290, x1: 306, y1: 310), 0, "ink left under the eraser")
        XCTAssertTrue(page.isInked(x: 200, y: 300), "the eraser took ink it never touched")
        XCTAssertTrue(page.isInked(x: 400, y: 300))
    }

    func testCtrlQQuits() throws {
        _ = try launch()
        driver.key("q", control: true)
        XCTAssertTrue(quire!.waitForExit())
        XCTAssertEqual(quire!.exitStatus, 0)
    }
}
