import ArgumentParser
import Foundation
import QuireApp
import QuireImageIO
import QuireStorage

/// `quire thumbnail NOTEBOOK OUT.png [--size N]`: the first page as a PNG, for file managers (the
/// `quire.thumbnailer` entry runs it as `quire thumbnail %i %o --size %s`). The notebook is only read
/// (`NotebookThumbnail`); the PNG is written under a temporary name and renamed into place, so a failure
/// (a damaged notebook, exit 1) leaves no file at OUT and a file manager shows its generic icon.
struct ThumbnailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail",
        abstract: "Write a notebook's first page as a small PNG (for file managers).",
        discussion: """
            Uses the page's stored thumbnail when it is up to date and large enough, else draws the page \
            without a window. The notebook is read, never changed, and may be open in a running Quire.
            """)
    @Argument(help: "The notebook, by title or path.") var notebook: String
    @Argument(help: ArgumentHelp("The PNG file to write.", valueName: "out.png")) var output: String
    @Option(help: ArgumentHelp("The largest the picture may be on its longer side, in pixels "
                               + "(\(NotebookThumbnail.sizes.lowerBound) to \(NotebookThumbnail.sizes.upperBound)).",
                               valueName: "pixels"))
    var size: Int = 256
    @OptionGroup var library: LibraryOption

    func validate() throws {
        guard NotebookThumbnail.sizes.contains(size) else {
            throw ValidationError("--size takes \(NotebookThumbnail.sizes.lowerBound) to \(NotebookThumbnail.sizes.upperBound) "
                                  + "pixels; got \(size)")
        }
    }

    func run() throws {
        let warn: (String) -> Void = { FileHandle.standardError.write(Data("quire: warning: \($0)\n".utf8)) }
        do {
            let path = try library.library.resolve(notebook)
            let (image, _) = try NotebookThumbnail.image(ofNotebookAt: path, size: size, warn: warn)
            try PageExporter.write(image, to: absolute(output))
        } catch {
            fail(error)
        }
    }
}
