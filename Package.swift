// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first; a target depends only on targets above it in this list.
// The pure layers (QuireGeometry, QuireInk, QuireDocument) import no C shim.
let package = Package(
    name: "Quire",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "quire", targets: ["quire"]),
        .executable(name: "quire-bench", targets: ["QuireBench"]),
        .executable(name: "quire-fuzz", targets: ["QuireFuzz"]),
        // Shared, so `make libfuzz` can build it with -sanitize=fuzzer and link libFuzzer's main to it.
        .library(name: "QuireFuzzTargets", type: .dynamic, targets: ["QuireFuzzTargets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // SHA-256 names the image and PDF blobs a notebook stores (BlobID).
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
    ],
    targets: [
        // C shims: the only places C types live.
        .systemLibrary(name: "CX11", path: "Sources/CX11"),
        .systemLibrary(name: "CGL", path: "Sources/CGL"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG"),
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG"),
        // cairo and poppler-glib together: poppler renders PDF pages onto cairo contexts.
        // FreeType and fontconfig: the interface's text.
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2 fontconfig"),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "poppler-glib cairo-pdf cairo-svg"),
        // Xournal++ files: gzip (zlib) around XML (libxml2's pull parser).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0"),
        // zlib's deflateInit_, so a thread can choose the level of streams cairo deflates at the default.
        .target(name: "CDeflateLevel", linkerSettings: [.linkedLibrary("z")]),
        .target(name: "CMemoryRelease"),
        // sqlite3_db_config (variadic, which Swift cannot call): closing a notebook without a checkpoint.
        .target(name: "CSQLiteClose", linkerSettings: [.linkedLibrary("sqlite3")]),
        // qpdf (C++), behind a C interface: an annotated PDF's own pages, links and outline copied into
        // the export with the ink laid over them, instead of each page redrawn through poppler.
        .target(name: "CQPDFOverlay", linkerSettings: [.linkedLibrary("qpdf"), .linkedLibrary("stdc++")]),
        // Clipper (C++, Debian's libpolyclipping), behind a C interface: an eraser's shape taken out of
        // the page as clean polygons, its outline's folds and crossings resolved in a few milliseconds.
        .target(name: "CPolygonClipping", linkerSettings: [.linkedLibrary("polyclipping"), .linkedLibrary("stdc++")]),

        // Pure Swift.
        .target(name: "QuireGeometry"),
        .target(name: "QuireInk", dependencies: ["QuireGeometry"]),
        .target(name: "QuireDocument", dependencies: ["QuireGeometry", "QuireInk"]),

        // Edges: files, GL, X.
        // Notebooks on disk: SQLite through GRDB. Its own layer so the pure model stays free of SQL.
        .target(name: "QuireStorage", dependencies: [
            "QuireGeometry", "QuireInk", "QuireDocument", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto"), "CSQLiteClose",
        ]),
        .target(name: "QuireImageIO", dependencies: ["CPNG", "CJPEG"]),
        .target(name: "QuireRender", dependencies: ["CGL", "QuireGeometry", "QuireInk", "QuireImageIO"]),
        // PDF and SVG: reading and rendering PDFs (poppler), writing PDF and SVG pages (cairo).
        .target(name: "QuirePDF", dependencies: ["CCairo", "CDeflateLevel", "CQPDFOverlay", "CPolygonClipping", "QuireGeometry", "QuireInk", "QuireDocument", "QuireImageIO", "QuireText"]),
        // Text drawn to pixels and laid out with FreeType, fonts found with fontconfig: the interface's
        // and the text boxes' (whose lines PDF and SVG exports break where the window does).
        .target(name: "QuireText", dependencies: ["CFreeType", "QuireImageIO", "QuireGeometry", "QuireInk", "QuireDocument"]),
        .target(name: "QuireX11", dependencies: ["CX11", "CGL", "QuireGeometry", "QuireInk"]),
        // The Xournal++ file format (.xopp), read and written as Xournal++ has it: no Quire types.
        .target(name: "QuireXournal", dependencies: ["CZlib", "CLibXML2", "QuireGeometry"]),

        // Composition and the command line.
        .target(name: "QuireApp", dependencies: [
            "QuireGeometry", "QuireInk", "QuireDocument", "QuireStorage", "QuireImageIO", "QuireRender", "QuireX11", "QuireText",
            "QuirePDF", "QuireXournal", "CMemoryRelease",
        ]),
        .executableTarget(name: "quire", dependencies: [
            "QuireApp", "QuireGeometry", "QuireDocument", "QuireStorage", "QuireImageIO", "QuireRender", "QuirePDF",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Every loader as a fuzz target, shared by the seeded driver (quire-fuzz) and libFuzzer (make libfuzz).
        .target(name: "QuireFuzzTargets", dependencies: [
            "QuireApp", "QuireGeometry", "QuireInk", "QuireDocument", "QuireStorage", "QuireImageIO", "QuireX11", "QuirePDF",
            "QuireXournal", "QuireText",
            // The history target writes each case into a notebook's newest history step.
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .executableTarget(name: "QuireFuzz", dependencies: [
            "QuireFuzzTargets", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "QuireBench", dependencies: [
            "QuireGeometry", "QuireInk", "QuireDocument", "QuireStorage", "QuireImageIO", "QuireRender", "QuireApp", "QuirePDF",
            "QuireXournal",
            // The interface benchmark builds glyph atlases itself; the text benchmark lays out text boxes.
            "QuireText",
            // The annotated-PDF export set writes its original, outline and links, with cairo.
            "CCairo",
            // The latency benchmark runs the real window as the window tests do: their Xvfb server and
            // launched `quire`, and XTEST to drive it.
            "QuireTestSupport", "CXTest",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            // The history benchmark writes a notebook's steps in bulk, as no command does.
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),

        // Tests. QuireTestSupport starts real X servers and reads real pixels.
        .systemLibrary(name: "CXTest", path: "Tests/CXTest"),
        .systemLibrary(name: "CInputTestProtocol", path: "Tests/CInputTestProtocol"),
        .target(name: "QuireTestSupport", dependencies: ["CXTest", "CInputTestProtocol", "QuireImageIO"], path: "Tests/QuireTestSupport"),
        .testTarget(name: "QuireGeometryTests", dependencies: ["QuireGeometry"]),
        .testTarget(name: "QuireInkTests", dependencies: ["QuireInk"], exclude: ["Fixtures/handwriting-strokes.txt"]),
        .testTarget(name: "QuireDocumentTests", dependencies: ["QuireDocument", "QuireInk", "QuireGeometry"]),
        .testTarget(name: "QuireStorageTests", dependencies: [
            "QuireStorage", "QuireDocument", "QuireInk", "QuireGeometry", .product(name: "GRDB", package: "GRDB.swift"),
        ], exclude: ["Fixtures/notebook-v1.quire"]),
        .testTarget(name: "QuireImageIOTests", dependencies: ["QuireImageIO"]),
        .testTarget(name: "QuireTextTests", dependencies: ["QuireText", "QuireImageIO", "QuireDocument", "QuireGeometry", "QuireInk", "QuireTestSupport"]),
        // The tests write their PDFs with cairo itself (CCairo), then read them through QuirePDF.
        .testTarget(name: "QuirePDFTests", dependencies: [
            "QuirePDF", "CCairo", "QuireImageIO", "QuireDocument", "QuireInk", "QuireGeometry", "QuireTestSupport",
            // To inflate exported content streams and read their zlib headers.
            "CZlib", "CDeflateLevel",
        ]),
        // QuireText: the glyph atlas's text is drawn and compared with the rasterizer's image of it.
        .testTarget(name: "QuireRenderTests", dependencies: ["QuireRender", "QuireInk", "QuireImageIO", "QuireTestSupport", "QuireText"]),
        .testTarget(name: "QuireAppTests", dependencies: [
            "QuireApp", "QuireTestSupport", "quire", "QuireDocument", "QuireStorage", "QuireImageIO", "QuireX11",
            // Xournal++ files: the tests gzip their own (CZlib); exported PDFs and Xournal++'s are read back with poppler (QuirePDF).
            "QuireXournal", "CZlib", "QuirePDF", "QuireText",
            // Exported PDFs' outlines, links and text, read back with poppler-glib (PDFStructureReadBack).
            "CCairo",
            // To damage notebook files as a hand edit or a bad disk would (DamagedNotebookCommandLineTests).
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // Xorg with emulated pen, touchscreen and keyboard (the inputtest driver), watched through XInput2.
        .testTarget(name: "QuireInputHarnessTests", dependencies: ["QuireTestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)
