import QuireGeometry
import XCTest

/// ClippingBezier's `MMClippingBezierSubshapeTests` (github.com/adamwulf/ClippingBezier), written again
/// in Swift from their inputs and expected numbers, one test per test of theirs and named after it.
///
/// Their `uniqueShapesCreatedFromSlicingWithUnclosedPath:` is Quire's `uniqueShapes(slicedBy:)`; a
/// `DKUIBezierPathShape` is a `SubShape` (its `holes` are ours; its `fullPath` is our `path`). Their
/// assertions on intermediate steps (red, green and blue segments, unfiltered shells) have no Quire
/// counterpart and are not carried over; where they count a shape's "segments" we count its subpaths.
/// On top of their counts every test here checks what theirs could not easily: areas add up, and
/// holes are wound against their outline.
final class ClippingBezierSubshapeTests: XCTestCase {

    // MARK: Shapes with holes cut by closed scissors

    func testUniqueScissorsCreatingHole() {
        let scissors = uiRect(250, 250, 100, 100)
        let shape = uiRect(200, 200, 200, 200)
        let result = shape.uniqueShapes(slicedBy: scissors)
        XCTAssertTrue(result.problems.isEmpty, "\(result.problems)")
        XCTAssertEqual(result.shapes.count, 2)
        guard result.shapes.count == 2 else { return }
        let (piece, rest) = pieceAndRest(result)
        XCTAssertEqual(piece.holes.count, 0)
        XCTAssertEqual(rest.holes.count, 1)
        XCTAssertEqual(piece.path.subpaths.count, 1)
        XCTAssertEqual(rest.path.subpaths.count, 2)
        XCTAssertEqual(piece.area, 10_000, accuracy: 1e-9 * 10_000)
        XCTAssertEqual(rest.area, 30_000, accuracy: 1e-9 * 30_000)
        assertWellFormed(result, cutting: shape, relativeAccuracy: 1e-9)
    }

    func testDrawnScissorsCreatingHole() {
        let (shape, scissors) = Self.drawnShapeAndHoleScissors()
        let result = shape.uniqueShapes(slicedBy: scissors)
        XCTAssertTrue(result.problems.isEmpty, "\(result.problems)")
        XCTAssertEqual(result.shapes.count, 2)
        guard result.shapes.count == 2 else { return }
        let (piece, rest) = pieceAndRest(result)
        XCTAssertEqual(piece.holes.count, 0)
        XCTAssertEqual(rest.holes.count, 1)
        XCTAssertEqual(piece.path.subpaths.count, 1)
        XCTAssertEqual(rest.path.subpaths.count, 2)
        XCTAssertEqual(piece.area, abs(scissors.signedArea), accuracy: 1e-6 * abs(scissors.signedArea))
        assertWellFormed(result, cutting: shape, relativeAccuracy: 1e-6)
    }

    func testScissorsMakingSecondHole() {
        let scissors = uiRect(450, 250, 100, 100)
        let shape = uiRect(200, 200, 400, 200).appending(uiRect(250, 250, 100, 100).reversed)
        let result = shape.uniqueShapes(slicedBy: scissors)
        XCTAssertTrue(result.problems.isEmpty, "\(result.problems)")
        XCTAssertEqual(result.shapes.count, 2)
        guard result.shapes.count == 2 else { return }
        let (piece, rest) = pieceAndRest(result)
        XCTAssertEqual(piece.holes.count, 0)
        XCTAssertEqual(rest.holes.count, 2)
        XCTAssertEqual(piece.area, 10_000, accuracy: 1e-9 * 10_000)
        XCTAssertEqual(rest.area, 60_000, accuracy: 1e-9 * 60_000)
        // The old hole stays where it was, the new one is where the scissors went.
        XCTAssertFalse(rest.path.contains(Point(300, 300)))
        XCTAssertFalse(rest.path.contains(Point(500, 300)))
        XCTAssertTrue(rest.path.contains(Point(400, 300)))
        assertWellFormed(result, cutting: shape, relativeAccuracy: 1e-9)
    }

