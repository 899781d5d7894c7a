import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// Pictures through four corners, clips by a path, and groups (scraps), read back from real GL.
final class ImageAndClipTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures

    /// Where texture coordinates (u, v) land with texture coordinates interpolated affinely in each of
    /// the two triangles a quad is drawn as (upper-left, upper-right, lower-left) and (upper-right,
    /// lower-left, lower-right): the wrong answer the test must tell apart. Returns (u, v) for a page point.
    private func affineTextureCoordinate(at p: Point, in q: Quadrilateral) -> Point {
        func barycentric(_ a: Point, _ b: Point, _ c: Point) -> (Double, Double, Double) {
            let det = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y)
            let l1 = ((b.y - c.y) * (p.x - c.x) + (c.x - b.x) * (p.y - c.y)) / det
            let l2 = ((c.y - a.y) * (p.x - c.x) + (a.x - c.x) * (p.y - c.y)) / det
            return (l1, l2, 1 - l1 - l2)
        }
        let (a1, b1, c1) = barycentric(q.upperLeft, q.upperRight, q.lowerLeft)
        if a1 >= 0, b1 >= 0, c1 >= 0 { return Point(b1, c1) }
        let (a2, b2, c2) = barycentric(q.upperRight, q.lowerLeft, q.lowerRight)
        return Point(a2 + c2, b2 + c2)
    }

    func testACheckerboardThroughATrapezoidSamplesTheTexelTheHomographyPredicts() throws {
        let cells = 8
        let corners = Quadrilateral(upperLeft: Point(75, 15), upperRight: Point(125, 15),
                                    lowerRight: Point(195, 185), lowerLeft: Point(5, 185))
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(.image(SceneImage(imageKey: "checker", image: F.checkerboard(cells: cells), corners: corners)))
        let page = try renderer.renderPageImage()
        let unit = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]
        let toPage = try XCTUnwrap(Homography(from: unit, to: corners.corners))
        var checked = 0, affineWouldFail = 0
        for row in 0..<cells {
            for column in 0..<cells {
                // The centre of texel (column, row), where the picture is flat black or white.
                let p = try XCTUnwrap(toPage.apply(Point((Double(column) + 0.5) / Double(cells), (Double(row) + 0.5) / Double(cells))))
                let (x, y) = (Int(p.x), Int(p.y))
                let expectBlack = (column + row) % 2 == 0
                let luma = page[x, y].luma
                XCTAssertTrue(expectBlack ? luma < 64 : luma > 192,
                              "texel (\(column), \(row)) at page (\(x), \(y)) is \(page[x, y]): \(page.saveForInspection(named: "checker"))")
                checked += 1
                let wrong = affineTextureCoordinate(at: Point(Double(x) + 0.5, Double(y) + 0.5), in: corners)
                let (wc, wr) = (Int(wrong.x * Double(cells)), Int(wrong.y * Double(cells)))
                if ((wc + wr) % 2 == 0) != expectBlack { affineWouldFail += 1 }
            }
        }
        XCTAssertEqual(checked, cells * cells)
        XCTAssertGreaterThanOrEqual(affineWouldFail, 8, "the trapezoid must be steep enough that affine sampling fails here")
        // Outside the trapezoid: paper.
        XCTAssertEqual(page[20, 20], RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    func testAPictureThroughATurnedShearedParallelogramLandsEachTexelWhereTheMapPutsIt() throws {
        // A parallelogram (as a scrap moved, turned and scaled is) takes the interpolated program: each
        // texel must still land where the map from the picture to the corners puts it, the right way
        // up and round (each texel's colour names its column and row), and nothing drawn outside.
        let cells = 8
        var picture = RGBAImage(width: cells, height: cells)
        for y in 0..<cells { for x in 0..<cells { picture[x, y] = .init(r: UInt8(x * 32), g: UInt8(y * 32), b: 128, a: 255) } }
        let turn = QuireGeometry.AffineTransform.rotation(0.4)
        let (ul, ur, ll) = (Point(70, 20), turn.apply(Point(110, 0)) + Point(70, 20), Point(40, 170))
        let corners = Quadrilateral(upperLeft: ul, upperRight: ur, lowerRight: ur + (ll - ul), lowerLeft: ll)
        let renderer = try PageRenderer(pageWidth: 240, pageHeight: 260)
        renderer.append(.image(SceneImage(imageKey: "named texels", image: picture, corners: corners)))
        let page = try renderer.renderPageImage()
        let unit = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]
        let toPage = try XCTUnwrap(Homography(from: unit, to: corners.corners))
        for row in 0..<cells {
            for column in 0..<cells {
                let p = try XCTUnwrap(toPage.apply(Point((Double(column) + 0.5) / Double(cells), (Double(row) + 0.5) / Double(cells))))
                let got = page[Int(p.x), Int(p.y)]
                // A texel spans about fourteen pixels: half a pixel off its centre blends in a little
                // of the next texel, a few levels.
                XCTAssertTrue(abs(Int(got.r) - column * 32) <= 6 && abs(Int(got.g) - row * 32) <= 6 && abs(Int(got.b) - 128) <= 2,
                              "texel (\(column), \(row)) at page \(p) is \(got): \(page.saveForInspection(named: "parallelogram"))")
            }
        }
        // Beyond each corner, a few pixels out: paper.
        let centre = (corners.upperLeft + corners.lowerRight) / 2
        for corner in corners.corners {
            let outside = corner + (corner - centre) * 0.08
            XCTAssertEqual(page[Int(outside.x), Int(outside.y)], RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255), "beyond \(corner)")
        }
    }

    func testPicturesSharingAKeyUploadOnceAndBrokenCornersDrawNothing() throws {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100)
        let red = F.solid(255, 0, 0)
        for i in 0..<3 {
            renderer.append(.image(SceneImage(imageKey: "red", image: red,
                                              corners: Quadrilateral(Rect(x: Double(i) * 30, y: 10, width: 20, height: 20)))))
        }
        XCTAssertEqual(renderer.imageUploads, 1)
        let before = try renderer.renderPageImage()
        XCTAssertEqual(before[75, 20].r, 255)
        XCTAssertLessThan(before[75, 20].g, 5)
        // Not finite, degenerate (three corners in a line), a bow tie, an empty or lying picture.
        let nan = Point(.nan, 0)
        var short = F.solid(0, 0, 0)
        short.pixels.removeLast(8)
        let broken: [SceneImage] = [
            SceneImage(imageKey: "red", image: red, corners: Quadrilateral(upperLeft: nan, upperRight: Point(90, 50), lowerRight: Point(90, 90), lowerLeft: Point(50, 90))),
            SceneImage(imageKey: "red", image: red, corners: Quadrilateral(upperLeft: Point(10, 60), upperRight: Point(50, 60), lowerRight: Point(90, 60), lowerLeft: Point(10, 90))),
            SceneImage(imageKey: "red", image: red, corners: Quadrilateral(upperLeft: Point(10, 50), upperRight: Point(90, 90), lowerRight: Point(90, 50), lowerLeft: Point(10, 90))),
            SceneImage(imageKey: "empty", image: RGBAImage(width: 0, height: 0, pixels: []), corners: Quadrilateral(Rect(x: 10, y: 50, width: 80, height: 40))),
            SceneImage(imageKey: "short", image: short, corners: Quadrilateral(Rect(x: 10, y: 50, width: 80, height: 40))),
            // Wider than any GL texture (llvmpipe takes 16,384).
            SceneImage(imageKey: "huge", image: RGBAImage(width: 1 << 17, height: 1), corners: Quadrilateral(Rect(x: 10, y: 50, width: 80, height: 40))),
        ]
        for image in broken { renderer.append(.image(image)) }
        F.assertSame(try renderer.renderPageImage(), before, "broken pictures drew something")
        for _ in broken { renderer.remove(at: renderer.count - 1) }
        // The texture goes with the last item showing it (after the frame that still showed it).
        for _ in 0..<3 { renderer.remove(at: 0) }
        let window = try RenderTarget(width: 100, height: 100)
        renderer.drawView(width: 100, height: 100, pageToWindow: .identity, into: window)
        XCTAssertEqual(renderer.imageTextureCount, 0)
    }

    func testAClipKeepsPixelsInsideAndDropsThoseOutsideAndInItsHole() throws {
        // A square with a square hole: even-odd, both outlines wound the same way.
        var clip = BezierPath(rect: Rect(x: 40, y: 40, width: 120, height: 120))
        clip.append(BezierPath(rect: Rect(x: 80, y: 80, width: 40, height: 40)))
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(F.line(Point(10, 100), Point(190, 100), diameter: 10, clip: clip))
        renderer.append(.image(SceneImage(imageKey: "red", image: F.solid(255, 0, 0),
                                          corners: Quadrilateral(Rect(x: 0, y: 0, width: 200, height: 30)),
                                          clip: BezierPath(circleAt: Point(100, 15), radius: 10))))
        for scale in [1.0, 2.0] {
            let page = try renderer.renderPageImage(scale: scale)
            func at(_ x: Int, _ y: Int) -> RGBAImage.Pixel { page[Int(Double(x) * scale), Int(Double(y) * scale)] }
            XCTAssertLessThan(at(60, 100).luma, 60, "inside the clip: \(page.saveForInspection(named: "clip"))")
            XCTAssertLessThan(at(140, 100).luma, 60, "inside the clip, right of the hole")
            XCTAssertEqual(at(100, 100).luma, 255, accuracy: 1, "in the hole")
            XCTAssertEqual(at(20, 100).luma, 255, accuracy: 1, "left of the clip")
            XCTAssertEqual(at(180, 100).luma, 255, accuracy: 1, "right of the clip")
            XCTAssertEqual(at(100, 15).r, 255)
            XCTAssertLessThan(at(100, 15).g, 5, "the picture inside its round clip")
            XCTAssertEqual(at(80, 15).luma, 255, accuracy: 1, "the picture outside its round clip")
        }
        XCTAssertEqual(renderer.items.count, 2)
    }

    /// A stencil buffer is attached to a layer only once something is clipped in it: a page of plain
    /// ink, its view and its export never pay for one.
    func testOnlyClippingAttachesAStencil() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let before = RenderTarget.stencilsAttached
        renderer.append(F.line(Point(10, 100), Point(190, 100), diameter: 10))
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: try RenderTarget(width: 200, height: 200))
        _ = try renderer.renderPageImage(scale: 2)
        XCTAssertEqual(RenderTarget.stencilsAttached, before, "plain ink asked for a stencil")
        renderer.append(F.line(Point(10, 50), Point(190, 50), diameter: 10, clip: BezierPath(circleAt: Point(100, 50), radius: 30)))
        XCTAssertGreaterThan(RenderTarget.stencilsAttached, before)
        let page = try renderer.renderPageImage()
        XCTAssertLessThan(page[100, 50].luma, 60, "the clipped line shows inside its clip")
        XCTAssertEqual(page[20, 50].luma, 255, accuracy: 1, "and not outside it")
    }

    func testAGroupsInkAndPictureAreClippedToTheGroup() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let scrap = SceneGroup(clip: BezierPath(circleAt: Point(100, 100), radius: 50), children: [
            .image(SceneImage(imageKey: "red", image: F.solid(255, 0, 0),
                              corners: Quadrilateral(Rect(x: 0, y: 0, width: 200, height: 200)),
                              // Nested: the picture's own clip keeps only its left half.
                              clip: BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 200)))),
            .stroke(F.line(Point(10, 100), Point(190, 100), diameter: 8, color: .black)),
        ])
        XCTAssertEqual(RenderItem.group(scrap).bounds.minX, 50, accuracy: 0.5)
        renderer.append(.group(scrap))
        let page = try renderer.renderPageImage()
        XCTAssertLessThan(page[100, 100].luma, 40, "the group's ink inside: \(page.saveForInspection(named: "group"))")
        XCTAssertLessThan(page[140, 100].luma, 40)
        XCTAssertEqual(page[20, 100].luma, 255, accuracy: 1, "the group's ink outside its clip")
        XCTAssertEqual(page[180, 100].luma, 255, accuracy: 1)
        XCTAssertEqual(page[80, 70], RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255), "the picture inside both clips")
        XCTAssertEqual(page[120, 70].luma, 255, accuracy: 1, "the picture outside its own clip")
        XCTAssertEqual(page[20, 20].luma, 255, accuracy: 1, "the picture outside the group")

        // Zoomed in the window the same, sharpened from vectors; and removing it clears it.
        let window = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: .scale(2, 2), into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 400, height: 400, pageToWindow: .scale(2, 2), into: window)
        let shown = window.readPixels()
        XCTAssertLessThan(shown[200, 200].luma, 40)
        XCTAssertEqual(shown[40, 200].luma, 255, accuracy: 1, "zoomed: ink outside the clip")
        XCTAssertEqual(shown[160, 140], RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255))
        renderer.remove(at: 0)
        F.assertSame(try renderer.renderPageImage(), try F.reference([]), "the group removed")
    }
}