    func testDisappearingHole() {
        var shape = UIPath()
        shape.move(175.500732, 230.421143)
        shape.curve(702.527161, 166.170593, 351.411133, 211.060486, 529.177734, 201.082153)
        shape.curve(697.320923, 187.583679, 692.660156, 163.630676, 689.748657, 184.496399)
        shape.curve(682.145386, 275.373230, 691.426636, 216.691772, 685.812622, 245.884277)
        shape.curve(658.421326, 385.761047, 676.461792, 312.604126, 668.197571, 349.404541)
        shape.curve(641.594421, 504.993286, 646.190613, 424.501343, 648.688904, 465.410156)
        shape.curve(619.160339, 624.331177, 637.388672, 545.362671, 626.235291, 584.470032)
        shape.curve(613.210144, 725.409180, 613.410645, 657.668945, 611.552551, 691.638306)
        shape.curve(603.642151, 813.093140, 611.811462, 752.655273, 620.267029, 787.958313)
        shape.curve(586.862793, 815.652832, 598.415649, 815.514771, 592.545349, 816.365723)
        shape.curve(506.118439, 817.172729, 559.947937, 816.159302, 533.033264, 816.666016)
        shape.curve(377.278503, 826.329041, 463.110229, 818.449768, 419.596863, 816.746765)
        shape.curve(264.434540, 850.890015, 339.543610, 833.953247, 301.959229, 842.298401)
        shape.curve(201.823563, 862.165222, 243.742676, 855.553223, 222.868271, 859.475403)
        shape.curve(153.770020, 872.044495, 186.179840, 866.041504, 170.222488, 872.305725)
        shape.curve(150.110229, 856.407593, 149.131927, 868.425720, 147.999054, 861.682495)
        shape.curve(149.838364, 782.370972, 149.844986, 831.729004, 148.476501, 807.049072)
        shape.curve(153.714630, 690.306641, 151.150620, 751.683777, 154.193451, 721.058716)
        shape.curve(153.825363, 576.998474, 154.130066, 652.540649, 155.338486, 614.759949)
        shape.curve(159.416580, 456.855774, 154.166336, 536.916687, 153.996414, 496.671387)
        shape.curve(175.500732, 230.421143, 168.141022, 382.216064, 166.668716, 306.805969)
        shape.close()
        shape.move(251.966461, 573.083618)
        shape.curve(213.528351, 661.108154, 214.886520, 595.633606, 197.677231, 635.043518)
        shape.curve(309.368408, 667.471924, 229.379471, 687.172852, 272.288483, 690.021973)
        shape.curve(347.806519, 579.447388, 346.448273, 644.921936, 363.657715, 605.512024)
        shape.curve(251.966461, 573.083618, 331.955475, 553.382751, 289.046387, 550.533569)
        shape.close()
        shape.move(429.482330, 488.810425)
        shape.line(410.999786, 531.081909)
        shape.line(410.999786, 531.081909)
        shape.line(421.822449, 570.060974)
        shape.line(421.822449, 570.060974)
        shape.curve(476.077759, 566.069641, 438.102509, 582.961914, 459.959961, 566.950073)
        shape.curve(520.009521, 529.881042, 493.298462, 558.425903, 512.600281, 548.673645)
        shape.line(501.789062, 467.580994)
        shape.line(501.789062, 467.580994)
        shape.line(429.482330, 488.810425)
        shape.line(429.482330, 488.810425)
        shape.close()
        shape.move(217.243820, 745.747925)
        shape.curve(225.461121, 806.749756, 203.739746, 768.926636, 207.418671, 796.237915)
        shape.curve(282.581207, 783.814514, 243.503433, 817.261475, 269.076996, 806.992981)
        shape.curve(274.364044, 722.812744, 296.085388, 760.635925, 292.406403, 733.324463)
        shape.curve(217.243820, 745.747925, 256.321594, 712.300903, 230.748016, 722.569336)
        shape.close()
        shape.move(389.821625, 688.105957)
        shape.line(340.740417, 732.781738)
        shape.line(340.740417, 732.781738)
        shape.curve(379.545288, 767.950378, 331.526642, 755.608887, 366.942749, 765.839661)
        shape.curve(478.910706, 742.521179, 414.166107, 769.133423, 448.458984, 758.708557)
        shape.curve(539.872620, 703.230835, 497.699493, 730.924072, 532.912109, 729.843750)
        shape.curve(512.366882, 672.337036, 545.610413, 686.542358, 520.817932, 677.128906)
        shape.curve(421.402893, 667.318176, 482.927673, 663.996826, 451.614166, 663.212891)
        shape.curve(389.821625, 688.105957, 408.649506, 666.907227, 395.763123, 671.779724)
        shape.close()
        shape.move(468.012482, 282.769714)
        shape.curve(412.486359, 372.441101, 446.518768, 316.726379, 415.132874, 335.250427)
        shape.curve(434.279480, 397.833191, 409.152252, 386.056702, 423.555725, 395.005371)
        shape.curve(577.996277, 344.644836, 486.710266, 408.427124, 552.345581, 398.468201)
        shape.curve(568.858582, 276.384033, 580.491211, 321.606323, 577.202332, 298.010193)
        shape.curve(509.083893, 259.560120, 560.083740, 254.081116, 527.261597, 253.633240)
        shape.curve(468.012482, 282.769714, 495.173828, 264.837097, 477.637054, 261.404541)
        shape.close()

        var scissors = UIPath()
        scissors.move(243.253784, 374.253754)
        scissors.curve(341.000000, 358.999969, 274.457886, 343.049652, 318.220337, 336.220306)
        scissors.curve(325.746216, 456.746185, 363.779663, 381.779633, 356.950317, 425.542084)
        scissors.curve(228.000000, 472.000000, 294.542114, 487.950317, 250.779648, 494.779633)
        scissors.curve(243.253784, 374.253754, 205.220337, 449.220337, 212.049683, 405.457855)
        scissors.close()

        // The five holes of the drawn shape are wound against its outline, so they are holes by
        // either rule.
        let outlineArea = shape.path.subpaths[0].signedArea
        for hole in shape.path.subpaths.dropFirst() { XCTAssertEqual(hole.signedArea.sign, (-outlineArea).sign) }

        for rule in [FillRule.nonZero, .evenOdd] {
            let result = shape.path.uniqueShapes(slicedBy: scissors.path, fillRule: rule)
            XCTAssertTrue(result.problems.isEmpty, "\(result.problems)")
            XCTAssertEqual(result.shapes.count, 2)
            guard result.shapes.count == 2 else { continue }
            let (piece, rest) = pieceAndRest(result)
            XCTAssertEqual(piece.holes.count, 0)
            XCTAssertEqual(rest.holes.count, 6)
            XCTAssertEqual(piece.area, abs(scissors.path.signedArea), accuracy: 1e-6 * abs(scissors.path.signedArea))
            assertWellFormed(result, cutting: shape.path, relativeAccuracy: 1e-6)
        }
    }

    // MARK: Open scissors through shapes without holes

    func testIntersectionOfHorizontalPath() {
        // The square starts half way down its left side, where the line crosses it.
        let scissors = openPath((0, 50), (200, 50))
        let shape = BezierPath(polygon: [Point(50, 50), Point(50, 0), Point(150, 0), Point(150, 150), Point(50, 150)])
        assertUniqueShapes(shape, scissors, count: 2, relativeAccuracy: 1e-9)
    }

    func testNonIntersectingPaths() {
        let scissors = openPath((0, 500), (2000, 500))
        var shape = BezierPath(polygon: [Point(50, 50), Point(50, 0), Point(150, 0), Point(150, 150), Point(50, 150)])
        shape.append(shape.transformed(by: .translation(200, 0)))
        assertUniqueShapes(shape, scissors, count: 2, relativeAccuracy: 1e-9)
    }

    func testCircleThroughRectangleFirstSegmentTangent() {
        let scissors = uiOval(200, 200, 200, 200)
        let shape = uiRect(200, 200, 200, 100)
        assertUniqueShapes(shape, scissors, count: 3, relativeAccuracy: 1e-6)
    }

    func testSquaredCircleIntersections() {
        let shape = uiRect(200, 200, 200, 200)
        let scissors = uiOval(200, 200, 200, 200)
        assertUniqueShapes(shape, scissors, count: 5, relativeAccuracy: 1e-6)
    }

    func testRectangleScissorsThroughCircleShape() {
        let scissors = uiRect(100, 250, 400, 100)
        let shape = uiOval(200, 200, 200, 200)
        assertUniqueShapes(shape, scissors, count: 3, relativeAccuracy: 1e-6)
    }

    func testClippingVerticalOvalThroughHorizontalRectangle() {
        let scissors = uiOval(200, 100, 200, 400)
        let shape = uiRect(100, 200, 400, 200)
        assertUniqueShapes(shape, scissors, count: 3, relativeAccuracy: 1e-6)
    }

    func testClippingVerticalOvalThroughReversedHorizontalRectangle() {
        let scissors = uiOval(200, 100, 200, 400)
        let shape = uiRect(100, 200, 400, 200).reversed
        assertUniqueShapes(shape, scissors, count: 3, relativeAccuracy: 1e-6)
    }

    func testRectangleThatSlicesThroughRectangleAtEndpoint() {
        // The scissors start and end on the shape's outline (loose-leaf issue 296).
        let scissors = BezierPath(polygon: [Point(200, 300), Point(600, 300), Point(600, 800), Point(100, 800), Point(100, 300), Point(200, 300)])
        let shape = BezierPath(polygon: [Point(200, 250), Point(380, 250), Point(380, 350), Point(200, 350)])
        assertUniqueShapes(shape, scissors, count: 2, relativeAccuracy: 1e-9)
    }

    func testStraightLineThroughNotchedRectangle() {
        let scissors = openPath((100, 300), (600, 300))
        let shape = notchedRectangle(firstNotch: [Point(200, 200), Point(250, 350), Point(300, 200)], secondNotch: [Point(500, 400), Point(450, 250), Point(400, 400)])
        assertUniqueShapes(shape, scissors, count: 4, relativeAccuracy: 1e-9)
    }

    func testTangentThroughNotchedRectangle() {
        // The tips of both notches touch the line: four pieces meeting at those two points.
        let scissors = openPath((100, 300), (600, 300))
        let shape = notchedRectangle(firstNotch: [Point(200, 200), Point(250, 300), Point(300, 200)], secondNotch: [Point(500, 400), Point(450, 300), Point(400, 400)])
        assertUniqueShapes(shape, scissors, count: 4, relativeAccuracy: 1e-9)
    }

    func testTangentAcrossNotchedRectangle() {
        // The line runs along the top edge and across the notch's mouth: it cuts nothing off.
        let scissors = openPath((100, 200), (600, 200))
        let shape = notchedRectangle(firstNotch: [Point(200, 200), Point(250, 300), Point(300, 200)], secondNotch: [Point(500, 400), Point(450, 300), Point(400, 400)])
        assertUniqueShapes(shape, scissors, count: 1, relativeAccuracy: 1e-9)
    }

    func testTangentAcrossNotchedRectangleWithTangentPoint() {
        let scissors = openPath((100, 200), (600, 200))
        let shape = BezierPath(polygon: [
            Point(150, 200), Point(250, 300), Point(300, 200), Point(550, 200), Point(550, 400),
            Point(500, 400), Point(450, 300), Point(400, 400), Point(150, 400), Point(150, 200),
        ])
        assertUniqueShapes(shape, scissors, count: 1, relativeAccuracy: 1e-9)
    }

    func testLineThroughOval() {
        let scissors = openPath((100, 300), (600, 300))
        var shape = UIPath()
        shape.move(150, 300)
        shape.curve(450, 300, 150, 200, 450, 200)
        shape.curve(150, 300, 450, 400, 150, 400)
        shape.close()
        assertUniqueShapes(shape.path, scissors, count: 2, relativeAccuracy: 1e-6)
    }

    func testLineThroughOffsetOval() {
        let scissors = openPath((100, 300), (600, 300))
        var shape = UIPath()
        shape.move(150, 310)
        shape.curve(450, 310, 150, 210, 450, 210)
        shape.curve(150, 310, 450, 410, 150, 410)
        shape.close()
        assertUniqueShapes(shape.path, scissors, count: 2, relativeAccuracy: 1e-6)
    }

    func testStraightLineThroughSingleNotchedRectangle() {
        let scissors = openPath((100, 300), (600, 300))
        let shape = BezierPath(polygon: [
            Point(150, 200), Point(200, 200), Point(250, 350), Point(300, 200), Point(550, 200),
            Point(550, 400), Point(150, 400), Point(150, 200),
        ])
        assertUniqueShapes(shape, scissors, count: 3, relativeAccuracy: 1e-9)
    }

    func testCurveDifferenceWithBounds() {
        var scissors = UIPath()
        scissors.move(100, 50)
        scissors.curve(100, 250, 170, 80, 170, 220)
        let shape = BezierPath(polygon: [Point(100, 100), Point(200, 100), Point(200, 200), Point(100, 200)])
        assertUniqueShapes(shape, scissors.path, count: 2, relativeAccuracy: 1e-6)
    }

    func testLotsOfExternalTangents() {
        // A closed strip of scissors that touches the shape's corner, runs along its bottom edge and
        // passes through its notch's point: four pieces, two of them meeting only at (200, 500).
        let scissors = BezierPath(polygon: [Point(300, 100), Point(300, 800), Point(200, 800), Point(200, 100)])
        let shape = BezierPath(polygon: [Point(100, 300), Point(300, 300), Point(200, 500), Point(600, 500), Point(600, 800), Point(100, 800)])
        let result = assertUniqueShapes(shape, scissors, count: 4, relativeAccuracy: 1e-9)
        assertAreas(result, [10_000, 30_000, 50_000, 90_000])
    }

    func testSingleExternalTangents() {
        let scissors = openPath((300, 100), (300, 900))
        let shape = BezierPath(polygon: [Point(100, 300), Point(300, 300), Point(200, 500), Point(600, 500), Point(600, 800), Point(100, 800)])
        let result = assertUniqueShapes(shape, scissors, count: 2, relativeAccuracy: 1e-9)
        assertAreas(result, [90_000, 90_000])
    }

    func testRemoveRedSegmentsEndingInsideShape() {
        // The scissors cross the shape once and stop inside it, after cutting off its top.
        var scissors = UIPath()
        scissors.move(120, 276)
        scissors.curve(404, 261, 213.64639, 261.60071, 309.32291, 255.5038)
        scissors.curve(442, 284, 418.50101, 265.02277, 431.69467, 273.1311)
        scissors.curve(494, 354, 464.80707, 302.7251, 478.84366, 329.36636)
        scissors.curve(520, 442, 511.24597, 379.80554, 522.3692, 410.65625)
        scissors.line(520, 442)
        scissors.line(491, 484)
        assertUniqueShapes(Self.drawnShape(nearTangentStart: false), scissors.path, count: 2, relativeAccuracy: 1e-6)
    }

    func testLineThroughNearTangent() {
        let scissors = openPath((221, 167.833), (662, 463.833))
        assertUniqueShapes(Self.drawnShape(nearTangentStart: true), scissors, count: 2, relativeAccuracy: 1e-6)
    }

    func testLineThroughNearTangent2() {
        var shape = UIPath()
        shape.move(508.5, 163)
        shape.curve(488, 157, 503.33316, 156.99994, 495.66705, 157.00012)
        shape.curve(299, 239, 416.37802, 147.16136, 344.33414, 185.12921)
        shape.curve(246, 325, 273.89377, 262.08917, 256.60571, 292.82858)
        shape.curve(241, 468, 231.50536, 370.25995, 222.48784, 421.92267)
        shape.curve(309, 517, 256.88425, 490.98465, 279.76193, 513.45514)
        shape.curve(503, 505, 373.33853, 530.75964, 439.7457, 518.77924)
        shape.curve(578, 472, 525.80219, 498.12177, 564.07373, 497.16443)
        shape.curve(586, 437, 581.66315, 460.92813, 587.71844, 449.24524)
        shape.curve(557, 403, 581.36877, 422.12527, 570.54401, 409.97241)
        shape.curve(487, 352, 531.47479, 391.36197, 501.86853, 377.56622)
        shape.curve(479, 307, 474.60147, 339.24902, 477.67685, 322.3252)
        shape.curve(528, 246, 494.35587, 285.9285, 512.70593, 267.14542)
        shape.line(528, 246)
        shape.line(535, 201)
        shape.line(535, 201)
        shape.line(508.5, 163)
        shape.close()
        var scissors = UIPath()
        scissors.move(236, 174)
        scissors.curve(272, 201, 252.44324, 170.66141, 258.57706, 200.40956)
        scissors.curve(559, 419, 361.56906, 280.7829, 453.51816, 360.66116)
        scissors.curve(688, 505, 606.76227, 440.35507, 643.33301, 478.82477)
        assertUniqueShapes(shape.path, scissors.path, count: 2, relativeAccuracy: 1e-6)
    }

    func testScissorBeginningInShape() {
        // The scissors start inside and leave: nothing comes off.
        let result = assertUniqueShapes(uiRect(200, 200, 200, 200), openPath((300, 300), (600, 600)), count: 1, relativeAccuracy: 1e-9)
        XCTAssertEqual(result.shapes[0].path.subpaths.count, 1)
    }

    func testScissorBeginningInShape2() {
        // In across the square, out, and back in to stop inside: two halves.
        let scissors = BezierPath([.move(to: Point(100, 300)), .line(to: Point(600, 300)), .line(to: Point(600, 310)), .line(to: Point(300, 310))])
        let result = assertUniqueShapes(uiRect(200, 200, 200, 200), scissors, count: 2, relativeAccuracy: 1e-9)
        assertAreas(result, [20_000, 20_000])
    }

    func testReversedScissorBeginningInShape2() {
        let scissors = BezierPath([.move(to: Point(100, 300)), .line(to: Point(600, 300)), .line(to: Point(600, 310)), .line(to: Point(300, 310))]).reversed
        let result = assertUniqueShapes(uiRect(200, 200, 200, 200), scissors, count: 2, relativeAccuracy: 1e-9)
        assertAreas(result, [20_000, 20_000])
    }

    func testFindingMultipleSubPathWithoutIntersection2() {
        // Empty scissors: no intersections, and the shape comes back whole with its hole.
        let shape = uiRect(200, 200, 200, 200).appending(uiRect(250, 250, 100, 100).reversed)
        XCTAssertEqual(BezierPath().intersections(with: shape).count, 0)
        assertUniqueShapes(shape, BezierPath(), count: 1, holes: [1], relativeAccuracy: 1e-9)
    }

    func testOvalClippingInRectangleSubShapes() {
        // Theirs is `bezierPathWithArcCenter:radius:startAngle:0 endAngle:2π clockwise:NO`, UIKit's own
        // cubic arcs; Quire's circle of four cubic quarters is the same circle to within 0.03 %.
        let scissors = BezierPath(circleAt: Point(300, 300), radius: 120)
        assertUniqueShapes(uiRect(100, 200, 400, 200), scissors, count: 3, relativeAccuracy: 1e-6)
    }

    func testOvalClippingInRectangleSubShapes2() {
        assertUniqueShapes(uiRect(100, 200, 400, 200), uiOval(200, 100, 200, 400), count: 3, relativeAccuracy: 1e-6)
    }

    func testLineThroughNotchedRectangle() {
        // The same inputs as testStraightLineThroughNotchedRectangle, from a later part of their file.
        let scissors = openPath((100, 300), (600, 300))
        let shape = notchedRectangle(firstNotch: [Point(200, 200), Point(250, 350), Point(300, 200)], secondNotch: [Point(500, 400), Point(450, 250), Point(400, 400)])
        assertUniqueShapes(shape, scissors, count: 4, relativeAccuracy: 1e-9)
    }

    func testTrickyLineNearCorner() {
        let scissors = BezierPath([
            .move(to: Point(419, 391)), .line(to: Point(419, 391)), .line(to: Point(393, 134)), .line(to: Point(393, 134)),
            .line(to: Point(295, 428)),
        ])
        // Their shape is not clockwise on a y-down page: a negative signed area in Quire.
        XCTAssertLessThan(Self.sloppyBox.signedArea, 0)
        assertUniqueShapes(Self.sloppyBox, scissors, count: 3, relativeAccuracy: 1e-6)
    }

    func testNearTangentLineToSloppyBox() {
        // The line passes just under the box's bottom corner at (308, 330) and cuts off a sliver.
        let scissors = BezierPath([.move(to: Point(131, 331)), .line(to: Point(131, 331)), .line(to: Point(559, 326))])
        assertUniqueShapes(Self.sloppyBox, scissors, count: 2, relativeAccuracy: 1e-6)
    }

    func testZigZagLineThroughSloppyBox() {
        var scissors = UIPath()
        scissors.move(421, 370)
        scissors.curve(387, 169, 394.666168, 309.850830, 452.226837, 150.381851)
        scissors.curve(353, 375, 320.444397, 187.997421, 389.789246, 314.899323)
        scissors.curve(346, 381, 351.378052, 377.649658, 348.693909, 379.487122)
        scissors.curve(336, 376, 342.446350, 379.722534, 335.710663, 384.064972)
        scissors.curve(334, 319, 334.906860, 357.017212, 332.773987, 338.058167)
        scissors.curve(329, 255, 334.787476, 297.469727, 329.478668, 276.451782)
        scissors.curve(321, 156, 326.492584, 221.951874, 320.427063, 189.185196)
        scissors.line(321, 156)
        scissors.line(328, 142)
        assertUniqueShapes(Self.sloppyBox, scissors.path, count: 4, relativeAccuracy: 1e-6)
    }

    func testSquiggleThroughLongRectangle() {
        var shape = UIPath()
        shape.move(127.5, 121)
        shape.curve(119, 126, 111.740646, 111.826790, 117.062279, 122.276443)
        shape.curve(115, 156, 117.584236, 135.994080, 117.569023, 146.173431)
        shape.curve(111, 179, 112.933540, 163.542007, 112.493446, 171.356430)
        shape.curve(110, 189, 112.509949, 182.632477, 108.890198, 185.432465)
        shape.curve(119, 189, 112.999985, 188.999985, 116.000008, 189.000015)
        shape.curve(147, 189, 128.333328, 189, 137.666656, 189)
        shape.curve(196, 189, 163.333282, 188.999939, 179.666687, 189.000031)
        shape.curve(264, 189, 218.666733, 189.000061, 241.333298, 188.999969)
        shape.curve(343, 191, 290.302979, 191.183914, 316.693359, 188.843384)
        shape.curve(441, 192, 375.639862, 192.948700, 408.334991, 191.561615)
        shape.curve(545, 194, 475.642548, 194.206146, 510.354370, 191.825272)
        shape.curve(644, 197, 577.913574, 197.956650, 611.022339, 194.519608)
        shape.curve(727, 202, 671.580994, 200.227661, 699.413574, 198.835251)
        shape.curve(907, 201, 784.276306, 190.771973, 852.270386, 222.807465)
        shape.curve(908, 196, 908.796021, 200.284348, 908.923218, 197.582565)
        shape.curve(910, 175, 907.313416, 188.906937, 910.008484, 182.067001)
        shape.curve(913, 146, 910.472778, 165.276352, 912.353943, 155.706558)
        shape.curve(916, 127, 913.647400, 139.617294, 914.649536, 133.271133)
        shape.curve(916, 122, 916, 125.333336, 916, 123.666664)
        shape.curve(904, 120, 916.959106, 116.651031, 904.744141, 124.911003)
        shape.curve(871, 118, 893.073486, 118.518951, 882.046326, 117.385658)
        shape.curve(817, 116, 853.045105, 115.811974, 834.960388, 118.160645)
        shape.curve(747, 114, 793.654297, 115.632294, 770.373535, 112.968056)
        shape.curve(671, 112, 721.696838, 111.823479, 696.303162, 114.176529)
        shape.curve(595, 109, 645.780273, 108.040375, 620.304993, 111.479752)
        shape.curve(519, 108, 569.697021, 107.147278, 544.332947, 108.353180)
        shape.curve(439, 108, 492.333344, 108, 465.666687, 108)
        shape.curve(361, 109, 413.001434, 108.396584, 386.966797, 107.074242)
        shape.curve(289, 109, 337, 109, 313, 109)
        shape.curve(127.5, 121, 236.254852, 109.084534, 176.274368, 149.390594)
        shape.close()
        var scissors = UIPath()
        scissors.move(185, 85)
        scissors.line(185, 85)
        scissors.line(179, 201)
        scissors.curve(199, 208, 183.169250, 207.988388, 191.811218, 210.232590)
        scissors.curve(240, 167, 218.260406, 201.410797, 226.571762, 180.229294)
        scissors.curve(281, 110, 254.023346, 148.253647, 266.453552, 128.362030)
        scissors.curve(321, 82, 289.584106, 98.633614, 303.611298, 80.088783)
        scissors.line(321, 82)
        scissors.line(349, 204)
        scissors.curve(379, 219, 355.820831, 214.351547, 367.497803, 219.492905)
        scissors.curve(424, 196, 397.342316, 222.437271, 413.514099, 209.252762)
        scissors.curve(471, 126, 444.182159, 175.710922, 453.117493, 147.947327)
        scissors.curve(537, 75, 486.431824, 107.937866, 507.281738, 70.157906)
        scissors.curve(545, 88, 543.005005, 75.978416, 545.940125, 82.543968)
        scissors.curve(545, 142, 546.712952, 105.950813, 546.324829, 124.040375)
        scissors.curve(560, 217, 550.012024, 165.627167, 532.225525, 199.793015)
        scissors.curve(594, 223, 570.120972, 223.270233, 582.546997, 223.506073)
        scissors.curve(661, 157, 624.375000, 210.730530, 642.187439, 182.167542)
        scissors.curve(727, 85, 683.615417, 135.833450, 693.794373, 92.635178)
        scissors.curve(749, 93, 732.356323, 83.768387, 752.187988, 77.657463)
        scissors.curve(750, 160, 750.542664, 115.286949, 749.837524, 137.660080)
        scissors.curve(767, 218, 749.102722, 176.247742, 744.132019, 214.832230)
        scissors.curve(899, 96, 834.042908, 227.287048, 843.633057, 56.858723)
        scissors.curve(921, 210, 930.653442, 118.377151, 891.765564, 177.428665)
        scissors.line(921, 210)
        scissors.line(972, 255)
        XCTAssertLessThan(shape.path.signedArea, 0)
        assertUniqueShapes(shape.path, scissors.path, count: 10, relativeAccuracy: 1e-6)
    }

    func testTangentLineVeryCloseToBottomLeftCorner() {
        var scissors = UIPath()
        scissors.move(583, 507)
        scissors.curve(345, 416, 498.772095, 526.729858, 381.666901, 504.214264)
        scissors.curve(339, 391, 341.283173, 408.190948, 339.255585, 399.625031)
        scissors.curve(344, 347, 337.957397, 376.253235, 334.880249, 360.331146)
        scissors.curve(392, 288, 353.160583, 322.184723, 376.012543, 307.667786)
        scissors.curve(446, 245, 411.416962, 275.365845, 425.716034, 256.450195)
        scissors.curve(512, 208, 468.236786, 233.073502, 487.736115, 216.092346)
        scissors.curve(583, 182, 534.509277, 196.477371, 558.653931, 188.569092)
        scissors.curve(866, 157, 674.142639, 148.723312, 771.588013, 163.587265)
        var shape = UIPath()
        shape.move(391.5, 100)
        shape.curve(385, 126, 384.673950, 113.890152, 384.343201, 119.999458)
        shape.curve(378, 188, 384.629333, 146.855789, 380.078888, 167.308807)
        shape.curve(366, 257, 372.313721, 210.747162, 373.362122, 234.591141)
        shape.curve(347, 320, 359.059937, 277.820679, 354.156677, 299.247772)
        shape.curve(337, 355, 345.080994, 332.087891, 339.269348, 343.025055)
        shape.curve(339, 368, 340.090637, 355.983337, 331.870361, 369.795532)
        shape.curve(638, 373, 437.713409, 366.002777, 546.082642, 401.471680)
        shape.curve(689, 148, 646.626648, 306.623993, 696.822205, 227.174286)
        shape.curve(391.5, 100, 594.519104, 121.932289, 496.490753, 86.968353)
        shape.close()
        XCTAssertLessThan(shape.path.signedArea, 0)
        assertUniqueShapes(shape.path, scissors.path, count: 2, relativeAccuracy: 1e-6)
    }

    func testWackyShapeWithNearTwoTangents() {
        var shape = UIPath()
        shape.move(279, 514.5)
        shape.curve(390, 182, 320.174255, 410.331085, 366.746857, 298.407776)
        shape.curve(394, 208, 400.307831, 174.510330, 389.365021, 209.911377)
        shape.curve(397, 277, 393.750977, 230.980164, 393.218201, 254.222412)
        shape.curve(413, 323, 402.217163, 291.694550, 401.516693, 310.622223)
        shape.line(413, 323)
        shape.line(467, 209)
        shape.line(467, 209)
        shape.line(499, 303)
        shape.curve(591, 205, 553.431458, 319.847809, 554.236206, 234.548782)
        shape.curve(597, 220, 595.587219, 208.344925, 597.764038, 214.441345)
        shape.curve(603, 274, 599.510864, 237.941193, 600.970337, 256.003418)
        shape.curve(619, 341, 604.699280, 297.007202, 610.310852, 319.653687)
        shape.curve(648, 394, 625.890930, 360.095367, 637.018616, 377.111298)
        shape.curve(676, 435, 659.657288, 405.248230, 671.599243, 418.732483)
        shape.curve(364, 600, 600.641174, 529.773376, 453.142731, 516.468628)
        shape.curve(385, 582, 370.006561, 592.937134, 377.121796, 586.855957)
        shape.curve(428, 536, 401.738892, 568.985840, 413.365784, 551.062622)
        shape.curve(480, 472, 445.641632, 514.912231, 460.425049, 491.468048)
        shape.curve(524, 427, 493.963654, 456.317993, 509.295837, 441.963623)
        shape.curve(552, 397, 535.248413, 419.040894, 544.760986, 408.691315)
        shape.curve(536, 395, 553.866577, 389.133301, 537.733398, 399.266693)
        shape.curve(400, 476, 481.019806, 398.074127, 445.133209, 450.249054)
        shape.curve(258, 576, 356.769989, 514.459412, 306.712006, 545.588013)
        shape.line(258, 576)
        shape.line(245, 581)
        shape.line(245, 581)
        shape.line(279, 514.5)
        shape.close()
        var scissors = UIPath()
        scissors.move(215, 641)
        scissors.curve(414, 141, 306.906647, 485.259827, 328.464569, 297.898132)
        scissors.curve(420, 593, 417.193054, 285.531067, 383.226410, 464.100708)
        scissors.curve(508, 169, 448.704803, 476.501068, 515.962585, 256.029938)
        scissors.curve(554, 511, 499.445953, 278.306458, 501.171417, 414.712006)
        scissors.line(554, 511)
        scissors.line(580, 165)
        scissors.curve(584, 185, 583.567078, 170.929153, 584.931946, 178.146225)
        scissors.curve(592, 282, 589.344788, 217.091721, 587.914185, 249.773163)
        scissors.curve(615, 416, 595.852600, 327.222931, 604.317139, 371.934601)
        scissors.curve(678, 577, 633.368164, 470.080719, 647.075195, 527.999512)
        XCTAssertGreaterThan(shape.path.signedArea, 0)
        assertUniqueShapes(shape.path, scissors.path, count: 10, relativeAccuracy: 1e-6)
    }

    // MARK: Their complex shape

    func testComplexShapeWithInternalTangentLine() {
        let scissors = openPath((200, 301.7455), (700, 301.7455))
        assertUniqueShapes(ClippingBezierSamplePaths.complexShape, scissors, count: 4, relativeAccuracy: 1e-6)
    }

    func testStraightLineThroughComplexShapeAnomaly() {
        let scissors = openPath((200, 1000), (450, 710))
        assertUniqueShapes(ClippingBezierSamplePaths.complexShape, scissors, count: 3, relativeAccuracy: 1e-6)
    }

    func testComplexShapeWithZigZagLine() {
        let scissors = BezierPath([.move(to: Point(200, 300)), .line(to: Point(600, 300)), .line(to: Point(450, 450)), .line(to: Point(800, 450))])
        assertUniqueShapes(ClippingBezierSamplePaths.complexShape, scissors, count: 4, relativeAccuracy: 1e-6)
    }

    func testScissorAtShapeBeginningWithComplexShape2() {
        let scissors = ClippingBezierIntersectionTests.scissorsAtShapeBeginning(from: Point(210.5, 386))
        assertUniqueShapes(ClippingBezierSamplePaths.complexShape, scissors, count: 5, relativeAccuracy: 1e-6)
    }

    // MARK: Shapes with holes cut by open scissors

    func testSimpleHoleInRectangle() {
        let shape = uiRect(100, 100, 600, 400).appending(uiOval(150, 150, 200, 200).reversed)
        let scissors = openPath((175, 800), (175, 50))
        assertUniqueShapes(shape, scissors, count: 2, relativeAccuracy: 1e-6)
    }

    func testTangentToHoleInRectangle() {
        // The line touches the round hole at its leftmost point.
        let shape = uiRect(100, 100, 600, 400).appending(uiOval(150, 150, 200, 200).reversed)
        let scissors = openPath((150, 800), (150, 50))
        assertUniqueShapes(shape, scissors, count: 2, relativeAccuracy: 1e-6)
    }

    func testTangentToSquareHoleInRectangle() {
        // The line runs down the square hole's left side.
        let shape = uiRect(100, 100, 600, 400).appending(uiRect(150, 150, 200, 200).reversed)
        let scissors = openPath((150, 800), (150, 50))
        assertUniqueShapes(shape, scissors, count: 2, relativeAccuracy: 1e-9)
    }

    func testScissorsThroughRectangleWithRectangleShapeWithHole() {
        let scissors = openPath((100, 300), (800, 300))
        let shape = uiRect(200, 200, 200, 200).appending(uiRect(250, 250, 100, 100).reversed)
        assertUniqueShapes(shape, scissors, count: 2, relativeAccuracy: 1e-9)
    }

    func testScissorsThroughMultipleShapeHoles() {
        let scissors = openPath((100, 300), (800, 300))
        let shape = uiRect(200, 200, 400, 200).appending(uiRect(250, 250, 100, 100).reversed)
            .appending(uiRect(450, 250, 100, 100).reversed)
        assertUniqueShapes(shape, scissors, count: 2, relativeAccuracy: 1e-9)
    }

    func testScissorsThroughShapeWithHoleMissingHole() {
        let scissors = openPath((100, 225), (800, 225))
        let shape = uiRect(200, 200, 200, 200).appending(uiRect(250, 250, 100, 100).reversed)
        let result = assertUniqueShapes(shape, scissors, count: 2, holes: [0, 1], relativeAccuracy: 1e-9)
        assertAreas(result, [5_000, 25_000])
    }

    func testScissorsMakingHoleLarger() {
        // The scissors loop crosses the hole's corner: the piece is lifted out and the hole grows.
        let scissors = uiRect(220, 220, 60, 60)
        let shape = uiRect(200, 200, 200, 200).appending(uiRect(250, 250, 100, 100).reversed)
        let result = assertUniqueShapes(shape, scissors, count: 2, holes: [0, 1], relativeAccuracy: 1e-9)
        assertAreas(result, [2_700, 27_300])
    }

    func testScissorsMakingHoleLarger2() {
        let scissors = uiRect(220, 270, 60, 60)
        let shape = uiRect(200, 200, 200, 200).appending(uiRect(250, 250, 100, 100).reversed)
        let result = assertUniqueShapes(shape, scissors, count: 2, holes: [0, 1], relativeAccuracy: 1e-9)
        assertAreas(result, [1_800, 28_200])
    }

    func testScissorsThroughHoleNotCreatingNewShape() {
        // From outside into the hole: nothing comes off, one shape, as theirs. Quire differs on purpose
        // in how it is drawn: the slit joins the hole to the outside, so the hole opens into the
        // outline (in along the slit, round the hole, out again) and is no hole any more; ClippingBezier
        // does not say. The area is the same either way.
        let scissors = openPath((100, 300), (300, 300))
        let shape = uiRect(200, 200, 200, 200).appending(uiRect(250, 250, 100, 100).reversed)
        let result = assertUniqueShapes(shape, scissors, count: 1, holes: [0], relativeAccuracy: 1e-9)
        XCTAssertEqual(result.shapes[0].path.subpaths.count, 1)
        XCTAssertFalse(result.shapes[0].path.contains(Point(300, 300)))
    }

    func testSingleScissorLineBetweenTwoHoles() {
        // From inside one hole into the other: nothing comes off, and the two holes stay two holes, as
        // theirs and as a person sees them (not one hole running down both sides of the cut).
        let shape = uiRect(100, 100, 400, 200).appending(uiRect(150, 150, 100, 100).reversed)
            .appending(uiRect(350, 150, 100, 100).reversed)
        let scissors = openPath((200, 200), (400, 200))
        let result = assertUniqueShapes(shape, scissors, count: 1, holes: [2], relativeAccuracy: 1e-9)
        for hole in result.shapes[0].holes { XCTAssertEqual(hole.signedArea, -10_000, accuracy: 1e-9) }
    }

    // MARK: Shapes with loops

    func testIntersectionCircles() {
        let circle1 = uiOval(0, 0, 100, 100), circle2 = uiOval(50, 10, 100, 100)
        var intersection = UIPath()
        intersection.move(66.575805, 97.186919)
        intersection.curve(50, 60, 56.399404, 88.034212, 50, 74.764436)
        intersection.curve(83.424186, 12.813083, 50, 38.195752, 63.956870, 19.651305)
        intersection.curve(100, 50, 93.600596, 21.965788, 100, 35.235564)
        intersection.line(100, 50)
        intersection.curve(66.575814, 97.186917, 100, 71.804248, 86.043130, 90.348695)
        intersection.close()
        var difference = UIPath()
        difference.move(83.424186, 12.813083)
        difference.curve(50, 60, 63.956870, 19.651305, 50, 38.195752)
        difference.curve(66.575805, 97.186919, 50, 74.764436, 56.399404, 88.034212)
        difference.curve(50, 100, 61.388527, 99.009039, 55.809989, 100)
        difference.curve(0, 50, 22.385763, 100, 0, 77.614237)
        difference.curve(50, 0, 0, 22.385763, 22.385763, 0)
        difference.curve(83.424195, 12.813081, 62.849801, 0, 74.567458, 4.847286)
        difference.close()

        // Theirs compares paths element by element to 1e-6 from a particular start; here each result
        // is one shape with their area (their numbers are printed to six places) through their two
        // crossing points.
        for (result, expected) in [(circle1.intersection(circle2), intersection.path), (circle1.subtracting(circle2), difference.path)] {
            XCTAssertTrue(result.problems.isEmpty)
            XCTAssertEqual(result.shapes.count, 1)
            XCTAssertEqual(result.area, abs(expected.signedArea), accuracy: abs(expected.signedArea) * 1e-7)
            for p in [Point(66.575805, 97.186919), Point(83.424186, 12.813083)] {
                XCTAssertLessThan(distance(from: p, to: result.path), 1e-5)
            }
            // Every point their outline names lies on ours. (Not the boolean of the two: curves that
            // agree to six places make a near-overlap that is slow to resolve, for nothing more.)
            for e in expected.elements {
                if let p = e.endPoint { XCTAssertLessThan(distance(from: p, to: result.path), 1e-5) }
            }
        }
    }

    // MARK: Helpers

    /// Cuts `shape` with `scissors`, checks the count (and, sorted, each shape's number of holes) and
    /// that the result is well formed, and hands the result back for more checks.
    @discardableResult
    private func assertUniqueShapes(_ shape: BezierPath, _ scissors: BezierPath, count: Int, holes: [Int]? = nil, relativeAccuracy: Double, file: StaticString = #filePath, line: UInt = #line) -> ShapeResult {
        let result = shape.uniqueShapes(slicedBy: scissors)
        XCTAssertTrue(result.problems.isEmpty, "\(result.problems)", file: file, line: line)
        XCTAssertEqual(result.shapes.count, count, "shapes", file: file, line: line)
        XCTAssertEqual(result.shapes.map(\.holes.count).sorted(), holes ?? Array(repeating: 0, count: count), "holes", file: file, line: line)
        assertWellFormed(result, cutting: shape, relativeAccuracy: relativeAccuracy, file: file, line: line)
        return result
    }

    /// The hand-drawn shape of testRemoveRedSegmentsEndingInsideShape, and with one more curve at its
    /// start, of testLineThroughNearTangent.
    static func drawnShape(nearTangentStart: Bool) -> BezierPath {
        var path = UIPath()
        path.move(434, 139)
        if nearTangentStart {
            path.curve(405, 136, 419.31439, 138.24297, 412.20261, 136.55988)
        }
        path.curve(334, 159, 379.15393, 131.06366, 353.60638, 143.34953)
        path.curve(268, 242, 308.45203, 183.46036, 283.20477, 209.47534)
        path.curve(233, 481, 228.24142, 315.83215, 230.29984, 399.91275)
        path.curve(257, 553, 234.57622, 506.81796, 243.05113, 531.66156)
        path.curve(302, 585, 264.3107, 570.68347, 281.87143, 586.08862)
        path.curve(410, 569, 338.89066, 591.18964, 375.0018, 578.1427)
        path.curve(541, 561, 448.95407, 567.50714, 501.26468, 539.41791)
        path.curve(560, 569, 545.36719, 568.49097, 553.87787, 565.18091)
        path.curve(565, 406, 583.72577, 524.01349, 580.91907, 458.31393)
        path.curve(520, 377, 555.8418, 389.33487, 538.3692, 378.92123)
        path.curve(426, 362, 489.28839, 369.62112, 455.92944, 373.30957)
        path.curve(409, 344, 418.1489, 358.60522, 412.04929, 351.8891)
        path.curve(422, 257, 407.73981, 314.5719, 403.55063, 283.01636)
        path.curve(487, 159, 433.01163, 217.17958, 472.03311, 196.10237)
        path.line(487, 159)
        path.line(434, 139)
        path.close()
        return path.path
    }

    /// The hand-drawn box of testTrickyLineNearCorner and the sloppy-box tests.
    private static var sloppyBox: BezierPath {
        var shape = UIPath()
        shape.move(324.5, 214.5)
        shape.line(324.5, 214.5)
        shape.line(308, 330)
        shape.line(308, 330)
        shape.line(417, 330)
        shape.curve(440, 241, 412.503845, 297.977478, 427.308289, 269.161133)
        shape.line(440, 241)
        shape.line(324.5, 214.5)
        shape.close()
        return shape.path
    }

    /// The hand-drawn shape and closed hand-drawn scissors inside it of testDrawnScissorsCreatingHole.
    static func drawnShapeAndHoleScissors() -> (shape: BezierPath, scissors: BezierPath) {
        var shape = UIPath()
        shape.move(196.085602, 247.683899)
        shape.curve(518.999939, 253.999939, 270.145935, 282.188782, 463.317017, 200.644287)
        shape.curve(510.000000, 647.000000, 496.792603, 382.674805, 502.925476, 517.541626)
        shape.curve(427.999969, 659.999939, 483.820770, 657.256348, 455.160248, 654.878540)
        shape.curve(302.000000, 671.999939, 385.977142, 663.402283, 343.752563, 665.726318)
        shape.curve(181.000031, 692.000000, 261.176727, 675.663452, 221.829315, 688.545044)
        shape.curve(125.000015, 701.000000, 161.059967, 688.420532, 143.938034, 699.357910)
        shape.curve(119.000008, 665.999939, 104.217941, 707.529663, 121.172516, 674.727112)
        shape.curve(196.085602, 247.683899, 158.682663, 528.713684, 138.724899, 381.213013)
        shape.close()

        var scissors = UIPath()
        scissors.move(267.307678, 387.000000)
        scissors.line(267.307678, 387.000000)
        scissors.line(396.000000, 381.000000)
        scissors.line(396.000000, 381.000000)
        scissors.line(384.000000, 585.000000)
        scissors.curve(375.000000, 587.000000, 382.235931, 588.528870, 377.849335, 588.849365)
        scissors.curve(353.000000, 583.000000, 367.851257, 584.742798, 360.167114, 585.259399)
        scissors.curve(303.000000, 580.000000, 336.341034, 581.878723, 319.680664, 580.755920)
        scissors.curve(257.000000, 577.000000, 287.847992, 576.041077, 272.279388, 579.514587)
        scissors.curve(228.000000, 557.000000, 248.341064, 574.169495, 211.572083, 583.869507)
        scissors.line(228.000000, 557.000000)
        scissors.line(267.307678, 387.000000)
        scissors.close()

        return (shape.path, scissors.path)
    }

    private func assertAreas(_ result: ShapeResult, _ areas: [Double], file: StaticString = #filePath, line: UInt = #line) {
        let found = result.shapes.map(\.area).sorted()
        XCTAssertEqual(found.count, areas.count, file: file, line: line)
        for (a, b) in zip(found, areas) { XCTAssertEqual(a, b, accuracy: b * 1e-9, file: file, line: line) }
    }

    private func openPath(_ a: (Double, Double), _ b: (Double, Double)) -> BezierPath {
        BezierPath([.move(to: Point(a.0, a.1)), .line(to: Point(b.0, b.1))])
    }

    /// Their 150…550 × 200…400 rectangle with a notch down from the top and one up from the bottom.
    private func notchedRectangle(firstNotch: [Point], secondNotch: [Point]) -> BezierPath {
        BezierPath(polygon: [Point(150, 200)] + firstNotch + [Point(550, 200), Point(550, 400)] + secondNotch + [Point(150, 400), Point(150, 200)])
    }

    /// The piece the scissors lifted out (the one without holes, or the smaller) and the rest.
    private func pieceAndRest(_ result: ShapeResult) -> (SubShape, SubShape) {
        let sorted = result.shapes.sorted { ($0.holes.count, $0.area) < ($1.holes.count, $1.area) }
        return (sorted[0], sorted[sorted.count - 1])
    }
}

/// Every shape's outline turns counter-clockwise (y up), every hole the other way, nothing has
/// negative area, and the areas add up to the shape's.
func assertWellFormed(_ result: ShapeResult, cutting shape: BezierPath, fillRule: FillRule = .nonZero, relativeAccuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    for s in result.shapes {
        XCTAssertGreaterThan(s.outline.signedArea, 0, "outline wound clockwise", file: file, line: line)
        for h in s.holes { XCTAssertLessThan(h.signedArea, 0, "hole wound with its outline", file: file, line: line) }
        XCTAssertGreaterThan(s.area, 0, file: file, line: line)
    }
    let area = abs(shape.signedArea)
    XCTAssertEqual(result.area, area, accuracy: area * relativeAccuracy, "areas do not add up", file: file, line: line)
}

/// UIKit's `bezierPathWithRect:`: from the min corner along x, then along y, closed.
func uiRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> BezierPath {
    BezierPath(rect: Rect(x: x, y: y, width: w, height: h))
}

/// UIKit's `bezierPathWithOvalInRect:`: four cubic quarters from the max-x end of the x axis.
func uiOval(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> BezierPath {
    BezierPath(ellipseIn: Rect(x: x, y: y, width: w, height: h))
}

/// A path built as ClippingBezier's tests build theirs. `curve` takes the end point first, then the two
/// control points, as `addCurveToPoint:controlPoint1:controlPoint2:` does.
struct UIPath {
    var path = BezierPath()
    mutating func move(_ x: Double, _ y: Double) { path.move(to: Point(x, y)) }
    mutating func line(_ x: Double, _ y: Double) { path.line(to: Point(x, y)) }
    mutating func curve(_ x: Double, _ y: Double, _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        path.cubic(to: Point(x, y), control1: Point(c1x, c1y), control2: Point(c2x, c2y))
    }
    mutating func close() { path.close() }
}
